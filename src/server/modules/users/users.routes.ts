import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/users';
import { route } from '../../http/route';
import * as service from './users.service';

export function usersRoutes(app: FastifyInstance) {
  route(app, api.listUsers, ({ db, query }) => service.listUsers(db, query));
  route(app, api.getUser, async ({ db, params }) => ({ data: await service.getUser(db, params.id) }));
  route(app, api.createUser, (ctx) => service.createUserCall(ctx));
  route(app, api.updateUser, async ({ db, actor, params, body }) => ({
    data: await service.updateUser(db, actor, params.id, body),
  }));
  route(app, api.setUserRole, async ({ db, actor, params, body }) => ({
    data: await service.updateUser(db, actor, params.id, { role: body.role }, 'assign_role'),
  }));
  route(app, api.listUserTokens, async ({ db, params }) => ({
    data: await service.listTokens(db, params.id),
  }));
  route(app, api.issueUserToken, async ({ db, actor, params, body }) =>
    service.issueToken(db, actor, params.id, body.name, body.days),
  );
  route(app, api.revokeUserToken, async ({ db, actor, params }) => {
    await service.revokeToken(db, actor, params.id, params.tokenId);
    return { ok: true as const };
  });
  route(app, api.resetUserMfa, ({ db, actor, params }) => service.resetMfa(db, actor, params.id));
  route(app, api.updateOwnUser, ({ db, config, actor, body }) =>
    service.updateOwnUser(db, config, actor, body),
  );
}
