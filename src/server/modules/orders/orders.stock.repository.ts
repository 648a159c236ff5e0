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
import type { Lot, LotTake } from '../../../domain/tire-age';
import type { DbOrTx } from '../../db/connection';
import { inventory, orders, products, quoteHolds, quotes, stockHolds, warehouses } from '../../db/schema';
import { companyTireAge } from '../../db/schema/tire-age';

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
  /** Its free units by DOT code (null: of unknown age); absent where the caller knows no lots. */
  lots?: Lot[];
}

const idArray = (ids: number[]) => `{${[...new Set(ids)].map(Number).join(',')}}`;

/**
 * The free units of a locked inventory row by DOT code (docs/domain.md, "Tire age"): each lot's
 * units less the held units that took its code; the units no lot names, less the held units that
 * took no code, are of unknown age. Read in the statement that locks the rows; a row without lots
 * reads nothing more. `i` is the inventory row.
 */
const lotsOfRow = sql`
  case when exists (select 1 from inventory_lots l where l.warehouse_id = i.warehouse_id and l.product_id = i.product_id)
  then (
    with held as (
      select shl.dot_code, sum(sh.quantity)::int as n
      from stock_holds sh left join stock_hold_lots shl on shl.hold_id = sh.id
      where sh.status = 'held' and sh.warehouse_id = i.warehouse_id and sh.product_id = i.product_id
      group by shl.dot_code),
    lot as (
      select l.dot_code, l.quantity from inventory_lots l
      where l.warehouse_id = i.warehouse_id and l.product_id = i.product_id)
    select json_agg(json_build_object('dotCode', x.dot_code, 'free', greatest(0, x.free)))
    from (
      select lot.dot_code, lot.quantity - coalesce((select n from held where held.dot_code = lot.dot_code), 0) as free
      from lot
      union all
      select null, i.quantity - (select coalesce(sum(quantity), 0) from lot)
             - coalesce((select n from held where held.dot_code is null), 0)) x)
  end as lots`;

function toStockRow(r: Record<string, unknown>): StockRow {
  const free = r.free as number;
  return {
    warehouseId: Number(r.warehouse_id),
    productId: Number(r.product_id),
    free,
    zip: r.zip as string,
    supplierCompanyId: Number(r.supplier_company_id),
    lots: (r.lots as Lot[] | null) ?? [{ dotCode: null, free }],
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
    select i.warehouse_id, i.product_id, (i.quantity - i.reserved)::int as free, w.zip, w.supplier_company_id,
           ${lotsOfRow}
    from inventory i join warehouses w on w.id = i.warehouse_id
    where i.product_id = any(${idArray(productIds)}::bigint[]) and w.active
    order by i.product_id, i.warehouse_id
    for no key update of i${nowait ? sql` nowait` : sql``}`);
  return freshLots(tx, rows.map(toStockRow));
}

/**
 * The lots of locked rows read again in a statement of their own. The locking statement waited
 * for the rows, but its subqueries saw the data as it was when it began: a checkout that held
 * units of a lot and committed meanwhile would not count. Rows are locked now, so nobody else
 * holds units of them until this transaction ends. Only rows with lots are read again: a checkout
 * of tires without lots runs no statement more.
 */
async function freshLots<T extends StockRow>(tx: DbOrTx, rows: T[]): Promise<T[]> {
  const lotted = rows.filter((r) => r.lots && !(r.lots.length === 1 && r.lots[0].dotCode === null));
  if (!lotted.length) return rows;
  const keys = JSON.stringify(lotted.map((r) => ({ w: r.warehouseId, p: r.productId })));
  const { rows: fresh } = await tx.execute(sql`
    select i.warehouse_id, i.product_id, ${lotsOfRow}
    from inventory i join json_to_recordset(${keys}::json) as k(w bigint, p bigint)
      on i.warehouse_id = k.w and i.product_id = k.p`);
  const lotsOf = new Map(fresh.map((f) => [`${f.warehouse_id}:${f.product_id}`, f.lots as Lot[] | null]));
  return rows.map((r) => {
    const lots = lotsOf.get(`${r.warehouseId}:${r.productId}`);
    return lots === undefined ? r : { ...r, lots: lots ?? [{ dotCode: null, free: r.free }] };
  });
}

/** A locked inventory row with the tire's weight (for shipping). */
export interface WeighedStockRow extends StockRow {
  weightLbs: number | null;
}

/** An order's locked inventory row, with the units of the product the order wants. */
export interface OrderStockRow extends WeighedStockRow {
  wanted: number;
  /** The oldest tires the order's company buys, in months (null: any the shop sells). */
  maxAgeMonths: number | null;
}

/**
 * Locks the inventory rows of every product of an order's items, in lockStock's order, with the
 * tire's weight and the units the order wants: placing an order prices its shipping from them,
 * sees whether it is short, and reserves from them.
 */
export async function lockOrderStock(tx: DbOrTx, orderId: number): Promise<OrderStockRow[]> {
  const { rows } = await tx.execute(sql`
    select i.warehouse_id, i.product_id, (i.quantity - i.reserved)::int as free, w.zip, w.supplier_company_id,
           p.weight_lbs::float8 as weight_lbs, o.wanted, ${lotsOfRow},
           (select t.max_age_months from company_tire_age t join orders od on od.company_id = t.company_id
            where od.id = ${orderId}) as max_age_months
    from inventory i join warehouses w on w.id = i.warehouse_id join products p on p.id = i.product_id
    join (select product_id, sum(quantity)::int as wanted from order_items
          where order_id = ${orderId} and removed_at is null group by product_id) o on o.product_id = i.product_id
    where w.active
    order by i.product_id, i.warehouse_id
    for no key update of i`);
  return freshLots(
    tx,
    rows.map((r) => ({
      ...toStockRow(r),
      weightLbs: r.weight_lbs === null ? null : Number(r.weight_lbs),
      wanted: r.wanted as number,
      maxAgeMonths: r.max_age_months === null ? null : Number(r.max_age_months),
    })),
  );
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

/** The oldest tires a company buys, in months; null when it set no maximum (docs/domain.md, "Tire age"). */
export async function companyMaxAge(tx: DbOrTx, companyId: number): Promise<number | null> {
  const [row] = await tx
    .select({ months: companyTireAge.maxAgeMonths })
    .from(companyTireAge)
    .where(eq(companyTireAge.companyId, companyId));
  return row?.months ?? null;
}

/** Reserves units when that many are still free; false when they are not (nothing changed). */
export async function reserveUnits(tx: DbOrTx, at: StockAt, quantity: number): Promise<boolean> {
  const { rowCount } = await tx.execute(sql`
      update inventory set reserved = reserved + ${quantity}, updated_at = now()
      where warehouse_id = ${at.warehouseId} and product_id = ${at.productId} and quantity - reserved >= ${quantity}`);
  return rowCount === 1;
}

/** A hold to record: units of one order item taken at one warehouse (of which DOT codes). */
export interface NewHold extends StockAt {
  orderItemId: number;
  quantity: number;
  /** The units by DOT code; absent: all of unknown age. */
  lots?: LotTake[];
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
  // One hold per DOT code taken, so each hold keeps the code of its units (stock_hold_lots).
  const wanted = JSON.stringify(
    holds
      .flatMap((h) =>
        (h.lots?.length ? h.lots : [{ dotCode: null, quantity: h.quantity }]).map((lot) => ({
          order_item_id: h.orderItemId,
          warehouse_id: h.warehouseId,
          product_id: h.productId,
          quantity: lot.quantity,
          dot_code: lot.dotCode,
        })),
      )
      .map((h, n) => ({ n, ...h })),
  );
  const { rows } = await tx.execute<{ reserved: number; rows: number }>(sql`
    with a as materialized (
      select a.*, nextval(pg_get_serial_sequence('stock_holds', 'id')) as hold_id
      from json_to_recordset(${wanted}::json)
        as a(n int, order_item_id bigint, warehouse_id bigint, product_id bigint, quantity int, dot_code text)),
    s as (select warehouse_id, product_id, sum(quantity)::int as quantity from a group by 1, 2),
    r as (
      update inventory i set reserved = i.reserved + s.quantity, updated_at = now()
      from s where i.warehouse_id = s.warehouse_id and i.product_id = s.product_id
        and i.quantity - i.reserved >= s.quantity
      returning 1),
    h as (
      insert into stock_holds (id, order_id, order_item_id, company_id, warehouse_id, product_id, quantity, expires_at)
      overriding system value
      select a.hold_id, ${holder.orderId}, a.order_item_id, ${holder.companyId}, a.warehouse_id, a.product_id,
             a.quantity, ${holder.expiresAt.toISOString()}::timestamptz
      from a order by a.n
      returning 1),
    hl as (
      insert into stock_hold_lots (hold_id, dot_code)
      select a.hold_id, a.dot_code from a where a.dot_code is not null
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
      returning id, warehouse_id, product_id, quantity),
    sold as (select warehouse_id, product_id, sum(quantity)::int as quantity from committed group by 1, 2),
    lot_sold as (
      select c.warehouse_id, c.product_id, l.dot_code, sum(c.quantity)::int as quantity
      from committed c join stock_hold_lots l on l.hold_id = c.id group by 1, 2, 3),
    lot_left as (
      update inventory_lots il set quantity = greatest(0, il.quantity - lot_sold.quantity)
      from lot_sold where il.warehouse_id = lot_sold.warehouse_id and il.product_id = lot_sold.product_id
        and il.dot_code = lot_sold.dot_code
      returning 1),
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

/** Sold units go back on the shelf, and into the lot of their DOT code when the hold took one. */
export async function restockUnits(tx: DbOrTx, at: StockAt & { id?: number }, quantity: number) {
  await tx.execute(sql`
    with lot as (
      insert into inventory_lots (warehouse_id, product_id, dot_code, quantity)
      select ${at.warehouseId}, ${at.productId}, l.dot_code, ${quantity} from stock_hold_lots l
      where l.hold_id = ${at.id ?? null}::bigint
      on conflict (warehouse_id, product_id, dot_code)
      do update set quantity = inventory_lots.quantity + excluded.quantity
      returning 1)
    update inventory set quantity = quantity + ${quantity}, updated_at = now()
    where warehouse_id = ${at.warehouseId} and product_id = ${at.productId}`);
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
