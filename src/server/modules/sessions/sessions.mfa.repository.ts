import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { companies, mfaRecoveryCodes, sessions, userMfa, users } from '../../db/schema';

/** The user's second factor (enabled or still being enrolled), or null. */
export async function findMfa(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(userMfa).where(eq(userMfa.userId, userId));
  return row ?? null;
}

/** Starts (or restarts) an enrolment: a new secret, not enabled until confirmed. */
export async function putPendingMfa(db: DbOrTx, userId: number, secret: string) {
  await db
    .insert(userMfa)
    .values({ userId, secret })
    .onConflictDoUpdate({
      target: userMfa.userId,
      set: { secret, enabledAt: null, lastStep: null },
      where: isNull(userMfa.enabledAt),
    });
}

/**
 * Records the time step of an accepted code, only if it is later than the last one: the one
 * statement makes a replayed (or parallel) use of the same code fail.
 */
export async function acceptStep(db: DbOrTx, userId: number, step: number) {
  const [row] = await db
    .update(userMfa)
    .set({ lastStep: step })
    .where(
      and(eq(userMfa.userId, userId), sql`(${userMfa.lastStep} is null or ${userMfa.lastStep} < ${step})`),
    )
    .returning({ userId: userMfa.userId });
  return Boolean(row);
}

export async function enableMfa(db: DbOrTx, userId: number, codeHashes: string[]) {
  await db.update(userMfa).set({ enabledAt: sql`now()` }).where(eq(userMfa.userId, userId));
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.insert(mfaRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

export async function setMfaSecret(db: DbOrTx, userId: number, secret: string) {
  await db.update(userMfa).set({ secret }).where(eq(userMfa.userId, userId));
}

export async function deleteMfa(db: DbOrTx, userId: number) {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.delete(userMfa).where(eq(userMfa.userId, userId));
}

/** Uses up one recovery code (atomic: a code works once, even in parallel). */
export async function spendRecoveryCode(db: DbOrTx, userId: number, codeHash: string) {
  const [row] = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, codeHash),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ userId: mfaRecoveryCodes.userId });
  return Boolean(row);
}

export async function countRecoveryCodesLeft(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** A session still owing its second factor: unexpired, its user and company active. */
export async function findPendingSession(db: DbOrTx, idHash: string) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(
      and(
        eq(sessions.idHash, idHash),
        eq(sessions.mfaPending, true),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.active, true),
        eq(companies.active, true),
      ),
    );
  return row ?? null;
}

/** Whether the user has a confirmed second factor. */
export async function hasEnabledMfa(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ userId: userMfa.userId })
    .from(userMfa)
    .where(and(eq(userMfa.userId, userId), isNotNull(userMfa.enabledAt)));
  return Boolean(row);
}
