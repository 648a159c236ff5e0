// The SQL of the catalogue a quote's options are picked from: candidate SKUs with their day's
// price, cost and stock, and a SKU found by its part number.
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { products } from '../../db/schema';
import { speedIndexes } from '../../../domain/tire-size';

export interface CandidateRow {
  productId: number;
  makeId: number;
  modelId: number;
  makeName: string;
  brandTier: number;
  categoryName: string | null;
  size: string;
  overallDiameter: number;
  loadIndex: number | null;
  speedIndex: string | null;
  treadWarrantyMiles: number | null;
  utqg: string | null;
  listPriceCents: number;
  costCents: number;
  available: number;
  mapCents: number | null;
}

function toCandidate(r: Record<string, unknown>): CandidateRow {
  return {
    productId: Number(r.product_id),
    makeId: Number(r.make_id),
    modelId: Number(r.model_id),
    makeName: r.make_name as string,
    brandTier: Number(r.brand_tier),
    categoryName: (r.category_name as string | null) ?? null,
    size: r.size as string,
    overallDiameter: Number(r.overall_diameter),
    loadIndex: r.load_index === null ? null : Number(r.load_index),
    speedIndex: (r.speed_index as string | null) ?? null,
    treadWarrantyMiles: r.tread_warranty_miles === null ? null : Number(r.tread_warranty_miles),
    utqg: (r.utqg as string | null) ?? null,
    listPriceCents: Number(r.price_cents),
    costCents: Number(r.cost_cents),
    available: Number(r.available),
    mapCents: r.map_cents === null ? null : Number(r.map_cents),
  };
}

const speedList = `{${speedIndexes.join(',')}}`;

/**
 * A line without brand, category or budget limits needs only the few SKUs that can win a tier:
 * the first k by each tier's order (price; warranty miles per dollar then treadwear; brand tier)
 * among SKUs no discount targets, and every SKU a discount targets (its net price may reorder
 * it). The tier rules themselves stay in the domain (selectTiers), which picks from these.
 */
export interface TopCandidates {
  k: number;
  makeIds: number[];
  modelIds: number[];
  productIds: number[];
}

/**
 * Purchasable SKUs of the price group with stock for the quantity, load and speed at or above
 * what is asked: of one exact size, or (plus sizes) of any size within the diameter range.
 */
export async function candidates(
  db: DbOrTx,
  q: {
    priceGroupId: number;
    quantity: number;
    /** SKUs the warehouses cannot fill (for a distributor's stock), at most this many. */
    short?: number;
    minLoad: number | null;
    minSpeedRank: number;
    exact?: { width: number; ratio: number; rim: number };
    diameter?: { from: number; to: number };
    /** Only the SKUs that can win a tier: see TopCandidates. */
    top?: TopCandidates;
  },
): Promise<CandidateRow[]> {
  const where = q.exact
    ? sql`p.width = ${q.exact.width} and p.ratio = ${q.exact.ratio} and p.rim = ${q.exact.rim}`
    : sql`p.overall_diameter between ${q.diameter?.from ?? 0} and ${q.diameter?.to ?? 0}`;
  const top = q.top;
  const ids = (list: number[]) => `{${list.join(',')}}`;
  const discounted = top
    ? sql`(p.make_id = any(${ids(top.makeIds)}::bigint[]) or p.model_id = any(${ids(top.modelIds)}::bigint[])
        or p.id = any(${ids(top.productIds)}::bigint[]))`
    : sql`false`;
  const { rows } = await db.execute(sql`
    ${
      top
        ? sql`select * from (select *,
      row_number() over (partition by discounted order by price_cents, product_id) as by_price,
      row_number() over (partition by discounted order by coalesce(tread_warranty_miles, 0) * 100.0 / greatest(price_cents, 1) desc,
        treadwear desc, price_cents, product_id) as by_value,
      row_number() over (partition by discounted order by brand_tier, coalesce(tread_warranty_miles, 0) desc,
        speed_rank desc, price_cents, product_id) as by_brand
      from (`
        : sql``
    }
    select p.id as product_id, p.make_id, p.model_id, mk.name as make_name, coalesce(bt.tier, 2) as brand_tier,
      c.name as category_name, p.size, p.overall_diameter, p.load_index, p.speed_index,
      m.tread_warranty_miles, m.utqg, pp.price_cents, pp.cost_cents, pp.available, am.map_cents,
      coalesce(substring(m.utqg from '^ *([0-9]+)')::int, 0) as treadwear,
      coalesce(array_position(${speedList}::text[], p.speed_index), 0) - 1 as speed_rank,
      ${discounted} as discounted
    from products p
    join product_prices pp on pp.product_id = p.id and pp.price_group_id = ${q.priceGroupId}
    join makes mk on mk.id = p.make_id
    join models m on m.id = p.model_id
    left join categories c on c.id = m.category_id
    left join brand_tiers bt on bt.make_id = p.make_id
    left join advertised_minimums am on am.product_id = p.id
    where ${where} and p.active and mk.active and m.active
      and ${q.short ? sql`pp.available < ${q.quantity}` : sql`pp.available >= ${q.quantity}`}
      and (${q.minLoad}::int is null or p.load_index >= ${q.minLoad}::int)
      and coalesce(array_position(${speedList}::text[], p.speed_index), 0) - 1 >= ${q.minSpeedRank}
    ${q.short ? sql`order by pp.price_cents, p.id limit ${q.short}` : sql``}
    ${top ? sql`) c) ranked where discounted or by_price <= ${top.k} or by_value <= ${top.k} or by_brand <= ${top.k}` : sql``}`);
  return rows.map(toCandidate);
}

/** SKUs with this manufacturer part number. */
export function productsByMpn(db: DbOrTx, mpn: string) {
  return db
    .select({ size: products.size, loadIndex: products.loadIndex, speedIndex: products.speedIndex })
    .from(products)
    .where(and(sql`lower(${products.skuCode}) = lower(${mpn})`, eq(products.active, true)))
    .limit(1);
}

/** The day's price, cost and stock of SKUs for a price group. */
export async function dayPrices(db: DbOrTx, priceGroupId: number, productIds: number[]) {
  if (!productIds.length)
    return new Map<number, { priceCents: number; costCents: number; available: number }>();
  const { rows } = await db.execute(sql`
    select product_id, price_cents, cost_cents, available from product_prices
    where price_group_id = ${priceGroupId} and product_id = any(${`{${productIds.join(',')}}`}::bigint[])`);
  return new Map(
    rows.map((r) => [
      Number(r.product_id),
      { priceCents: Number(r.price_cents), costCents: Number(r.cost_cents), available: Number(r.available) },
    ]),
  );
}
