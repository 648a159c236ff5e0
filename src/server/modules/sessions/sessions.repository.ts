import { and, asc, desc, eq, gt, inArray, isNull, type SQLWrapper, sql } from 'drizzle-orm';
import { builtOnce, type Placeholders } from '../../db/built-once';
import type { DbOrTx } from '../../db/connection';
import {
  apiTokens,
  companies,
  locations,
  knownDevices,
  loginThrottles,
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
  row: { idHash: string; userId: number; locationId: number | null; expiresAt: Date; mfaPending?: boolean },
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
  const [row] = await liveSession(db, { idHash, idleSince: idleSince.toISOString() });
  return row ?? null;
}

// Every signed-in request runs it: built once (db/built-once.ts).
const liveSession = builtOnce((db, p: Placeholders<{ idHash: string; idleSince: string }>) =>
  db
    .select({ session: sessions, user: users, location: locations })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(locations, grantedLocation(sessions.locationId))
    .where(
      and(
        eq(sessions.idHash, p.idHash),
        // A sign-in still owing its second factor grants nothing (sessions.mfa.ts).
        eq(sessions.mfaPending, false),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, p.idleSince),
        eq(users.active, true),
        eq(companies.active, true),
      ),
    ),
);

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
  const [row] = await liveToken(db, { tokenHash, idleSince: idleSince.toISOString() });
  return row ?? null;
}

// Every request with a bearer token runs it: built once (db/built-once.ts).
const liveToken = builtOnce((db, p: Placeholders<{ tokenHash: string; idleSince: string }>) =>
  db
    .select({ token: apiTokens, user: users, location: locations })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(locations, grantedLocation(users.currentLocationId))
    .where(
      and(
        eq(apiTokens.tokenHash, p.tokenHash),
        isNull(apiTokens.revokedAt),
        sql`(${apiTokens.expiresAt} is null or ${apiTokens.expiresAt} > now())`,
        sql`coalesce(${apiTokens.lastUsedAt}, ${apiTokens.createdAt}) > ${p.idleSince}`,
        eq(users.active, true),
        eq(companies.active, true),
      ),
    ),
);

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

/**
 * Claims one attempt under a key in one statement (the row lock of ON CONFLICT serialises
 * parallel claims): allowed while under `free`, then once per growing delay; a key quiet for
 * twice the cap starts over. Answers whether it was claimed, or how long to wait.
 */
export async function claimThrottle(db: DbOrTx, key: string, free: number, base: number, cap: number) {
  const delay = sql`make_interval(secs => least(${cap}::float8, ${base}::float8 * power(2, t.attempts - ${free}::int)))`;
  const restart = sql`t.last_at < now() - make_interval(secs => ${cap * 2}::float8)`;
  const claimed = await db.execute<{ attempts: number }>(sql`
    insert into ${loginThrottles} as t (key, attempts, last_at) values (${key}, 1, now())
    on conflict (key) do update set
      attempts = case when ${restart} then 1 else t.attempts + 1 end,
      last_at = now()
    where ${restart} or t.attempts < ${free}::int or t.last_at + ${delay} <= now()
    returning attempts`);
  if (claimed.rows.length) return { ok: true as const };
  const waited = await db.execute<{ seconds: number }>(sql`
    select ceil(extract(epoch from (t.last_at + ${delay} - now())))::int as seconds
    from ${loginThrottles} t where t.key = ${key}`);
  return { ok: false as const, retryAfterSeconds: Number(waited.rows[0]?.seconds ?? 1) };
}

/** Gives a claimed attempt back (a success must not count against a shared address). */
export async function refundThrottle(db: DbOrTx, key: string) {
  await db
    .update(loginThrottles)
    .set({ attempts: sql`greatest(${loginThrottles.attempts} - 1, 0)` })
    .where(eq(loginThrottles.key, key));
}

export async function clearThrottle(db: DbOrTx, key: string) {
  await db.delete(loginThrottles).where(eq(loginThrottles.key, key));
}

export async function isKnownDevice(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .update(knownDevices)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(knownDevices.tokenHash, tokenHash))
    .returning({ userId: knownDevices.userId });
  return Boolean(row);
}

export async function rememberDevice(db: DbOrTx, tokenHash: string, userId: number) {
  await db.insert(knownDevices).values({ tokenHash, userId }).onConflictDoNothing();
}

/** A reset token that could still be used (checked before any password is hashed). */
export async function findUsableReset(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    );
  return row ?? null;
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

/** A password change or reset: every reset (and invitation) link still open stops working. */
export async function revokeUserResets(db: DbOrTx, userId: number) {
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** Revokes the token of this hash, whoever's it is (the holder signs out with it). */
export async function revokeTokenByHash(db: DbOrTx, tokenHash: string) {
  await db
    .update(apiTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiTokens.tokenHash, tokenHash), isNull(apiTokens.revokedAt)));
}
