// Signing in and out with a cookie session: the password (throttled), a known device, and the
// second factor a user owes before the session grants anything (sessions.mfa.ts).
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/connection';
import { AppError, forbidden } from '../../http/errors';
import { secondStepOwed } from './sessions.mfa';
import * as mfaRepo from './sessions.mfa.repository';
import { verifyPassword } from './sessions.passwords';
import { recentSessions } from './sessions.recent';
import * as repo from './sessions.repository';
import { claimAttempt, clearAttempts, refundAttempt, signInRules } from './sessions.throttle';
import { hashSecret, newSecret } from './sessions.tokens';

const minutes = (n: number) => n * 60_000;

/** Where a sign-in comes from: the address, and the browser's known-device cookie if any. */
export interface Client {
  ip: string;
  device?: string;
}

/** A known device is remembered per user: the cookie's secret hashed with the user id. */
const deviceHash = (device: string, userId: number) => hashSecret(`${device}:${userId}`);

/**
 * Checks the credentials; a wrong password and an unknown user fail alike. Every attempt is
 * claimed first (sessions.throttle.ts), so throttling holds under parallel guesses.
 */
export async function checkCredentials(
  db: Db,
  config: Config,
  username: string,
  password: string,
  client: Client,
) {
  const user = await repo.findUserByUsername(db, username);
  const known = Boolean(
    user && client.device && (await repo.isKnownDevice(db, deviceHash(client.device, user.id))),
  );
  const rules = signInRules(config, username, client.ip, known);
  for (const rule of rules.all) await claimAttempt(db, config, rule);
  const ok = await verifyPassword(user?.active ? user.passwordHash : null, password);
  if (!user?.active || !ok) throw new AppError('unauthenticated', 'Wrong username or password');
  await clearAttempts(db, rules.pair);
  for (const rule of rules.all) if (rule !== rules.pair) await refundAttempt(db, rule);
  // Said only after the right password, so it reveals nothing to a guesser.
  if (!user.companyActive) throw forbidden('Your company’s account is not active. Contact Tread.');
  return user;
}

/** Remembers this browser for the user (after a full sign-in); answers the cookie value to set. */
export async function rememberDevice(db: Db, userId: number, device: string | undefined) {
  const secret = device && device.length >= 32 ? device : newSecret();
  await repo.rememberDevice(db, deviceHash(secret, userId), userId);
  return secret;
}

/** A pending sign-in (the second factor still owed) lasts this long. */
const MFA_PENDING_MINUTES = 10;

/**
 * Signs in: a new session id every time (no fixation), starting at the user's last location.
 * A user who owes a second factor (sessions.mfa.ts) gets a pending session that grants nothing
 * until the code is given (`mfa` says which step).
 */
export async function signIn(db: Db, config: Config, username: string, password: string, client: Client) {
  const user = await checkCredentials(db, config, username, password, client);
  const mfa = await secondStepOwed(db, config, user);
  const sessionId = await startSession(db, config, user, mfa !== null);
  return { sessionId, userId: user.id, mfa };
}

async function startSession(
  db: DbOrTx,
  config: Config,
  user: { id: number; currentLocationId: number | null },
  mfaPending: boolean,
) {
  const locations = await repo.listUserLocations(db, user.id);
  const current =
    locations.find((l) => l.location.id === user.currentLocationId)?.location.id ??
    locations[0]?.location.id ??
    null;
  const sessionId = newSecret();
  const lifetime = mfaPending ? MFA_PENDING_MINUTES : config.SESSION_ABSOLUTE_MINUTES;
  await repo.insertSession(db, {
    idHash: hashSecret(sessionId),
    userId: user.id,
    locationId: current,
    expiresAt: new Date(Date.now() + minutes(lifetime)),
    mfaPending,
  });
  return sessionId;
}

/** The user of a pending sign-in cookie and the step it owes; 401 when there is none. */
export async function pendingSignIn(db: Db, config: Config, sessionId: string | undefined) {
  const row = sessionId ? await mfaRepo.findPendingSession(db, hashSecret(sessionId)) : null;
  const step = row && (await secondStepOwed(db, config, row.user));
  if (!row || !step) throw new AppError('unauthenticated', 'Sign in again: the sign-in has expired');
  return { user: row.user, step };
}

/**
 * Ends a pending sign-in once its second factor is given: the pending session goes and a full
 * one with a new id takes its place (the id changes when the privilege does).
 */
export async function completeSignIn(db: Db, config: Config, pendingId: string, userId: number) {
  const user = await repo.findUser(db, userId);
  if (!user) throw new AppError('unauthenticated', 'Sign in again');
  return db.transaction(async (tx) => {
    await repo.deleteSession(tx, hashSecret(pendingId));
    return startSession(tx, config, user, false);
  });
}

/** Ends every session of a user, who signs in again: after a role change, a disable, a reset factor. */
export async function endUserSessions(tx: DbOrTx, userId: number) {
  await repo.deleteUserSessions(tx, userId);
}

export async function signOut(db: Db, sessionId: string) {
  await repo.deleteSession(db, hashSecret(sessionId));
  recentSessions.forget(db, hashSecret(sessionId));
}
