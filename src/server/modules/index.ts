import type { FastifyInstance } from 'fastify';
import { accountsRoutes } from './accounts/accounts.routes';
import { catalogRoutes } from './catalog/catalog.routes';
import { healthRoutes } from './health/health.routes';
import { searchRoutes } from './search/search.routes';
import { shippingRoutes } from './shipping/shipping.routes';
import { sizingRoutes } from './sizing/sizing.routes';

/** The areas of the API, registered in this order. */
export function registerModules(app: FastifyInstance) {
  healthRoutes(app);
  accountsRoutes(app);
  catalogRoutes(app);
  sizingRoutes(app);
  searchRoutes(app);
  shippingRoutes(app);
}
