// The SQL of outbound webhooks: endpoints, the event outbox and its deliveries.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';

/** The channel the workers LISTEN on; a NOTIFY is sent when a transaction with new events commits. */
export const OUTBOX_CHANNEL = 'webhook_outbox';

/**
 * One statement: the event, and a pending delivery per endpoint of the company that is not
 * disabled and subscribes to `type`; no row at all when there is none. Answers the event's id.
 */
export async function insertEventForSubscribers(
  tx: DbOrTx,
  companyId: number,
  type: string,
  data: object,
): Promise<number | null> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    with subscribed as (
      select id from webhook_endpoints
      where company_id = ${companyId} and status <> 'disabled' and ${type} = any(events)
    ), event as (
      insert into webhook_outbox (company_id, type, data)
      select ${companyId}, ${type}, ${JSON.stringify(data)}::jsonb
      where exists (select 1 from subscribed)
      returning id
    ), queued as (
      insert into webhook_deliveries (event_id, endpoint_id)
      select event.id, subscribed.id from event, subscribed
    )
    select id from event`);
  return rows[0] ? Number(rows[0].id) : null;
}

/** Wakes the workers of every instance; PostgreSQL sends it when the transaction commits. */
export async function notifyOutbox(tx: DbOrTx) {
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}
