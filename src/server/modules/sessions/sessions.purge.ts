import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/connection';
import {
  emailOutbox,
  knownDevices,
  loginThrottles,
  passwordResets,
  rateLimits,
  sessions,
} from '../../db/schema';

/** How long sent e-mails stay in the outbox (the admin mailbox shows them), in days. */
export const SENT_MAIL_DAYS = 30;
/** A browser not seen for this long is no longer a known device, in days. */
const KNOWN_DEVICE_DAYS = 365;

const ago = (ms: number) => new Date(Date.now() - ms);
const day = 86_400_000;

/**
 * Housekeeping of the security tables (docs/security.md): expired or idle sessions,
 * throttle counters past their restart window, finished rate-limit windows, used or expired
 * reset tokens, e-mails sent more than SENT_MAIL_DAYS ago and long-unseen known devices.
 * The server runs it at start and every hour; answers how many rows each table lost.
 */
export async function purgeExpired(db: DbOrTx, config: Config) {
  const idle = ago(config.SESSION_IDLE_MINUTES * 60_000);
  const throttleQuiet = ago(config.LOGIN_WINDOW_MINUTES * 2 * 60_000);
  const count = async (q: Promise<{ rowCount?: number | null }>) => (await q).rowCount ?? 0;
  return {
    sessions: await count(
      db.delete(sessions).where(or(lt(sessions.expiresAt, sql`now()`), lt(sessions.lastSeenAt, idle))),
    ),
    loginThrottles: await count(db.delete(loginThrottles).where(lt(loginThrottles.lastAt, throttleQuiet))),
    rateLimits: await count(db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now()`))),
    passwordResets: await count(
      db
        .delete(passwordResets)
        .where(or(isNotNull(passwordResets.usedAt), lt(passwordResets.expiresAt, sql`now()`))),
    ),
    emailOutbox: await count(
      db
        .delete(emailOutbox)
        .where(and(isNotNull(emailOutbox.sentAt), lt(emailOutbox.sentAt, ago(SENT_MAIL_DAYS * day)))),
    ),
    knownDevices: await count(
      db.delete(knownDevices).where(lt(knownDevices.lastSeenAt, ago(KNOWN_DEVICE_DAYS * day))),
    ),
  };
}
