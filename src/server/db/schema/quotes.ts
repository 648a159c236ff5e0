import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { cents, createdAt, id, ref, updatedAt } from './columns';
import type { speedIndexes } from '../../../domain/tire-size';
import { companies, locations, priceGroups, users } from './core-accounts';
import { makes, products, warehouses } from './core-catalog';
import { orderItems, orders } from './orders';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A customer's request for prices on many tires, worked by sales (src/domain/quote-status.ts). */
export const quotes = pgTable(
  'quotes',
  {
    id: id(),
    companyId: ref('company_id')
      .notNull()
      .references(() => companies.id),
    locationId: ref('location_id')
      .notNull()
      .references(() => locations.id),
    priceGroupId: ref('price_group_id').references(() => priceGroups.id),
    deliveryZip: text('delivery_zip'),
    /** location (the quote's location, at its ZIP) | installer (the installer's bay, at its ZIP). */
    deliveryKind: text('delivery_kind').notNull().default('location'),
    installerLocationId: ref('installer_location_id').references(() => locations.id),
    requesterUserId: ref('requester_user_id')
      .notNull()
      .references(() => users.id),
    ownerUserId: ref('owner_user_id').references(() => users.id),
    status: text('status').notNull().default('draft'),
    title: text('title').notNull().default(''),
    note: text('note').notNull().default(''),
    validUntil: at('valid_until').notNull(),
    /** Who approved prices under their floor at finalize (admin or finance), if anyone had to. */
    floorApprovedByUserId: ref('floor_approved_by_user_id').references(() => users.id),
    orderId: ref('order_id').references(() => orders.id),
    finalizedAt: at('finalized_at'),
    sentAt: at('sent_at'),
    acceptedAt: at('accepted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('quotes_company_idx').on(t.companyId, t.createdAt),
    index('quotes_status_idx').on(t.status, t.validUntil),
  ],
);

export interface QuoteConstraints {
  brands?: string[];
  categories?: string[];
  minLoadIndex?: number | null;
  minSpeedRating?: (typeof speedIndexes)[number] | null;
  budgetCents?: number | null;
  deliverBy?: string | null;
}

/** One line request of a quote: a size, a vehicle or an MPN, a quantity and optional constraints. */
export const quoteItems = pgTable(
  'quote_items',
  {
    id: id(),
    quoteId: ref('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    size: text('size'),
    vehicle: jsonb('vehicle').$type<{ year: number; make: string; model: string; option: string } | null>(),
    mpn: text('mpn'),
    quantity: integer('quantity').notNull(),
    roadHazard: boolean('road_hazard').notNull().default(false),
    constraints: jsonb('constraints').$type<QuoteConstraints>().notNull().default({}),
    /** Why generation found no option (no fitting tire in stock …). */
    problem: text('problem'),
    chosenOptionId: ref('chosen_option_id'),
  },
  (t) => [index('quote_items_quote_idx').on(t.quoteId), check('quote_items_qty', sql`${t.quantity} > 0`)],
);

/** A proposed tire for a line (good, better or best) with its price, cost, floor and reason. */
export const quoteOptions = pgTable(
  'quote_options',
  {
    id: id(),
    quoteId: ref('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    itemId: ref('item_id')
      .notNull()
      .references(() => quoteItems.id, { onDelete: 'cascade' }),
    tier: text('tier').notNull(),
    productId: ref('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    costCents: cents('cost_cents').notNull(),
    /** The price group's price before discounts. */
    listPriceCents: cents('list_price_cents').notNull(),
    /** The net price per tire quoted (after discounts, or as sales set it). */
    unitPriceCents: cents('unit_price_cents').notNull(),
    /** list | override | unified */
    priceSource: text('price_source').notNull().default('list'),
    floorCents: cents('floor_cents').notNull(),
    roadHazardUnitCents: cents('road_hazard_unit_cents').notNull().default(0),
    shippingCents: cents('shipping_cents').notNull().default(0),
    available: integer('available').notNull(),
    /** The distributor whose stock fills the line when the warehouses cannot (null: warehouses). */
    distributor: text('distributor'),
    /** When the tires should arrive (YYYY-MM-DD): business days in transit plus a distributor's lead. */
    arrivesBy: text('arrives_by'),
    plusSize: boolean('plus_size').notNull().default(false),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('quote_options_item_idx').on(t.itemId), index('quote_options_quote_idx').on(t.quoteId)],
);

/** A run of option generation: progress n of m lines, cancellable, timed out after 600 s. */
export const quoteJobs = pgTable(
  'quote_jobs',
  {
    id: id(),
    quoteId: ref('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('running'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull(),
    message: text('message'),
    createdByUserId: ref('created_by_user_id').references(() => users.id),
    startedAt: at('started_at').notNull().defaultNow(),
    deadlineAt: at('deadline_at').notNull(),
    finishedAt: at('finished_at'),
  },
  (t) => [index('quote_jobs_quote_idx').on(t.quoteId)],
);

/** Units reserved in a warehouse for an option of a finalized quote, until it expires or is accepted. */
export const quoteHolds = pgTable(
  'quote_holds',
  {
    id: id(),
    quoteId: ref('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    optionId: ref('option_id')
      .notNull()
      .references(() => quoteOptions.id, { onDelete: 'cascade' }),
    warehouseId: ref('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    productId: ref('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    /** held | released */
    status: text('status').notNull().default('held'),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('quote_holds_quote_idx').on(t.quoteId),
    index('quote_holds_open_idx').on(t.status, t.expiresAt),
  ],
);

/** Every status change and price decision of a quote: who, when, from, to and a note. */
export const quoteLog = pgTable(
  'quote_log',
  {
    id: id(),
    quoteId: ref('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    userId: ref('user_id').references(() => users.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    note: text('note').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('quote_log_quote_idx').on(t.quoteId)],
);

/** The minimum margin over cost of a price group, in basis points: the quote price floor. */
export const priceGroupFloors = pgTable('price_group_floors', {
  priceGroupId: ref('price_group_id')
    .primaryKey()
    .references(() => priceGroups.id),
  minMarginBasisPoints: integer('min_margin_basis_points').notNull(),
  updatedAt: updatedAt(),
});

/** A manufacturer's minimum advertised price of a SKU: no quote goes under it. */
export const advertisedMinimums = pgTable('advertised_minimums', {
  productId: ref('product_id')
    .primaryKey()
    .references(() => products.id),
  mapCents: cents('map_cents').notNull(),
});

/** The brand tier of a make for the "best" option: 1 is premium; makes without a row are tier 2. */
export const brandTiers = pgTable('brand_tiers', {
  makeId: ref('make_id')
    .primaryKey()
    .references(() => makes.id),
  tier: smallint('tier').notNull(),
});

/**
 * An order item made from an accepted quote keeps the quoted net price per tire and the quoted
 * shipping: the order's re-pricing reads them instead of the day's prices.
 */
export const quotedOrderItems = pgTable('quoted_order_items', {
  orderItemId: ref('order_item_id')
    .primaryKey()
    .references(() => orderItems.id, { onDelete: 'cascade' }),
  quoteOptionId: ref('quote_option_id').references(() => quoteOptions.id),
  unitPriceCents: cents('unit_price_cents').notNull(),
  shippingCents: cents('shipping_cents').notNull(),
});
