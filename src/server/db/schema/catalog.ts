import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { facetFilterKeys } from '../../../domain/shop-search';
import { id, ref } from './columns';
import { priceGroups } from './core-accounts';

// The catalog area: canonical sizes, vehicles and their OE fitments, sales channels, and the
// search tables that keep browsing and the sizing dropdowns fast at any catalogue size (see
// src/server/modules/search/README.md).
// Indexes this area adds to core tables live in migrations/catalog (custom SQL).

const dimension = (name: string) => numeric(name, { precision: 6, scale: 2, mode: 'number' });

/** Sales channels; channel 4 is this B2B web shop, the channel its sizing calls name. */
export const channels = pgTable('channels', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
});

/** Canonical size records (products.size holds the same text) with their overall diameter. */
export const sizes = pgTable(
  'sizes',
  {
    id: id(),
    size: text('size').notNull().unique(),
    slug: text('slug').notNull().unique(),
    sizeType: text('size_type').notNull(),
    width: dimension('width').notNull(),
    ratio: dimension('ratio').notNull(),
    rim: dimension('rim').notNull(),
    construction: text('construction').notNull().default('R'),
    overallDiameter: dimension('overall_diameter').notNull(),
  },
  (t) => [
    index('sizes_diameter_idx').on(t.overallDiameter),
    index('sizes_dims_idx').on(t.width, t.ratio, t.rim),
  ],
);

/** One vehicle configuration: year, make, model and option (trim). */
export const vehicles = pgTable(
  'vehicles',
  {
    id: id(),
    year: smallint('year').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    option: text('option').notNull(),
    slug: text('slug').notNull().unique(),
  },
  (t) => [uniqueIndex('vehicles_ymmo_idx').on(t.year, t.make, t.model, t.option)],
);

/** An original-equipment tire fitment of a vehicle; a rear size makes it a staggered set. */
export const vehicleFitments = pgTable(
  'vehicle_fitments',
  {
    id: id(),
    vehicleId: ref('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    frontSize: text('front_size').notNull(),
    frontLoadIndex: integer('front_load_index').notNull(),
    frontSpeedIndex: text('front_speed_index').notNull(),
    rearSize: text('rear_size'),
    rearLoadIndex: integer('rear_load_index'),
    rearSpeedIndex: text('rear_speed_index'),
  },
  (t) => [
    uniqueIndex('vehicle_fitments_vehicle_idx').on(t.vehicleId, t.position),
    index('vehicle_fitments_front_idx').on(t.frontSize),
  ],
);

// search_items stores each facet of the shop search (src/domain/shop-search.ts) as f_<facet>_v/_l.
const facetColumns = Object.fromEntries(
  facetFilterKeys.flatMap((k) => [
    [`f_${k}_v`, text(`f_${k}_v`)],
    [`f_${k}_l`, text(`f_${k}_l`)],
  ]),
) as Record<`f_${(typeof facetFilterKeys)[number]}_${'v' | 'l'}`, ReturnType<typeof text>>;

/**
 * The purchasable SKUs of each price group with everything a search filters, sorts and counts
 * by, so that a search reads one index range instead of joining the catalogue to all prices.
 * Kept current by refreshSearchItems (modules/search/search.items.ts), which refreshProductPrices and
 * the catalogue edits call for the products they touch.
 */
export const searchItems = pgTable(
  'search_items',
  {
    priceGroupId: ref('price_group_id')
      .notNull()
      .references(() => priceGroups.id),
    productId: ref('product_id').notNull(),
    width: dimension('width').notNull(),
    ratio: dimension('ratio').notNull(),
    rim: dimension('rim').notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    makeId: ref('make_id').notNull(),
    modelId: ref('model_id').notNull(),
    skuCode: text('sku_code').notNull(),
    size: text('size').notNull(),
    runFlat: boolean('run_flat').notNull(),
    ...facetColumns,
  },
  (t) => [
    primaryKey({ columns: [t.priceGroupId, t.productId] }),
    index('search_items_size_price_idx').on(t.priceGroupId, t.width, t.ratio, t.rim, t.priceCents),
    index('search_items_price_idx').on(t.priceGroupId, t.priceCents, t.productId),
    // In price order within a line or brand, covering what a page and the price range read
    // (migrations/catalog/0011): a text naming lines reads their rows from the index alone.
    index('search_items_model_idx').on(t.priceGroupId, t.modelId, t.priceCents),
    index('search_items_make_idx').on(t.priceGroupId, t.makeId, t.priceCents),
    // A product's rows in every price group: the refresh after a sale reads and deletes by it.
    index('search_items_product_idx').on(t.productId),
  ],
);

/** The key of a stored facet count: price group, size (all 0: the whole catalogue), facet value. */
const facetCountKey = {
  priceGroupId: ref('price_group_id')
    .notNull()
    .references(() => priceGroups.id),
  width: dimension('width').notNull(),
  ratio: dimension('ratio').notNull(),
  rim: dimension('rim').notNull(),
  facet: text('facet').notNull(),
  value: text('value').notNull(),
  label: text('label').notNull(),
  skus: integer('skus').notNull(),
};

/**
 * How many search_items rows carry each facet value, per price group and size, and for the
 * whole catalogue (width, ratio and rim 0); facet '_total' counts all. Exact at every moment
 * once the pending search_facet_deltas are added (search.counts.ts folds them in).
 */
export const searchFacetCounts = pgTable('search_facet_counts', facetCountKey, (t) => [
  primaryKey({ columns: [t.priceGroupId, t.width, t.ratio, t.rim, t.facet, t.value, t.label] }),
  // The sizing dropdowns: SKUs per size of a price group, without reading the facet rows.
  index('search_facet_counts_totals_idx')
    .on(t.priceGroupId, t.width, t.ratio, t.rim, t.skus)
    .where(sql`facet = '_total'`),
  // Counts that fell to zero, deleted after each fold.
  index('search_facet_counts_empty_idx').on(t.priceGroupId).where(sql`skus = 0`),
]);

/**
 * Changes of search_facet_counts not folded in yet: a trigger on search_items appends one row
 * per changed count in the transaction that changes the items (migrations/catalog custom SQL).
 * Appending takes no lock that another writer waits for; reads add these to the stored counts.
 */
export const searchFacetDeltas = pgTable('search_facet_deltas', facetCountKey, (t) => [
  index('search_facet_deltas_key_idx').on(t.priceGroupId, t.width, t.ratio, t.rim),
]);

/**
 * One row: the catalogue generation, moved by every catalogue edit (a statement trigger on
 * products, models, makes, categories; migrations/catalog/0010) and by a truncate of
 * search_items: part of every version of kept answers (db/data-versions.ts). Folds move the
 * generations of search_versions instead. `folded_at` is no longer written.
 */
export const searchCountsState = pgTable('search_counts_state', {
  id: smallint('id').primaryKey().default(1),
  generation: bigint('generation', { mode: 'number' }).notNull().default(0),
  foldedAt: timestamp('folded_at', { withTimezone: true }),
});

/**
 * The version of each scope of a price group's search answers, moved by the fold of the
 * deltas of that scope (search.counts.ts): a size (width, ratio, rim), the whole catalogue
 * (0, 0, 0) and the list of sizes of the dropdowns (-1, -1, -1). A sale retires the answers of
 * its own sizes this way, not those of every size (src/server/db/data-versions.ts).
 */
export const searchVersions = pgTable(
  'search_versions',
  {
    priceGroupId: ref('price_group_id')
      .notNull()
      .references(() => priceGroups.id),
    width: dimension('width').notNull(),
    ratio: dimension('ratio').notNull(),
    rim: dimension('rim').notNull(),
    generation: bigint('generation', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.priceGroupId, t.width, t.ratio, t.rim] })],
);

/**
 * One row: bumped by a statement trigger whenever vehicles or their fitments change (import,
 * seed, any SQL), so the vehicle dropdowns kept in memory know when to reload (sizing.cache.ts).
 */
export const vehicleDataVersion = pgTable('vehicle_data_version', {
  id: smallint('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
