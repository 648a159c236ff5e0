// The price floor, one rule for quotes and discounts: cost plus the price group's minimum margin,
// or the SKU's minimum advertised price when higher (floorCents, src/domain/quote-options.ts).
// Quotes refuse a price under it at finalize, discounts wait for approval (docs/quotes.md,
// docs/domain.md); both read what the floor is made of here.
import { type FloorBreach, floorBreachesOf } from '../../../domain/discounts';
import { floorCents } from '../../../domain/quote-options';
import type { DbOrTx } from '../../db/connection';
import * as repo from './floors.repository';

/** The minimum margin (basis points of cost) of a price group; 0 when none is set. */
export const minMarginOf = (db: DbOrTx, priceGroupId: number | null) => repo.minMarginOf(db, priceGroupId);

/** The floor of each of these SKUs in a price group, from the cost it is bought at. */
export async function floorsOf(db: DbOrTx, priceGroupId: number | null, productIds: number[]) {
  const margin = await repo.minMarginOf(db, priceGroupId);
  const maps = await repo.mapOf(db, productIds);
  return (productId: number, costCents: number) => floorCents(costCents, margin, maps.get(productId) ?? null);
}

/**
 * The prices a discount would take under their floor, in every price group (a company may buy
 * through any group its locations have, now or later): the first `keep` and how many in all.
 */
export async function discountFloorBreaches(
  db: DbOrTx,
  d: repo.Target & { basisPoints: number; amountCents: number },
  keep = 20,
): Promise<{ count: number; lines: FloorBreach[] }> {
  const breaches = floorBreachesOf(d, await repo.coveredPrices(db, d));
  return { count: breaches.length, lines: breaches.slice(0, keep) };
}
