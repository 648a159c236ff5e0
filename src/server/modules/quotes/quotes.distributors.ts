// Distributor stock for quote options (docs/quotes.md, "Generating options"): when no warehouse
// can fill a line, an option may come from a distributor's stock. The distributors themselves
// belong to logistics, which registers its source here at start-up; until one is registered,
// quotes see no distributor stock.
import type { DbOrTx } from '../../db/connection';

/** What one distributor can supply of one SKU, and how many business days it takes to ship. */
export interface DistributorOffer {
  productId: number;
  distributor: string;
  available: number;
  leadDays: number;
}

export interface DistributorStockSource {
  /** The offers of every distributor for these SKUs (several per SKU allowed). */
  offers(db: DbOrTx, productIds: number[]): Promise<DistributorOffer[]>;
}

let source: DistributorStockSource | null = null;

/** Logistics (or a test) plugs in the distributors' stock; null unplugs it. */
export function setDistributorStockSource(next: DistributorStockSource | null) {
  source = next;
}

export function distributorStockSource(): DistributorStockSource | null {
  return source;
}

/**
 * The best offer per SKU that, with the warehouses' free units, covers the quantity: the
 * shortest lead, then the most units.
 */
export async function coveringOffers(
  db: DbOrTx,
  wanted: { productId: number; available: number }[],
  quantity: number,
): Promise<Map<number, DistributorOffer>> {
  const best = new Map<number, DistributorOffer>();
  if (!source || !wanted.length) return best;
  const free = new Map(wanted.map((w) => [w.productId, w.available]));
  const offers = await source.offers(
    db,
    wanted.map((w) => w.productId),
  );
  for (const o of offers) {
    if ((free.get(o.productId) ?? 0) + o.available < quantity) continue;
    const seen = best.get(o.productId);
    if (!seen || o.leadDays < seen.leadDays || (o.leadDays === seen.leadDays && o.available > seen.available))
      best.set(o.productId, o);
  }
  return best;
}
