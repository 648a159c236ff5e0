import {
  type DiscountRule,
  type ListPricedItem,
  type ShopPrice,
  shopPriceOf,
} from '../../../domain/discounts';
import type { Db, DbOrTx } from '../../db/connection';
import { RecentReads } from '../../db/recent-reads';
import { rulesFor } from './discounts.repository';

// The discounts of one company, applied through the one rule of src/domain/discounts.ts. The
// cart reads them live in its own transaction, as it prices what is bought. Shop reads (search,
// catalogue) show a price on every result: they read them at most once a second per company
// (recentDiscounts), forgotten at once by any write of this process, so a back-office change
// shows here at once and on another server process within that second.

/** Active discounts started by `at` (or starting later, with `upcoming`), not ended, for every company or this one. */
export function discountsInForce(
  db: DbOrTx,
  companyId: number,
  at = new Date(),
  { upcoming = false } = {},
): Promise<DiscountRule[]> {
  return rulesFor(db, companyId, at, upcoming);
}

const recentRules = new RecentReads<DiscountRule[]>(1000, { forgetOnWrite: true });

/**
 * The company's discounts for shop reads, read at most once a second. Upcoming ones are read
 * too: each rule's start and end are checked again as an item is priced (discountApplies).
 */
export function recentDiscounts(db: Db, companyId: number): Promise<DiscountRule[]> {
  return recentRules.through(db, String(companyId), () =>
    discountsInForce(db, companyId, new Date(), { upcoming: true }),
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
  db: Db,
  companyId: number,
  items: T[],
): Promise<(T & ShopPrice)[]> {
  if (!items.length) return [];
  return items.map(discounterOf(await recentDiscounts(db, companyId), companyId));
}
