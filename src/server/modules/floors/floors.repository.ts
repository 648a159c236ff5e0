// SQL of the price floors: each price group's minimum margin, each SKU's minimum advertised price
// (MAP), and the prices and costs a discount's targets cover, with both beside each.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { advertisedMinimums, priceGroupFloors, priceGroups, productPrices, products } from '../../db/schema';

export async function minMarginOf(db: DbOrTx, priceGroupId: number | null) {
  const [row] = await db
    .select({ bp: priceGroupFloors.minMarginBasisPoints })
    .from(priceGroupFloors)
    .where(eq(priceGroupFloors.priceGroupId, priceGroupId ?? -1));
  return row?.bp ?? 0;
}

export async function mapOf(db: DbOrTx, productIds: number[]) {
  if (!productIds.length) return new Map<number, number>();
  const rows = await db
    .select()
    .from(advertisedMinimums)
    .where(inArray(advertisedMinimums.productId, productIds));
  return new Map(rows.map((r) => [r.productId, r.mapCents]));
}

export interface Target {
  makeId: number | null;
  modelId: number | null;
  productId: number | null;
}

/** Every price group's price and cost of the SKUs the targets cover (an unset target covers all). */
export function coveredPrices(db: DbOrTx, t: Target) {
  return db
    .select({
      productId: productPrices.productId,
      skuCode: products.skuCode,
      priceGroupId: productPrices.priceGroupId,
      priceGroupCode: priceGroups.code,
      priceCents: productPrices.priceCents,
      costCents: productPrices.costCents,
      minMarginBasisPoints: sql<number>`coalesce(${priceGroupFloors.minMarginBasisPoints}, 0)::int`,
      mapCents: advertisedMinimums.mapCents,
    })
    .from(productPrices)
    .innerJoin(products, eq(products.id, productPrices.productId))
    .innerJoin(priceGroups, eq(priceGroups.id, productPrices.priceGroupId))
    .leftJoin(priceGroupFloors, eq(priceGroupFloors.priceGroupId, productPrices.priceGroupId))
    .leftJoin(advertisedMinimums, eq(advertisedMinimums.productId, productPrices.productId))
    .where(
      and(
        t.makeId === null ? undefined : eq(products.makeId, t.makeId),
        t.modelId === null ? undefined : eq(products.modelId, t.modelId),
        t.productId === null ? undefined : eq(productPrices.productId, t.productId),
      ),
    )
    .orderBy(productPrices.productId, productPrices.priceGroupId);
}
