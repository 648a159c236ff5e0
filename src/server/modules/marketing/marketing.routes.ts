import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/marketing';
import { route } from '../../http/route';
import * as service from './marketing.service';

export function marketingRoutes(app: FastifyInstance) {
  route(app, api.subscribeNewsletter, async ({ db, config, req, body }) => ({
    data: await service.subscribe(db, config, req.actor ?? null, body.email, req.ip),
  }));
  route(app, api.confirmNewsletter, async ({ db, config, req, body }) => ({
    data: await service.confirmNewsletter(db, config, body.token, req.ip),
  }));
  route(app, api.unsubscribeNewsletter, async ({ db, body }) => ({
    data: await service.unsubscribe(db, body.token),
  }));
  route(app, api.sendContact, async ({ db, config, actor, body, req }) => ({
    data: await service.sendContact(db, config, actor, body, req.ip),
  }));
  route(app, api.listContact, ({ db, query }) => service.listContacts(db, query));
  route(app, api.answerContact, async ({ db, actor, params, body }) => ({
    data: await service.answerContact(db, actor, params.id, body),
  }));
}
