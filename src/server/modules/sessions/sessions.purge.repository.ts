// The SQL of the security tables' housekeeping: each delete answers how many rows went.
import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import {
  emailOutbox,
  knownDevices,
  loginThrottles,
  passwordResets,
  rateLimits,
  sessions,
} from '../../db/schema';

const count = async (q: Promise<{ rowCount?: number | null }>) => (await q).rowCount ?? 0;

/** Sessions past their absolute expiry, or not seen since `idleSince`. */
export const deleteEndedSessions = (db: DbOrTx, idleSince: Date) =>
  count(
    db.delete(sessions).where(or(lt(sessions.expiresAt, sql`now()`), lt(sessions.lastSeenAt, idleSince))),
  );

export const deleteQuietThrottles = (db: DbOrTx, quietSince: Date) =>
  count(db.delete(loginThrottles).where(lt(loginThrottles.lastAt, quietSince)));

export const deleteFinishedRateLimits = (db: DbOrTx) =>
  count(db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`)));

/** Reset links used or expired. */
export const deleteSpentResets = (db: DbOrTx) =>
  count(
    db
      .delete(passwordResets)
      .where(or(isNotNull(passwordResets.usedAt), lt(passwordResets.expiresAt, sql`now()`))),
  );

export const deleteMailSentBefore = (db: DbOrTx, before: Date) =>
  count(db.delete(emailOutbox).where(and(isNotNull(emailOutbox.sentAt), lt(emailOutbox.sentAt, before))));

export const deleteDevicesUnseenSince = (db: DbOrTx, since: Date) =>
  count(db.delete(knownDevices).where(lt(knownDevices.lastSeenAt, since)));
