import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/pricing';
import { route } from '../../http/route';
import * as repo from './pricing.repository';
import * as service from './pricing.service';

export function pricingRoutes(app: FastifyInstance) {
  route(app, api.listMarkups, async ({ db, query }) => {
    const { list, count } = await repo.listRules(db, query);
    return { data: { list: list.map(service.toRule), count, page: query.page } };
  });
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

  route(app, api.listPriceGroups, async ({ db, query }) => {
    const { list, count } = await repo.listGroups(db, query);
    return { data: { list: list.map(service.toPriceGroup), count, page: query.page } };
  });
  route(app, api.getPriceGroup, async ({ db, params }) => ({
    data: await service.getPriceGroup(db, params.id),
  }));
  route(app, api.createPriceGroup, async ({ db, actor, body }) => ({
    data: await service.createPriceGroup(db, actor, body),
  }));
  route(app, api.updatePriceGroup, async ({ db, actor, params, body }) => ({
    data: await service.updatePriceGroup(db, actor, params.id, body),
  }));

  route(app, api.listPricing, async ({ db, query }) => {
    const { list, count } = await repo.listPricing(db, query);
    return { data: { list: list.map(service.toPricing), count, page: query.page } };
  });
  route(app, api.getPricing, async ({ db, params }) => ({ data: await service.pricesOf(db, [params.id]) }));
  route(app, api.createPricing, async ({ db, actor, body }) => ({
    data: await service.repriceProducts(db, actor, body.productIds),
  }));
  route(app, api.updatePricing, async ({ db, actor, params }) => ({
    data: await service.repriceProducts(db, actor, [params.id]),
  }));
}
