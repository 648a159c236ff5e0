import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/discounts';
import { route } from '../../http/route';
import * as service from './discounts.service';

export function discountsRoutes(app: FastifyInstance) {
  route(app, api.listDiscounts, ({ db, query }) => service.listDiscounts(db, query));
  route(app, api.getDiscount, async ({ db, params }) => ({ data: await service.getDiscount(db, params.id) }));
  route(app, api.createDiscount, async ({ db, actor, body }) => ({
    data: await service.createDiscount(db, actor, body),
  }));
  for (const e of [api.updateDiscount, api.postUpdateDiscount]) {
    route(app, e, async ({ db, actor, params, body }) => ({
      data: await service.updateDiscount(db, actor, params.id, body),
    }));
  }
  route(app, api.approveDiscount, async ({ db, actor, params }) => ({
    data: await service.approveDiscount(db, actor, params.id),
  }));
  route(app, api.deleteDiscount, async ({ db, actor, params }) => {
    await service.deleteDiscount(db, actor, params.id);
    return { ok: true as const };
  });
  route(app, api.setDiscountsActive, ({ db, actor, body }) =>
    service.setDiscountsActive(db, actor, body.ids, body.active),
  );
  route(app, api.deleteDiscounts, ({ db, actor, query }) => service.deleteDiscounts(db, actor, query.ids));
}
