import type { Config } from '../../config';
import type { DbOrTx } from '../../db/connection';
import * as repo from './sessions.purge.repository';

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
  return {
    sessions: await repo.deleteEndedSessions(db, idle),
    loginThrottles: await repo.deleteQuietThrottles(db, throttleQuiet),
    rateLimits: await repo.deleteFinishedRateLimits(db),
    passwordResets: await repo.deleteSpentResets(db),
    emailOutbox: await repo.deleteMailSentBefore(db, ago(SENT_MAIL_DAYS * day)),
    knownDevices: await repo.deleteDevicesUnseenSince(db, ago(KNOWN_DEVICE_DAYS * day)),
  };
}
