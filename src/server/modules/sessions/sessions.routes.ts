import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as api from '../../../contract/sessions';
import {
  clearSessionCookie,
  DEVICE_COOKIE,
  SESSION_COOKIE,
  setDeviceCookie,
  setSessionCookie,
} from '../../http/auth';
import { publicBaseUrl } from '../../http/public-url';
import { route } from '../../http/route';
import * as accounts from './sessions.service';

const recoverMessage = 'If that account exists, a reset link is on its way to its e-mail address.';

export function sessionsRoutes(app: FastifyInstance) {
  route(app, api.login, async ({ db, config, body, req, reply }) => {
    const { sessionId, userId } = await accounts.signIn(
      db,
      config,
      body.username,
      body.password,
      clientOf(req),
    );
    setSessionCookie(req, reply, sessionId, config.SESSION_ABSOLUTE_MINUTES);
    setDeviceCookie(req, reply, await accounts.rememberDevice(db, userId, req.cookies[DEVICE_COOKIE]));
    reply.header('cache-control', 'no-store');
    const actor = await accounts.actorFromSession(db, config, sessionId);
    return accounts.getSessionView(db, config, actor!);
  });

  route(app, api.authorize, async ({ db, config, body, req, reply }) => {
    const { token, expiresAt } = await accounts.issueToken(
      db,
      config,
      body.username,
      body.password,
      clientOf(req),
    );
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const, token, expiresAt: expiresAt.toISOString() };
  });

  route(app, api.logout, async ({ req, reply }) => {
    await endSession(app, req);
    clearSessionCookie(reply);
    return { ok: true as const };
  });

  // The /logout page: ends the session on the server, then shows the sign-in page.
  app.get('/logout', { schema: { hide: true } }, async (req, reply) => {
    await endSession(app, req);
    clearSessionCookie(reply);
    return reply.header('cache-control', 'no-store').redirect('/login', 303);
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

async function endSession(app: FastifyInstance, req: FastifyRequest) {
  const sid = req.cookies[SESSION_COOKIE];
  if (sid) await accounts.signOut(app.db, sid);
}

const clientOf = (req: FastifyRequest): accounts.Client => ({
  ip: req.ip,
  device: req.cookies[DEVICE_COOKIE],
});
