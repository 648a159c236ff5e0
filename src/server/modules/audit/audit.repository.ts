import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { orderOf, pageWindow, searchWhere } from '../../db/list-page';
import { auditLog, emailOutbox } from '../../db/schema';
import type * as api from '../../../contract/audit';
import type { z } from 'zod';

type AuditQuery = z.output<NonNullable<typeof api.listAudit.query>>;
type OutboxQuery = z.output<NonNullable<typeof api.listOutbox.query>>;

export async function listAudit(db: DbOrTx, q: AuditQuery) {
  const where = and(
    q.entity ? eq(auditLog.entity, q.entity) : undefined,
    q.entityId ? eq(auditLog.entityId, q.entityId) : undefined,
    searchWhere(q.q, [auditLog.actorUsername, auditLog.entity, auditLog.action, auditLog.entityId]),
  );
  const list = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(
      ...orderOf(
        q.sort,
        { at: auditLog.at, entity: auditLog.entity, actor: auditLog.actorUsername },
        auditLog.id,
      ),
    )
    .limit(pageWindow(q).limit)
    .offset(pageWindow(q).offset);
  return { list, count: await db.$count(auditLog, where) };
}

export async function listOutbox(db: DbOrTx, q: OutboxQuery) {
  const where = and(
    q.kind ? eq(emailOutbox.kind, q.kind) : undefined,
    searchWhere(q.q, [emailOutbox.to, emailOutbox.subject]),
  );
  const list = await db
    .select()
    .from(emailOutbox)
    .where(where)
    .orderBy(...orderOf(q.sort, { createdAt: emailOutbox.createdAt, to: emailOutbox.to }, emailOutbox.id))
    .limit(pageWindow(q).limit)
    .offset(pageWindow(q).offset);
  return { list, count: await db.$count(emailOutbox, where) };
}
