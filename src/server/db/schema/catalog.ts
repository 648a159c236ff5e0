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
import { id, ref } from './columns';
import { priceGroups } from './core-accounts';

// The catalog area (issue 3): canonical sizes, vehicles and their OE fitments, sales channels,
// and the summary tables that keep browsing and the sizing dropdowns fast at any catalogue size.
// Indexes this area adds to core tables live in migrations/catalog (custom SQL).

const dimension = (name: string) => numeric(name, { precision: 6, scale: 2, mode: 'number' });

/** Sales channels; channel 4 is this B2B web shop (spec §9: sizing calls use channel 4). */
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

/**
 * Purchasable SKUs per price group and size (width, ratio, rim): the sizing dropdowns read this
 * instead of scanning the catalogue. Rebuilt with the facet counts (catalog.summary.ts).
 */
export const catalogSizeCounts = pgTable(
  'catalog_size_counts',
  {
    priceGroupId: ref('price_group_id')
      .notNull()
      .references(() => priceGroups.id),
    width: dimension('width').notNull(),
    ratio: dimension('ratio').notNull(),
    rim: dimension('rim').notNull(),
    skus: integer('skus').notNull(),
  },
  (t) => [primaryKey({ columns: [t.priceGroupId, t.width, t.ratio, t.rim] })],
);

/** Facet counts of the whole purchasable catalogue per price group: browsing with no filter. */
export const catalogFacetCounts = pgTable(
  'catalog_facet_counts',
  {
    priceGroupId: ref('price_group_id')
      .notNull()
      .references(() => priceGroups.id),
    facet: text('facet').notNull(),
    value: text('value').notNull(),
    label: text('label').notNull(),
    skus: integer('skus').notNull(),
  },
  (t) => [primaryKey({ columns: [t.priceGroupId, t.facet, t.value] })],
);

/** One row: whether the summary tables must be rebuilt (prices or stock changed since). */
export const catalogSummaryState = pgTable('catalog_summary_state', {
  id: smallint('id').primaryKey().default(1),
  stale: boolean('stale').notNull().default(true),
  rebuiltAt: timestamp('rebuilt_at', { withTimezone: true }),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/** The facets of search.facets.ts, in its order: search_items stores each as f_<facet>_v/_l. */
const searchFacetNames = [
  'makes',
  'models',
  'speed',
  'load',
  'ply',
  'utqg',
  'warranty',
  'sidewall',
  'categories',
  'specials',
  'rebates',
] as const;
const facetColumns = Object.fromEntries(
  searchFacetNames.flatMap((k) => [
    [`f_${k}_v`, text(`f_${k}_v`)],
    [`f_${k}_l`, text(`f_${k}_l`)],
  ]),
) as Record<`f_${(typeof searchFacetNames)[number]}_${'v' | 'l'}`, ReturnType<typeof text>>;

/**
 * The purchasable SKUs of each price group with everything a search filters, sorts and counts
 * by, so that a search reads one index range instead of joining the catalogue to all prices.
 * Kept current by refreshSearchItems (catalog.search-items.ts), which refreshProductPrices and
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
    index('search_items_model_idx').on(t.priceGroupId, t.modelId),
    index('search_items_make_idx').on(t.priceGroupId, t.makeId),
  ],
);
