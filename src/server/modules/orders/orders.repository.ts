import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/connection';
import {
  companies,
  makes,
  models,
  orderComments,
  orderItems,
  orderStatusLog,
  orders,
  payments,
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

export async function companyName(db: DbOrTx, companyId: number) {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name ?? '';
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

export function orderSummaryQuery(db: DbOrTx) {
  return db
    .select({ order: orders, companyName: companies.name, itemCount })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .$dynamic();
}

export { and, desc };
