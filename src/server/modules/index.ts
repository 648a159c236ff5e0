import type { FastifyInstance } from 'fastify';
import { accountsRoutes } from './accounts/accounts.routes';
import { cartRoutes } from './cart/cart.routes';
import { healthRoutes } from './health/health.routes';

/** The areas of the API, registered in this order. */
export function registerModules(app: FastifyInstance) {
  healthRoutes(app);
  accountsRoutes(app);
  cartRoutes(app);
}
