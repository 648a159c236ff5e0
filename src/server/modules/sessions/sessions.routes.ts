import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as api from '../../../contract/sessions';
import {
  bearerToken,
  clearSessionCookie,
  DEVICE_COOKIE,
  SESSION_COOKIE,
  setDeviceCookie,
  setSessionCookie,
} from '../../http/auth';
import { publicBaseUrl } from '../../http/public-url';
import { route } from '../../http/route';
import { AppError, conflict } from '../../http/errors';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import * as mfa from './sessions.mfa';
import * as accounts from './sessions.service';

/** The pending cookie of a sign-in owing its second factor (the session row says 10 minutes). */
const MFA_PENDING_COOKIE_MINUTES = 10;

const recoverMessage = 'If that account exists, a reset link is on its way to its e-mail address.';

export function sessionsRoutes(app: FastifyInstance) {
  route(app, api.login, async ({ db, config, body, req, reply }) => {
    const { sessionId, userId, mfa } = await accounts.signIn(
      db,
      config,
      body.username,
      body.password,
      clientOf(req),
    );
    reply.header('cache-control', 'no-store');
    if (mfa) {
      // The password was right; the pending cookie lets the second step (/login/mfa) finish.
      setSessionCookie(req, reply, sessionId, MFA_PENDING_COOKIE_MINUTES);
      throw new AppError('mfa_required', 'Enter the code from your authenticator app', { step: mfa });
    }
    return fullSignIn(db, config, req, reply, sessionId, userId);
  });

  route(app, api.authorize, async ({ db, config, body, req, reply }) => {
    const { token, expiresAt } = await accounts.issueToken(db, config, body, clientOf(req));
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const, token, expiresAt: expiresAt.toISOString() };
  });

  // The second sign-in step, on the pending cookie set by a login that answered mfa_required.
  route(app, api.getMfaPending, async ({ db, config, req, reply }) => {
    const { user, step } = await accounts.pendingSignIn(db, config, req.cookies[SESSION_COOKIE]);
    reply.header('cache-control', 'no-store');
    return { step, userName: user.username };
  });

  route(app, api.verifyMfaLogin, async ({ db, config, body, req, reply }) => {
    const pendingId = req.cookies[SESSION_COOKIE];
    const { user, step } = await accounts.pendingSignIn(db, config, pendingId);
    if (step !== 'verify') throw conflict('Set up your authenticator app first');
    await mfa.assertSecondFactor(db, config, user.id, body.code);
    const sessionId = await accounts.completeSignIn(db, config, pendingId!, user.id);
    return fullSignIn(db, config, req, reply, sessionId, user.id);
  });

  route(app, api.startMfaLogin, async ({ db, config, req, reply }) => {
    const { user, step } = await accounts.pendingSignIn(db, config, req.cookies[SESSION_COOKIE]);
    if (step !== 'enrol') throw conflict('A second factor is already set up: enter its code');
    reply.header('cache-control', 'no-store');
    return mfa.startEnrolment(db, config, user.id, user.username);
  });

  route(app, api.confirmMfaLogin, async ({ db, config, body, req, reply }) => {
    const pendingId = req.cookies[SESSION_COOKIE];
    const { user, step } = await accounts.pendingSignIn(db, config, pendingId);
    if (step !== 'enrol') throw conflict('A second factor is already set up: enter its code');
    const recoveryCodes = await mfa.confirmEnrolment(db, config, user.id, body.code);
    const sessionId = await accounts.completeSignIn(db, config, pendingId!, user.id);
    return { recoveryCodes, session: await fullSignIn(db, config, req, reply, sessionId, user.id) };
  });

  route(app, api.getMfa, ({ db, config, actor }) => mfa.mfaStatus(db, config, actor.userId, actor.role));
  route(app, api.startMfa, async ({ db, config, actor, reply }) => {
    reply.header('cache-control', 'no-store');
    return mfa.startEnrolment(db, config, actor.userId, actor.username);
  });
  route(app, api.confirmMfa, async ({ db, config, actor, body }) => ({
    recoveryCodes: await mfa.confirmEnrolment(db, config, actor.userId, body.code),
  }));
  route(app, api.disableMfa, async ({ db, config, actor, body }) => {
    await mfa.disableMfa(db, config, actor.userId, body.code);
    return { ok: true as const };
  });

  // Sign-out is a POST only, under the same-site checks of every write (http/auth.ts): the
  // /logout page is the web app's, and opening it (a link from another site) ends nothing.
  route(app, api.logout, async ({ db, req, reply }) => {
    const bearer = bearerToken(req);
    if (bearer) await accounts.signOutToken(db, bearer);
    await endSession(app, req);
    clearSessionCookie(reply);
    return { ok: true as const };
  });

  route(app, api.getSession, ({ db, config, actor }) => accounts.getSessionView(db, config, actor));

  route(app, api.switchLocation, async ({ db, config, actor, body }) =>
    accounts.getSessionView(db, config, await accounts.switchLocation(db, actor, body.locationId)),
  );

  route(app, api.setSessionGroup, async ({ db, config, actor, body }) =>
    accounts.getSessionView(db, config, await accounts.setSessionGroup(db, actor, body.group)),
  );

  for (const e of [api.recover, api.requestReset]) {
    route(app, e, async ({ db, config, body, req }) => {
      await accounts.requestPasswordReset(db, config, body.username, publicBaseUrl(config, req), req.ip);
      return { status: 'sent' as const, message: recoverMessage };
    });
  }

  route(app, api.completeReset, async ({ db, config, body, req }) => {
    await accounts.completePasswordReset(db, config, body.token, body.password, req.ip);
    return { ok: true as const };
  });

  route(app, api.changePassword, async ({ db, config, actor, body }) => {
    await accounts.changePassword(db, config, actor, body.currentPassword, body.newPassword);
    return { ok: true as const };
  });

  route(app, api.listOwnTokens, async ({ db, actor }) => ({ data: await accounts.listOwnTokens(db, actor) }));
  route(app, api.revokeOwnToken, async ({ db, actor, params }) => {
    await accounts.revokeOwnToken(db, actor, params.id);
    return { ok: true as const };
  });

  route(app, api.getAccount, ({ db, config, actor }) => accounts.getAccount(db, config, actor));
}

/** Sets the full session's cookie and remembers the browser; answers the session. */
async function fullSignIn(
  db: Db,
  config: Config,
  req: FastifyRequest,
  reply: FastifyReply,
  sessionId: string,
  userId: number,
) {
  setSessionCookie(req, reply, sessionId, config.SESSION_ABSOLUTE_MINUTES);
  setDeviceCookie(req, reply, await accounts.rememberDevice(db, userId, req.cookies[DEVICE_COOKIE]));
  reply.header('cache-control', 'no-store');
  const actor = await accounts.actorFromSession(db, config, sessionId);
  return accounts.getSessionView(db, config, actor!);
}

async function endSession(app: FastifyInstance, req: FastifyRequest) {
  const sid = req.cookies[SESSION_COOKIE];
  if (sid) await accounts.signOut(app.db, sid);
}

const clientOf = (req: FastifyRequest): accounts.Client => ({
  ip: req.ip,
  device: req.cookies[DEVICE_COOKIE],
});
