import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { FloorBreach } from '../../../domain/discounts';
import { cents, createdAt, id, ref, updatedAt } from './columns';
import { companies, priceGroups } from './core-accounts';

/** Tire dimensions: decimals such as 12.50 or 16.5; never money. */
const dimension = (name: string) => numeric(name, { precision: 6, scale: 2, mode: 'number' });

export const categories = pgTable('categories', {
  id: id(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  createdAt: createdAt(),
});

/** Tire brands. */
export const makes = pgTable('makes', {
  id: id(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

/** Tire lines of a brand. */
export const models = pgTable(
  'models',
  {
    id: id(),
    makeId: ref('make_id')
      .notNull()
      .references(() => makes.id),
    categoryId: ref('category_id').references(() => categories.id),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    description: text('description').notNull().default(''),
    sidewall: text('sidewall'),
    treadWarrantyMiles: integer('tread_warranty_miles'),
    runFlat: boolean('run_flat').notNull().default(false),
    utqg: text('utqg'),
    imageUrl: text('image_url'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('models_make_slug_idx').on(t.makeId, t.slug)],
);

/** A SKU: one size of one tire line. */
export const products = pgTable(
  'products',
  {
    id: id(),
    makeId: ref('make_id')
      .notNull()
      .references(() => makes.id),
    modelId: ref('model_id')
      .notNull()
      .references(() => models.id),
    /** skuCode: the manufacturer part number (MPN). */
    skuCode: text('sku_code').notNull(),
    /** Canonical size text, e.g. 225/45R17 or LT265/70R17 or 33x12.50R15. */
    size: text('size').notNull(),
    sizeType: text('size_type').notNull(),
    width: dimension('width').notNull(),
    ratio: dimension('ratio').notNull(),
    rim: dimension('rim').notNull(),
    construction: text('construction').notNull().default('R'),
    loadIndex: integer('load_index'),
    loadIndexDual: integer('load_index_dual'),
    speedIndex: text('speed_index'),
    ply: integer('ply'),
    loadRange: text('load_range'),
    weightLbs: dimension('weight_lbs'),
    overallDiameter: dimension('overall_diameter').notNull(),
    specials: boolean('specials').notNull().default(false),
    rebateCents: cents('rebate_cents').notNull().default(0),
    /**
     * Federal excise tax per tire, from the load index and construction: written with every SKU
     * through skuExciseTaxUnitCents (src/domain/sku-excise.ts), never typed in.
     */
    fetUnitCents: cents('fet_unit_cents').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_make_sku_idx').on(t.makeId, t.skuCode),
    index('products_size_idx').on(t.width, t.ratio, t.rim),
    index('products_model_idx').on(t.modelId),
  ],
);

export const warehouses = pgTable(
  'warehouses',
  {
    id: id(),
    supplierCompanyId: ref('supplier_company_id')
      .notNull()
      .references(() => companies.id),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    /** distribution | store | dropship */
    type: text('type').notNull().default('distribution'),
    zip: text('zip').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('warehouses_supplier_idx').on(t.supplierCompanyId)],
);

/** Stock and cost of one product in one warehouse. reserved counts units held by open checkouts. */
export const inventory = pgTable(
  'inventory',
  {
    warehouseId: ref('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    productId: ref('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull().default(0),
    reserved: integer('reserved').notNull().default(0),
    costCents: cents('cost_cents').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.warehouseId, t.productId] }),
    index('inventory_product_idx').on(t.productId),
    check('inventory_quantity_nonnegative', sql`${t.quantity} >= 0`),
    check('inventory_reserved_valid', sql`${t.reserved} >= 0 and ${t.reserved} <= ${t.quantity}`),
  ],
);

/**
 * Markup rules of a price group. The most specific matching rule wins (make, category and cost
 * band each add specificity); basisPoints adds a share of cost, fixedCents a fixed amount.
 */
export const markupRules = pgTable(
  'markup_rules',
  {
    id: id(),
    priceGroupId: ref('price_group_id')
      .notNull()
      .references(() => priceGroups.id),
    makeId: ref('make_id').references(() => makes.id),
    categoryId: ref('category_id').references(() => categories.id),
    minCostCents: cents('min_cost_cents'),
    maxCostCents: cents('max_cost_cents'),
    basisPoints: integer('basis_points').notNull().default(0),
    fixedCents: cents('fixed_cents').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('markup_rules_group_idx').on(t.priceGroupId)],
);

/**
 * The computed sell price of each product per price group, kept current whenever costs, stock or
 * rules change, so that price sorting and filtering stay index-backed at any catalogue size.
 */
export const productPrices = pgTable(
  'product_prices',
  {
    priceGroupId: ref('price_group_id')
      .notNull()
      .references(() => priceGroups.id),
    productId: ref('product_id')
      .notNull()
      .references(() => products.id),
    costCents: cents('cost_cents').notNull(),
    priceCents: cents('price_cents').notNull(),
    /** Units available to sell across all warehouses (quantity - reserved). */
    available: integer('available').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.priceGroupId, t.productId] }),
    index('product_prices_group_price_idx').on(t.priceGroupId, t.priceCents),
  ],
);

/** Dated discounts by make, model, product or company; percent (basis points) or amount. */
export const discounts = pgTable('discounts', {
  id: id(),
  name: text('name').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  makeId: ref('make_id').references(() => makes.id),
  modelId: ref('model_id').references(() => models.id),
  productId: ref('product_id').references(() => products.id),
  companyId: ref('company_id').references(() => companies.id),
  basisPoints: integer('basis_points').notNull().default(0),
  amountCents: cents('amount_cents').notNull().default(0),
  active: boolean('active').notNull().default(true),
  /**
   * `pending` while it would take a price under its floor and admin or finance has not approved
   * it: not in force until then. `not_needed` when it stays above every floor.
   */
  approvalStatus: text('approval_status', { enum: ['not_needed', 'pending', 'approved'] })
    .notNull()
    .default('not_needed'),
  /** The prices it takes under their floor (the first 20) and how many, when last checked. */
  belowFloor: jsonb('below_floor').$type<FloorBreach[]>().notNull().default([]),
  belowFloorCount: integer('below_floor_count').notNull().default(0),
  createdAt: createdAt(),
});
