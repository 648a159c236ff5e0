// Passwords that change: a reset link by e-mail, the change a signed-in user makes, and the
// current password asked before either kind of account takeover could happen.
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { AppError } from '../../http/errors';
import { queueEmail } from '../../integrations/email/outbox';
import { hashPassword, verifyPassword } from './sessions.passwords';
import * as repo from './sessions.repository';
import {
  claimAttempt,
  clearAttempts,
  currentPasswordRule,
  recoverRules,
  resetRule,
} from './sessions.throttle';
import { hashSecret, newSecret } from './sessions.tokens';

const minutes = (n: number) => n * 60_000;

/** E-mails a single-use reset link; silent about unknown users so nobody can probe for accounts. */
export async function requestPasswordReset(
  db: Db,
  config: Config,
  username: string,
  baseUrl: string,
  ip: string,
) {
  // Throttled for every name alike, so the 429 says nothing about whether the user exists.
  for (const rule of recoverRules(config, username, ip)) await claimAttempt(db, config, rule);
  const user = await repo.findUserByUsername(db, username);
  if (!user?.active || !user.companyActive) return;
  const expiresAt = new Date(Date.now() + minutes(config.RESET_TOKEN_MINUTES));
  await db.transaction(async (tx) => {
    const token = await openPasswordLink(tx, user.id, expiresAt);
    const link = `${baseUrl}/reset?token=${encodeURIComponent(token)}`;
    await queueEmail(tx, {
      to: user.email,
      subject: 'Reset your Tread password',
      text: `Hello ${user.name},\n\nSomeone asked to reset the password of ${user.username}. Open this link within ${config.RESET_TOKEN_MINUTES} minutes to choose a new one:\n\n${link}\n\nIf it was not you, ignore this e-mail.`,
      kind: 'password_reset',
      meta: { userId: user.id, link },
    });
  });
}

/**
 * The token of a single-use link to choose a password (a reset, or a new user's invitation), in
 * the caller's transaction; only its hash is kept, and the /reset page completes it.
 */
export async function openPasswordLink(tx: DbOrTx, userId: number, expiresAt: Date) {
  const token = newSecret();
  await repo.insertReset(tx, { tokenHash: hashSecret(token), userId, expiresAt });
  return token;
}

const invalidReset = () =>
  new AppError('bad_request', 'This reset link is invalid, used or expired. Ask for a new one.');

export async function completePasswordReset(
  db: Db,
  config: Config,
  token: string,
  password: string,
  ip: string,
) {
  await claimAttempt(db, config, resetRule(config, ip));
  // The token first: hashing a password costs 19 MiB and real time, never spent on a bad link.
  if (!(await repo.findUsableReset(db, hashSecret(token)))) throw invalidReset();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const reset = await repo.consumeReset(tx, hashSecret(token));
    if (!reset) throw invalidReset();
    await repo.setUserPassword(tx, reset.userId, passwordHash);
    await repo.deleteUserSessions(tx, reset.userId);
    await repo.revokeAllUserTokens(tx, reset.userId);
    await repo.revokeUserResets(tx, reset.userId);
  });
}

/**
 * The signed-in user's current password, asked before a change that could take the account
 * over (a new password, a new e-mail): throttled per user, a wrong one is a 400 on
 * /body/currentPassword.
 */
export async function checkCurrentPassword(
  db: Db,
  config: Config,
  userId: number,
  currentPassword: string | undefined,
) {
  const rule = currentPasswordRule(config, userId);
  await claimAttempt(db, config, rule);
  const user = await repo.findUser(db, userId);
  if (!user || !currentPassword || !(await verifyPassword(user.passwordHash, currentPassword))) {
    throw new AppError('bad_request', 'The current password is wrong', {
      errors: [{ pointer: '/body/currentPassword', detail: currentPassword ? 'is wrong' : 'is required' }],
    });
  }
  await clearAttempts(db, rule);
  return user;
}

/** Changes the password and ends every other session, every token and every open reset link. */
export async function changePassword(
  db: Db,
  config: Config,
  actor: Actor,
  currentPassword: string,
  newPassword: string,
) {
  await checkCurrentPassword(db, config, actor.userId, currentPassword);
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await repo.setUserPassword(tx, actor.userId, passwordHash);
    await repo.deleteUserSessions(tx, actor.userId, actor.sessionIdHash ?? undefined);
    await repo.revokeAllUserTokens(tx, actor.userId);
    // A reset link someone saw before the change must not undo it.
    await repo.revokeUserResets(tx, actor.userId);
  });
}
