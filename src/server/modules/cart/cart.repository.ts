import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { countRows } from '../../db/list-page';
import {
  companies,
  inventory,
  locations,
  makes,
  models,
  orderItems,
  orders,
  productPrices,
  products,
  warehouses,
} from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;

/** The open cart of a user at a location; `lock` takes the row for a checkout. */
export async function findCart(db: DbOrTx, userId: number, locationId: number | null, lock = false) {
  const q = db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'cart'),
        locationId === null ? isNull(orders.locationId) : eq(orders.locationId, locationId),
      ),
    );
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function insertCart(db: DbOrTx, values: typeof orders.$inferInsert) {
  await db.insert(orders).values(values).onConflictDoNothing();
}

export async function updateOrder(db: DbOrTx, orderId: number, values: Partial<typeof orders.$inferInsert>) {
  await db
    .update(orders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(orders.id, orderId));
}

/** The lines of an order with names, and the price and stock of each for a price group. */
function linesFrom(db: DbOrTx, orderId: number, priceGroupId: number | null) {
  return db
    .select({
      item: orderItems,
      skuCode: products.skuCode,
      size: products.size,
      active: products.active,
      makeName: makes.name,
      modelName: models.name,
      priceCents: productPrices.priceCents,
      available: productPrices.available,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .innerJoin(makes, eq(makes.id, orderItems.makeId))
    .innerJoin(models, eq(models.id, orderItems.modelId))
    .leftJoin(
      productPrices,
      and(
        eq(productPrices.productId, orderItems.productId),
        eq(productPrices.priceGroupId, priceGroupId ?? -1),
      ),
    )
    .where(eq(orderItems.orderId, orderId));
}

export function listLines(db: DbOrTx, orderId: number, priceGroupId: number | null) {
  return linesFrom(db, orderId, priceGroupId).orderBy(asc(orderItems.id));
}
export type Line = Awaited<ReturnType<typeof listLines>>[number];

export async function findPricedProduct(db: DbOrTx, productId: number, priceGroupId: number) {
  const [row] = await db
    .select({ product: products, priceCents: productPrices.priceCents, available: productPrices.available })
    .from(products)
    .leftJoin(
      productPrices,
      and(eq(productPrices.productId, products.id), eq(productPrices.priceGroupId, priceGroupId)),
    )
    .where(eq(products.id, productId));
  return row ?? null;
}

export async function insertItem(db: DbOrTx, values: typeof orderItems.$inferInsert) {
  const [row] = await db.insert(orderItems).values(values).returning();
  return row;
}

export async function updateItem(
  db: DbOrTx,
  itemId: number,
  values: Partial<typeof orderItems.$inferInsert>,
) {
  await db.update(orderItems).set(values).where(eq(orderItems.id, itemId));
}

export async function deleteItem(db: DbOrTx, itemId: number) {
  await db.delete(orderItems).where(eq(orderItems.id, itemId));
}

/** The cart count: the lines the cart lists (no price group is needed to count them). */
export function countItems(db: DbOrTx, orderId: number) {
  return countRows(db, linesFrom(db, orderId, null));
}

/** Warehouses that have units of a product free to sell, with their ZIP. */
export function stockedWarehouses(db: DbOrTx, productId: number) {
  return db
    .select({
      warehouseId: warehouses.id,
      zip: warehouses.zip,
      free: sql<number>`${inventory.quantity} - ${inventory.reserved}`,
    })
    .from(inventory)
    .innerJoin(warehouses, eq(warehouses.id, inventory.warehouseId))
    .where(
      and(
        eq(inventory.productId, productId),
        eq(warehouses.active, true),
        sql`${inventory.quantity} > ${inventory.reserved}`,
      ),
    );
}

export async function findLocation(db: DbOrTx, locationId: number) {
  const [row] = await db.select().from(locations).where(eq(locations.id, locationId));
  return row ?? null;
}

export function listInstallerLocations(db: DbOrTx) {
  return db
    .select({ location: locations, companyName: companies.name })
    .from(locations)
    .innerJoin(companies, eq(companies.id, locations.companyId))
    .where(and(gt(locations.installer, 0), eq(locations.active, true)));
}
