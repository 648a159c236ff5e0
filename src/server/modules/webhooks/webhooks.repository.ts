// The SQL of outbound webhooks: endpoints, the event outbox and its deliveries.
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import {
  assertWebhookDeliveryTransition,
  assertWebhookEndpointTransition,
  type WebhookDeliveryStatus,
  type WebhookEndpointStatus,
} from '../../../domain/webhook-status';
import type { DbOrTx } from '../../db/connection';
import { type Paging, listPage } from '../../db/list-page';
import { users, webhookDeliveries, webhookEndpoints, webhookOutbox } from '../../db/schema';
import { type StatusRow, type WithStatus, writeStatus } from '../../db/write-status';

/** The channel the workers LISTEN on; a NOTIFY is sent when a transaction with new events commits. */
export const OUTBOX_CHANNEL = 'webhook_outbox';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

/**
 * One statement: an event of each of `types` for the company `companyOf` selects (a query of one
 * `id`), each with the payload `data`, and a pending delivery per endpoint of the company that is
 * not disabled and subscribes to its type; nothing for a type no endpoint wants. It wakes the
 * workers of every instance when it wrote any: PostgreSQL sends the NOTIFY at commit. Answers the
 * ids of the events written.
 */
export async function insertEvents(
  tx: DbOrTx,
  companyOf: SQL,
  types: readonly string[],
  data: SQL,
): Promise<number[]> {
  const typeArray = `{${types.join(',')}}`;
  const { rows } = await tx.execute<{ id: number }>(sql`
    with company as (${companyOf}),
    wanted as (
      select t.type, ep.id as endpoint_id
      from unnest(${typeArray}::text[]) as t(type)
      join webhook_endpoints ep on ep.company_id = (select id from company)
        and ep.status <> 'disabled' and t.type = any(ep.events)
    ), event as (
      insert into webhook_outbox (company_id, type, data)
      select (select id from company), w.type, ${data}
      from (select distinct type from wanted) w
      -- In the order given: the ids, and so the deliveries' order, follow it.
      order by array_position(${typeArray}::text[], w.type)
      returning id, type
    ), queued as (
      insert into webhook_deliveries (event_id, endpoint_id)
      select event.id, wanted.endpoint_id from event join wanted on wanted.type = event.type
    )
    select id, pg_notify(${OUTBOX_CHANNEL}, '')::text as notified from event order by id`);
  return rows.map((r) => Number(r.id));
}

/** The company of an event given by its id. */
export const companyById = (companyId: number) => sql`select ${companyId}::bigint as id`;

/** The company of an order, for the events of the order and what hangs off it. */
export const companyOfOrder = (orderId: number) =>
  sql`select company_id as id from orders where id = ${orderId}`;

/**
 * The payload every order event carries, read from the order's row as the transaction left it
 * (docs/webhooks.md, "Events"), with `extra` (JSON) on top.
 */
export const orderPayload = (orderId: number, extra: object) => sql`(
  select jsonb_build_object(
    'orderId', o.id, 'number', o.number, 'poNumber', o.po_number, 'status', o.status,
    'paymentStatus', o.payment_status, 'paymentMethod', o.payment_method,
    'locationId', o.location_id, 'totalCents', o.total_cents, 'taxCents', o.tax_cents,
    'placedAt', o.placed_at
  ) || ${JSON.stringify(extra)}::jsonb
  from orders o where o.id = ${orderId})`;

/** Wakes the workers of every instance; PostgreSQL sends it when the transaction commits. */
export async function notifyOutbox(tx: DbOrTx) {
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}

export function endpointsOfCompany(db: DbOrTx, companyId: number) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.companyId, companyId))
    .orderBy(asc(webhookEndpoints.id));
}

/** An endpoint of the company, locked for a change of its own columns; undefined for another company's. */
export async function findEndpoint(
  db: DbOrTx,
  companyId: number,
  id: number,
  lock?: 'update' | 'no key update',
) {
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.companyId, companyId)));
  const [row] = await (lock ? query.for(lock) : query);
  return row;
}

export async function insertEndpoint(db: DbOrTx, values: typeof webhookEndpoints.$inferInsert) {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row;
}

/** The columns of an endpoint other than its status. */
export async function updateEndpoint(
  db: DbOrTx,
  id: number,
  set: Partial<Pick<EndpointRow, 'url' | 'description' | 'events' | 'secret' | 'previousSecret'>> & {
    previousSecretUntil?: Date | null;
    secretRotatedAt?: Date | null;
  },
) {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  return row;
}

/** The one write of an endpoint's status, by its transition table. */
export function setEndpointStatus(
  db: DbOrTx,
  row: StatusRow,
  to: WebhookEndpointStatus,
  set?: WithStatus<typeof webhookEndpoints>,
) {
  return writeStatus(db, webhookEndpoints, assertWebhookEndpointTransition, row, to, set);
}

export async function deleteEndpoint(db: DbOrTx, id: number) {
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
}

const deliveryColumns = {
  delivery: webhookDeliveries,
  type: webhookOutbox.type,
  data: webhookOutbox.data,
  companyId: webhookEndpoints.companyId,
};

export type DeliveryView = {
  delivery: typeof webhookDeliveries.$inferSelect;
  type: string;
  data: unknown;
  companyId: number;
};

const deliveriesFrom = (db: DbOrTx) =>
  db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookOutbox, eq(webhookOutbox.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId));

/** An endpoint's deliveries, newest first, maybe of one status. */
export function listDeliveries(
  db: DbOrTx,
  endpointId: number,
  q: Paging & { status?: WebhookDeliveryStatus },
) {
  const where = and(
    eq(webhookDeliveries.endpointId, endpointId),
    q.status ? eq(webhookDeliveries.status, q.status) : undefined,
  );
  return listPage(db, q, () => deliveriesFrom(db).where(where).$dynamic(), [desc(webhookDeliveries.id)]);
}

/** A delivery of the company's endpoints with its event; locked when asked. */
export async function findDelivery(db: DbOrTx, companyId: number, id: number, lock = false) {
  const query = deliveriesFrom(db).where(
    and(eq(webhookDeliveries.id, id), eq(webhookEndpoints.companyId, companyId)),
  );
  const [row] = await (lock ? query.for('no key update', { of: webhookDeliveries }) : query);
  return row as DeliveryView | undefined;
}

/** What the worker needs to send one claimed delivery. */
export interface ClaimedDelivery {
  id: number;
  attempts: number;
  roundAttempts: number;
  eventId: number;
  type: string;
  data: unknown;
  eventAt: Date;
  endpointId: number;
  companyId: number;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretUntil: Date | null;
}

/**
 * Claims up to `limit` due deliveries of endpoints that are not disabled: rows another worker is
 * claiming are skipped (FOR UPDATE SKIP LOCKED), and each claimed row counts its attempt and has
 * its next attempt moved `leaseMs` ahead, so no other worker takes it while it is being sent
 * (and, if this process dies meanwhile, another sends it after the lease).
 */
export async function claimDue(db: DbOrTx, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    with due as (
      select d.id from webhook_deliveries d
      join webhook_endpoints ep on ep.id = d.endpoint_id
      where d.status = 'pending' and d.next_attempt_at <= now() and ep.status <> 'disabled'
      order by d.next_attempt_at, d.id
      limit ${limit}
      for update of d skip locked
    )
    update webhook_deliveries d
    set attempts = d.attempts + 1,
        round_attempts = d.round_attempts + 1,
        last_attempt_at = now(),
        next_attempt_at = now() + ${leaseMs} * interval '1 millisecond',
        updated_at = now()
    from due, webhook_outbox e, webhook_endpoints ep
    where d.id = due.id and e.id = d.event_id and ep.id = d.endpoint_id
    returning d.id, d.attempts, d.round_attempts, e.id as event_id, e.type, e.data, e.created_at as event_at,
      ep.id as endpoint_id, ep.company_id, ep.url, ep.secret, ep.previous_secret, ep.previous_secret_until`);
  return rows.map(toClaimed);
}

function toClaimed(r: Record<string, unknown>): ClaimedDelivery {
  return {
    id: Number(r.id),
    attempts: Number(r.attempts),
    roundAttempts: Number(r.round_attempts),
    eventId: Number(r.event_id),
    type: String(r.type),
    data: r.data,
    eventAt: new Date(r.event_at as string),
    endpointId: Number(r.endpoint_id),
    companyId: Number(r.company_id),
    url: String(r.url),
    secret: String(r.secret),
    previousSecret: r.previous_secret == null ? null : String(r.previous_secret),
    previousSecretUntil: r.previous_secret_until == null ? null : new Date(r.previous_secret_until as string),
  };
}

/** A claimed delivery, locked, if it is still the claim `attempts` made (no later claim took it over). */
export async function lockClaimed(db: DbOrTx, id: number, attempts: number) {
  const [row] = await db
    .select({ id: webhookDeliveries.id, status: webhookDeliveries.status })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.attempts, attempts)))
    .for('no key update');
  return row;
}

/** The one write of a delivery's status, by its transition table. */
export function setDeliveryStatus(
  db: DbOrTx,
  row: StatusRow,
  to: WebhookDeliveryStatus,
  set?: WithStatus<typeof webhookDeliveries>,
) {
  return writeStatus(db, webhookDeliveries, assertWebhookDeliveryTransition, row, to, set);
}

/** A failed attempt with attempts left: its answer, and when the next one is due. */
export async function scheduleRetry(
  db: DbOrTx,
  id: number,
  outcome: { lastStatusCode: number | null; lastError: string | null },
  delayMs: number,
) {
  await db
    .update(webhookDeliveries)
    .set({
      lastStatusCode: outcome.lastStatusCode,
      lastError: outcome.lastError,
      nextAttemptAt: sql`now() + ${delayMs} * interval '1 millisecond'`,
      updatedAt: new Date(),
    })
    .where(eq(webhookDeliveries.id, id));
}

/** The endpoint a delivery went to, locked for its status; with its company. */
export async function lockEndpointById(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      id: webhookEndpoints.id,
      status: webhookEndpoints.status,
      companyId: webhookEndpoints.companyId,
      url: webhookEndpoints.url,
    })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, id))
    .for('no key update');
  return row;
}

/** The company's admins, who are told when an endpoint fails. */
export function companyAdmins(db: DbOrTx, companyId: number) {
  return db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, 'company_admin'), eq(users.active, true)));
}
