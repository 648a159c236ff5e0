import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { listPage } from '../../db/list-page';
import { writeStatus } from '../../db/write-status';
import { taxImportRuns, taxStateRates, taxTaxability, taxTireFees, taxZipRates } from '../../db/schema';
import {
  assertTaxImportTransition,
  type TaxImportStatus,
  taxImportFirstStatuses,
} from '../../../domain/tax-import-status';

// The tax area's SQL. Rows are only inserted (a new rate is a new dated row); the one update is
// an import run's progress and its outcome.

export type StateRateRow = typeof taxStateRates.$inferSelect;
export type TaxabilityRow = typeof taxTaxability.$inferSelect;
export type TireFeeRow = typeof taxTireFees.$inferSelect;
export type ZipRateRow = typeof taxZipRates.$inferSelect;
export type ImportRunRow = typeof taxImportRuns.$inferSelect;

/** The states (and DC) the shop knows: those with a base rate row. */
export async function knownStates(db: DbOrTx): Promise<Set<string>> {
  const rows = await db.selectDistinct({ state: taxStateRates.state }).from(taxStateRates);
  return new Set(rows.map((r) => r.state));
}

const byState = <T extends { state: unknown }>(table: T, state?: string) =>
  state ? eq(table.state as never, state) : undefined;

export function listStateRates(db: DbOrTx, state?: string) {
  return db
    .select()
    .from(taxStateRates)
    .where(byState(taxStateRates, state))
    .orderBy(asc(taxStateRates.state), desc(taxStateRates.effectiveFrom));
}

export function listTaxability(db: DbOrTx, state?: string) {
  return db
    .select()
    .from(taxTaxability)
    .where(byState(taxTaxability, state))
    .orderBy(asc(taxTaxability.state), desc(taxTaxability.effectiveFrom));
}

export function listTireFees(db: DbOrTx, state?: string) {
  return db
    .select()
    .from(taxTireFees)
    .where(byState(taxTireFees, state))
    .orderBy(asc(taxTireFees.state), asc(taxTireFees.name), desc(taxTireFees.effectiveFrom));
}

export async function insertStateRate(db: DbOrTx, values: typeof taxStateRates.$inferInsert) {
  const [row] = await db.insert(taxStateRates).values(values).returning();
  return row;
}

export async function insertTaxability(db: DbOrTx, values: typeof taxTaxability.$inferInsert) {
  const [row] = await db.insert(taxTaxability).values(values).returning();
  return row;
}

export async function insertTireFee(db: DbOrTx, values: typeof taxTireFees.$inferInsert) {
  const [row] = await db.insert(taxTireFees).values(values).returning();
  return row;
}

/** The state's base rate row in force on `day` (the latest from a day not after it). */
export async function stateRateOn(db: DbOrTx, state: string, day: string) {
  const [row] = await db
    .select()
    .from(taxStateRates)
    .where(and(eq(taxStateRates.state, state), lte(taxStateRates.effectiveFrom, day)))
    .orderBy(desc(taxStateRates.effectiveFrom))
    .limit(1);
  return row ?? null;
}

export async function taxabilityOn(db: DbOrTx, state: string, day: string) {
  const [row] = await db
    .select()
    .from(taxTaxability)
    .where(and(eq(taxTaxability.state, state), lte(taxTaxability.effectiveFrom, day)))
    .orderBy(desc(taxTaxability.effectiveFrom))
    .limit(1);
  return row ?? null;
}

/** Each of the state's fees as in force on `day` (the latest row of each name). */
export function tireFeesOn(db: DbOrTx, state: string, day: string) {
  return db
    .selectDistinctOn([taxTireFees.name])
    .from(taxTireFees)
    .where(and(eq(taxTireFees.state, state), lte(taxTireFees.effectiveFrom, day)))
    .orderBy(asc(taxTireFees.name), desc(taxTireFees.effectiveFrom));
}

export async function zipRateOn(db: DbOrTx, zip: string, day: string) {
  const [row] = await db
    .select()
    .from(taxZipRates)
    .where(and(eq(taxZipRates.zip, zip), lte(taxZipRates.effectiveFrom, day)))
    .orderBy(desc(taxZipRates.effectiveFrom))
    .limit(1);
  return row ?? null;
}

/** The state of a ZIP, from its newest rate row. */
export async function stateOfZip(db: DbOrTx, zip: string) {
  const [row] = await db
    .select({ state: taxZipRates.state })
    .from(taxZipRates)
    .where(eq(taxZipRates.zip, zip))
    .orderBy(desc(taxZipRates.effectiveFrom))
    .limit(1);
  return row?.state ?? null;
}

export function listZipRates(
  db: DbOrTx,
  q: { zip?: string; state?: string; page: number; pageSize: number },
) {
  const where = and(
    q.zip ? sql`${taxZipRates.zip} like ${`${q.zip.replace(/\D/g, '')}%`}` : undefined,
    byState(taxZipRates, q.state),
  );
  return listPage(db, q, () => db.select().from(taxZipRates).where(where).$dynamic(), [
    asc(taxZipRates.zip),
    desc(taxZipRates.effectiveFrom),
    asc(taxZipRates.id),
  ]);
}

/** The rows already dated `day` for these ZIPs (an import adds no second row for a ZIP and day). */
export async function zipRatesDated(db: DbOrTx, zips: string[], day: string) {
  const found: ZipRateRow[] = [];
  for (let i = 0; i < zips.length; i += 1000)
    found.push(
      ...(await db
        .select()
        .from(taxZipRates)
        .where(and(inArray(taxZipRates.zip, zips.slice(i, i + 1000)), eq(taxZipRates.effectiveFrom, day)))),
    );
  return found;
}

export async function insertZipRates(db: DbOrTx, rows: (typeof taxZipRates.$inferInsert)[]) {
  if (rows.length) await db.insert(taxZipRates).values(rows);
}

export async function insertRun(db: DbOrTx, values: typeof taxImportRuns.$inferInsert) {
  const [row] = await db.insert(taxImportRuns).values(values).returning();
  return row;
}

export async function findRun(db: DbOrTx, id: number) {
  const [row] = await db.select().from(taxImportRuns).where(eq(taxImportRuns.id, id));
  return row ?? null;
}

export function listRuns(db: DbOrTx) {
  return db.select().from(taxImportRuns).orderBy(desc(taxImportRuns.id)).limit(20);
}

/** The one write of a run's status (its outcome), with the columns that record it; the table decides. */
export async function finishRun(
  db: DbOrTx,
  run: { id: number; status: string },
  to: TaxImportStatus,
  set: Partial<Omit<typeof taxImportRuns.$inferInsert, 'status'>>,
) {
  return writeStatus(db, taxImportRuns, assertTaxImportTransition, run, to, {
    ...set,
    finishedAt: new Date(),
  });
}

/** A refused file's run: recorded with its bad lines, already final. */
export async function insertRejectedRun(
  db: DbOrTx,
  values: Omit<typeof taxImportRuns.$inferInsert, 'status' | 'finishedAt'>,
) {
  const status: TaxImportStatus = 'rejected';
  if (!taxImportFirstStatuses.includes(status)) throw new Error(`A tax import is never recorded ${status}`);
  const [row] = await db
    .insert(taxImportRuns)
    .values({ ...values, status, finishedAt: new Date() })
    .returning();
  return row;
}
