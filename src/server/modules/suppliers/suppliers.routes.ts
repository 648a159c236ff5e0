import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/suppliers';
import { route } from '../../http/route';
import * as service from './suppliers.service';

export function suppliersRoutes(app: FastifyInstance) {
  route(app, api.listSuppliers, ({ db, query }) => service.listSuppliers(db, query));
  route(app, api.getSupplier, async ({ db, params }) => ({ data: await service.getSupplier(db, params.id) }));
  route(app, api.createSupplier, async ({ db, actor, body }) => ({
    data: await service.createSupplier(db, actor, body),
  }));
  for (const e of [api.updateSupplier, api.postUpdateSupplier]) {
    route(app, e, async ({ db, actor, params, body }) => ({
      data: await service.updateSupplier(db, actor, params.id, body),
    }));
  }
  route(app, api.setSuppliersActive, ({ db, actor, body }) =>
    service.setSuppliersActive(db, actor, body.ids, body.active),
  );
}
