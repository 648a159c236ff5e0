// Outbound webhooks: a company's endpoints, the event outbox and its deliveries.
// Its migrations are under migrations/webhooks (drizzle/webhooks.config.ts). docs/webhooks.md is
// the contract for the receivers.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, updatedAt } from './columns';
import { companies, users } from './core-accounts';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A company's receiving URL and the event types it subscribes to. The signing secret
 * (`whsec_` and base64) is shown to the company admin once, when made or rotated; it is kept
 * here because every delivery is signed with it. A status moves only by
 * src/domain/webhook-status.ts.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    companyId: ref('company_id')
      .notNull()
      .references(() => companies.id),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** The event types sent to it (src/domain/webhook-events.ts). */
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    /**
     * The secret before the last rotation: deliveries carry a signature by it too until
     * `previous_secret_until`, so the receiver can switch to the new one without missing events.
     */
    previousSecret: text('previous_secret'),
    previousSecretUntil: at('previous_secret_until'),
    /** active | failing (a delivery ran out of attempts) | disabled (the company paused it) */
    status: text('status').notNull().default('active'),
    failingSince: at('failing_since'),
    createdBy: ref('created_by').references(() => users.id),
    secretRotatedAt: at('secret_rotated_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('webhook_endpoints_company_idx').on(t.companyId),
    check('webhook_endpoints_status', sql`${t.status} in ('active', 'failing', 'disabled')`),
    check('webhook_endpoints_events', sql`cardinality(${t.events}) > 0`),
  ],
);

/**
 * One outbound event of a company, written in the transaction of the change it reports (the
 * outbox; `webhook_events` is the providers' inbound events). Its id is the `webhook-id` every
 * delivery of it carries, so a receiver sees one id per event.
 */
export const webhookOutbox = pgTable(
  'webhook_outbox',
  {
    id: id(),
    companyId: ref('company_id')
      .notNull()
      .references(() => companies.id),
    type: text('type').notNull(),
    /** The `data` of the payload, as the emitter gave it. */
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_outbox_company_idx').on(t.companyId, t.createdAt)],
);

/**
 * An event to be sent to one endpoint: the worker claims due rows with FOR UPDATE SKIP LOCKED,
 * so each is sent by one instance at a time; `next_attempt_at` is both the back-off and the
 * claim's lease while a send is in flight.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    eventId: ref('event_id')
      .notNull()
      .references(() => webhookOutbox.id, { onDelete: 'cascade' }),
    endpointId: ref('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** pending | delivered | failed (src/domain/webhook-status.ts) */
    status: text('status').notNull().default('pending'),
    /** Every attempt so far, resends included (what the log shows). */
    attempts: integer('attempts').notNull().default(0),
    /** Attempts since it was queued or last resent: what the back-off counts. */
    roundAttempts: integer('round_attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    lastAttemptAt: at('last_attempt_at'),
    /** The receiver's HTTP status of the last attempt; null when none came (refused, timed out). */
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: at('delivered_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_event_idx').on(t.eventId),
    check('webhook_deliveries_status', sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
);
