import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/audit';
import { route } from '../../http/route';
import * as service from './audit.service';

export function auditRoutes(app: FastifyInstance) {
  route(app, api.listAudit, ({ db, actor, query }) => service.listAudit(db, actor, query));
  route(app, api.listOutbox, ({ db, config, actor, query }) => service.listOutbox(db, config, actor, query));
}
