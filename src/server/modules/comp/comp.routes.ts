import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/comp';
import { route } from '../../http/route';
import * as repo from './comp.repository';
import * as service from './comp.service';

export function compRoutes(app: FastifyInstance) {
  route(app, api.listPlans, async ({ db, query }) => {
    const { list, count } = await repo.listPlans(db, query);
    return { data: { list: list.map(service.toPlan), count, page: query.page } };
  });
  route(app, api.getPlan, async ({ db, params }) => ({ data: await service.getPlan(db, params.id) }));
  route(app, api.createPlan, async ({ db, actor, body }) => ({
    data: await service.createPlan(db, actor, body),
  }));
  route(app, api.updatePlan, async ({ db, actor, params, body }) => ({
    data: await service.updatePlan(db, actor, params.id, body),
  }));

  route(app, api.listRecords, async ({ db, query }) => {
    const { list, count } = await repo.listRecords(db, query);
    return { data: { list: list.map(service.toRecord), count, page: query.page } };
  });
  route(app, api.getRecord, async ({ db, params }) => ({ data: await service.getRecord(db, params.id) }));
  route(app, api.createRecord, async ({ db, actor, body }) => ({
    data: await service.createRecord(db, actor, body),
  }));
  route(app, api.waiveRecords, async ({ db, actor, body }) => ({
    data: await service.waiveRecords(db, actor, body.ids, body.note),
  }));
}
