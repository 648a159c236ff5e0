// The SQL of warehouse stock as orders use it: inventory rows (free, reserved and sold units)
// and the holds an order keeps on them (orders.stock.ts decides what to hold and release).
import { and, min, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import {
  assertStockHoldTransition,
  liveStockHoldStatuses,
  type StockHoldStatus,
  stockHoldTransitions,
} from '../../../domain/stock-hold-status';
import { canTransition, statusesBefore } from '../../../domain/status-machine';
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
 * checkouts never wait on each other in a cycle; answers the free units of each. FOR NO KEY
 * UPDATE: only the counts change (docs/architecture.md, "Lock order"). `nowait` fails at once
 * (lock_not_available) instead of waiting for a row another transaction holds.
 */
export async function lockStock(tx: DbOrTx, productIds: number[], nowait = false): Promise<StockRow[]> {
  const { rows } = await tx.execute(sql`
    select i.warehouse_id, i.product_id, (i.quantity - i.reserved)::int as free, w.zip, w.supplier_company_id
    from inventory i join warehouses w on w.id = i.warehouse_id
    where i.product_id = any(${idArray(productIds)}::bigint[]) and w.active
    order by i.product_id, i.warehouse_id
    for no key update of i${nowait ? sql` nowait` : sql``}`);
  return rows.map(toStockRow);
}

/** A locked inventory row with the tire's weight (for shipping). */
export interface WeighedStockRow extends StockRow {
  weightLbs: number | null;
}

/** An order's locked inventory row, with the units of the product the order wants. */
export interface OrderStockRow extends WeighedStockRow {
  wanted: number;
}

/**
 * Locks the inventory rows of every product of an order's items, in lockStock's order, with the
 * tire's weight and the units the order wants: placing an order prices its shipping from them,
 * sees whether it is short, and reserves from them.
 */
export async function lockOrderStock(tx: DbOrTx, orderId: number): Promise<OrderStockRow[]> {
  const { rows } = await tx.execute(sql`
    select i.warehouse_id, i.product_id, (i.quantity - i.reserved)::int as free, w.zip, w.supplier_company_id,
           p.weight_lbs::float8 as weight_lbs, o.wanted
    from inventory i join warehouses w on w.id = i.warehouse_id join products p on p.id = i.product_id
    join (select product_id, sum(quantity)::int as wanted from order_items
          where order_id = ${orderId} and removed_at is null group by product_id) o on o.product_id = i.product_id
    where w.active
    order by i.product_id, i.warehouse_id
    for no key update of i`);
  return rows.map((r) => ({
    ...toStockRow(r),
    weightLbs: r.weight_lbs === null ? null : Number(r.weight_lbs),
    wanted: r.wanted as number,
  }));
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

/** A hold to record: units of one order item taken at one warehouse. */
export interface NewHold extends StockAt {
  orderItemId: number;
  quantity: number;
}

/**
 * Reserves the units of every hold and records the holds, in one statement; false when some
 * row no longer has its units free (the caller throws, and its transaction undoes the rest).
 * The inventory rows must be locked already (lockStock), so no new lock is taken here.
 */
export async function reserveAndHold(
  tx: DbOrTx,
  holder: { orderId: number; companyId: number; expiresAt: Date },
  holds: NewHold[],
): Promise<boolean> {
  const wanted = JSON.stringify(
    holds.map((h, n) => ({
      n,
      order_item_id: h.orderItemId,
      warehouse_id: h.warehouseId,
      product_id: h.productId,
      quantity: h.quantity,
    })),
  );
  const { rows } = await tx.execute<{ reserved: number; rows: number }>(sql`
    with a as (
      select * from json_to_recordset(${wanted}::json)
        as a(n int, order_item_id bigint, warehouse_id bigint, product_id bigint, quantity int)),
    s as (select warehouse_id, product_id, sum(quantity)::int as quantity from a group by 1, 2),
    r as (
      update inventory i set reserved = i.reserved + s.quantity, updated_at = now()
      from s where i.warehouse_id = s.warehouse_id and i.product_id = s.product_id
        and i.quantity - i.reserved >= s.quantity
      returning 1),
    h as (
      insert into stock_holds (order_id, order_item_id, company_id, warehouse_id, product_id, quantity, expires_at)
      select ${holder.orderId}, a.order_item_id, ${holder.companyId}, a.warehouse_id, a.product_id, a.quantity,
             ${holder.expiresAt.toISOString()}::timestamptz
      from a order by a.n
      returning 1)
    select (select count(*) from r)::int as reserved, (select count(*) from s)::int as rows,
           (select count(*) from h)::int as held`);
  return Number(rows[0].reserved) === Number(rows[0].rows);
}

/**
 * The order's held units leave the warehouse (quantity and reserved both drop) and its holds
 * become committed, in one statement; answers the products sold. The inventory rows must be
 * locked already (lockStock, in product order), so no new lock is taken here.
 */
export async function sellHeldUnits(tx: DbOrTx, orderId: number): Promise<number[]> {
  const committable = `{${statusesBefore(stockHoldTransitions, 'committed').join(',')}}`;
  const { rows } = await tx.execute<{ product_id: number }>(sql`
    with committed as (
      update stock_holds set status = 'committed'
      where order_id = ${orderId} and status = any(${committable}::text[])
      returning warehouse_id, product_id, quantity),
    sold as (select warehouse_id, product_id, sum(quantity)::int as quantity from committed group by 1, 2),
    u as (
      update inventory i set quantity = i.quantity - sold.quantity, reserved = i.reserved - sold.quantity,
             updated_at = now()
      from sold where i.warehouse_id = sold.warehouse_id and i.product_id = sold.product_id
      returning 1)
    select distinct product_id, (select count(*) from u)::int as updated from sold`);
  return rows.map((r) => Number(r.product_id));
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
        inArray(stockHolds.status, [...liveStockHoldStatuses]),
      ),
    )
    .orderBy(desc(stockHolds.id));
}

/** The one write of holds' statuses: each hold moves if its table lets it, the others stay. */
export async function moveStockHolds(
  tx: DbOrTx,
  holds: { id: number; status: string }[],
  to: StockHoldStatus,
) {
  const moving = holds.filter((h) => canTransition(stockHoldTransitions, h.status as StockHoldStatus, to));
  if (!moving.length) return;
  await tx
    .update(stockHolds)
    .set({ status: to })
    .where(
      inArray(
        stockHolds.id,
        moving.map((h) => h.id),
      ),
    );
}

/**
 * Part of a hold is given back: the hold keeps the rest, and the part given back is kept as a
 * released hold of its own (the same move as releasing a whole hold, so the table decides).
 */
export async function releasePartOfHold(tx: DbOrTx, hold: HoldRow, quantity: number) {
  assertStockHoldTransition(hold.status as StockHoldStatus, 'released');
  await tx
    .update(stockHolds)
    .set({ quantity: hold.quantity - quantity })
    .where(eq(stockHolds.id, hold.id));
  const { id: _id, createdAt: _createdAt, ...rest } = hold;
  await tx.insert(stockHolds).values({ ...rest, quantity, status: 'released' });
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
