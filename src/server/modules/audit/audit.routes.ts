import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/audit';
import { route } from '../../http/route';
import * as repo from './audit.repository';
import { iso } from '../../lib/dates';

export function auditRoutes(app: FastifyInstance) {
  route(app, api.listAudit, async ({ db, query }) => {
    const { list, count } = await repo.listAudit(db, query);
    return { data: { list: list.map((r) => ({ ...r, at: iso(r.at)! })), count, page: query.page } };
  });

  route(app, api.listOutbox, async ({ db, query }) => {
    const { list, count } = await repo.listOutbox(db, query);
    const rows = list.map((m) => ({ ...m, createdAt: iso(m.createdAt)!, sentAt: iso(m.sentAt) }));
    return { data: { list: rows, count, page: query.page } };
  });
}
