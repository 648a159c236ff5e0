import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/comparisons';
import { route } from '../../http/route';
import * as service from './comparisons.service';

export function comparisonsRoutes(app: FastifyInstance) {
  for (const e of [api.listComparisons, api.v1ListComparisons])
    route(app, e, ({ db, actor, query }) => service.listComparisons(db, actor, query));
  route(app, api.compareProducts, async ({ db, actor, query }) => ({
    data: await service.compareProducts(db, actor, query.productIds),
  }));
  route(app, api.createComparison, async ({ db, actor, body }) => ({
    data: await service.createComparison(db, actor, body),
  }));
  route(app, api.getComparison, async ({ db, actor, params }) => ({
    data: await service.getComparison(db, actor, params.id),
  }));
  route(app, api.updateComparison, async ({ db, actor, params, body }) => ({
    data: await service.updateComparison(db, actor, params.id, body),
  }));
  route(app, api.deleteComparison, async ({ db, actor, params }) => {
    await service.deleteComparison(db, actor, params.id);
    return { ok: true as const };
  });
}
