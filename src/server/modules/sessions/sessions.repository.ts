import { and, asc, desc, eq, gt, inArray, isNull, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import {
  apiTokens,
  companies,
  locations,
  loginFailures,
  passwordResets,
  priceGroups,
  sessions,
  userLocations,
  users,
} from '../../db/schema';

/** The user of a username, with whether the user's company is active (sign-in refuses both). */
export async function findUserByUsername(db: DbOrTx, username: string) {
  const [row] = await db
    .select({ user: users, companyActive: companies.active })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row ? { ...row.user, companyActive: row.companyActive } : null;
}

export async function findUser(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row ?? null;
}

export async function findCompany(db: DbOrTx, companyId: number) {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
  return row ?? null;
}

/** The user's locations with their price group, in a stable order. */
export function listUserLocations(db: DbOrTx, userId: number) {
  return db
    .select({ location: locations, group: priceGroups })
    .from(userLocations)
    .innerJoin(locations, eq(locations.id, userLocations.locationId))
    .innerJoin(priceGroups, eq(priceGroups.id, locations.priceGroupId))
    .where(and(eq(userLocations.userId, userId), eq(locations.active, true)))
    .orderBy(asc(locations.id));
}

export function listPriceGroups(db: DbOrTx, ids?: number[]) {
  const q = db.select().from(priceGroups);
  return (ids ? q.where(inArray(priceGroups.id, ids.length ? ids : [-1])) : q).orderBy(asc(priceGroups.id));
}

export async function insertSession(
  db: DbOrTx,
  row: { idHash: string; userId: number; locationId: number | null; expiresAt: Date },
) {
  await db.insert(sessions).values(row);
}

/**
 * The location a session or token may act at: still active, still in the user's company, and
 * still one of the user's locations. Anything else joins as null, and with it go the supplier
 * scope, the installer and the price group (checked on every request, not at sign-in only).
 */
function grantedLocation(locationId: SQLWrapper) {
  return and(
    eq(locations.id, locationId),
    eq(locations.active, true),
    eq(locations.companyId, users.companyId),
    sql`exists (select 1 from ${userLocations} where ${userLocations.userId} = ${users.id} and ${userLocations.locationId} = ${locations.id})`,
  );
}

/**
 * The session and everything an Actor needs, re-checked on every request in one query of
 * primary-key lookups: the user and the company active, the location still granted. Null when
 * missing, expired, idle, or the user or company deactivated.
 */
export async function findLiveSession(db: DbOrTx, idHash: string, idleSince: Date) {
  const [row] = await db
    .select({ session: sessions, user: users, location: locations })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(locations, grantedLocation(sessions.locationId))
    .where(
      and(
        eq(sessions.idHash, idHash),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, idleSince),
        eq(users.active, true),
        eq(companies.active, true),
      ),
    );
  return row ?? null;
}

export async function touchSession(db: DbOrTx, idHash: string) {
  await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.idHash, idHash));
}

export async function updateSession(
  db: DbOrTx,
  idHash: string,
  set: Partial<{ locationId: number | null; priceGroupId: number | null }>,
) {
  await db.update(sessions).set(set).where(eq(sessions.idHash, idHash));
}

export async function deleteSession(db: DbOrTx, idHash: string) {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

export async function deleteUserSessions(db: DbOrTx, userId: number, exceptIdHash?: string) {
  await db
    .delete(sessions)
    .where(
      exceptIdHash
        ? and(eq(sessions.userId, userId), sql`${sessions.idHash} <> ${exceptIdHash}`)
        : eq(sessions.userId, userId),
    );
}

/** A live token: unrevoked, before its absolute expiry, and used (or made) since idleSince. */
export async function findLiveToken(db: DbOrTx, tokenHash: string, idleSince: Date) {
  const [row] = await db
    .select({ token: apiTokens, user: users, location: locations })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(locations, grantedLocation(users.currentLocationId))
    .where(
      and(
        eq(apiTokens.tokenHash, tokenHash),
        isNull(apiTokens.revokedAt),
        sql`(${apiTokens.expiresAt} is null or ${apiTokens.expiresAt} > now())`,
        sql`coalesce(${apiTokens.lastUsedAt}, ${apiTokens.createdAt}) > ${idleSince.toISOString()}`,
        eq(users.active, true),
        eq(companies.active, true),
      ),
    );
  return row ?? null;
}

export async function insertToken(
  db: DbOrTx,
  row: { tokenHash: string; userId: number; expiresAt: Date | null },
) {
  await db.insert(apiTokens).values(row);
}

export async function touchToken(db: DbOrTx, id: number) {
  await db.update(apiTokens).set({ lastUsedAt: sql`now()` }).where(eq(apiTokens.id, id));
}

export function listUserTokens(db: DbOrTx, userId: number) {
  return db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.id));
}

/** Revokes one token of the user (null when it is not theirs or already revoked). */
export async function revokeUserToken(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return row ?? null;
}

/** A password change or reset: every token minted with the old password stops working. */
export async function revokeAllUserTokens(db: DbOrTx, userId: number) {
  await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)));
}

export async function setUserPassword(db: DbOrTx, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function setUserCurrentLocation(db: DbOrTx, userId: number, locationId: number) {
  await db.update(users).set({ currentLocationId: locationId }).where(eq(users.id, userId));
}

export async function countRecentFailures(db: DbOrTx, since: Date, username: string, ip: string) {
  const [row] = await db
    .select({
      byUser: sql<number>`count(*) filter (where ${loginFailures.username} = ${username})`.mapWith(Number),
      byIp: sql<number>`count(*) filter (where ${loginFailures.ip} = ${ip})`.mapWith(Number),
      oldest: sql<Date | null>`min(${loginFailures.at}) filter (where ${loginFailures.username} = ${username})`,
    })
    .from(loginFailures)
    .where(
      and(
        gt(loginFailures.at, since),
        sql`(${loginFailures.username} = ${username} or ${loginFailures.ip} = ${ip})`,
      ),
    );
  return row ?? { byUser: 0, byIp: 0, oldest: null };
}

export async function recordFailure(db: DbOrTx, username: string, ip: string) {
  await db.insert(loginFailures).values({ username, ip });
}

export async function clearFailures(db: DbOrTx, username: string) {
  await db.delete(loginFailures).where(eq(loginFailures.username, username));
}

export async function insertReset(db: DbOrTx, row: { tokenHash: string; userId: number; expiresAt: Date }) {
  await db.insert(passwordResets).values(row);
}

/** Marks the reset used and answers its user, only if it was unused and unexpired. */
export async function consumeReset(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return row ?? null;
}
