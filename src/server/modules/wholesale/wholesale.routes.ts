import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/wholesale';
import { route } from '../../http/route';
import { publicBaseUrl } from '../users/users.service';
import * as repo from './wholesale.repository';
import * as service from './wholesale.service';

export function wholesaleRoutes(app: FastifyInstance) {
  for (const e of [api.applyWholesale, api.applyWholesaleV1])
    route(app, e, async ({ db, body }) => ({ data: await service.applyWholesale(db, body) }));

  route(app, api.listApplications, async ({ db, query }) => {
    const { list, count } = await repo.listApplications(db, query);
    return { data: { list: list.map(service.toApplication), count, page: query.page } };
  });
  route(app, api.getApplication, async ({ db, params }) => ({
    data: await service.getApplication(db, params.id),
  }));
  route(app, api.approveApplication, async ({ db, config, actor, params, body, req }) => ({
    data: await service.approveApplication(db, actor, params.id, body, publicBaseUrl(config, req)),
  }));
  route(app, api.rejectApplication, async ({ db, actor, params, body }) => ({
    data: await service.rejectApplication(db, actor, params.id, body.note),
  }));

  route(app, api.listResellers, async ({ db }) => ({ data: await repo.listResellers(db) }));
  route(app, api.listResellerAccounts, async ({ db, query }) => {
    const { list, count } = await repo.listResellerAccounts(db, query);
    const rows = list.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }));
    return { data: { list: rows, count, page: query.page } };
  });
}
