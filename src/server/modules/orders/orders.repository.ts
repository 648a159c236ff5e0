// The SQL of the order aggregate: the order row, its items (the cart is an order in status
// 'cart'), the customer location and buyer it is for, its payments and comments. The other
// SQL of orders: orders.lists.repository.ts (summaries, paged lists), orders.routing.repository.ts
// (sub-orders, supplier lines), orders.stock.repository.ts (stock, holds), orders.log.repository.ts
// (the status log) and orders.analytics.repository.ts (sales figures).
import { and, asc, eq, inArray, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { assertOrderTransition, type OrderStatus } from '../../../domain/order-status';
import { assertOrderPaymentTransition, type OrderPaymentStatus } from '../../../domain/payment-status';
import { builtOnce, type Placeholders } from '../../db/built-once';
import type { DbOrTx } from '../../db/connection';
import { countRows } from '../../db/list-page';
import {
  companies,
  locations,
  makes,
  models,
  orderComments,
  orderItems,
  orders,
  productPrices,
  products,
  quotedOrderItems,
  users,
} from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;

/**
 * The order; `lock` takes its row for a change of its columns (FOR NO KEY UPDATE: the rows that
 * name the order, such as its log, payments and holds, can still be inserted beside the lock), or
 * 'key' for a transaction that deletes it (FOR UPDATE). docs/architecture.md, "Lock order".
 * `nowait` fails at once (lock_not_available) when another transaction holds the row.
 */
export async function findOrder(db: DbOrTx, orderId: number, lock: boolean | 'key' = false, nowait = false) {
  const q = db.select().from(orders).where(eq(orders.id, orderId));
  const config = nowait ? ({ noWait: true } as const) : {};
  const [row] =
    lock === 'key' ? await q.for('update', config) : lock ? await q.for('no key update', config) : await q;
  return row ?? null;
}

export async function insertOrder(db: DbOrTx, values: typeof orders.$inferInsert) {
  const [row] = await db.insert(orders).values(values).returning();
  return row;
}

/** The order's columns other than its status, which only setOrderStatus and writePlacedOrder write. */
export async function updateOrder(
  db: DbOrTx,
  orderId: number,
  values: Partial<Omit<typeof orders.$inferInsert, 'status' | 'heldFrom'>>,
) {
  await db
    .update(orders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(orders.id, orderId));
}

/**
 * The one write of an order's status: the move must be in the order table (from on hold, only
 * back to where it was held from); going on hold keeps where from.
 */
export async function setOrderStatus(
  db: DbOrTx,
  order: { id: number; status: string; heldFrom: string | null },
  to: OrderStatus,
) {
  assertOrderTransition(order.status as OrderStatus, to, order.heldFrom as OrderStatus | null);
  const heldFrom = to === 'on_hold' ? order.status : null;
  await db.update(orders).set({ status: to, heldFrom, updatedAt: new Date() }).where(eq(orders.id, order.id));
}

/** Moves an order to a location, its change time untouched (a staff order placed a moment ago). */
export async function setOrderLocation(db: DbOrTx, orderId: number, locationId: number) {
  await db.update(orders).set({ locationId }).where(eq(orders.id, orderId));
}

/** An entry of the order's status log written with the order's row. */
export interface LogLine {
  userId: number | null;
  fromStatus: string;
  toStatus: string;
  note: string | null;
}

/**
 * Writes the placed order's row (status, payment, number from its id, buyer and placing time)
 * and its log entries, in one statement that answers the rows of `andRead` (a read the caller
 * needs next, saving its round trip). Both moves are checked here first: the order's to placed,
 * then its payment's when that changes.
 */
export async function writePlacedOrder(
  db: DbOrTx,
  order: { id: number; status: string; heldFrom: string | null; paymentStatus: string },
  values: {
    paymentStatus: OrderPaymentStatus;
    paymentMethod: string | null;
    userId: number | null;
    placedByUserId: number | null;
    poNumber: string | null;
    placedAt: Date;
  },
  log: LogLine[],
  andRead: SQL,
): Promise<Record<string, unknown>[]> {
  assertOrderTransition(order.status as OrderStatus, 'placed', order.heldFrom as OrderStatus | null);
  if (values.paymentStatus !== order.paymentStatus)
    assertOrderPaymentTransition(order.paymentStatus as OrderPaymentStatus, values.paymentStatus);
  const entries = JSON.stringify(
    log.map((l, n) => ({
      n,
      user_id: l.userId,
      from_status: l.fromStatus,
      to_status: l.toStatus,
      note: l.note,
    })),
  );
  const at = values.placedAt.toISOString();
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    with o as (
      update orders set status = 'placed', held_from = null, payment_status = ${values.paymentStatus},
        payment_method = coalesce(${values.paymentMethod}::text, payment_method),
        number = 'TR-' || lpad(id::text, 6, '0'), user_id = ${values.userId},
        placed_by_user_id = ${values.placedByUserId}, po_number = ${values.poNumber},
        placed_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
      where id = ${order.id}
      returning id),
    logged as (
      insert into order_status_log (order_id, user_id, from_status, to_status, note)
      select o.id, e.user_id, e.from_status, e.to_status, e.note
      from o, json_to_recordset(${entries}::json) as e(n int, user_id bigint, from_status text, to_status text, note text)
      order by e.n
      returning 1)
    ${andRead}`);
  return rows;
}

export async function deleteOrder(db: DbOrTx, orderId: number) {
  await db.delete(orders).where(eq(orders.id, orderId));
}

export function listComments(db: DbOrTx, orderId: number) {
  return db
    .select({ comment: orderComments, userName: users.username })
    .from(orderComments)
    .innerJoin(users, eq(users.id, orderComments.userId))
    .where(eq(orderComments.orderId, orderId))
    .orderBy(asc(orderComments.id));
}

export async function insertComment(db: DbOrTx, values: typeof orderComments.$inferInsert) {
  await db.insert(orderComments).values(values);
}

// The cart: an order in status 'cart', one per user and location.

/** The open cart of a user at a location; `lock` takes the row for a checkout. */
export async function findCart(db: DbOrTx, userId: number, locationId: number | null, lock = false) {
  const find = (lock ? lockedCart : readCart)[locationId === null ? 'noLocation' : 'atLocation'];
  const [row] = await find(db, { userId, locationId });
  return row ?? null;
}

// Every cart call and checkout reads the cart: built once per variant (db/built-once.ts).
function cartQuery(lock: boolean, located: boolean) {
  return builtOnce((db, p: Placeholders<{ userId: number; locationId: number | null }>) => {
    const q = db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.userId, p.userId),
          eq(orders.status, 'cart'),
          located ? eq(orders.locationId, p.locationId) : isNull(orders.locationId),
        ),
      );
    // FOR UPDATE, not NO KEY: a checkout gives the cart its number, a key (unique) column.
    return lock ? q.for('update') : q;
  });
}
const readCart = { noLocation: cartQuery(false, false), atLocation: cartQuery(false, true) };
const lockedCart = { noLocation: cartQuery(true, false), atLocation: cartQuery(true, true) };

export async function insertCart(db: DbOrTx, values: typeof orders.$inferInsert) {
  await db.insert(orders).values(values).onConflictDoNothing();
}

// Items. A removed item (removedAt set) stays in the order's history and is no line any more.

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
    .select({ skuCode: products.skuCode, size: products.size, active: products.active })
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
  return db
    .select({
      item: orderItems,
      skuCode: product.skuCode,
      size: product.size,
      active: product.active,
      makeName: makes.name,
      modelName: models.name,
      priceCents: price.priceCents,
      available: price.available,
      quotedUnitPriceCents: quoted.unitPriceCents,
      quotedShippingCents: quoted.shippingCents,
    })
    .from(orderItems)
    .innerJoinLateral(product, sql`true`)
    .leftJoinLateral(quoted, sql`true`)
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

export async function deleteItem(db: DbOrTx, itemId: number) {
  await db.delete(orderItems).where(eq(orderItems.id, itemId));
}

// Who and where an order is for.

export async function findLocation(db: DbOrTx, locationId: number) {
  const [row] = await db.select().from(locations).where(eq(locations.id, locationId));
  return row ?? null;
}

/** A location of this company, with the company. */
export async function findCompanyLocation(db: DbOrTx, companyId: number, locationId: number) {
  const [row] = await db
    .select({ location: locations, company: companies })
    .from(locations)
    .innerJoin(companies, eq(companies.id, locations.companyId))
    .where(and(eq(locations.id, locationId), eq(locations.companyId, companyId)));
  return row ?? null;
}

/**
 * An active user of the company an order can be for: the one named (whatever its role), else
 * the company admin, else another user of a buying role, oldest first.
 */
export async function findBuyer(db: DbOrTx, companyId: number, userId?: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.active, true),
        userId ? eq(users.id, userId) : inArray(users.role, ['company_admin', 'buyer', 'reseller']),
      ),
    )
    // The company's admin first (the default buyer of a staff order), then its buyers, oldest first.
    .orderBy(sql`${users.role} = 'company_admin' desc`, asc(users.id))
    .limit(1);
  return row ?? null;
}

/** The quoted price an item of an accepted quote keeps (orders.pricing.ts, quotedPrice). */
export async function insertQuotedPrice(db: DbOrTx, values: typeof quotedOrderItems.$inferInsert) {
  await db.insert(quotedOrderItems).values(values);
}
