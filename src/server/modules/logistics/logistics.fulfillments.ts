// Fulfillments: a supplier groups the confirmed lines of one order and warehouse that leave
// together, picks a courier's rate, buys the label (logistics.labels.ts) and hands the parcels
// over. Suppliers work their own; staff see all and support corrects them.
import type { z } from 'zod';
import type { DeliveryAddress as DeliveryAddressShape } from '../../../contract/order-shapes';
import { can, isStaff } from '../../../domain/roles';
import type { Courier, CourierService } from '../../../domain/shipping';
import {
  isUnlabeled,
  assertFulfillmentTransition,
  isLabeledFulfillment,
  type FulfillmentStatus,
  fulfillmentStatuses,
  fulfillmentTransitions,
} from '../../../domain/shipping-status';
import { transitionsOf } from '../../../domain/status-machine';
import type { Db, DbOrTx, Tx } from '../../db/connection';
import { pageAnswer, type Paging } from '../../db/list-page';
import type { Actor } from '../../http/actor';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { quoteRates } from '../../integrations/couriers/courier-sandbox';
import { deliverableAddress } from '../../integrations/geo/address-check';
import { milesBetween } from '../../integrations/geo/zip-geo';
import * as repo from './logistics.repository';
import { logChange, moveFulfillment } from './logistics.fulfillment-log';
import { voidShipmentOfFulfillment } from './logistics.shipments';
import { packagesOf, proposalsOf, viewFulfillments } from './logistics.views';

/** The supplier company a caller works for, or undefined for staff (who see every supplier). */
export function supplierScope(actor: Actor): number | undefined {
  if (isStaff(actor.role)) return undefined;
  if (actor.supplierId <= 0) throw notFound('Supplier');
  return actor.supplierId;
}

/** A fulfillment the caller may see (another supplier's is a 404), locked when asked. */
export async function scopedFulfillment(db: DbOrTx, actor: Actor, id: number, lock = false) {
  const row = await repo.findFulfillment(db, id, lock);
  const scope = supplierScope(actor);
  if (!row || (scope !== undefined && row.supplierCompanyId !== scope)) throw notFound('Fulfillment');
  return row;
}

export async function oneFulfillment(db: DbOrTx, id: number) {
  const [view] = await viewFulfillments(db, [(await repo.findFulfillment(db, id)) as repo.FulfillmentRow]);
  return { data: view };
}

export async function listFulfillments(
  db: Db,
  actor: Actor,
  q: Paging & { status?: string; orderId?: number; supplierCompanyId?: number },
) {
  const supplierId = supplierScope(actor) ?? q.supplierCompanyId;
  const page = await repo.listFulfillments(db, { ...q, supplierId });
  return pageAnswer(q, { list: await viewFulfillments(db, page.list), count: page.count });
}

export async function proposeFulfillments(
  db: Db,
  actor: Actor,
  q: { orderId?: number; warehouseId?: number },
) {
  return { list: proposalsOf(await repo.openLines(db, { ...q, supplierId: supplierScope(actor) })) };
}

export const fulfillmentStatusList = () => ({
  statuses: [...fulfillmentStatuses],
  transitions: transitionsOf(fulfillmentTransitions),
});

export async function getFulfillment(db: Db, actor: Actor, id: number) {
  await scopedFulfillment(db, actor, id);
  return oneFulfillment(db, id);
}

/** The parcels of a fulfillment (a tire each) over the distance it travels. */
export async function parcelsOf(db: DbOrTx, f: repo.FulfillmentRow) {
  const view = (await viewFulfillments(db, [f]))[0];
  const miles = milesBetween(view.warehouseZip, f.shipTo.zip);
  const parcels = view.lines.flatMap((l) =>
    Array.from({ length: l.quantity }, () => ({ weightLbs: l.weightLbs, miles })),
  );
  return { view, parcels, miles };
}

export async function fulfillmentRates(db: Db, actor: Actor, id: number) {
  const f = await scopedFulfillment(db, actor, id);
  const { view, parcels } = await parcelsOf(db, f);
  return { list: quoteRates(parcels), packages: view.packages, weightLbs: view.weightLbs };
}

/** Groups confirmed lines of one order and one warehouse; a line already in a fulfillment is a 409. */
export async function createFulfillment(db: Db, actor: Actor, supplierLineIds: number[]) {
  const supplierId = supplierScope(actor);
  const id = await db.transaction(async (tx) => {
    const lines = await repo.openLines(tx, { lineIds: supplierLineIds, supplierId }, true);
    return makeFulfillment(tx, actor, supplierLineIds, lines);
  });
  return oneFulfillment(db, id);
}

async function makeFulfillment(tx: Tx, actor: Actor, wanted: number[], lines: repo.OpenLine[]) {
  const missing = wanted.filter((id) => !lines.some((l) => l.supplierLineId === id));
  if (missing.length) {
    // Tell a line that exists for the caller but cannot ship apart from one that is not theirs.
    const known = await repo.linesByIds(tx, missing);
    const scope = supplierScope(actor);
    const visible = known.filter((l) => scope === undefined || l.supplierCompanyId === scope);
    if (visible.length < missing.length) throw notFound('Supplier line');
    throw conflict(
      `Line ${visible[0].supplierLineId} is not a confirmed line waiting to ship (it is unconfirmed, already in a fulfillment, or its order is not open)`,
    );
  }
  const subOrders = new Set(lines.map((l) => l.subOrderId));
  if (subOrders.size > 1)
    throw badRequest('A fulfillment holds the lines of one order and one warehouse', [
      { pointer: '/body/supplierLineIds', detail: 'name lines of one order and one warehouse' },
    ]);
  const first = lines[0];
  const row = await repo.insertFulfillment(tx, {
    orderId: first.orderId,
    subOrderId: first.subOrderId,
    supplierCompanyId: first.supplierCompanyId,
    warehouseId: first.warehouseId,
    shipTo: first.shipTo,
    createdByUserId: actor.userId,
  });
  await repo.insertFulfillmentLines(
    tx,
    lines.map((l) => ({
      fulfillmentId: row.id,
      supplierLineId: l.supplierLineId,
      orderItemId: l.orderItemId,
      quantity: l.quantity,
    })),
  );
  await logChange(tx, { id: row.id, status: '' }, 'new', actor.userId, `${packagesOf(lines).packages} tires`);
  return row.id;
}

/** Staff turn an order's confirmed lines into fulfillments, one per warehouse. */
export async function convertOrder(db: Db, actor: Actor, orderId: number) {
  const ids = await db.transaction(async (tx) => {
    const lines = await repo.openLines(tx, { orderId }, true);
    if (!lines.length) throw conflict('The order has no confirmed lines waiting to ship');
    const made: number[] = [];
    for (const group of proposalsOf(lines)) {
      const ofGroup = lines.filter((l) => l.subOrderId === group.subOrderId);
      made.push(
        await makeFulfillment(
          tx,
          actor,
          ofGroup.map((l) => l.supplierLineId),
          ofGroup,
        ),
      );
    }
    return made;
  });
  return { list: await viewFulfillments(db, await repo.fulfillmentsByIds(db, ids)) };
}

/** Remembers the courier and service chosen; the label is bought with them. */
export async function chooseRate(
  db: Db,
  actor: Actor,
  b: { fulfillmentId: number; courier: Courier; service: CourierService },
) {
  await db.transaction(async (tx) => {
    const f = await scopedFulfillment(tx, actor, b.fulfillmentId, true);
    if (!isUnlabeled(f.status))
      throw conflict(`The rate of a fulfillment that is ${f.status} is fixed; cancel it to start again`);
    const { parcels } = await parcelsOf(tx, f);
    const rate = quoteRates(parcels).find((r) => r.courier === b.courier && r.service === b.service);
    await repo.updateFulfillment(tx, f.id, {
      courier: b.courier,
      service: b.service,
      rateCents: rate?.rateCents ?? null,
    });
    await moveFulfillment(tx, f, 'rated', actor.userId, `${b.courier} ${b.service}`);
  });
  return oneFulfillment(db, b.fulfillmentId);
}

/** Cancels before pickup: the label is voided and the lines wait for another fulfillment. */
export async function cancelFulfillment(db: Db, actor: Actor, id: number, note?: string) {
  await db.transaction(async (tx) => {
    const f = await scopedFulfillment(tx, actor, id, true);
    await cancelLocked(tx, f, actor.userId, note ?? null);
  });
  return oneFulfillment(db, id);
}

async function cancelLocked(tx: Tx, f: repo.FulfillmentRow, userId: number, note: string | null) {
  assertFulfillmentTransition(f.status as FulfillmentStatus, 'cancelled');
  await voidShipmentOfFulfillment(tx, f.id, userId);
  await repo.voidLabels(tx, f.id);
  await repo.releaseLines(tx, f.id);
  await moveFulfillment(tx, f, 'cancelled', userId, note ?? 'cancelled; label voided');
}

/** Suppliers report an exception or cancel; support may move a fulfillment anywhere its table allows. */
export async function changeFulfillmentStatus(
  db: Db,
  actor: Actor,
  b: { fulfillmentId: number; status: FulfillmentStatus; note?: string },
) {
  await db.transaction(async (tx) => setStatus(tx, actor, b));
  return oneFulfillment(db, b.fulfillmentId);
}

async function setStatus(
  tx: Tx,
  actor: Actor,
  b: { fulfillmentId: number; status: FulfillmentStatus; note?: string },
) {
  const f = await scopedFulfillment(tx, actor, b.fulfillmentId, true);
  if (!can(actor.role, 'support') && !['exception', 'cancelled'].includes(b.status))
    throw forbidden('Tracking moves a fulfillment; a supplier reports an exception or cancels');
  if (b.status === 'cancelled') return cancelLocked(tx, f, actor.userId, b.note ?? null);
  if (b.status === 'labeled' && !isLabeledFulfillment(f.status))
    throw conflict('Buy a label to make a fulfillment labeled');
  await moveFulfillment(tx, f, b.status, actor.userId, b.note ?? null);
}

/** Staff correct several fulfillments at once; all or nothing. */
export async function staffUpdateFulfillments(
  db: Db,
  actor: Actor,
  changes: { fulfillmentId: number; status: FulfillmentStatus; note?: string }[],
) {
  await db.transaction(async (tx) => {
    for (const c of changes) await setStatus(tx, actor, c);
  });
  return {
    list: await viewFulfillments(
      db,
      await repo.fulfillmentsByIds(
        db,
        changes.map((c) => c.fulfillmentId),
      ),
    ),
  };
}

/** A checked address: the shop's one address rule (docs/logistics.md). */
export const checkedAddress = (address: z.output<typeof DeliveryAddressShape>, pointer: string) =>
  deliverableAddress(address, pointer);

/** Where it ships may change until the label is bought. */
export async function changeFulfillmentAddress(
  db: Db,
  actor: Actor,
  id: number,
  address: z.output<typeof DeliveryAddressShape>,
) {
  await db.transaction(async (tx) => {
    // Whose fulfillment it is comes first: another supplier learns nothing from the address check.
    const f = await scopedFulfillment(tx, actor, id, true);
    const shipTo = checkedAddress(address, '/body/address');
    if (!isUnlabeled(f.status))
      throw conflict(
        `The address of a fulfillment that is ${f.status} is on its label; cancel it to change it`,
      );
    // A new distance changes the rate: the choice is kept, its price quoted afresh.
    await repo.updateFulfillment(tx, id, { shipTo });
    if (f.courier && f.service) {
      const { parcels } = await parcelsOf(tx, { ...f, shipTo });
      const rate = quoteRates(parcels).find((r) => r.courier === f.courier && r.service === f.service);
      await repo.updateFulfillment(tx, id, { rateCents: rate?.rateCents ?? null });
    }
    await logChange(tx, f, f.status, actor.userId, `ship to ${shipTo.city}, ${shipTo.state} ${shipTo.zip}`);
  });
  return oneFulfillment(db, id);
}
