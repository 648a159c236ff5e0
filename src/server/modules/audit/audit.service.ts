import type { AuditEntry as AuditEntryView, OutboxMail } from '../../../contract/audit';
import type { Config } from '../../config';
import { redactTokens } from '../../integrations/email/outbox';
import type { Db, DbOrTx } from '../../db/connection';
import { pageAnswer } from '../../db/list-page';
import type { Actor } from '../../http/actor';
import { AppError } from '../../http/errors';
import { canReadAudit, readableAuditEntities } from '../../../domain/audit-access';
import { iso } from '../../lib/dates';
import * as repo from './audit.repository';

export interface AuditEntry {
  entity: string;
  entityId: number | string;
  action: string;
  before?: object | null;
  after?: object | null;
}

export function toAuditEntry(row: repo.AuditRow): AuditEntryView {
  return { ...row, at: iso(row.at) };
}

/**
 * Whether the mailbox shows live links: only in the sandbox demo, a development or test setup
 * without SMTP_URL, where nothing is ever sent and this page is the only way a newcomer can
 * read a reset or invitation mail. Once mail really goes out (SMTP_URL) or in production, an
 * admin never sees a live token, so nobody can quietly take over an account.
 */
export const sandboxMailbox = (config: Config) => config.NODE_ENV !== 'production' && !config.SMTP_URL;

/** A mail as the mailbox shows it: tokens redacted unless showTokens (sandboxMailbox). */
export function toOutboxMail(row: repo.OutboxRow, showTokens = false): OutboxMail {
  const { meta: _, ...mail } = row;
  return {
    ...mail,
    text: showTokens ? row.text : redactTokens(row.text),
    createdAt: iso(row.createdAt),
    sentAt: iso(row.sentAt),
  };
}

/** Plain JSON: dates as ISO text, secrets never (callers pass rows without password hashes). */
function snapshot(row: object | null | undefined): Record<string, unknown> | null {
  if (!row) return null;
  return JSON.parse(JSON.stringify(row)) as Record<string, unknown>;
}

/** Every back-office change goes through here, inside the change's own transaction. */
export async function writeAudit(tx: DbOrTx, actor: Actor | null, entry: AuditEntry) {
  await repo.insertAudit(tx, {
    actorUserId: actor?.userId ?? null,
    actorUsername: actor?.username ?? 'public',
    entity: entry.entity,
    entityId: String(entry.entityId),
    action: entry.action,
    before: snapshot(entry.before),
    after: snapshot(entry.after),
  });
}

/**
 * Who changed what, newest first (the console's record history and the audit log page), narrowed
 * per kind of record (src/domain/audit-access.ts): asking for a kind the role may not read is a
 * 403; the whole log lists only the kinds it may read.
 */
export async function listAudit(db: Db, actor: Actor, q: repo.AuditQuery) {
  if (q.entity && !canReadAudit(actor.role, q.entity))
    throw new AppError('forbidden', 'Your role does not allow reading the history of these records');
  const entities = readableAuditEntities(actor.role);
  return pageAnswer(q, await repo.listAudit(db, q, entities), toAuditEntry);
}

/** The e-mails the shop wrote (the mailbox of the embedded setup, where nothing is sent). */
export async function listOutbox(db: Db, config: Config, actor: Actor, q: repo.OutboxQuery) {
  const answer = pageAnswer(q, await repo.listOutbox(db, q), (row) =>
    toOutboxMail(row, sandboxMailbox(config)),
  );
  // Who read which mails: the mailbox holds personal data and, in development, live links.
  await writeAudit(db, actor, {
    entity: 'mailbox',
    entityId: 'outbox',
    action: 'read',
    after: { query: q, mailIds: answer.data.list.map((m) => m.id) },
  });
  return answer;
}
