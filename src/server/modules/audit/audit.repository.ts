import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type * as api from '../../../contract/audit';
import type { DbOrTx } from '../../db/connection';
import { listPage, orderOf, searchWhere } from '../../db/list-page';
import { auditLog, emailOutbox } from '../../db/schema';

export type AuditQuery = z.output<NonNullable<typeof api.listAudit.query>>;
export type OutboxQuery = z.output<NonNullable<typeof api.listOutbox.query>>;
export type AuditRow = typeof auditLog.$inferSelect;
export type OutboxRow = typeof emailOutbox.$inferSelect;

export async function insertAudit(db: DbOrTx, values: typeof auditLog.$inferInsert) {
  await db.insert(auditLog).values(values);
}

/** `entities`: the kinds of record the caller may read (null: all). */
export function listAudit(db: DbOrTx, q: AuditQuery, entities: string[] | null = null) {
  const where = and(
    entities ? inArray(auditLog.entity, entities) : undefined,
    q.entity ? eq(auditLog.entity, q.entity) : undefined,
    q.entityId ? eq(auditLog.entityId, q.entityId) : undefined,
    searchWhere(q.q, [auditLog.actorUsername, auditLog.entity, auditLog.action, auditLog.entityId]),
  );
  const sortable = { at: auditLog.at, entity: auditLog.entity, actor: auditLog.actorUsername };
  return listPage(
    db,
    q,
    () => db.select().from(auditLog).where(where).$dynamic(),
    orderOf(q.sort, sortable, auditLog.id),
  );
}

export function listOutbox(db: DbOrTx, q: OutboxQuery) {
  const where = and(
    q.kind ? eq(emailOutbox.kind, q.kind) : undefined,
    searchWhere(q.q, [emailOutbox.to, emailOutbox.subject]),
  );
  return listPage(
    db,
    q,
    () => db.select().from(emailOutbox).where(where).$dynamic(),
    orderOf(q.sort, { createdAt: emailOutbox.createdAt, to: emailOutbox.to }, emailOutbox.id),
  );
}
