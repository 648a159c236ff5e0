import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { actorFromSession, actorFromToken } from '../modules/sessions/sessions.service';
import type { Actor } from './actor';
import { AppError } from './errors';

export const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

/** Resolves every request's actor from `Authorization: Bearer` or the `sid` cookie. */
export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (req, reply) => {
    assertSameOriginWrite(req);
    const bearer = bearerToken(req);
    if (bearer) {
      req.actor = await actorFromToken(app.db, app.config, bearer);
      if (!req.actor)
        throw new AppError('unauthenticated', 'The bearer token is invalid, revoked or expired');
    } else {
      const sid = req.cookies[SESSION_COOKIE];
      if (sid) req.actor = await actorFromSession(app.db, app.config, sid);
    }
    if (req.actor && req.url.startsWith('/api')) reply.header('cache-control', 'no-store');
  });
}

/** The token of an `Authorization: Bearer` header, if the request has one. */
export const bearerToken = (req: FastifyRequest) =>
  req.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];

/**
 * A cross-site form can post only form encodings: a state change must be JSON (which needs a
 * CORS preflight from another site) or carry an Origin of this very host.
 */
function assertSameOriginWrite(req: FastifyRequest) {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
  if (req.headers['content-type']?.startsWith('application/json')) return;
  const origin = req.headers.origin;
  if (!origin) {
    // Bodiless calls from our own client, API tools and tests: no cookie can ride on them from
    // another site unless a browser adds an Origin, which it always does on cross-site posts.
    if (!req.headers['content-type']) return;
    throw new AppError(
      'forbidden',
      'A state-changing request needs a JSON body or a same-origin Origin header',
    );
  }
  // `Origin: null` (sandboxed frames, file://) and other junk are not this host either.
  if (!URL.canParse(origin) || new URL(origin).host !== req.headers.host)
    throw new AppError('forbidden', 'Cross-site request refused');
}

export function setSessionCookie(
  req: FastifyRequest,
  reply: FastifyReply,
  sessionId: string,
  maxAgeMinutes: number,
) {
  reply.setCookie(SESSION_COOKIE, sessionId, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    // Behind a TLS proxy that sends no X-Forwarded-Proto the request looks like http: an https
    // PUBLIC_URL still marks the cookie Secure.
    secure: req.protocol === 'https' || req.server.config.PUBLIC_URL?.startsWith('https:') === true,
    maxAge: maxAgeMinutes * 60,
  });
}

/** Marks a browser the user has signed in from (sessions.throttle.ts: known devices). */
export const DEVICE_COOKIE = 'tread_device';

export function setDeviceCookie(req: FastifyRequest, reply: FastifyReply, secret: string) {
  reply.setCookie(DEVICE_COOKIE, secret, {
    path: '/api',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https' || req.server.config.PUBLIC_URL?.startsWith('https:') === true,
    maxAge: 365 * 86_400,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
