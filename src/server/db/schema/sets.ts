// Staggered sets: a front and a rear line of one tire line bought together (docs/fleet.md,
// "Staggered sets"). Its migrations are under migrations/sets (drizzle/sets.config.ts).
import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, ref } from './columns';
import { orderItems } from './orders';

/**
 * Two lines of a cart or order that are one set: the front size and the rear size. A cart is an
 * order, so the lines keep their ids through checkout and the set with them. Deleting either line
 * deletes the set row (the cart removes the other line with it). `brokenAt`: a return took part
 * of the set back; `brokenNote` says which half ("rear returned").
 */
export const orderSets = pgTable(
  'order_sets',
  {
    id: id(),
    frontItemId: ref('front_item_id')
      .notNull()
      .unique('order_sets_front_item_idx')
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    rearItemId: ref('rear_item_id')
      .notNull()
      .unique('order_sets_rear_item_idx')
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    brokenAt: timestamp('broken_at', { withTimezone: true }),
    brokenNote: text('broken_note'),
    createdAt: createdAt(),
  },
  (t) => [check('order_sets_two_lines', sql`${t.frontItemId} <> ${t.rearItemId}`)],
);
