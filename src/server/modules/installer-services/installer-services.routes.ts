import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/installer-services';
import { route } from '../../http/route';
import * as service from './installer-services.service';

/** Installer service price lists: the installer's own (an admin's any) and a buyer's read of a published one. */
export function installerServicesRoutes(app: FastifyInstance) {
  route(app, api.readInstallerServices, async ({ db, actor, query }) => ({
    data: await service.readInstallerServices(db, actor, query.installerLocationId),
  }));
  route(app, api.replaceInstallerServices, async ({ db, actor, body }) => ({
    data: await service.replaceInstallerServices(db, actor, body),
  }));
  route(app, api.publishedInstallerServices, async ({ db, query }) => ({
    data: await service.publishedInstallerServices(db, query.installerLocationId),
  }));
}
