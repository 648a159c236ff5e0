import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/orders';
import { route } from '../../http/route';
import * as buyer from './orders.buyer';

export function ordersRoutes(app: FastifyInstance) {
  route(app, api.listMyOrders, ({ db, actor, query }) => buyer.listMyOrders(db, actor, query));
  route(app, api.listMyOrdersAlias, ({ db, actor, query }) => buyer.listMyOrders(db, actor, query));
  route(app, api.getMyOrder, ({ db, actor, params }) => buyer.getMyOrder(db, actor, params.id));
  route(app, api.reorder, ({ db, actor, params }) => buyer.reorder(db, actor, params.id));
}
