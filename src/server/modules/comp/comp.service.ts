import type { z } from 'zod';
import type * as api from '../../../contract/comp';
import type { CompPlan, CompPlanInput, CompRecord } from '../../../contract/comp';
import { type CompStatus, commissionOf } from '../../../domain/comp-status';
import type { Db, DbOrTx } from '../../db/connection';
import { definedOnly, pageAnswer } from '../../db/list-page';
import type { Actor } from '../../http/actor';
import { conflict, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import * as repo from './comp.repository';
import { iso } from '../../lib/dates';

export function toPlan(row: repo.PlanRow): CompPlan {
  return { ...row, startsAt: iso(row.startsAt)!, endsAt: iso(row.endsAt), createdAt: iso(row.createdAt)! };
}

export function toRecord(row: repo.RecordRow): CompRecord {
  return {
    ...row,
    status: row.status as CompStatus,
    waivedAt: iso(row.waivedAt),
    createdAt: iso(row.createdAt)!,
  };
}

function planColumns(input: Partial<z.output<typeof CompPlanInput>>) {
  return definedOnly({
    ...input,
    startsAt: input.startsAt === undefined ? undefined : new Date(input.startsAt),
    endsAt: input.endsAt === undefined ? undefined : input.endsAt === null ? null : new Date(input.endsAt),
  });
}

/** Staff browse the plans by salesperson, active or not. */
export async function listPlans(db: Db, q: repo.PlanQuery) {
  return pageAnswer(q, await repo.listPlans(db, q), toPlan);
}

export async function getPlan(db: DbOrTx, id: number) {
  const row = await repo.findPlan(db, id);
  if (!row) throw notFound('Compensation plan');
  return toPlan(row);
}

export async function createPlan(db: Db, actor: Actor, input: z.output<typeof CompPlanInput>) {
  return db.transaction(async (tx) => {
    const id = await repo.insertPlan(tx, {
      ...planColumns(input),
      ...input,
      startsAt: new Date(input.startsAt),
      endsAt: input.endsAt === null ? null : new Date(input.endsAt),
    });
    const after = await getPlan(tx, id);
    await writeAudit(tx, actor, { entity: 'comp_plan', entityId: id, action: 'create', after });
    return after;
  });
}

export async function updatePlan(
  db: Db,
  actor: Actor,
  id: number,
  input: z.output<NonNullable<typeof api.updatePlan.body>>,
) {
  return db.transaction(async (tx) => {
    const before = await getPlan(tx, id);
    await repo.updatePlan(tx, id, planColumns(input));
    const after = await getPlan(tx, id);
    if (after.endsAt && new Date(after.endsAt) <= new Date(after.startsAt))
      throw conflict('The plan would end before it starts');
    await writeAudit(tx, actor, { entity: 'comp_plan', entityId: id, action: 'update', before, after });
    return after;
  });
}

/** What the orders branch hands over when an order is placed. */
export interface OrderForComp {
  id: number;
  /** The customer company that placed it. */
  companyId: number;
  placedAt?: Date;
  /** Merchandise lines after discounts (shipping and taxes earn nothing). */
  lines: { makeId: number; amountCents: number }[];
}

/** A plan in force as accrual uses it. */
export type PlanInForce = Pick<repo.PlanRow, 'id' | 'userId' | 'makeId' | 'basisPoints'>;

/**
 * The plans in force for a company at a time, as a query another statement can end with
 * (placing an order reads them with its own write); plansInForceOf maps its rows.
 */
export const plansInForceQuery = repo.plansInForceQuery;
export const plansInForceOf = (rows: Record<string, unknown>[]): PlanInForce[] =>
  rows.map((r) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
    makeId: r.make_id === null ? null : Number(r.make_id),
    basisPoints: Number(r.basis_points),
  }));

/**
 * Accrues compensation for a placed order, inside the order's transaction: every plan in force
 * that covers the customer earns its share of the lines it covers (all, or one make's). Calling
 * it twice for one order adds nothing. `inForce`: the plans in force, when the caller read them.
 */
export async function accrueCompensation(tx: DbOrTx, order: OrderForComp, inForce?: PlanInForce[]) {
  const at = order.placedAt ?? new Date();
  const plans = inForce ?? (await repo.plansFor(tx, order.companyId, at));
  const rows = plans.flatMap((plan) => {
    const baseCents = order.lines
      .filter((l) => plan.makeId === null || l.makeId === plan.makeId)
      .reduce((sum, l) => sum + l.amountCents, 0);
    if (baseCents <= 0) return [];
    return [
      {
        planId: plan.id,
        userId: plan.userId,
        orderId: order.id,
        baseCents,
        amountCents: commissionOf(baseCents, plan.basisPoints),
      },
    ];
  });
  return repo.insertRecords(tx, rows);
}

/**
 * Follows a change of a placed order (items edited, order cancelled, money refunded): each plan
 * that earned on the order gets a reversing entry for the difference between what it earned and
 * what the order's lines earn now. Records already written are never rewritten.
 */
export async function adjustCompensation(tx: DbOrTx, order: OrderForComp, note: string) {
  const earned = await repo.earnedOnOrder(tx, order.id);
  const rows = earned.flatMap((plan) => {
    const baseCents = order.lines
      .filter((l) => plan.makeId === null || l.makeId === plan.makeId)
      .reduce((sum, l) => sum + l.amountCents, 0);
    const amountCents = commissionOf(baseCents, plan.basisPoints) - plan.amountCents;
    if (amountCents === 0) return [];
    return [
      {
        planId: plan.planId,
        userId: plan.userId,
        orderId: order.id,
        kind: 'adjustment',
        baseCents: baseCents - plan.baseCents,
        amountCents,
        note,
      },
    ];
  });
  return repo.insertRecords(tx, rows);
}

/** An order earns nothing any more (cancelled): every plan's earnings on it are reversed. */
export const reverseCompensation = (tx: DbOrTx, orderId: number, note: string) =>
  adjustCompensation(tx, { id: orderId, companyId: 0, lines: [] }, note);

/** Staff browse the records by plan, salesperson, order or status. */
export async function listRecords(db: Db, q: repo.RecordQuery) {
  return pageAnswer(q, await repo.listRecords(db, q), toRecord);
}

export async function getRecord(db: DbOrTx, id: number) {
  const row = await repo.findRecord(db, id);
  if (!row) throw notFound('Compensation record');
  return toRecord(row);
}

/** A manual adjustment on a plan; unless given, the amount is the plan's share of the base. */
export async function createRecord(
  db: Db,
  actor: Actor,
  input: z.output<NonNullable<typeof api.createRecord.body>>,
) {
  return db.transaction(async (tx) => {
    const plan = await getPlan(tx, input.planId);
    const amountCents = input.amountCents ?? commissionOf(input.baseCents, plan.basisPoints);
    const [row] = await repo.insertRecords(tx, [{ ...input, userId: plan.userId, amountCents }]);
    if (!row) throw conflict('This plan already has a record for that order');
    const after = await getRecord(tx, row.id);
    await writeAudit(tx, actor, { entity: 'comp_record', entityId: row.id, action: 'create', after });
    return after;
  });
}

/** Waives accrued records; any record already waived makes the whole call a 409. */
export async function waiveRecords(db: Db, actor: Actor, ids: number[], note: string) {
  return db.transaction(async (tx) => {
    const before = await repo.findRecords(tx, ids);
    if (before.length !== new Set(ids).size) throw notFound('Compensation record');
    await repo.waive(tx, before, actor.userId, note);
    const after = await repo.findRecords(tx, ids);
    for (const r of after)
      await writeAudit(tx, actor, {
        entity: 'comp_record',
        entityId: r.id,
        action: 'waive',
        before: before.find((b) => b.id === r.id),
        after: r,
      });
    return after.map(toRecord);
  });
}
