import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/wholesale';
import { route } from '../../http/route';
import { publicBaseUrl } from '../../http/public-url';
import * as service from './wholesale.service';

export function wholesaleRoutes(app: FastifyInstance) {
  for (const e of [api.applyWholesale, api.applyWholesaleV1])
    route(app, e, async ({ db, config, body, req }) => ({
      data: await service.applyWholesale(db, config, body, publicBaseUrl(config, req), req.ip),
    }));
  route(app, api.confirmWholesale, async ({ db, body }) => ({
    data: await service.confirmWholesale(db, body.token),
  }));

  route(app, api.listApplications, ({ db, query }) => service.listApplications(db, query));
  route(app, api.getApplication, async ({ db, params }) => ({
    data: await service.getApplication(db, params.id),
  }));
  route(app, api.approveApplication, async ({ db, config, actor, params, body, req }) => ({
    data: await service.approveApplication(db, actor, params.id, body, publicBaseUrl(config, req)),
  }));
  route(app, api.rejectApplication, async ({ db, actor, params, body }) => ({
    data: await service.rejectApplication(db, actor, params.id, body.note),
  }));

  route(app, api.listResellers, async ({ db }) => ({ data: await service.listResellers(db) }));
  route(app, api.listResellerAccounts, ({ db, query }) => service.listResellerAccounts(db, query));
}
