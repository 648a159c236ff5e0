import { type SQL, sql } from 'drizzle-orm';

/**
 * The columns of a Product (contract/catalog.ts) over `p` products, `m` models, `mk` makes,
 * `c` categories and `pp` the caller's product_prices row: shared by catalogue reads and search.
 */
export const productFields = sql`
  p.id as "productId", p.make_id as "skuMakeId", p.sku_code as "skuCode", p.make_id as "makeId",
  p.model_id as "modelId", mk.name as brand, m.name as line, m.category_id as "categoryId",
  c.name as category, p.size, p.size_type as "sizeType", p.width::float8 as width,
  p.ratio::float8 as ratio, p.rim::float8 as rim, p.construction, p.load_index as "loadIndex",
  p.load_index_dual as "loadIndexDual", p.speed_index as "speedIndex", p.ply, p.load_range as "loadRange",
  p.weight_lbs::float8 as "weightLbs", p.overall_diameter::float8 as "overallDiameter", m.utqg,
  m.tread_warranty_miles as "warrantyMiles", m.sidewall, m.run_flat as "runFlat", p.specials,
  p.rebate_cents as "rebateCents", p.fet_unit_cents as "fetUnitCents", pp.price_cents as "priceCents", coalesce(pp.available, 0) as available,
  m.image_url as image`;

/** products with their line, brand, category and the price of one price group (if any). */
export const productFrom = (priceGroupId: number | null) => sql`
  from products p
  join models m on m.id = p.model_id
  join makes mk on mk.id = p.make_id
  left join categories c on c.id = m.category_id
  left join product_prices pp on pp.product_id = p.id and pp.price_group_id = ${priceGroupId ?? 0}`;

export const and = (parts: (SQL | false | undefined)[]) => {
  const kept = parts.filter((p): p is SQL => Boolean(p));
  return kept.length ? sql.join(kept, sql` and `) : sql`true`;
};
