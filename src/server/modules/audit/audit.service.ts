import type { DbOrTx } from '../../db/connection';
import { auditLog } from '../../db/schema';
import type { Actor } from '../../http/actor';

export interface AuditEntry {
  entity: string;
  entityId: number | string;
  action: string;
  before?: object | null;
  after?: object | null;
}

/** Plain JSON: dates as ISO text, secrets never (callers pass rows without password hashes). */
function snapshot(row: object | null | undefined): Record<string, unknown> | null {
  if (!row) return null;
  return JSON.parse(JSON.stringify(row)) as Record<string, unknown>;
}

/** Every back-office change goes through here, inside the change's own transaction. */
export async function writeAudit(tx: DbOrTx, actor: Actor | null, entry: AuditEntry) {
  await tx.insert(auditLog).values({
    actorUserId: actor?.userId ?? null,
    actorUsername: actor?.username ?? 'public',
    entity: entry.entity,
    entityId: String(entry.entityId),
    action: entry.action,
    before: snapshot(entry.before),
    after: snapshot(entry.after),
  });
}
