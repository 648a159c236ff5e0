// The SQL of the floors' settings quotes keep: each price group's minimum margin and each SKU's
// minimum advertised price (MAP). What a floor is made of is read by the floors module
// (floors.service.ts), shared with discounts.
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { listPage, type Paging, searchWhere } from '../../db/list-page';
import { advertisedMinimums, makes, models, priceGroupFloors, priceGroups, products } from '../../db/schema';

export function floors(db: DbOrTx) {
  return db
    .select({
      priceGroupId: priceGroups.id,
      code: priceGroups.code,
      name: priceGroups.name,
      minMarginBasisPoints: sql<number>`coalesce(${priceGroupFloors.minMarginBasisPoints}, 0)::int`,
    })
    .from(priceGroups)
    .leftJoin(priceGroupFloors, eq(priceGroupFloors.priceGroupId, priceGroups.id))
    .orderBy(asc(priceGroups.id));
}

export async function setFloor(db: DbOrTx, priceGroupId: number, minMarginBasisPoints: number) {
  await db
    .insert(priceGroupFloors)
    .values({ priceGroupId, minMarginBasisPoints })
    .onConflictDoUpdate({
      target: priceGroupFloors.priceGroupId,
      set: { minMarginBasisPoints, updatedAt: new Date() },
    });
}

/** The SKUs that have a minimum advertised price, by SKU code; `q` searches SKU, make and size. */
export function advertisedMinimumsPage(db: DbOrTx, q: Paging & { q?: string }) {
  return listPage(
    db,
    q,
    () =>
      db
        .select({
          productId: advertisedMinimums.productId,
          skuCode: products.skuCode,
          makeName: makes.name,
          modelName: models.name,
          size: products.size,
          mapCents: advertisedMinimums.mapCents,
        })
        .from(advertisedMinimums)
        .innerJoin(products, eq(products.id, advertisedMinimums.productId))
        .innerJoin(makes, eq(makes.id, products.makeId))
        .innerJoin(models, eq(models.id, products.modelId))
        .where(searchWhere(q.q, [products.skuCode, makes.name, models.name, products.size]))
        .$dynamic(),
    [asc(products.skuCode), asc(advertisedMinimums.productId)],
  );
}

export async function productExists(db: DbOrTx, productId: number) {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  return Boolean(row);
}

/** Sets a SKU's MAP, or removes it (null); answers the value before. */
export async function setAdvertisedMinimum(db: DbOrTx, productId: number, mapCents: number | null) {
  const [was] = await db
    .select({ mapCents: advertisedMinimums.mapCents })
    .from(advertisedMinimums)
    .where(eq(advertisedMinimums.productId, productId));
  const before = was?.mapCents ?? null;
  if (mapCents === null)
    await db.delete(advertisedMinimums).where(eq(advertisedMinimums.productId, productId));
  else
    await db
      .insert(advertisedMinimums)
      .values({ productId, mapCents })
      .onConflictDoUpdate({ target: advertisedMinimums.productId, set: { mapCents } });
  return before;
}
