import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/installer';
import { route } from '../../http/route';
import * as service from './installer.service';

/** The installer area: its orders (the bay's and the staff's view) and installer locations. */
export function installerRoutes(app: FastifyInstance) {
  route(app, api.listInstallerOrders, ({ db, actor, query }) =>
    service.listInstallerOrders(db, actor, query),
  );
  route(app, api.updateInstallerOrder, async ({ db, actor, body }) => ({
    data: await service.updateInstallerOrder(db, actor, body),
  }));
  route(app, api.listStaffInstallerOrders, ({ db, query }) => service.listStaffInstallerOrders(db, query));
  route(app, api.correctInstallerOrder, async ({ db, actor, body }) => ({
    data: await service.correctInstallerOrder(db, actor, body),
  }));
  route(app, api.listVendorInstallerLocations, ({ db, actor, query }) =>
    service.listVendorInstallerLocations(db, actor, query),
  );
  route(app, api.registerInstallerLocation, async ({ db, actor, body }) => ({
    data: await service.registerInstallerLocation(db, actor, body),
  }));
}
