import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/pricing';
import { route } from '../../http/route';
import * as service from './pricing.service';

export function pricingRoutes(app: FastifyInstance) {
  route(app, api.listMarkups, ({ db, query }) => service.listRules(db, query));
  route(app, api.createMarkup, async ({ db, actor, body }) => ({
    data: await service.createRule(db, actor, body),
  }));
  route(app, api.updateMarkup, async ({ db, actor, params, body }) => ({
    data: await service.updateRule(db, actor, params.id, body),
  }));
  route(app, api.deleteMarkup, async ({ db, actor, params }) => {
    await service.deleteRule(db, actor, params.id);
    return { ok: true as const };
  });
  route(app, api.recomputePrices, ({ db, actor }) => service.recomputeAll(db, actor));
  route(app, api.previewMarkup, async ({ db, body }) => ({ data: await service.previewRule(db, body) }));

  route(app, api.listPriceGroups, ({ db, query }) => service.listPriceGroups(db, query));
  route(app, api.getPriceGroup, async ({ db, params }) => ({
    data: await service.getPriceGroup(db, params.id),
  }));
  route(app, api.createPriceGroup, async ({ db, actor, body }) => ({
    data: await service.createPriceGroup(db, actor, body),
  }));
  route(app, api.updatePriceGroup, async ({ db, actor, params, body }) => ({
    data: await service.updatePriceGroup(db, actor, params.id, body),
  }));

  route(app, api.listPricing, ({ db, query }) => service.listPricing(db, query));
  route(app, api.getPricing, async ({ db, params }) => ({ data: await service.pricesOf(db, [params.id]) }));
  route(app, api.createPricing, async ({ db, actor, body }) => ({
    data: await service.repriceProducts(db, actor, body.productIds),
  }));
  route(app, api.updatePricing, async ({ db, actor, params }) => ({
    data: await service.repriceProducts(db, actor, [params.id]),
  }));
}
