import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/shipping';
import { route } from '../../http/route';
import { estimateShipping } from './shipping.service';

export function shippingRoutes(app: FastifyInstance) {
  route(app, api.shippingEstimate, async ({ db, query }) => ({ data: await estimateShipping(db, query) }));
}
