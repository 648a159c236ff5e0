import { and, eq, getTableColumns, gt, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type * as api from '../../../contract/companies';
import type { DbOrTx } from '../../db/connection';
import { listPage, orderOf, searchWhere } from '../../db/list-page';
import { companies, locations, priceGroups, userLocations, users } from '../../db/schema';

export type CompanyRow = typeof companies.$inferSelect;
export type LocationRow = typeof locations.$inferSelect & { companyName: string };
export type CompanyQuery = z.output<NonNullable<typeof api.listCompanies.query>>;
export type LocationQuery = z.output<NonNullable<typeof api.listLocations.query>>;

export function listCompanies(db: DbOrTx, q: CompanyQuery) {
  const where = and(
    q.kind ? eq(companies.kind, q.kind) : undefined,
    q.active === undefined ? undefined : eq(companies.active, q.active),
    searchWhere(q.q, [companies.name, companies.email, companies.phone]),
  );
  const sortable = { name: companies.name, kind: companies.kind, createdAt: companies.createdAt };
  return listPage(
    db,
    q,
    () => db.select().from(companies).where(where).$dynamic(),
    orderOf(q.sort, sortable, companies.id, 'name'),
  );
}

export async function findCompany(db: DbOrTx, id: number) {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row ?? null;
}

export async function insertCompany(db: DbOrTx, values: typeof companies.$inferInsert) {
  const [row] = await db.insert(companies).values(values).returning();
  return row;
}

export async function updateCompany(db: DbOrTx, id: number, set: Partial<typeof companies.$inferInsert>) {
  const [row] = await db.update(companies).set(set).where(eq(companies.id, id)).returning();
  return row;
}

const locationColumns = { ...getTableColumns(locations), companyName: companies.name };

function locationsFrom(db: DbOrTx) {
  return db
    .select(locationColumns)
    .from(locations)
    .innerJoin(companies, eq(companies.id, locations.companyId));
}

export function listLocations(db: DbOrTx, q: LocationQuery) {
  const where = and(
    q.companyId ? eq(locations.companyId, q.companyId) : undefined,
    q.supplier === undefined
      ? undefined
      : q.supplier
        ? gt(locations.supplierId, 0)
        : eq(locations.supplierId, 0),
    q.installer === undefined
      ? undefined
      : q.installer
        ? gt(locations.installer, 0)
        : eq(locations.installer, 0),
    searchWhere(q.q, [locations.name, locations.city, locations.zip, companies.name]),
  );
  const sortable = { locationName: locations.name, locationZip: locations.zip, companyName: companies.name };
  return listPage(
    db,
    q,
    () => locationsFrom(db).where(where).$dynamic(),
    orderOf(q.sort, sortable, locations.id, 'locationName'),
  );
}

export async function findLocation(db: DbOrTx, id: number): Promise<LocationRow | null> {
  const [row] = await locationsFrom(db).where(eq(locations.id, id));
  return row ?? null;
}

export async function insertLocation(db: DbOrTx, values: typeof locations.$inferInsert) {
  const [row] = await db.insert(locations).values(values).returning({ id: locations.id });
  return row.id;
}

export async function updateLocation(db: DbOrTx, id: number, set: Partial<typeof locations.$inferInsert>) {
  // An empty patch changes nothing (an UPDATE without columns is not SQL).
  if (!Object.keys(set).length) return;
  await db.update(locations).set(set).where(eq(locations.id, id));
}

export async function findUser(db: DbOrTx, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** Moves a user to another company: links to the old company's locations go. */
export async function moveUserToCompany(db: DbOrTx, userId: number, companyId: number) {
  const keep = db.select({ id: locations.id }).from(locations).where(eq(locations.companyId, companyId));
  await db
    .delete(userLocations)
    .where(and(eq(userLocations.userId, userId), sql`${userLocations.locationId} not in ${keep}`));
  await db.update(users).set({ companyId, currentLocationId: null }).where(eq(users.id, userId));
}

export async function linkUserLocation(db: DbOrTx, userId: number, locationId: number) {
  await db.insert(userLocations).values({ userId, locationId }).onConflictDoNothing();
  await db
    .update(users)
    .set({ currentLocationId: locationId })
    .where(and(eq(users.id, userId), sql`${users.currentLocationId} is null`));
}

export async function companiesExist(db: DbOrTx, ids: number[]) {
  if (!ids.length) return true;
  const n = await db.$count(companies, inArray(companies.id, ids));
  return n === new Set(ids).size;
}

export async function companyKind(db: DbOrTx, id: number) {
  const [row] = await db.select({ kind: companies.kind }).from(companies).where(eq(companies.id, id));
  return row?.kind ?? null;
}

export async function priceGroupCode(db: DbOrTx, id: number) {
  const [row] = await db.select({ code: priceGroups.code }).from(priceGroups).where(eq(priceGroups.id, id));
  return row?.code ?? null;
}
