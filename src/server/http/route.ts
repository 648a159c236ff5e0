import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '../../contract/common';
import { can } from '../../domain/roles';
import { type Config, sandboxControls } from '../config';
import type { Db } from '../db/connection';
import { RecentReads } from '../db/recent-reads';
import { lsnValue } from '../db/replica';
import type { Actor } from './actor';
import { AppError, badRequest } from './errors';
import { answerOnce } from './idempotency';
import { trustedSerializer } from './trusted-response';

export interface Ctx<P, Q, B> {
  db: Db;
  config: Config;
  /** The signed-in caller; route() guarantees it is present unless access is 'public'. */
  actor: Actor;
  params: P;
  query: Q;
  body: B;
  req: FastifyRequest;
  reply: FastifyReply;
}

type In<T> = T extends z.ZodType ? z.output<T> : undefined;

/** Where the contracts put the sandboxes' control calls (payments, tracking, distributors). */
const SANDBOX_PREFIX = '/api/sandbox/';

/** Registers one contract endpoint: validation, access check, and the handler's answer. */
export function route<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  e: Endpoint<P, Q, B, R>,
  handler: (ctx: Ctx<In<P>, In<Q>, In<B>>) => Promise<z.output<R>> | z.output<R>,
) {
  // The sandboxes' control calls (/api/sandbox/…) exist only where sandboxControls allows: in
  // production they are not registered at all, so every call is a 404 whatever its body (no
  // validation answer tells they exist) and the API docs list none of them.
  if (e.path.startsWith(SANDBOX_PREFIX) && !sandboxControls(app.config)) return;
  const status = e.status ?? 200;
  app.route({
    method: e.method,
    url: e.path,
    schema: <FastifySchema>{
      summary: e.summary,
      tags: [e.path.split('/').filter((s) => s && s !== 'api' && s !== 'v1')[0] ?? 'root'],
      ...(e.params && { params: e.params }),
      ...(e.query && { querystring: e.query }),
      ...(e.body && { body: e.body }),
      response: { [status]: e.response },
    },
    ...(e.trustedResponse && { serializerCompiler: trustedSerializer(app.config) }),
    preValidation: async (req) => {
      authorize(e, req.actor);
    },
    // Before the answer leaves (a keyed call's is sent by answerOnce): where the caller's write is.
    ...(app.replica && e.method !== 'GET' && !e.readOnly && { onSend: noteWrite }),
    handler: async (req, reply) => {
      refuseRawCard(app.config, req.body);
      const ctx = {
        db: e.replica && app.replica ? await replicaOrPrimary(req) : app.db,
        config: app.config,
        actor: req.actor as Actor,
        params: req.params as In<P>,
        query: req.query as In<Q>,
        body: req.body as In<B>,
        req,
        reply,
      };
      // A handler may choose another success status (POST /api/cart answers 201 when it checks out).
      const statusOf = () => (reply.statusCode === 200 ? status : reply.statusCode);
      // A keyed call runs in one transaction with its kept answer (idempotency.ts): its handler's
      // db is that transaction.
      const result = e.idempotent
        ? await answerOnce(ctx, idempotencyCall(e, req, statusOf), async (db) => handler({ ...ctx, db }))
        : await handler(ctx);
      // A write may change what recent reads hold (who a caller is, a data version).
      if (e.method !== 'GET' && !e.readOnly) RecentReads.afterWrite(app.db);
      if (!reply.sent) reply.status(statusOf()).send(result);
      return reply;
    },
  });
}

/**
 * The caller's own writes, as the replica reads know them (db/replica.ts): by session or token
 * in this process, and by a cookie that carries the primary's position after the caller's last
 * write to the other instances. A made-up cookie can only send its own caller's reads to the
 * primary, or let them read a replica that lacks that caller's writes.
 */
const WROTE_COOKIE = 'tread_wrote';
const callerOf = (req: FastifyRequest) =>
  req.actor ? (req.actor.sessionIdHash ?? `user:${req.actor.userId}`) : null;

function replicaOrPrimary(req: FastifyRequest) {
  const replica = req.server.replica as NonNullable<FastifyInstance['replica']>;
  return replica.dbFor(callerOf(req), lsnValue(req.cookies[WROTE_COOKIE]));
}

async function noteWrite(req: FastifyRequest, reply: FastifyReply) {
  const replica = req.server.replica as NonNullable<FastifyInstance['replica']>;
  if (reply.statusCode >= 400) return;
  const lsn = await replica.noteWrite(callerOf(req));
  const text = `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
  // A minute outlives any lag a replica is still used at (one second behind the primary at most).
  reply.setCookie(WROTE_COOKIE, text, { path: '/api', httpOnly: true, sameSite: 'lax', maxAge: 60 });
}

/**
 * What a retry is compared by: the request in the endpoint's own scope, or the checkout payload
 * in a scope endpoints share (POST /api/cart carries it in `data`, /api/cart/checkout as its body).
 */
function idempotencyCall(e: Endpoint, req: FastifyRequest, status: () => number) {
  if (typeof e.idempotent === 'string') {
    const body = req.body as { data?: unknown } | undefined;
    return { scope: e.idempotent, body: body?.data ?? body, status };
  }
  return { scope: `${e.method} ${e.path}`, body: { params: req.params, body: req.body }, status };
}

/**
 * In production the shop never takes a card number: the web form exchanges it for the card
 * provider's token first. The sandbox still accepts raw test cards elsewhere.
 */
function refuseRawCard(config: Config, body: unknown) {
  // Stripe takes cards on its own page: with it, as in production, no card number is taken here.
  const cardsRefused = config.NODE_ENV === 'production' || config.CARD_PROVIDER === 'stripe';
  if (!cardsRefused || !body || typeof body !== 'object') return;
  const data = (body as { data?: unknown }).data;
  for (const part of [body, data])
    if (part && typeof part === 'object' && 'card' in part && (part as { card?: unknown }).card)
      throw badRequest("Send the card provider's token, never the card number", [
        {
          pointer: part === body ? '/body/card' : '/body/data/card',
          detail: 'is not accepted; send cardToken',
        },
      ]);
}

function authorize(e: Endpoint, actor: Actor | null) {
  if (e.access === 'public') return;
  if (!actor) throw new AppError('unauthenticated', 'Sign in to continue');
  if (e.access === 'user') return;
  if (!can(actor.role, e.access)) throw new AppError('forbidden', 'Your role does not allow this');
}
