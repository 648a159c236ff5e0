// Rules of after-sales that depend on other areas (deliveries come from logistics), each in one
// place, and the caller's scope.
import { can, isStaff } from '../../../domain/roles';
import type { DbOrTx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { forbidden, notFound } from '../../http/errors';
import * as logistics from '../logistics/logistics.service';
import * as repo from './aftersales.repository';

/**
 * Units of each line of an order that reached the customer: the logistics rule (units on delivered
 * shipments, docs/logistics.md), so returns and claims count deliveries exactly as tracking does.
 */
export async function deliveredUnitsOf(db: DbOrTx, orderId: number) {
  const units = await logistics.deliveredUnits(db, orderId);
  return (orderItemId: number) => units.get(orderItemId) ?? 0;
}

/**
 * What a bill pays a supplier for: its confirmed lines that have left the warehouse, either with
 * their whole order or in a fulfillment the courier has picked up (a partly shipped order's
 * shipped lines are paid in the period they leave, the rest later).
 */
export const fulfilledLineRule = {
  lineStatuses: ['confirmed'],
  orderStatuses: ['shipped', 'delivered', 'completed'],
  fulfillmentStatuses: ['picked_up', 'in_transit', 'delivered'],
} as const;

/** Staff see every company's returns, claims and refunds; anyone else only its own company's. */
export const companyScope = (actor: Actor) => (isStaff(actor.role) ? null : actor.companyId);

/** A row of another company is answered as unknown (never reveal it exists). */
export function assertSees(actor: Actor, companyId: number, what: string) {
  if (companyScope(actor) !== null && actor.companyId !== companyId) throw notFound(what);
}

/** Who may open a return or a claim: a buyer of the order's company, or after-sales staff for it. */
export function assertMayOpen(actor: Actor, companyId: number, what: string) {
  assertMayAct(actor, companyId, `open a ${what}`, 'afterSales');
}

/** A buyer of the company, or staff with `staffNeeds`, may `doing` for it. */
export function assertMayAct(
  actor: Actor,
  companyId: number,
  doing: string,
  staffNeeds: 'support' | 'afterSales',
) {
  if (isStaff(actor.role)) {
    if (!can(actor.role, staffNeeds)) throw forbidden(`Only after-sales staff ${doing} for a customer`);
    return;
  }
  assertSees(actor, companyId, 'Order');
  if (!['buyer', 'company_admin', 'reseller'].includes(actor.role))
    throw forbidden(`Only a buyer of the company may ${doing}`);
}

/** One entry of the log of a return, claim or refund: a status change, or a comment (`to` null). */
export function writeLog(
  tx: DbOrTx,
  entity: 'return' | 'claim' | 'refund',
  entityId: number,
  actor: Actor | null,
  from: string | null,
  to: string | null,
  note: string | null = null,
) {
  return repo.insertLog(tx, {
    entity,
    entityId,
    userId: actor?.userId ?? null,
    fromStatus: from,
    toStatus: to,
    note,
  });
}

export async function readLog(db: DbOrTx, entity: 'return' | 'claim' | 'refund', entityId: number) {
  return (await repo.logOf(db, entity, entityId)).map((r) => ({
    userName: r.userName,
    from: r.log.fromStatus,
    to: r.log.toStatus,
    note: r.log.note,
    at: r.log.at.toISOString(),
  }));
}
