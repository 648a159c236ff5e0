import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/delivery';
import { route } from '../../http/route';
import * as service from './delivery.service';

/** Warehouses' shipping days (cut-off, time zone, handling days, holidays) and "arrives by". */
export function deliveryRoutes(app: FastifyInstance) {
  route(app, api.listSchedules, async ({ db, actor }) => ({ data: await service.listSchedules(db, actor) }));
  route(app, api.updateSchedule, async ({ db, actor, params, body }) => ({
    data: await service.updateSchedule(db, actor, params.id, body),
  }));
  route(app, api.promiseOf, ({ db, actor, body }) => service.promiseOf(db, actor, body));
}
