import { sql } from 'drizzle-orm';
import { check, index, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { cents, createdAt, id, ref, updatedAt } from './columns';
import { locations, users } from './core-accounts';
import { orders } from './orders';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The installer's side of an order delivered to its bay (orders.installer_location_id): the
 * appointment, when the tires came in and were mounted, and the mounting labour the bill run
 * pays. Made on the first change; until then the order is "incoming" (docs/installer.md).
 */
export const installerOrders = pgTable(
  'installer_orders',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    installerLocationId: ref('installer_location_id')
      .notNull()
      .references(() => locations.id),
    /** src/domain/installer-status.ts */
    status: text('status').notNull().default('incoming'),
    appointmentAt: at('appointment_at'),
    /** The customer's vehicle, when the customer or the installer knows it. */
    vehicle: text('vehicle'),
    receivedAt: at('received_at'),
    mountedAt: at('mounted_at'),
    /** Mounting labour the shop owes the installer, recorded when the tires are mounted. */
    labourCents: cents('labour_cents').notNull().default(0),
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('installer_orders_location_idx').on(t.installerLocationId, t.status),
    check('installer_orders_labour', sql`${t.labourCents} >= 0`),
  ],
);

/** What happened to an installer order: who, when, from, to and why. */
export const installerOrderLog = pgTable(
  'installer_order_log',
  {
    id: id(),
    installerOrderId: ref('installer_order_id')
      .notNull()
      .references(() => installerOrders.id, { onDelete: 'cascade' }),
    userId: ref('user_id').references(() => users.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    note: text('note'),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('installer_order_log_order_idx').on(t.installerOrderId)],
);

/**
 * An installer location's published service prices per tire: the valve stem or TPMS service kit
 * and the disposal of the old tire; mount and balance by rim size is in installer_mount_rates.
 * One row per location; the out-the-door price of an order delivered there reads it
 * (docs/installer.md, "Service price list").
 */
export const installerServiceLists = pgTable(
  'installer_service_lists',
  {
    id: id(),
    installerLocationId: ref('installer_location_id')
      .notNull()
      .unique()
      .references(() => locations.id),
    valveKitCents: cents('valve_kit_cents').notNull(),
    disposalCents: cents('disposal_cents').notNull(),
    updatedBy: ref('updated_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('installer_service_lists_cents', sql`${t.valveKitCents} >= 0 and ${t.disposalCents} >= 0`)],
);

/**
 * Mount and balance per tire by rim size: whole inches, both ends included, a fractional rim
 * counted by its whole inches (19.5 is 19); a null end is open. The rows of a list cover every
 * rim exactly once (src/domain/installer-services.ts checks it before they are written).
 */
export const installerMountRates = pgTable(
  'installer_mount_rates',
  {
    id: id(),
    listId: ref('list_id')
      .notNull()
      .references(() => installerServiceLists.id, { onDelete: 'cascade' }),
    fromInches: smallint('from_inches'),
    toInches: smallint('to_inches'),
    mountBalanceCents: cents('mount_balance_cents').notNull(),
  },
  (t) => [
    index('installer_mount_rates_list_idx').on(t.listId),
    check('installer_mount_rates_cents', sql`${t.mountBalanceCents} >= 0`),
    check(
      'installer_mount_rates_range',
      sql`${t.fromInches} is null or ${t.toInches} is null or ${t.fromInches} <= ${t.toInches}`,
    ),
  ],
);
