// A user's own bearer tokens for integrations: issued for the password (and the second factor),
// listed, revoked, and signed out with.
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { AppError, forbidden, notFound } from '../../http/errors';
import { iso } from '../../lib/dates';
import { assertSecondFactor, secondStepOwed } from './sessions.mfa';
import * as repo from './sessions.repository';
import { type Client, checkCredentials } from './sessions.sign-in';
import { hashSecret, newSecret } from './sessions.tokens';

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

/** Sign-out with a bearer token: that token (not the user's others) stops working at once. */
export async function signOutToken(db: Db, token: string) {
  await repo.revokeTokenByHash(db, hashSecret(token));
}
