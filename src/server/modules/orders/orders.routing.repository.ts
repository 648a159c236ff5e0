// The SQL of where an order's units are filed: sub-orders (one per warehouse), their supplier
// lines, and the warehouses they are filed at (orders.routing.ts and orders.supplier.ts decide).
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { assertSupplierLineTransition, type SupplierLineStatus } from '../../../domain/order-status';
import type { DbOrTx } from '../../db/connection';
import { type Paging, listPage } from '../../db/list-page';
import {
  companies,
  makes,
  models,
  orderItems,
  orders,
  products,
  subOrders,
  supplierLines,
  warehouses,
} from '../../db/schema';
import { writeStatus } from '../../db/write-status';

const supplier = alias(companies, 'supplier');

/** Supplier lines with everything a supplier or clerk needs to act on them. */
function supplierLineQuery(db: DbOrTx) {
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

/** Every line of an order's sub-orders, by sub-order then line. */
export function listSubOrderLines(db: DbOrTx, orderId: number) {
  return supplierLineQuery(db)
    .where(eq(subOrders.orderId, orderId))
    .orderBy(asc(subOrders.id), asc(supplierLines.id));
}

/** Supplier lines, newest first; `supplierId` scopes them to one supplier company. */
export function listSupplierLines(
  db: DbOrTx,
  q: Paging & { supplierId?: number; status?: string; sentOnly?: boolean },
) {
  const where = and(
    q.supplierId ? eq(subOrders.supplierCompanyId, q.supplierId) : undefined,
    q.status ? eq(supplierLines.status, q.status) : undefined,
    q.sentOnly ? ne(supplierLines.status, 'pending') : undefined,
  );
  return listPage(db, q, () => supplierLineQuery(db).where(where), [desc(supplierLines.id)]);
}

/**
 * The lines of these ids that are routed to this supplier company and have been sent to it
 * (others, and lines still pending with staff, are left out: docs/security.md).
 */
export function linesOfSupplier(db: DbOrTx, lineIds: number[], supplierId: number) {
  return supplierLineQuery(db).where(
    and(
      inArray(supplierLines.id, lineIds),
      eq(subOrders.supplierCompanyId, supplierId),
      ne(supplierLines.status, 'pending'),
    ),
  );
}

export function linesByIds(db: DbOrTx, lineIds: number[]) {
  return supplierLineQuery(db).where(inArray(supplierLines.id, lineIds));
}

/** The lines of one item of an order at one supplier company (one per warehouse), newest first. */
export function linesOfItemAtSupplier(
  db: DbOrTx,
  at: { orderId: number; orderItemId: number; supplierId: number },
) {
  return supplierLineQuery(db)
    .where(
      and(
        eq(subOrders.orderId, at.orderId),
        eq(supplierLines.orderItemId, at.orderItemId),
        eq(subOrders.supplierCompanyId, at.supplierId),
      ),
    )
    .orderBy(desc(supplierLines.id));
}

export function subOrdersOf(db: DbOrTx, orderId: number) {
  return db.select().from(subOrders).where(eq(subOrders.orderId, orderId));
}

export async function insertSubOrder(db: DbOrTx, values: typeof subOrders.$inferInsert) {
  const [row] = await db.insert(subOrders).values(values).returning();
  return row;
}

/** Units of an order item to file with the supplier of a warehouse. */
export interface Filing {
  orderItemId: number;
  warehouseId: number;
  supplierCompanyId: number;
  quantity: number;
}

/**
 * Files the units of an order that has no sub-order yet, in one statement: a sub-order per
 * warehouse (in the order the warehouses first appear) and a pending line per filing. Answers
 * false, having written nothing, when the order already has sub-orders (the caller files them
 * one by one, joining pending lines).
 */
export async function fileFirstRouting(db: DbOrTx, orderId: number, filings: Filing[]): Promise<boolean> {
  const wanted = JSON.stringify(
    filings.map((f, n) => ({
      n,
      order_item_id: f.orderItemId,
      warehouse_id: f.warehouseId,
      supplier_company_id: f.supplierCompanyId,
      quantity: f.quantity,
    })),
  );
  const { rows } = await db.execute<{ fresh: boolean }>(sql`
    with a as (
      select * from json_to_recordset(${wanted}::json)
        as a(n int, order_item_id bigint, warehouse_id bigint, supplier_company_id bigint, quantity int)),
    fresh as (select not exists (select 1 from sub_orders where order_id = ${orderId}) as fresh),
    subs as (
      insert into sub_orders (order_id, supplier_company_id, warehouse_id)
      select ${orderId}, min(a.supplier_company_id), a.warehouse_id
      from a, fresh where fresh.fresh
      group by a.warehouse_id order by min(a.n)
      returning id, warehouse_id),
    lines as (
      insert into supplier_lines (sub_order_id, order_item_id, quantity)
      select subs.id, a.order_item_id, a.quantity from a join subs on subs.warehouse_id = a.warehouse_id
      order by a.n
      returning 1)
    select fresh, (select count(*) from lines)::int as lines from fresh`);
  return rows[0].fresh === true;
}

/** The pending lines of an order's sub-orders. */
export function pendingLinesOf(db: DbOrTx, orderId: number) {
  return db
    .select({
      id: supplierLines.id,
      subOrderId: supplierLines.subOrderId,
      item: supplierLines.orderItemId,
    })
    .from(supplierLines)
    .innerJoin(subOrders, eq(subOrders.id, supplierLines.subOrderId))
    .where(and(eq(subOrders.orderId, orderId), eq(supplierLines.status, 'pending')));
}

/** The lines of an item that still count (not cancelled), newest first, with their warehouse. */
export function activeLinesOf(db: DbOrTx, orderItemId: number) {
  return db
    .select({ line: supplierLines, warehouseId: subOrders.warehouseId })
    .from(supplierLines)
    .innerJoin(subOrders, eq(subOrders.id, supplierLines.subOrderId))
    .where(and(eq(supplierLines.orderItemId, orderItemId), ne(supplierLines.status, 'cancelled')))
    .orderBy(desc(supplierLines.id));
}

/**
 * Units of each item sent to a distributor instead of a warehouse (not cancelled there): they
 * are neither unrouted nor routable (docs/logistics.md, "Distributors").
 */
export async function distributorUnitsOf(db: DbOrTx, orderItemIds: number[]) {
  const units = new Map<number, number>();
  if (!orderItemIds.length) return units;
  const { rows } = await db.execute<{ id: number; units: number }>(sql`
    select dl.order_item_id as id, sum(dl.quantity)::int as units from distributor_order_lines dl
    join distributor_orders d on d.id = dl.distributor_order_id
    where d.status <> 'cancelled' and dl.order_item_id in ${sql`(${sql.join(
      orderItemIds.map((id) => sql`${id}`),
      sql`, `,
    )})`}
    group by dl.order_item_id`);
  for (const r of rows) units.set(Number(r.id), Number(r.units));
  return units;
}

export type NewSupplierLine = typeof supplierLines.$inferInsert;

export async function insertSupplierLines(db: DbOrTx, values: NewSupplierLine[]) {
  if (values.length) await db.insert(supplierLines).values(values);
}

/** Adds units to a line, in the statement (the stored quantity grows, whatever it is). */
export async function addUnitsToLine(db: DbOrTx, lineId: number, quantity: number) {
  await db
    .update(supplierLines)
    .set({ quantity: sql`${supplierLines.quantity} + ${quantity}`, updatedAt: new Date() })
    .where(eq(supplierLines.id, lineId));
}

export async function updateLine(
  db: DbOrTx,
  lineId: number,
  values: Partial<Pick<typeof supplierLines.$inferInsert, 'quantity' | 'note'>>,
) {
  await db
    .update(supplierLines)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(supplierLines.id, lineId));
}

/** The one write of a supplier line's status, with the note of the move; the table decides. */
export async function setLineStatus(
  db: DbOrTx,
  line: { id: number; status: string },
  to: SupplierLineStatus,
  note: string | null,
) {
  return writeStatus(db, supplierLines, assertSupplierLineTransition, line, to, { note });
}

export async function findWarehouse(db: DbOrTx, warehouseId: number) {
  const [row] = await db.select().from(warehouses).where(eq(warehouses.id, warehouseId));
  return row ?? null;
}

export function warehouseNames(db: DbOrTx, warehouseIds: number[]) {
  return db.select({ name: warehouses.name }).from(warehouses).where(inArray(warehouses.id, warehouseIds));
}
