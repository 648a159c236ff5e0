import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/approvals';
import { route } from '../../http/route';
import * as service from './approvals.service';

export function approvalsRoutes(app: FastifyInstance) {
  route(app, api.getBuyingSettings, async ({ db, actor }) => ({
    data: await service.getBuyingSettings(db, actor),
  }));
  route(app, api.updateBuyingSettings, async ({ db, actor, body }) => ({
    data: await service.updateBuyingSettings(db, actor, body),
  }));
}
