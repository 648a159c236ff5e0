import { sql, TransactionRollbackError } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { foldSoon, productsIn, refreshSearchItems } from '../search/search.service';

/**
 * Sell prices (see docs/domain.md), kept in product_prices so that search sorts and filters by an index.
 *
 * Cost: the lowest cost among the warehouses that have the product available (else the lowest
 * cost anywhere). Markup: the most specific active rule of the price group that matches the
 * product (make weighs 4, category 2, cost band 1; the newest rule breaks a tie), adding
 * basisPoints of cost (rounded half up) plus fixedCents, never below half of cost. No matching
 * rule: sold at cost.
 */
const markupOf = sql`
  left join lateral (
    select r.basis_points, r.fixed_cents
    from markup_rules r
    where r.price_group_id = g.id and r.active
      and (r.make_id is null or r.make_id = p.make_id)
      and (r.category_id is null or r.category_id = m.category_id)
      and (r.min_cost_cents is null or s.cost_cents >= r.min_cost_cents)
      and (r.max_cost_cents is null or s.cost_cents < r.max_cost_cents)
    order by (case when r.make_id is null then 0 else 4 end)
           + (case when r.category_id is null then 0 else 2 end)
           + (case when r.min_cost_cents is null and r.max_cost_cents is null then 0 else 1 end) desc,
             r.id desc
    limit 1
  ) rule on true`;

// Floored at half of cost (rounded up): the markup contract's "at most 50 % below cost" holds for
// the rule as a whole, so a negative fixedCents cannot push a price to zero or below (docs/security.md).
const priceExpr = sql`greatest(
  s.cost_cents + coalesce(rule.fixed_cents, 0) + (s.cost_cents * coalesce(rule.basis_points, 0) + 5000) / 10000,
  (s.cost_cents + 1) / 2)`;

const stockOf = (productFilter: ReturnType<typeof sql>) => sql`
  select i.product_id,
         coalesce(min(i.cost_cents) filter (where i.quantity > i.reserved), min(i.cost_cents))::bigint as cost_cents,
         sum(i.quantity - i.reserved)::int as available
  from inventory i
  where ${productFilter}
  group by i.product_id`;

// One array parameter, whatever the count (drizzle would spread a JS array into a list).
const idArray = (productIds: number[]) => `{${productIds.map(Number).join(',')}}`;

function productFilter(productIds?: number[]) {
  return productIds ? sql`i.product_id = any(${idArray(productIds)}::bigint[])` : sql`true`;
}

/** The upsert of the prices of the products of `stock` in every price group. */
const upsertPrices = (productIds?: number[]) => sql`
  insert into product_prices (price_group_id, product_id, cost_cents, price_cents, available, updated_at)
  select g.id, s.product_id, s.cost_cents, ${priceExpr}, s.available, now()
  from (${stockOf(productFilter(productIds))}) s
  join products p on p.id = s.product_id
  join models m on m.id = p.model_id
  cross join price_groups g
  ${markupOf}
  on conflict (price_group_id, product_id) do update
    set cost_cents = excluded.cost_cents, price_cents = excluded.price_cents,
        available = excluded.available, updated_at = excluded.updated_at
    where product_prices.cost_cents is distinct from excluded.cost_cents
       or product_prices.price_cents is distinct from excluded.price_cents
       or product_prices.available is distinct from excluded.available`;

/**
 * Recomputes prices of the given products (all when omitted) in every price group, and the
 * search rows that follow from them. For given products, `before` reads the snapshot the
 * upsert starts from: search rows change only for a new price row, a new price, or stock that
 * crossed zero. A sale that leaves units on the shelf changes none of these and skips the
 * refresh of search_items (results show stock from product_prices, whose trigger marks the
 * product's size changed, so kept answers still follow it).
 */
export async function refreshProductPrices(db: DbOrTx, productIds?: number[]) {
  if (productIds?.length === 0) return;
  if (!productIds) {
    await db.execute(upsertPrices());
    // search_items' trigger keeps the stored facet counts exact (search.counts.ts).
    await refreshSearchItems(db);
    return;
  }
  const { rows } = await db.execute<{ product_id: number; searched: boolean }>(sql`
    with before as (
      select price_group_id, product_id, price_cents, available from product_prices
      where product_id = any(${idArray(productIds)}::bigint[])),
    upserted as (${upsertPrices(productIds)} returning price_group_id, product_id, price_cents, available)
    select u.product_id,
           bool_or(b.product_id is null or b.price_cents <> u.price_cents or (b.available > 0) <> (u.available > 0))
             as searched
    from upserted u
    left join before b on b.price_group_id = u.price_group_id and b.product_id = u.product_id
    group by u.product_id`);
  const searched = rows.filter((r) => r.searched).map((r) => Number(r.product_id));
  if (searched.length) await refreshSearchItems(db, productsIn(searched));
  // Changed stock alone left marker deltas (migrations/catalog/0010): fold them in soon.
  else if (rows.length) foldSoon();
}

export interface PricePreview {
  productId: number;
  priceGroupId: number;
  costCents: number;
  priceCents: number;
}

/**
 * Prices the given products would have if `rule` were added to its group, without saving
 * anything: the back-office preview before a markup rule is saved.
 */
export async function previewPrices(
  db: DbOrTx,
  productIds: number[],
  rule: {
    priceGroupId: number;
    makeId: number | null;
    categoryId: number | null;
    minCostCents: number | null;
    maxCostCents: number | null;
    basisPoints: number;
    fixedCents: number;
  },
): Promise<PricePreview[]> {
  if (productIds.length === 0) return [];
  let preview: PricePreview[] = [];
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into markup_rules (price_group_id, make_id, category_id, min_cost_cents, max_cost_cents, basis_points, fixed_cents)
        values (${rule.priceGroupId}, ${rule.makeId}, ${rule.categoryId}, ${rule.minCostCents}, ${rule.maxCostCents},
                ${rule.basisPoints}, ${rule.fixedCents})`);
      const { rows } = await tx.execute<{
        product_id: number;
        group_id: number;
        cost_cents: number;
        price_cents: number;
      }>(sql`
        select s.product_id, g.id as group_id, s.cost_cents, ${priceExpr} as price_cents
        from (${stockOf(productFilter(productIds))}) s
        join products p on p.id = s.product_id
        join models m on m.id = p.model_id
        cross join price_groups g
        ${markupOf}
        order by s.product_id, g.id`);
      preview = rows.map((r) => ({
        productId: Number(r.product_id),
        priceGroupId: Number(r.group_id),
        costCents: Number(r.cost_cents),
        priceCents: Number(r.price_cents),
      }));
      // Never keep the trial rule: the preview changes nothing.
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  return preview;
}
