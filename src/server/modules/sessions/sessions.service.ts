import type { Location, Session } from '../../../contract/sessions';
import { isStaff, type Role } from '../../../domain/roles';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { AppError, forbidden, notFound } from '../../http/errors';
import { iso } from '../../lib/dates';
import { queueEmail } from '../../integrations/email/outbox';
import { cartSummary } from '../orders/orders.service';
import * as repo from './sessions.repository';
import * as mfaRepo from './sessions.mfa.repository';
import { assertSecondFactor, secondStepOwed } from './sessions.mfa';
import { hashPassword, verifyPassword } from './sessions.passwords';
import { hashSecret, newSecret } from './sessions.tokens';
import { recentSessions } from './sessions.recent';
import {
  claimAttempt,
  clearAttempts,
  currentPasswordRule,
  recoverRules,
  refundAttempt,
  resetRule,
  signInRules,
} from './sessions.throttle';

const minutes = (n: number) => n * 60_000;
type LocationRow = Awaited<ReturnType<typeof repo.listUserLocations>>[number];

export function toLocation({ location, group }: LocationRow): Location {
  return {
    locationId: location.id,
    locationName: location.name,
    locationSupplierId: location.supplierId,
    locationInstaller: location.installer,
    locationGroupPricing: group.id,
    locationGroupPricingName: group.name,
    locationZip: location.zip,
    locationAddress: location.address1,
    locationCity: location.city,
    locationState: location.state,
  };
}

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

/**
 * A bearer token: the password, and for a user with a second factor its code too. A role that
 * must use MFA gets no token before enrolling (on /account).
 */
export async function issueToken(
  db: Db,
  config: Config,
  credentials: { username: string; password: string; code?: string },
  client: Client,
) {
  const user = await checkCredentials(db, config, credentials.username, credentials.password, client);
  const owed = await secondStepOwed(db, config, user);
  if (owed === 'enrol')
    throw forbidden('Your role must use a second factor: set one up on your account page first');
  if (owed === 'verify') {
    if (!credentials.code)
      throw new AppError('mfa_required', 'Send the code from your authenticator app as `code`');
    await assertSecondFactor(db, config, user.id, credentials.code);
  }
  const token = newSecret('tread_');
  const expiresAt = new Date(Date.now() + config.TOKEN_DAYS * 86_400_000);
  await repo.insertToken(db, { tokenHash: hashSecret(token), userId: user.id, expiresAt });
  return { token, expiresAt };
}

type UserRow = NonNullable<Awaited<ReturnType<typeof repo.findUser>>>;
type LocationTableRow = NonNullable<
  NonNullable<Awaited<ReturnType<typeof repo.findLiveSession>>>['location']
>;

function actorOf(
  user: UserRow,
  location: LocationTableRow | null,
  via: Actor['via'],
  sessionIdHash: string | null,
  groupOverride: number | null,
): Actor {
  return {
    userId: user.id,
    username: user.username,
    companyId: user.companyId,
    role: user.role as Role,
    locationId: location?.id ?? null,
    supplierId: location?.supplierId ?? 0,
    installer: location?.installer ?? 0,
    // A session's own price group holds only while its location is still granted (staff: always).
    priceGroupId:
      (location || isStaff(user.role as Role) ? groupOverride : null) ?? location?.priceGroupId ?? null,
    via,
    sessionIdHash,
  };
}

/** Resolves a session cookie to its actor, keeping the idle clock running. */
export function actorFromSession(db: Db, config: Config, sessionId: string): Promise<Actor | null> {
  const idHash = hashSecret(sessionId);
  return recentSessions.through(db, idHash, async () => {
    const idleSince = new Date(Date.now() - minutes(config.SESSION_IDLE_MINUTES));
    const row = await repo.findLiveSession(db, idHash, idleSince);
    if (!row) return null;
    // Writing on every request would double the load; a minute's precision is enough for idling.
    if (Date.now() - new Date(row.session.lastSeenAt).getTime() > 60_000) await repo.touchSession(db, idHash);
    return actorOf(row.user, row.location, 'session', idHash, row.session.priceGroupId);
  });
}

/** Resolves a bearer token, keeping last_used_at (its idle clock, shown to its owner) to the minute. */
export async function actorFromToken(db: Db, config: Config, token: string): Promise<Actor | null> {
  const idleSince = new Date(Date.now() - config.TOKEN_IDLE_DAYS * 86_400_000);
  const row = await repo.findLiveToken(db, hashSecret(token), idleSince);
  if (!row) return null;
  const lastUsed = row.token.lastUsedAt ? new Date(row.token.lastUsedAt).getTime() : 0;
  if (Date.now() - lastUsed > 60_000) await repo.touchToken(db, row.token.id);
  return actorOf(row.user, row.location, 'token', null, null);
}

export async function listOwnTokens(db: Db, actor: Actor) {
  return (await repo.listUserTokens(db, actor.userId)).map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: iso(row.createdAt)!,
    expiresAt: iso(row.expiresAt),
    revokedAt: iso(row.revokedAt),
    lastUsedAt: iso(row.lastUsedAt),
  }));
}

export async function revokeOwnToken(db: Db, actor: Actor, id: number) {
  if (!(await repo.revokeUserToken(db, actor.userId, id))) throw notFound('Active token');
}

export async function signOut(db: Db, sessionId: string) {
  await repo.deleteSession(db, hashSecret(sessionId));
  recentSessions.forget(db, hashSecret(sessionId));
}

/** Sign-out with a bearer token: that token (not the user's others) stops working at once. */
export async function signOutToken(db: Db, token: string) {
  await repo.revokeTokenByHash(db, hashSecret(token));
}

/** Price groups a user may switch a session to: its locations' groups; staff: all. */
async function allowedGroups(db: Db, role: Role, locations: LocationRow[]) {
  return isStaff(role)
    ? repo.listPriceGroups(db)
    : repo.listPriceGroups(db, [...new Set(locations.map((l) => l.group.id))]);
}

export async function getSessionView(db: Db, config: Config, actor: Actor): Promise<Session> {
  const user = await repo.findUser(db, actor.userId);
  const company = user && (await repo.findCompany(db, user.companyId));
  if (!user || !company) throw new AppError('unauthenticated', 'Sign in to continue');
  const rows = await repo.listUserLocations(db, actor.userId);
  const groups = await allowedGroups(db, actor.role, rows);
  const current = rows.find((r) => r.location.id === actor.locationId);
  const cart = await cartSummary(db, actor);
  const inForce =
    actor.priceGroupId === null ? undefined : (await repo.listPriceGroups(db, [actor.priceGroupId]))[0];
  return {
    user: {
      userId: user.id,
      userName: user.username,
      name: user.name,
      email: user.email,
      role: user.role as Role,
      companyId: company.id,
      companyName: company.name,
    },
    location: current ? toLocation(current) : null,
    locations: rows.map(toLocation),
    order: cart.order,
    cart_count: cart.count,
    priceGroup: inForce ? { id: inForce.id, code: inForce.code, name: inForce.name } : null,
    priceGroups: groups.map((g) => ({ id: g.id, code: g.code, name: g.name })),
    supportEmail: config.SUPPORT_EMAIL,
  };
}

/** Switches the current location to one of the user's own; remembered for the next sign-in. */
export async function switchLocation(db: Db, actor: Actor, locationId: number) {
  const rows = await repo.listUserLocations(db, actor.userId);
  if (!rows.some((r) => r.location.id === locationId)) throw forbidden('That location is not one of yours');
  await db.transaction(async (tx) => {
    if (actor.sessionIdHash)
      await repo.updateSession(tx, actor.sessionIdHash, { locationId, priceGroupId: null });
    await repo.setUserCurrentLocation(tx, actor.userId, locationId);
  });
  const location = rows.find((r) => r.location.id === locationId)!.location;
  return {
    ...actor,
    locationId,
    supplierId: location.supplierId,
    installer: location.installer,
    priceGroupId: location.priceGroupId,
  };
}

/** Overrides the session's price group with one the user may use; null goes back to the location's. */
export async function setSessionGroup(db: Db, actor: Actor, group: number | null): Promise<Actor> {
  if (!actor.sessionIdHash)
    throw new AppError('bad_request', 'Price groups are chosen per signed-in session');
  const rows = await repo.listUserLocations(db, actor.userId);
  const current = rows.find((r) => r.location.id === actor.locationId);
  if (group !== null) {
    const allowed = await allowedGroups(db, actor.role, rows);
    if (!allowed.some((g) => g.id === group)) throw forbidden('That price group is not available to you');
  }
  await repo.updateSession(db, actor.sessionIdHash, { priceGroupId: group });
  return { ...actor, priceGroupId: group ?? current?.location.priceGroupId ?? null };
}

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
  const token = newSecret();
  const expiresAt = new Date(Date.now() + minutes(config.RESET_TOKEN_MINUTES));
  await db.transaction(async (tx) => {
    await repo.insertReset(tx, { tokenHash: hashSecret(token), userId: user.id, expiresAt });
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

export async function getAccount(db: Db, config: Config, actor: Actor) {
  const session = await getSessionView(db, config, actor);
  const company = await repo.findCompany(db, actor.companyId);
  if (!company) throw new AppError('not_found', 'Company not found');
  return {
    user: session.user,
    company: {
      id: company.id,
      name: company.name,
      kind: company.kind,
      email: company.email,
      phone: company.phone,
    },
    locations: session.locations,
  };
}

export { hashPassword } from './sessions.passwords';
export { attemptAllowed, claimAttempt, signupMailRules } from './sessions.throttle';
export { resetSecondFactor } from './sessions.mfa';
export { hashSecret, newSecret } from './sessions.tokens';
export { purgeExpired } from './sessions.purge';
