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
  route(app, api.listSpendingLimits, async ({ db, actor }) => ({
    data: { list: await service.listSpendingLimits(db, actor) },
  }));
  route(app, api.setSpendingLimit, async ({ db, actor, params, body }) => ({
    data: await service.setSpendingLimit(db, actor, params.userId, body),
  }));
  route(app, api.listLocationBudgets, async ({ db, actor }) => ({
    data: { list: await service.listLocationBudgets(db, actor) },
  }));
  route(app, api.setLocationBudget, async ({ db, actor, params, body }) => ({
    data: await service.setLocationBudget(db, actor, params.locationId, body.monthlyCents),
  }));
  route(app, api.getMySpending, async ({ db, actor }) => ({ data: await service.mySpending(db, actor) }));
  route(app, api.listApprovals, async ({ db, actor, query }) => ({
    data: { list: await service.listApprovals(db, actor, query) },
  }));
}
