import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cents, createdAt, id, ref } from './columns';
import { orders } from './orders';

/**
 * Something finance must act on for an order that no person asked for: the card processor
 * opened a dispute (chargeback). One row per processor object; closed when finance is done.
 */
export const financeTasks = pgTable(
  'finance_tasks',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 'dispute' */
    kind: text('kind').notNull(),
    /** The processor's id of what the task is about (a Stripe dispute du_…). */
    reference: text('reference').notNull(),
    amountCents: cents('amount_cents').notNull(),
    note: text('note').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('finance_tasks_reference_idx').on(t.kind, t.reference),
    index('finance_tasks_order_idx').on(t.orderId),
  ],
);
