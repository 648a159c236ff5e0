// The SQL of warehouse stock as orders use it: inventory rows (free, reserved and sold units)
// and the holds an order keeps on them (orders.stock.ts decides what to hold and release).
import { and, min, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { inventory, orders, products, quoteHolds, quotes, stockHolds, warehouses } from '../../db/schema';

export type HoldRow = typeof stockHolds.$inferSelect;

/** The inventory row of one product at one warehouse. */
export interface StockAt {
  warehouseId: number;
  productId: number;
}

/** An inventory row of an active warehouse, locked, with its free units. */
export interface StockRow extends StockAt {
  free: number;
  zip: string;
  supplierCompanyId: number;
}

const idArray = (ids: number[]) => `{${[...new Set(ids)].map(Number).join(',')}}`;

function toStockRow(r: Record<string, unknown>): StockRow {
  return {
    warehouseId: Number(r.warehouse_id),
    productId: Number(r.product_id),
    free: r.free as number,
    zip: r.zip as string,
    supplierCompanyId: Number(r.supplier_company_id),
  };
}

/**
 * Locks the inventory rows of the products, always in (product, warehouse) order so that two
 * checkouts never wait on each other in a cycle; answers the free units of each.
 */
export async function lockStock(tx: DbOrTx, productIds: number[]): Promise<StockRow[]> {
  const { rows } = await tx.execute(sql`
    select i.warehouse_id, i.product_id, (i.quantity - i.reserved)::int as free, w.zip, w.supplier_company_id
    from inventory i join warehouses w on w.id = i.warehouse_id
    where i.product_id = any(${idArray(productIds)}::bigint[]) and w.active
    order by i.product_id, i.warehouse_id
    for update of i`);
  return rows.map(toStockRow);
}

/** Warehouses that have units of the products free to sell, with their ZIP and the tire's weight (no lock). */
export function stockedWarehouses(db: DbOrTx, productIds: number[]) {
  return db
    .select({
      productId: inventory.productId,
      warehouseId: warehouses.id,
      supplierCompanyId: warehouses.supplierCompanyId,
      zip: warehouses.zip,
      free: sql<number>`(${inventory.quantity} - ${inventory.reserved})::int`,
      weightLbs: products.weightLbs,
    })
    .from(inventory)
    .innerJoin(warehouses, eq(warehouses.id, inventory.warehouseId))
    .innerJoin(products, eq(products.id, inventory.productId))
    .where(
      and(
        inArray(inventory.productId, productIds.length ? productIds : [-1]),
        eq(warehouses.active, true),
        sql`${inventory.quantity} > ${inventory.reserved}`,
      ),
    );
}

/** Reserves units when that many are still free; false when they are not (nothing changed). */
export async function reserveUnits(tx: DbOrTx, at: StockAt, quantity: number): Promise<boolean> {
  const { rowCount } = await tx.execute(sql`
      update inventory set reserved = reserved + ${quantity}, updated_at = now()
      where warehouse_id = ${at.warehouseId} and product_id = ${at.productId} and quantity - reserved >= ${quantity}`);
  return rowCount === 1;
}

/** Reserved units leave the warehouse: quantity and reserved both drop. */
export async function removeSoldUnits(tx: DbOrTx, at: StockAt, quantity: number) {
  await tx.execute(sql`
      update inventory set quantity = quantity - ${quantity}, reserved = reserved - ${quantity}, updated_at = now()
      where warehouse_id = ${at.warehouseId} and product_id = ${at.productId}`);
}

/** Reserved units become free again. */
export async function unreserveUnits(tx: DbOrTx, at: StockAt, quantity: number) {
  await tx.execute(
    sql`update inventory set reserved = reserved - ${quantity}, updated_at = now() where warehouse_id = ${at.warehouseId} and product_id = ${at.productId}`,
  );
}

/** Sold units go back on the shelf. */
export async function restockUnits(tx: DbOrTx, at: StockAt, quantity: number) {
  await tx.execute(
    sql`update inventory set quantity = quantity + ${quantity}, updated_at = now() where warehouse_id = ${at.warehouseId} and product_id = ${at.productId}`,
  );
}

export async function insertHolds(tx: DbOrTx, values: (typeof stockHolds.$inferInsert)[]) {
  await tx.insert(stockHolds).values(values);
}

/**
 * Units of each product the company holds for payments still open, plus the units its live
 * quotes hold (finalized or sent, not yet expired: docs/quotes.md, "Holds and the cap").
 */
export async function heldUnitsBySku(tx: DbOrTx, companyId: number, productIds: number[]) {
  const forOrders = await tx
    .select({ productId: stockHolds.productId, n: sql<number>`sum(${stockHolds.quantity})::int` })
    .from(stockHolds)
    .where(
      and(
        eq(stockHolds.companyId, companyId),
        eq(stockHolds.status, 'held'),
        inArray(stockHolds.productId, productIds),
      ),
    )
    .groupBy(stockHolds.productId);
  const forQuotes = await tx
    .select({ productId: quoteHolds.productId, n: sql<number>`sum(${quoteHolds.quantity})::int` })
    .from(quoteHolds)
    .innerJoin(quotes, eq(quotes.id, quoteHolds.quoteId))
    .where(
      and(
        eq(quotes.companyId, companyId),
        eq(quoteHolds.status, 'held'),
        gt(quoteHolds.expiresAt, sql`now()`),
        inArray(quoteHolds.productId, productIds),
      ),
    )
    .groupBy(quoteHolds.productId);
  const total = new Map<number, number>();
  for (const h of [...forOrders, ...forQuotes])
    total.set(h.productId, (total.get(h.productId) ?? 0) + Number(h.n));
  return [...total].map(([productId, n]) => ({ productId, n }));
}

/** The holds of an order in one status. */
export function holdsOf(tx: DbOrTx, orderId: number, status: string) {
  return tx
    .select()
    .from(stockHolds)
    .where(and(eq(stockHolds.orderId, orderId), eq(stockHolds.status, status)));
}

/** The holds that still count (held or committed) of one item of an order at one warehouse, newest first. */
export function itemHoldsAt(tx: DbOrTx, at: { orderId: number; orderItemId: number; warehouseId: number }) {
  return tx
    .select()
    .from(stockHolds)
    .where(
      and(
        eq(stockHolds.orderId, at.orderId),
        eq(stockHolds.orderItemId, at.orderItemId),
        eq(stockHolds.warehouseId, at.warehouseId),
        inArray(stockHolds.status, ['held', 'committed']),
      ),
    )
    .orderBy(desc(stockHolds.id));
}

/** Every held unit of the order is sold. */
export async function commitHolds(tx: DbOrTx, orderId: number) {
  await tx
    .update(stockHolds)
    .set({ status: 'committed' })
    .where(and(eq(stockHolds.orderId, orderId), eq(stockHolds.status, 'held')));
}

export async function releaseHolds(tx: DbOrTx, holdIds: number[]) {
  await tx.update(stockHolds).set({ status: 'released' }).where(inArray(stockHolds.id, holdIds));
}

export async function setHoldQuantity(tx: DbOrTx, holdId: number, quantity: number) {
  await tx.update(stockHolds).set({ quantity }).where(eq(stockHolds.id, holdId));
}

/**
 * Orders whose holds expired while their payment was still pending, oldest first. Unpaid
 * orders that staff placed keep their holds until they are paid, cancelled or deleted.
 */
export async function expiredHoldOrders(tx: DbOrTx, limit = 50): Promise<number[]> {
  const rows = await tx
    .select({ orderId: stockHolds.orderId })
    .from(stockHolds)
    .innerJoin(orders, eq(orders.id, stockHolds.orderId))
    .where(
      and(
        eq(stockHolds.status, 'held'),
        lt(stockHolds.expiresAt, new Date()),
        eq(orders.paymentStatus, 'pending'),
      ),
    )
    .groupBy(stockHolds.orderId)
    .orderBy(min(stockHolds.expiresAt))
    .limit(limit);
  return rows.map((r) => r.orderId);
}
