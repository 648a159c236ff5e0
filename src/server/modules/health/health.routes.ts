import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { endpoint } from '../../../contract/common';
import { route } from '../../http/route';
import { readiness } from './health.service';

const healthz = endpoint({
  method: 'GET',
  path: '/healthz',
  access: 'public',
  summary: 'The process is up',
  response: z.object({ status: z.literal('ok') }),
});

const readyz = endpoint({
  method: 'GET',
  path: '/readyz',
  access: 'public',
  summary: 'The database answers',
  response: z.object({ status: z.literal('ready') }),
});

export function healthRoutes(app: FastifyInstance) {
  route(app, healthz, () => ({ status: 'ok' as const }));
  route(app, readyz, ({ db }) => readiness(db));
}
