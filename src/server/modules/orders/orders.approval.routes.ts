import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/approvals';
import { route } from '../../http/route';
import { decideOrder } from './orders.approval';

/** An approver's decisions on orders waiting for approval (the rules are the approvals module's). */
export function orderApprovalRoutes(app: FastifyInstance) {
  route(app, api.approveOrder, async ({ db, actor, params, body }) => ({
    data: await decideOrder(db, actor, params.orderId, 'approved', body.comment),
  }));
  route(app, api.rejectOrder, async ({ db, actor, params, body }) => ({
    data: await decideOrder(db, actor, params.orderId, 'rejected', body.comment),
  }));
}
