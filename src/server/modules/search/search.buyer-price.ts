import { type SQL, sql } from 'drizzle-orm';
import { type DiscountRule, discountApplies } from '../../../domain/discounts';
import type { SortCode } from '../../../domain/shop-search';

// The buyer's price inside the search statement: the price group's price less the best of the
// company's discounts in force (src/domain/discounts.ts: no stacking, the largest reduction
// wins, percent rounded half up, never below zero). The price bounds, the price range and the
// LTH/HTL sorts use it, so a discounted tire sits where its price puts it. Discounts are few per
// company; they travel in the plan, so a kept answer is kept per set of discounts.

/** A discount as the statement needs it: its targets and its reduction. */
export interface PlanDiscount {
  makeId: number | null;
  modelId: number | null;
  productId: number | null;
  basisPoints: number;
  amountCents: number;
}

/** The rules that apply to the company now, whatever the product (targets are checked in SQL). */
export function planDiscounts(rules: DiscountRule[], companyId: number, at = new Date()): PlanDiscount[] {
  return rules
    .filter((r) =>
      discountApplies(
        { ...r, makeId: null, modelId: null, productId: null },
        {
          makeId: 0,
          modelId: 0,
          productId: 0,
          companyId,
          unitPriceCents: 0,
        },
        at,
      ),
    )
    .map((r) => ({
      makeId: r.makeId,
      modelId: r.modelId,
      productId: r.productId,
      basisPoints: r.basisPoints,
      amountCents: r.amountCents,
    }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/** The buyer's unit price of a search_items row `si`: its list price when no discount applies. */
export function buyerPrice(discounts: PlanDiscount[] | undefined): SQL {
  if (!discounts?.length) return sql`si.price_cents`;
  const reductions = discounts.map((d) => {
    const targets = [
      d.makeId !== null && sql`si.make_id = ${d.makeId}`,
      d.modelId !== null && sql`si.model_id = ${d.modelId}`,
      d.productId !== null && sql`si.product_id = ${d.productId}`,
    ].filter((x): x is SQL => x !== false);
    const reduction = sql`least(si.price_cents, (si.price_cents * ${d.basisPoints}::bigint + 5000) / 10000 + ${d.amountCents}::bigint)`;
    return targets.length
      ? sql`case when ${sql.join(targets, sql` and `)} then ${reduction} else 0 end`
      : reduction;
  });
  return sql`(si.price_cents - greatest(0, ${sql.join(reductions, sql`, `)}))::int`;
}

/**
 * A page in the buyer's price order: the statement chose the page by the buyer's price, and the
 * items' JSON is ordered by list price; this puts it back (same rule, same ties by product id).
 */
export function inBuyerOrder<T extends { priceCents: number | null; productId: number }>(
  list: T[],
  sort: SortCode,
): T[] {
  if (sort !== 'LTH' && sort !== 'HTL') return list;
  const sign = sort === 'LTH' ? 1 : -1;
  return [...list].sort(
    (a, b) => sign * ((a.priceCents ?? 0) - (b.priceCents ?? 0)) || a.productId - b.productId,
  );
}
