import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/groups';
import { route } from '../../http/route';
import * as service from './groups.service';

export function groupsRoutes(app: FastifyInstance) {
  route(app, api.listGroups, ({ db, query }) => service.listGroups(db, query));
  route(app, api.getGroup, async ({ db, params }) => ({ data: await service.getGroup(db, params.id) }));
  route(app, api.createGroup, async ({ db, actor, body }) => ({
    data: await service.createGroup(db, actor, body),
  }));
  route(app, api.updateGroup, async ({ db, actor, params, body }) => ({
    data: await service.updateGroup(db, actor, params.id, body),
  }));
  route(app, api.deleteGroup, async ({ db, actor, params }) => {
    await service.deleteGroup(db, actor, params.id);
    return { ok: true as const };
  });
}
