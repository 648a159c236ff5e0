import { and, eq, getTableColumns, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type * as api from '../../../contract/comp';
import { assertCompTransition, type CompStatus, compTransitions } from '../../../domain/comp-status';
import { statusesBefore } from '../../../domain/status-machine';
import type { DbOrTx } from '../../db/connection';
import { listPage, orderOf, searchWhere } from '../../db/list-page';
import { compPlans, compRecords, users } from '../../db/schema';

export type PlanQuery = z.output<NonNullable<typeof api.listPlans.query>>;
export type RecordQuery = z.output<NonNullable<typeof api.listRecords.query>>;

const planColumns = { ...getTableColumns(compPlans), userName: users.username };
export type PlanRow = NonNullable<Awaited<ReturnType<typeof findPlan>>>;

function plansFrom(db: DbOrTx) {
  return db.select(planColumns).from(compPlans).innerJoin(users, eq(users.id, compPlans.userId));
}

export function listPlans(db: DbOrTx, q: PlanQuery) {
  const where = and(
    q.userId ? eq(compPlans.userId, q.userId) : undefined,
    q.active === undefined ? undefined : eq(compPlans.active, q.active),
    searchWhere(q.q, [compPlans.name, users.username]),
  );
  const sortable = { name: compPlans.name, startsAt: compPlans.startsAt, userName: users.username };
  return listPage(
    db,
    q,
    () => plansFrom(db).where(where).$dynamic(),
    orderOf(q.sort, sortable, compPlans.id),
  );
}

export async function findPlan(db: DbOrTx, id: number) {
  const [row] = await plansFrom(db).where(eq(compPlans.id, id));
  return row ?? null;
}

export async function insertPlan(db: DbOrTx, values: typeof compPlans.$inferInsert) {
  const [row] = await db.insert(compPlans).values(values).returning({ id: compPlans.id });
  return row.id;
}

export async function updatePlan(db: DbOrTx, id: number, set: Partial<typeof compPlans.$inferInsert>) {
  if (Object.keys(set).length) await db.update(compPlans).set(set).where(eq(compPlans.id, id));
}

/** Plans in force at `at` that cover sales to this company. */
export function plansFor(db: DbOrTx, companyId: number, at: Date) {
  return db
    .select()
    .from(compPlans)
    .where(
      and(
        eq(compPlans.active, true),
        lte(compPlans.startsAt, at),
        or(isNull(compPlans.endsAt), gt(compPlans.endsAt, at)),
        or(isNull(compPlans.companyId), eq(compPlans.companyId, companyId)),
      ),
    );
}

/**
 * plansFor as a query to run inside another statement (placing an order reads them with its
 * own write): id, user_id, make_id, basis_points of the plans in force.
 */
export const plansInForceQuery = (companyId: number, at: Date) => sql`
  select id, user_id, make_id, basis_points from comp_plans
  where active and starts_at <= ${at.toISOString()}::timestamptz
    and (ends_at is null or ends_at > ${at.toISOString()}::timestamptz)
    and (company_id is null or company_id = ${companyId})`;

const recordColumns = { ...getTableColumns(compRecords), planName: compPlans.name, userName: users.username };
export type RecordRow = NonNullable<Awaited<ReturnType<typeof findRecord>>>;

function recordsFrom(db: DbOrTx) {
  return db
    .select(recordColumns)
    .from(compRecords)
    .innerJoin(compPlans, eq(compPlans.id, compRecords.planId))
    .innerJoin(users, eq(users.id, compRecords.userId));
}

export function listRecords(db: DbOrTx, q: RecordQuery) {
  const where = and(
    q.planId ? eq(compRecords.planId, q.planId) : undefined,
    q.userId ? eq(compRecords.userId, q.userId) : undefined,
    q.orderId ? eq(compRecords.orderId, q.orderId) : undefined,
    q.status ? eq(compRecords.status, q.status) : undefined,
    searchWhere(q.q, [compPlans.name, users.username, compRecords.note, compRecords.orderId]),
  );
  const sortable = {
    createdAt: compRecords.createdAt,
    amountCents: compRecords.amountCents,
    userName: users.username,
  };
  return listPage(
    db,
    q,
    () => recordsFrom(db).where(where).$dynamic(),
    orderOf(q.sort, sortable, compRecords.id),
  );
}

export async function findRecord(db: DbOrTx, id: number) {
  const [row] = await recordsFrom(db).where(eq(compRecords.id, id));
  return row ?? null;
}

export function findRecords(db: DbOrTx, ids: number[]) {
  return recordsFrom(db).where(inArray(compRecords.id, ids)).orderBy(compRecords.id);
}

/** Inserts records; one per plan and order, so a replayed accrual changes nothing. */
export async function insertRecords(db: DbOrTx, rows: (typeof compRecords.$inferInsert)[]) {
  if (!rows.length) return [];
  return db.insert(compRecords).values(rows).onConflictDoNothing().returning({ id: compRecords.id });
}

/** The one write of records' status: every record must be one the table lets be waived. */
export async function waive(db: DbOrTx, records: { id: number; status: string }[], by: number, note: string) {
  for (const r of records) assertCompTransition(r.status as CompStatus, 'waived');
  await db
    .update(compRecords)
    .set({ status: 'waived', waivedAt: sql`now()`, waivedBy: by, note })
    .where(
      and(
        inArray(
          compRecords.id,
          records.map((r) => r.id),
        ),
        inArray(compRecords.status, statusesBefore(compTransitions, 'waived')),
      ),
    );
}

/** What each plan has earned on an order so far (accruals and adjustments, waived ones left out). */
export function earnedOnOrder(db: DbOrTx, orderId: number) {
  return db
    .select({
      planId: compPlans.id,
      userId: compPlans.userId,
      makeId: compPlans.makeId,
      basisPoints: compPlans.basisPoints,
      baseCents: sql<number>`sum(${compRecords.baseCents})::bigint`.mapWith(Number),
      amountCents: sql<number>`sum(${compRecords.amountCents})::bigint`.mapWith(Number),
    })
    .from(compRecords)
    .innerJoin(compPlans, eq(compPlans.id, compRecords.planId))
    .where(and(eq(compRecords.orderId, orderId), eq(compRecords.status, 'accrued')))
    .groupBy(compPlans.id);
}
