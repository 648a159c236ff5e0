// The SQL of an order's items: its lines with their tires and prices (read once per variant,
// db/built-once.ts), the item rows a change locks, and their writes. A removed item (removedAt
// set) stays in the order's history and is no line any more. The order row itself:
// orders.repository.ts.
import { and, asc, eq, inArray, isNull, or, type SQLWrapper, sql } from 'drizzle-orm';
import { builtOnce, type Placeholders } from '../../db/built-once';
import type { DbOrTx } from '../../db/connection';
import { countRows } from '../../db/list-page';
import { makes, models, orderItems, productPrices, products, quotedOrderItems } from '../../db/schema';
import { orderSets } from '../../db/schema/sets';

/** A price group no row has: lines read without a group join no price. */
const NO_PRICE_GROUP = -1;

/**
 * The lines of an order with names, and the price and stock of each for a price group.
 * Product, price and quoted price are looked up per line (lateral, limit 1: the planner cannot
 * merge them into the join): as plain joins, a cart line of a product newer than the
 * statistics of order_items made the planner walk products and product_prices in index order
 * (a merge join it expected to stop early), about 1 s on 200,000 SKUs (docs/performance.md).
 */
function linesFrom(db: DbOrTx, orderId: number | SQLWrapper, priceGroupId: number | SQLWrapper) {
  const product = db
    .select({
      skuCode: products.skuCode,
      size: products.size,
      active: products.active,
      construction: products.construction,
      loadIndex: products.loadIndex,
      rim: products.rim,
      fetUnitCents: products.fetUnitCents,
    })
    .from(products)
    .where(eq(products.id, orderItems.productId))
    .limit(1)
    .as('line_product');
  const price = db
    .select({ priceCents: productPrices.priceCents, available: productPrices.available })
    .from(productPrices)
    .where(
      and(eq(productPrices.productId, orderItems.productId), eq(productPrices.priceGroupId, priceGroupId)),
    )
    .limit(1)
    .as('line_price');
  const quoted = db
    .select({
      unitPriceCents: quotedOrderItems.unitPriceCents,
      shippingCents: quotedOrderItems.shippingCents,
    })
    .from(quotedOrderItems)
    .where(eq(quotedOrderItems.orderItemId, orderItems.id))
    .limit(1)
    .as('line_quoted');
  // The staggered set the line is a half of, if any (orders.sets.ts): joined here, so the cart,
  // checkout and an order's page know it without a statement of their own.
  const set = db
    .select({
      setId: orderSets.id,
      frontItemId: orderSets.frontItemId,
      rearItemId: orderSets.rearItemId,
      brokenAt: orderSets.brokenAt,
      brokenNote: orderSets.brokenNote,
    })
    .from(orderSets)
    .where(or(eq(orderSets.frontItemId, orderItems.id), eq(orderSets.rearItemId, orderItems.id)))
    .limit(1)
    .as('line_set');
  return db
    .select({
      item: orderItems,
      skuCode: product.skuCode,
      size: product.size,
      active: product.active,
      /** What the landed cost reads of the tire: its kind (for the state's fee), rim and excise tax. */
      construction: product.construction,
      loadIndex: product.loadIndex,
      rim: product.rim,
      fetUnitCents: product.fetUnitCents,
      makeName: makes.name,
      modelName: models.name,
      priceCents: price.priceCents,
      available: price.available,
      quotedUnitPriceCents: quoted.unitPriceCents,
      quotedShippingCents: quoted.shippingCents,
      setId: set.setId,
      setFrontItemId: set.frontItemId,
      setRearItemId: set.rearItemId,
      setBrokenAt: set.brokenAt,
      setBrokenNote: set.brokenNote,
    })
    .from(orderItems)
    .innerJoinLateral(product, sql`true`)
    .leftJoinLateral(quoted, sql`true`)
    .leftJoinLateral(set, sql`true`)
    .innerJoin(makes, eq(makes.id, orderItems.makeId))
    .innerJoin(models, eq(models.id, orderItems.modelId))
    .leftJoinLateral(price, sql`true`)
    .where(and(eq(orderItems.orderId, orderId), isNull(orderItems.removedAt)));
}

/** The order's lines with their tires and, for a price group, the group's prices of them. */
export function listLines(db: DbOrTx, orderId: number, priceGroupId: number | null) {
  return linesQuery(db, { orderId, priceGroupId: priceGroupId ?? NO_PRICE_GROUP });
}
// The cart, its checkout and an order's page read them: built once (db/built-once.ts).
const linesQuery = builtOnce((db, p: Placeholders<{ orderId: number; priceGroupId: number }>) =>
  linesFrom(db, p.orderId, p.priceGroupId).orderBy(asc(orderItems.id)),
);
export type Line = Awaited<ReturnType<typeof listLines>>[number];

/** The cart count: the lines the cart lists (no price group is needed to count them). */
export function countItems(db: DbOrTx, orderId: number) {
  return countRows(db, linesFrom(db, orderId, NO_PRICE_GROUP));
}

/** The ids of the items an order still has (not removed). */
export function liveItemIds(db: DbOrTx, orderId: number) {
  return db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNull(orderItems.removedAt)));
}

/** The item of an order that has this tire with this road hazard cover, if any. */
export async function findSameItem(
  db: DbOrTx,
  orderId: number,
  same: { productId: number; roadHazard: boolean },
) {
  const [row] = await db
    .select()
    .from(orderItems)
    .where(
      and(
        eq(orderItems.orderId, orderId),
        eq(orderItems.productId, same.productId),
        eq(orderItems.roadHazard, same.roadHazard),
        isNull(orderItems.removedAt),
      ),
    );
  return row ?? null;
}

/**
 * An item of an order that is not removed, with its SKU; the item row is locked (an item is
 * removed by marking it, never deleted: FOR NO KEY UPDATE, so its lines and holds can be written).
 */
export async function lockLiveItem(db: DbOrTx, orderId: number, itemId: number) {
  const [row] = await db
    .select({ item: orderItems, skuCode: products.skuCode })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId), isNull(orderItems.removedAt)))
    .for('no key update', { of: orderItems });
  return row ?? null;
}

/** Items of an order among these ids, with their SKU; the item rows are locked, in id order. */
export function lockItems(db: DbOrTx, orderId: number, itemIds: number[]) {
  return db
    .select({ item: orderItems, skuCode: products.skuCode })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(and(eq(orderItems.orderId, orderId), inArray(orderItems.id, itemIds)))
    .orderBy(asc(orderItems.id))
    .for('no key update', { of: orderItems });
}

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

export async function insertItems(db: DbOrTx, values: (typeof orderItems.$inferInsert)[]) {
  await db.insert(orderItems).values(values);
}

export async function updateItem(
  db: DbOrTx,
  itemId: number,
  values: Partial<typeof orderItems.$inferInsert>,
) {
  await db.update(orderItems).set(values).where(eq(orderItems.id, itemId));
}

/** A new quantity of an item; answers the item as it now is. */
export async function setItemQuantity(db: DbOrTx, itemId: number, quantity: number) {
  const [row] = await db.update(orderItems).set({ quantity }).where(eq(orderItems.id, itemId)).returning();
  return row;
}

export interface ItemPrice {
  id: number;
  unitPriceCents: number;
  unitDiscountCents: number;
  roadHazardUnitCents: number;
}

/** New prices of several items in one statement. */
export async function updateItemPrices(db: DbOrTx, prices: ItemPrice[]) {
  if (!prices.length) return;
  const rows = sql.join(
    prices.map(
      (p) =>
        sql`(${p.id}::bigint, ${p.unitPriceCents}::bigint, ${p.unitDiscountCents}::bigint, ${p.roadHazardUnitCents}::bigint)`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    update order_items oi
       set unit_price_cents = v.price, unit_discount_cents = v.discount, road_hazard_unit_cents = v.hazard
      from (values ${rows}) as v(id, price, discount, hazard)
     where oi.id = v.id`);
}

/** What an item was taxed at (orders.landed.ts): its landed-cost columns. */
export interface ItemTaxes {
  id: number;
  fetUnitCents: number;
  tireFeeUnitCents: number;
  tireFeeId: number | null;
  servicesUnitCents: number;
  shippingCents: number;
  taxableCents: number;
  taxCents: number;
}

/** New prices and landed-cost columns of several items in one statement. */
export async function updateItemCharges(db: DbOrTx, charges: (ItemPrice & ItemTaxes)[]) {
  if (!charges.length) return;
  const b = (n: number | null) => sql`${n}::bigint`;
  const rows = sql.join(
    charges.map(
      (c) =>
        sql`(${sql.join(
          [
            c.id,
            c.unitPriceCents,
            c.unitDiscountCents,
            c.roadHazardUnitCents,
            c.fetUnitCents,
            c.tireFeeUnitCents,
            c.tireFeeId,
            c.servicesUnitCents,
            c.shippingCents,
            c.taxableCents,
            c.taxCents,
          ].map(b),
          sql`, `,
        )})`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    update order_items oi
       set unit_price_cents = v.price, unit_discount_cents = v.discount, road_hazard_unit_cents = v.hazard,
           fet_unit_cents = v.fet, tire_fee_unit_cents = v.fee, tire_fee_id = v.fee_id,
           services_unit_cents = v.services, shipping_cents = v.shipping,
           taxable_cents = v.taxable, tax_cents = v.tax
      from (values ${rows}) as v(id, price, discount, hazard, fet, fee, fee_id, services, shipping, taxable, tax)
     where oi.id = v.id`);
}

export async function deleteItem(db: DbOrTx, itemId: number) {
  await db.delete(orderItems).where(eq(orderItems.id, itemId));
}
