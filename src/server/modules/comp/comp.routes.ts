import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/comp';
import { route } from '../../http/route';
import * as service from './comp.service';

export function compRoutes(app: FastifyInstance) {
  route(app, api.listPlans, ({ db, query }) => service.listPlans(db, query));
  route(app, api.getPlan, async ({ db, params }) => ({ data: await service.getPlan(db, params.id) }));
  route(app, api.createPlan, async ({ db, actor, body }) => ({
    data: await service.createPlan(db, actor, body),
  }));
  route(app, api.updatePlan, async ({ db, actor, params, body }) => ({
    data: await service.updatePlan(db, actor, params.id, body),
  }));

  route(app, api.listRecords, ({ db, query }) => service.listRecords(db, query));
  route(app, api.getRecord, async ({ db, params }) => ({ data: await service.getRecord(db, params.id) }));
  route(app, api.createRecord, async ({ db, actor, body }) => ({
    data: await service.createRecord(db, actor, body),
  }));
  route(app, api.waiveRecords, async ({ db, actor, body }) => ({
    data: await service.waiveRecords(db, actor, body.ids, body.note),
  }));
}
