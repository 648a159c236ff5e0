import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/orders';
import { route } from '../../http/route';
import { sweepEvery } from '../../http/sweep';
import * as buyer from './orders.buyer';
import { expireApprovals } from './orders.approval';
import { EXPIRY_SWEEP_MS, expireUnpaidOrders } from './orders.expiry';

export function ordersRoutes(app: FastifyInstance) {
  route(app, api.listMyOrders, ({ db, actor, query }) => buyer.listMyOrders(db, actor, query));
  route(app, api.listMyOrdersAlias, ({ db, actor, query }) => buyer.listMyOrders(db, actor, query));
  route(app, api.getMyOrder, ({ db, actor, params }) => buyer.getMyOrder(db, actor, params.id));
  route(app, api.reorder, ({ db, actor, params }) => buyer.reorder(db, actor, params.id));

  sweepEvery(app, EXPIRY_SWEEP_MS, 'hold expiry', () => expireUnpaidOrders(app.db));
  sweepEvery(app, EXPIRY_SWEEP_MS, 'approval expiry', () => expireApprovals(app.db));
}
