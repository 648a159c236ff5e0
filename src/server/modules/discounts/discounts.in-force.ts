import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import {
  type DiscountRule,
  type ListPricedItem,
  type ShopPrice,
  shopPriceOf,
} from '../../../domain/discounts';
import type { DbOrTx } from '../../db/connection';
import { discounts } from '../../db/schema';

// The discounts in force for one company, read once per request (one small statement) by the
// cart and by every shop read that shows a price, which all apply them through the one rule of
// src/domain/discounts.ts. Read per request rather than cached, so that a change made in the back
// office (on any instance) shows at once everywhere.

/** Active discounts started by `at`, not ended, for every company or for this one. */
export function discountsInForce(db: DbOrTx, companyId: number, at = new Date()): Promise<DiscountRule[]> {
  return db
    .select()
    .from(discounts)
    .where(
      and(
        eq(discounts.active, true),
        lte(discounts.startsAt, at),
        or(isNull(discounts.endsAt), gt(discounts.endsAt, at)),
        or(isNull(discounts.companyId), eq(discounts.companyId, companyId)),
      ),
    );
}

/** Prices items of the caller's price group for a company: each gets its discounted price. */
export function discounterOf(rules: DiscountRule[], companyId: number, at = new Date()) {
  return <T extends ListPricedItem>(item: T): T & ShopPrice => ({
    ...item,
    ...shopPriceOf(rules, item, companyId, at),
  });
}

/** Reads the company's discounts and applies them to a few items (catalogue reads). */
export async function withDiscounts<T extends ListPricedItem>(
  db: DbOrTx,
  companyId: number,
  items: T[],
): Promise<(T & ShopPrice)[]> {
  if (!items.length) return [];
  return items.map(discounterOf(await discountsInForce(db, companyId), companyId));
}
