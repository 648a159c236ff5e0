// The delivery promise: warehouse cut-offs and calendars, the promise each order is placed with.
// Its migrations are under migrations/delivery (drizzle/delivery.config.ts).
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { ref, updatedAt } from './columns';
import { warehouses } from './core-catalog';
import { orderItems, orders } from './orders';

/**
 * When a warehouse ships (docs/domain.md, "Delivery promise"): orders confirmed before `cutoff`
 * (local HH:MM in `time_zone`) ship that business day, plus `handling_days`. A warehouse without
 * a row keeps the shop's default (14:00 in the time zone of its ZIP's state, no handling days).
 */
export const warehouseShipSchedules = pgTable(
  'warehouse_ship_schedules',
  {
    warehouseId: ref('warehouse_id')
      .primaryKey()
      .references(() => warehouses.id),
    timeZone: text('time_zone').notNull(),
    cutoff: text('cutoff').notNull(),
    handlingDays: integer('handling_days').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('warehouse_ship_schedules_cutoff', sql`${t.cutoff} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('warehouse_ship_schedules_handling', sql`${t.handlingDays} between 0 and 30`),
  ],
);

/** Local days a warehouse does not ship (besides weekends). */
export const warehouseHolidays = pgTable(
  'warehouse_holidays',
  {
    warehouseId: ref('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    day: date('day', { mode: 'string' }).notNull(),
    name: text('name').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.warehouseId, t.day] })],
);

/**
 * The promise an order was placed with, per order item and the warehouse its units were routed
 * to: the day that warehouse ships them by and the day they arrive by. Written once, when the
 * order is placed; the order's "arrives by" is the latest of its rows. Its parents are the order
 * and its items, which placing has locked already; it names no company (a reference would take a
 * share lock on the company row at placement, out of the lock order).
 */
export const orderPromises = pgTable(
  'order_promises',
  {
    orderItemId: ref('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    warehouseId: ref('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    shipsBy: date('ships_by', { mode: 'string' }).notNull(),
    arrivesBy: date('arrives_by', { mode: 'string' }).notNull(),
    promisedAt: timestamp('promised_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orderItemId, t.warehouseId] }),
    index('order_promises_order_idx').on(t.orderId),
  ],
);
