import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type * as api from '../../../contract/users';
import type { DbOrTx } from '../../db/connection';
import { listPage, orderOf, searchWhere } from '../../db/list-page';
import { apiTokens, companies, locations, userLocations, users } from '../../db/schema';

export type UserQuery = z.output<NonNullable<typeof api.listUsers.query>>;

const userColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  email: users.email,
  role: users.role,
  companyId: users.companyId,
  companyName: companies.name,
  active: users.active,
  createdAt: users.createdAt,
  locationIds: sql<number[]>`coalesce((select array_agg(ul.location_id order by ul.location_id)
    from user_locations ul where ul.user_id = ${users}.id), '{}')`,
};
export type UserView = {
  id: number;
  username: string;
  name: string;
  email: string;
  role: string;
  companyId: number;
  companyName: string;
  active: boolean;
  createdAt: Date;
  locationIds: (number | string)[];
};

function usersFrom(db: DbOrTx) {
  return db.select(userColumns).from(users).innerJoin(companies, eq(companies.id, users.companyId));
}

export async function listUsers(db: DbOrTx, q: UserQuery) {
  const where = and(
    q.companyId ? eq(users.companyId, q.companyId) : undefined,
    q.role ? eq(users.role, q.role) : undefined,
    q.active === undefined ? undefined : eq(users.active, q.active),
    searchWhere(q.q, [users.username, users.name, users.email, companies.name]),
  );
  const sortable = {
    userName: users.username,
    name: users.name,
    role: users.role,
    companyName: companies.name,
  };
  const page = await listPage(
    db,
    q,
    () => usersFrom(db).where(where).$dynamic(),
    orderOf(q.sort, sortable, users.id, 'userName'),
  );
  return { ...page, list: page.list as UserView[] };
}

export async function findUserView(db: DbOrTx, id: number) {
  const [row] = await usersFrom(db).where(eq(users.id, id));
  return (row as UserView | undefined) ?? null;
}

export async function usernameTaken(db: DbOrTx, username: string) {
  return (await db.$count(users, sql`lower(${users.username}) = lower(${username})`)) > 0;
}

export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row.id;
}

/** The staff company (kind 'staff'), made on first use for a database without one. */
export async function staffCompanyId(db: DbOrTx): Promise<number> {
  const [found] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.kind, 'staff'))
    .limit(1);
  if (found) return found.id;
  const [made] = await db
    .insert(companies)
    .values({ name: 'Tread', kind: 'staff' })
    .returning({ id: companies.id });
  return made.id;
}

export async function updateUser(db: DbOrTx, id: number, set: Partial<typeof users.$inferInsert>) {
  if (Object.keys(set).length) await db.update(users).set(set).where(eq(users.id, id));
}

/** Replaces the user's locations; all must belong to the company (checked by the caller). */
export async function setUserLocations(db: DbOrTx, userId: number, locationIds: number[]) {
  await db.delete(userLocations).where(eq(userLocations.userId, userId));
  if (locationIds.length)
    await db.insert(userLocations).values(locationIds.map((locationId) => ({ userId, locationId })));
  await db
    .update(users)
    .set({ currentLocationId: locationIds[0] ?? null })
    .where(
      and(
        eq(users.id, userId),
        locationIds.length
          ? sql`(${users.currentLocationId} is null or ${users.currentLocationId} <> all(${`{${locationIds.join(',')}}`}::bigint[]))`
          : sql`true`,
      ),
    );
}

export async function countCompanyLocations(db: DbOrTx, companyId: number, ids: number[]) {
  if (!ids.length) return 0;
  return db.$count(locations, and(eq(locations.companyId, companyId), inArray(locations.id, ids)));
}

export function listTokens(db: DbOrTx, userId: number) {
  return db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.id));
}

export async function insertToken(db: DbOrTx, values: typeof apiTokens.$inferInsert) {
  const [row] = await db.insert(apiTokens).values(values).returning();
  return row;
}

export async function revokeToken(db: DbOrTx, userId: number, tokenId: number) {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning();
  return row ?? null;
}
