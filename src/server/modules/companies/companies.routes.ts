import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/companies';
import { route } from '../../http/route';
import * as service from './companies.service';

const ok = { ok: true as const };

export function companiesRoutes(app: FastifyInstance) {
  route(app, api.listCompanies, ({ db, query }) => service.listCompanies(db, query));
  route(app, api.getCompany, async ({ db, params }) => ({ data: await service.getCompany(db, params.id) }));
  route(app, api.createCompany, async ({ db, actor, body }) => ({
    data: await service.createCompany(db, actor, body),
  }));
  route(app, api.updateCompany, async ({ db, actor, params, body }) => ({
    data: await service.updateCompany(db, actor, params.id, body),
  }));
  route(app, api.assignCompanyUser, async ({ db, actor, params }) => {
    await service.assignCompanyUser(db, actor, params.id, params.userId);
    return ok;
  });

  route(app, api.listLocations, ({ db, query }) => service.listLocations(db, query));
  route(app, api.getLocation, async ({ db, params }) => ({ data: await service.getLocation(db, params.id) }));
  route(app, api.createLocation, async ({ db, actor, body }) => ({
    data: await service.createLocation(db, actor, body),
  }));
  route(app, api.updateLocation, async ({ db, actor, params, body }) => ({
    data: await service.updateLocation(db, actor, params.id, body),
  }));
  route(app, api.assignLocationUser, async ({ db, actor, params }) => {
    await service.assignLocationUser(db, actor, params.id, params.userId);
    return ok;
  });
  route(app, api.updateOwnCompany, ({ db, actor, body }) => service.updateOwnCompany(db, actor, body));
}
