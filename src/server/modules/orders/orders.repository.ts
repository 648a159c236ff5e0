import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/connection';
import { countRows, listPage, orderOf, type Paging, searchWhere } from '../../db/list-page';
import {
  companies,
  inventory,
  locations,
  makes,
  models,
  orderComments,
  orderItems,
  orderStatusLog,
  orders,
  payments,
  productPrices,
  products,
  subOrders,
  supplierLines,
  users,
  warehouses,
} from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;

export async function findOrder(db: DbOrTx, orderId: number, lock = false) {
  const q = db.select().from(orders).where(eq(orders.id, orderId));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

const supplier = alias(companies, 'supplier');

/** Supplier lines with everything a supplier or clerk needs to act on them. */
export function supplierLineQuery(db: DbOrTx) {
  return db
    .select({
      line: supplierLines,
      sub: subOrders,
      supplierName: supplier.name,
      warehouseName: warehouses.name,
      warehouseZip: warehouses.zip,
      orderNumber: orders.number,
      orderId: orders.id,
      deliveryZip: orders.deliveryZip,
      productId: products.id,
      skuCode: products.skuCode,
      size: products.size,
      makeName: makes.name,
      modelName: models.name,
    })
    .from(supplierLines)
    .innerJoin(subOrders, eq(subOrders.id, supplierLines.subOrderId))
    .innerJoin(orders, eq(orders.id, subOrders.orderId))
    .innerJoin(supplier, eq(supplier.id, subOrders.supplierCompanyId))
    .innerJoin(warehouses, eq(warehouses.id, subOrders.warehouseId))
    .innerJoin(orderItems, eq(orderItems.id, supplierLines.orderItemId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .innerJoin(makes, eq(makes.id, orderItems.makeId))
    .innerJoin(models, eq(models.id, orderItems.modelId))
    .$dynamic();
}
export type SupplierLineRow = Awaited<ReturnType<ReturnType<typeof supplierLineQuery>['execute']>>[number];

export function listSubOrderLines(db: DbOrTx, orderId: number) {
  return supplierLineQuery(db)
    .where(eq(subOrders.orderId, orderId))
    .orderBy(asc(subOrders.id), asc(supplierLines.id));
}

export function listPayments(db: DbOrTx, orderId: number) {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));
}

export function listComments(db: DbOrTx, orderId: number) {
  return db
    .select({ comment: orderComments, userName: users.username })
    .from(orderComments)
    .innerJoin(users, eq(users.id, orderComments.userId))
    .where(eq(orderComments.orderId, orderId))
    .orderBy(asc(orderComments.id));
}

export function listLog(db: DbOrTx, orderId: number) {
  return db
    .select({ log: orderStatusLog, userName: users.username })
    .from(orderStatusLog)
    .leftJoin(users, eq(users.id, orderStatusLog.userId))
    .where(eq(orderStatusLog.orderId, orderId))
    .orderBy(asc(orderStatusLog.id));
}

export async function insertSubOrder(db: DbOrTx, values: typeof subOrders.$inferInsert) {
  const [row] = await db.insert(subOrders).values(values).returning();
  return row;
}

export async function insertSupplierLines(db: DbOrTx, values: (typeof supplierLines.$inferInsert)[]) {
  if (values.length) await db.insert(supplierLines).values(values);
}

export async function setOrderNumber(db: DbOrTx, orderId: number) {
  await db.execute(sql`update orders set number = 'TR-' || lpad(id::text, 6, '0') where id = ${orderId}`);
}

export const itemCount = sql<number>`(select count(*)::int from order_items oi where oi.order_id = ${orders.id})`;

const buyer = alias(users, 'buyer');
const placedBy = alias(users, 'placed_by');

/** Orders with what a summary names: the company, the buyer, the staff member who placed it. */
export function orderSummaryQuery(db: DbOrTx) {
  return db
    .select({
      order: orders,
      companyName: companies.name,
      buyerName: buyer.name,
      placedByName: placedBy.name,
      itemCount,
    })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .innerJoin(buyer, eq(buyer.id, orders.userId))
    .leftJoin(placedBy, eq(placedBy.id, orders.placedByUserId))
    .$dynamic();
}
export type SummaryRow = Awaited<ReturnType<ReturnType<typeof orderSummaryQuery>['execute']>>[number];

export async function findSummary(db: DbOrTx, orderId: number) {
  const [row] = await orderSummaryQuery(db).where(eq(orders.id, orderId));
  return row ?? null;
}

// The cart: an order in status 'cart', one per user and location.

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
    .where(and(eq(orderItems.orderId, orderId), isNull(orderItems.removedAt)));
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

/** The cart count: the lines the cart lists (no price group is needed to count them). */
export function countItems(db: DbOrTx, orderId: number) {
  return countRows(db, linesFrom(db, orderId, null));
}

/** Warehouses that have units of the products free to sell, with their ZIP. */
export function stockedWarehouses(db: DbOrTx, productIds: number[]) {
  return db
    .select({
      productId: inventory.productId,
      warehouseId: warehouses.id,
      zip: warehouses.zip,
      free: sql<number>`${inventory.quantity} - ${inventory.reserved}`,
    })
    .from(inventory)
    .innerJoin(warehouses, eq(warehouses.id, inventory.warehouseId))
    .where(
      and(
        inArray(inventory.productId, productIds.length ? productIds : [-1]),
        eq(warehouses.active, true),
        sql`${inventory.quantity} > ${inventory.reserved}`,
      ),
    );
}

export async function findLocation(db: DbOrTx, locationId: number) {
  const [row] = await db.select().from(locations).where(eq(locations.id, locationId));
  return row ?? null;
}

// Lists of orders, supplier lines and order items, one page each (db/list-page.ts).

const placed = ne(orders.status, 'cart');

/** The company's own placed orders, newest first. */
export function listCompanyOrders(db: DbOrTx, companyId: number, q: Paging & { status?: string }) {
  const where = and(
    eq(orders.companyId, companyId),
    placed,
    q.status ? eq(orders.status, q.status) : undefined,
  );
  return listPage(db, q, () => orderSummaryQuery(db).where(where), [desc(orders.placedAt), desc(orders.id)]);
}

export interface StaffOrderFilter extends Paging {
  sort?: string;
  status?: string;
  companyId?: number;
  supplierId?: number;
  from?: string;
  to?: string;
  q?: string;
}

/** Every placed order, filtered by status, company, supplier, dates and number. */
export function listAllOrders(db: DbOrTx, q: StaffOrderFilter) {
  const where = and(
    placed,
    q.status ? eq(orders.status, q.status) : undefined,
    q.companyId ? eq(orders.companyId, q.companyId) : undefined,
    q.from ? gte(orders.placedAt, new Date(q.from)) : undefined,
    q.to ? lt(orders.placedAt, new Date(new Date(q.to).getTime() + 86_400_000)) : undefined,
    searchWhere(q.q, [orders.number]),
    q.supplierId
      ? inArray(orders.id, sql`(select order_id from sub_orders where supplier_company_id = ${q.supplierId})`)
      : undefined,
  );
  const sorts = {
    placedAt: orders.placedAt,
    total: orders.totalCents,
    number: orders.number,
    status: orders.status,
  };
  return listPage(
    db,
    q,
    () => orderSummaryQuery(db).where(where),
    orderOf(q.sort, sorts, orders.id, '-placedAt'),
  );
}

/** Orders that have shipped or carry a tracking number, most recently changed first. */
export function listShippedOrders(db: DbOrTx, q: Paging) {
  const where = or(
    isNotNull(orders.trackingNumber),
    inArray(orders.status, ['partially_shipped', 'shipped', 'delivered']),
  );
  return listPage(db, q, () => orderSummaryQuery(db).where(where), [desc(orders.updatedAt), desc(orders.id)]);
}

/** Supplier lines, newest first; `supplierId` scopes them to one supplier company. */
export function listSupplierLines(db: DbOrTx, q: Paging & { supplierId?: number; status?: string }) {
  const where = and(
    q.supplierId ? eq(subOrders.supplierCompanyId, q.supplierId) : undefined,
    q.status ? eq(supplierLines.status, q.status) : undefined,
  );
  return listPage(db, q, () => supplierLineQuery(db).where(where), [desc(supplierLines.id)]);
}

/** Items of placed orders (of one product, when given), newest first, with their routed units. */
export function listOrderItems(db: DbOrTx, q: Paging & { productId?: number }) {
  const where: SQL | undefined = and(
    placed,
    isNull(orderItems.removedAt),
    q.productId ? eq(orderItems.productId, q.productId) : undefined,
  );
  const routed = sql<number>`(select coalesce(sum(sl.quantity), 0)::int from supplier_lines sl
    where sl.order_item_id = ${orderItems.id} and sl.status <> 'cancelled')`;
  return listPage(
    db,
    q,
    () =>
      db
        .select({
          item: orderItems,
          skuCode: products.skuCode,
          size: products.size,
          makeName: makes.name,
          modelName: models.name,
          orderNumber: orders.number,
          orderStatus: orders.status,
          routed,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .innerJoin(products, eq(products.id, orderItems.productId))
        .innerJoin(makes, eq(makes.id, orderItems.makeId))
        .innerJoin(models, eq(models.id, orderItems.modelId))
        .where(where)
        .$dynamic(),
    [desc(orderItems.id)],
  );
}
export type OrderItemListRow = Awaited<ReturnType<typeof listOrderItems>>['list'][number];
