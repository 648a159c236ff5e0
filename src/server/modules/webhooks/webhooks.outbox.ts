// The outbox of outbound webhooks (docs/webhooks.md): any module reports an event of a company by
// calling enqueueWebhookEvent inside the transaction of the change, through this module's entry
// (`import { enqueueWebhookEvent } from '../webhooks/webhooks.service'`). The event and one
// delivery per endpoint of the company subscribed to its type are written there and then, so an
// event exists exactly when its change committed; the worker (webhooks.worker.ts) sends them.
import type { WebhookEventType } from '../../../domain/webhook-events';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import * as repo from './webhooks.repository';

export type { WebhookEventType } from '../../../domain/webhook-events';

/**
 * Writes `data` as an event of `type` for the company's subscribed endpoints (none: nothing is
 * written) and wakes the workers when the transaction commits: one statement. Answers the event's
 * id, or null when no endpoint of the company wants it. `data` is sent as the payload's `data`:
 * ids, numbers and statuses the receiver reads, never secrets.
 */
export async function enqueueWebhookEvent(
  tx: DbOrTx,
  companyId: number,
  type: WebhookEventType,
  data: object,
): Promise<number | null> {
  const [eventId] = await repo.insertEvents(
    tx,
    repo.companyById(companyId),
    [type],
    sql`${JSON.stringify(data)}::jsonb`,
  );
  return eventId ?? null;
}

/**
 * Events of an order (or of what hangs off it: its return, its refund) for its company's
 * subscribed endpoints, in one statement: each carries the order's payload as the transaction
 * left the row (its number, PO number, statuses, totals: docs/webhooks.md, "Events") with
 * `extra` on top. Answers the ids of the events written.
 */
export function enqueueOrderWebhookEvents(
  tx: DbOrTx,
  orderId: number,
  types: readonly WebhookEventType[],
  extra: object = {},
): Promise<number[]> {
  return repo.insertEvents(tx, repo.companyOfOrder(orderId), types, repo.orderPayload(orderId, extra));
}
