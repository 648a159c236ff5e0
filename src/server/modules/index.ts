import type { FastifyInstance } from 'fastify';
import { accountsRoutes } from './accounts/accounts.routes';
import { cartRoutes, checkoutRoutes } from './cart/cart.routes';
import { healthRoutes } from './health/health.routes';
import { ordersRoutes } from './orders/orders.routes';
import { ordersStaffRoutes } from './orders/orders.staff.routes';
import { paymentsRoutes } from './payments/payments.routes';

/** The areas of the API, registered in this order. */
export function registerModules(app: FastifyInstance) {
  healthRoutes(app);
  accountsRoutes(app);
  cartRoutes(app);
  checkoutRoutes(app);
  paymentsRoutes(app);
  ordersRoutes(app);
  ordersStaffRoutes(app);
}
