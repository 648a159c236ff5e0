// Tire age (docs/domain.md, "Tire age"): how a stock row's units split by DOT date code, which
// code each hold took, and the maximum age a company (or one of its lines) accepts. Its
// migrations are under migrations/tireage (drizzle/tireage.config.ts).
import { sql } from 'drizzle-orm';
import { check, foreignKey, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ref, updatedAt } from './columns';
import { companies } from './core-accounts';
import { inventory } from './core-catalog';
import { orderItems, stockHolds } from './orders';

/**
 * Units of one stock row made in one week. `inventory.quantity` stays the count of the shelf;
 * the units no lot names are of unknown age. Sold units leave their lot in the statement that
 * sells them; what is still free of a lot is its quantity less the held units that took its code.
 */
export const inventoryLots = pgTable(
  'inventory_lots',
  {
    warehouseId: ref('warehouse_id').notNull(),
    productId: ref('product_id').notNull(),
    dotCode: text('dot_code').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.warehouseId, t.productId, t.dotCode] }),
    foreignKey({
      columns: [t.warehouseId, t.productId],
      foreignColumns: [inventory.warehouseId, inventory.productId],
    }).onDelete('cascade'),
    check('inventory_lots_code', sql`${t.dotCode} ~ '^[0-9]{4}$'`),
    check('inventory_lots_quantity', sql`${t.quantity} >= 0`),
  ],
);

/** The DOT code of the units a hold took; a hold without a row took units of unknown age. */
export const stockHoldLots = pgTable(
  'stock_hold_lots',
  {
    holdId: ref('hold_id')
      .primaryKey()
      .references(() => stockHolds.id, { onDelete: 'cascade' }),
    dotCode: text('dot_code').notNull(),
  },
  (t) => [check('stock_hold_lots_code', sql`${t.dotCode} ~ '^[0-9]{4}$'`)],
);

/**
 * The oldest tires a company buys, in months since the week they were made; a company without a
 * row takes any age the shop sells. Read at checkout without a lock (no reference is locked).
 */
export const companyTireAge = pgTable(
  'company_tire_age',
  {
    companyId: ref('company_id')
      .primaryKey()
      .references(() => companies.id),
    maxAgeMonths: integer('max_age_months').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('company_tire_age_min', sql`${t.maxAgeMonths} >= 1`)],
);

/** A cart or order line's own maximum age, in place of its company's. */
export const orderItemTireAge = pgTable(
  'order_item_tire_age',
  {
    orderItemId: ref('order_item_id')
      .primaryKey()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    maxAgeMonths: integer('max_age_months').notNull(),
  },
  (t) => [check('order_item_tire_age_min', sql`${t.maxAgeMonths} >= 1`)],
);
