import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { UnitQuery } from '../../../contract/fleet';
import type { DbOrTx } from '../../db/connection';
import { listPage, orderOf, searchWhere } from '../../db/list-page';
import { fleetUnitLines, fleetUnits, locations } from '../../db/schema';

export type UnitFilter = z.output<typeof UnitQuery>;
export type UnitRow = typeof fleetUnits.$inferSelect & { locationName: string };
export type UnitValues = Omit<typeof fleetUnits.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

const unitColumns = { ...getTableColumns(fleetUnits), locationName: locations.name };

const unitsFrom = (db: DbOrTx) =>
  db.select(unitColumns).from(fleetUnits).innerJoin(locations, eq(locations.id, fleetUnits.locationId));

/** Where a read may look: one company's locations, or (staff) every roster. */
export type RowScope = { companyId: number; locationIds: number[] } | 'any';

const scopeWhere = (scope: RowScope) =>
  scope === 'any'
    ? undefined
    : and(
        eq(fleetUnits.companyId, scope.companyId),
        inArray(fleetUnits.locationId, scope.locationIds.length ? scope.locationIds : [-1]),
      );

/** The active locations of a company. */
export async function companyLocationIds(db: DbOrTx, companyId: number) {
  const rows = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.companyId, companyId), eq(locations.active, true)))
    .orderBy(asc(locations.id));
  return rows.map((r) => r.id);
}

/** Units in the scope: filtered by company, location, tag and text, a page in unit-number order. */
export function listUnits(db: DbOrTx, scope: RowScope, f: UnitFilter) {
  const where = and(
    scopeWhere(scope),
    f.companyId ? eq(fleetUnits.companyId, f.companyId) : undefined,
    f.locationId ? eq(fleetUnits.locationId, f.locationId) : undefined,
    f.route ? sql`lower(${fleetUnits.route}) = ${f.route.toLowerCase()}` : undefined,
    f.depot ? sql`lower(${fleetUnits.depot}) = ${f.depot.toLowerCase()}` : undefined,
    searchWhere(f.q, [
      fleetUnits.unitNumber,
      fleetUnits.vin,
      fleetUnits.make,
      fleetUnits.model,
      fleetUnits.route,
      fleetUnits.depot,
    ]),
  );
  // Unit numbers sort as people read them: "9" before "10", then by text.
  const byNumber = sql`nullif(regexp_replace(${fleetUnits.unitNumber}, '\\D', '', 'g'), '')::numeric nulls last, lower(${fleetUnits.unitNumber})`;
  return listPage(
    db,
    f,
    () => unitsFrom(db).where(where).$dynamic(),
    f.sort
      ? orderOf(
          f.sort,
          { year: fleetUnits.year, make: fleetUnits.make, route: fleetUnits.route, depot: fleetUnits.depot },
          fleetUnits.id,
          'year',
        )
      : [byNumber, asc(fleetUnits.id)],
  );
}

/** One unit in the scope; undefined otherwise. */
export async function findUnit(db: DbOrTx, scope: RowScope, id: number) {
  const [row] = await unitsFrom(db).where(and(eq(fleetUnits.id, id), scopeWhere(scope)));
  return row;
}

/** The units of a location with these unit numbers (case aside), by lower-cased number. */
export async function unitsByNumber(db: DbOrTx, locationId: number, numbers: string[]) {
  const rows = await db
    .select({ id: fleetUnits.id, unitNumber: fleetUnits.unitNumber })
    .from(fleetUnits)
    .where(
      and(
        eq(fleetUnits.locationId, locationId),
        inArray(
          sql`lower(${fleetUnits.unitNumber})`,
          numbers.length ? numbers.map((n) => n.toLowerCase()) : [''],
        ),
      ),
    );
  return new Map(rows.map((r) => [r.unitNumber.toLowerCase(), r.id]));
}

export async function insertUnit(db: DbOrTx, values: UnitValues) {
  const [row] = await db.insert(fleetUnits).values(values).returning({ id: fleetUnits.id });
  return row.id;
}

export async function insertUnits(db: DbOrTx, values: UnitValues[]) {
  if (values.length) await db.insert(fleetUnits).values(values);
}

export async function updateUnit(db: DbOrTx, id: number, values: Partial<UnitValues>) {
  await db
    .update(fleetUnits)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(fleetUnits.id, id));
}

export async function deleteUnit(db: DbOrTx, id: number) {
  await db.delete(fleetUnits).where(eq(fleetUnits.id, id));
}

/** The order items linked to a unit. */
export async function itemIdsOfUnit(db: DbOrTx, unitId: number) {
  const rows = await db
    .select({ id: fleetUnitLines.orderItemId })
    .from(fleetUnitLines)
    .where(eq(fleetUnitLines.unitId, unitId));
  return rows.map((r) => r.id);
}

/** Links these lines to a unit (a line already linked moves to it). */
export async function linkLines(db: DbOrTx, unitId: number, itemIds: number[]) {
  if (!itemIds.length) return;
  await db
    .insert(fleetUnitLines)
    .values(itemIds.map((orderItemId) => ({ orderItemId, unitId })))
    .onConflictDoUpdate({ target: fleetUnitLines.orderItemId, set: { unitId } });
}

export async function unlinkLine(db: DbOrTx, itemId: number) {
  await db.delete(fleetUnitLines).where(eq(fleetUnitLines.orderItemId, itemId));
}

/** The unit each of these lines names, with its number. */
export function unitsOfLines(db: DbOrTx, itemIds: number[]) {
  return db
    .select({
      orderItemId: fleetUnitLines.orderItemId,
      unitId: fleetUnits.id,
      unitNumber: fleetUnits.unitNumber,
    })
    .from(fleetUnitLines)
    .innerJoin(fleetUnits, eq(fleetUnits.id, fleetUnitLines.unitId))
    .where(inArray(fleetUnitLines.orderItemId, itemIds.length ? itemIds : [-1]))
    .orderBy(asc(fleetUnitLines.orderItemId));
}
