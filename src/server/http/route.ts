import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '../../contract/common';
import { can } from '../../domain/roles';
import type { Config } from '../config';
import type { Db } from '../db/connection';
import { RecentReads } from '../db/recent-reads';
import type { Actor } from './actor';
import { AppError } from './errors';
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

/** Registers one contract endpoint: validation, access check, and the handler's answer. */
export function route<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  app: FastifyInstance,
  e: Endpoint<P, Q, B, R>,
  handler: (ctx: Ctx<In<P>, In<Q>, In<B>>) => Promise<z.output<R>> | z.output<R>,
) {
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
    handler: async (req, reply) => {
      const result = await handler({
        db: app.db,
        config: app.config,
        actor: req.actor as Actor,
        params: req.params as In<P>,
        query: req.query as In<Q>,
        body: req.body as In<B>,
        req,
        reply,
      });
      // A write may change what recent reads hold (who a caller is, a data version).
      if (e.method !== 'GET' && !e.readOnly) RecentReads.afterWrite(app.db);
      if (!reply.sent) reply.status(status).send(result);
      return reply;
    },
  });
}

function authorize(e: Endpoint, actor: Actor | null) {
  if (e.access === 'public') return;
  if (!actor) throw new AppError('unauthenticated', 'Sign in to continue');
  if (e.access === 'user') return;
  if (!can(actor.role, e.access)) throw new AppError('forbidden', 'Your role does not allow this');
}
