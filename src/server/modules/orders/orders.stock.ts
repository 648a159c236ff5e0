// Stock of orders: reservations across warehouses that never oversell, holds that expire, and
// the release of stock when an order is cancelled.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { stockHolds } from '../../db/schema';
import { conflict } from '../../http/errors';
import { milesBetween } from '../../integrations/geo/zip-geo';
import { refreshProductPrices } from '../catalog/catalog.service';

/** Most units of one SKU a company may hold in orders awaiting payment. */
export const MAX_HELD_UNITS_PER_SKU = 40;
/** How long units stay held for a payment that has not completed. */
export const HOLD_MINUTES = 30;

export interface WantedLine {
  orderItemId: number;
  productId: number;
  quantity: number;
  skuCode?: string;
}

export interface Allocation {
  orderItemId: number;
  productId: number;
  warehouseId: number;
  supplierCompanyId: number;
  quantity: number;
}

type StockRow = {
  warehouse_id: number;
  product_id: number;
  free: number;
  zip: string;
  supplier_company_id: number;
};

const idArray = (ids: number[]) => `{${[...new Set(ids)].map(Number).join(',')}}`;

/**
 * Locks the inventory rows of the products, always in (product, warehouse) order so that two
 * checkouts never wait on each other in a cycle; answers the free units of each.
 */
export async function lockStock(tx: DbOrTx, productIds: number[]): Promise<StockRow[]> {
  const { rows } = await tx.execute<StockRow>(sql`
    select i.warehouse_id, i.product_id, (i.quantity - i.reserved)::int as free, w.zip, w.supplier_company_id
    from inventory i join warehouses w on w.id = i.warehouse_id
    where i.product_id = any(${idArray(productIds)}::bigint[]) and w.active
    order by i.product_id, i.warehouse_id
    for update of i`);
  return rows.map((r) => ({
    ...r,
    warehouse_id: Number(r.warehouse_id),
    product_id: Number(r.product_id),
    supplier_company_id: Number(r.supplier_company_id),
  }));
}

/**
 * Each line comes from the nearest warehouse (to the delivery ZIP) that can fill it whole;
 * when none can, from the nearest ones in turn. Pure: answers the allocations or what is short.
 */
export function allocate(stock: StockRow[], lines: WantedLine[], zip: string | null) {
  const free = new Map(stock.map((r) => [`${r.warehouse_id}:${r.product_id}`, r.free]));
  const byDistance = [...stock].sort(
    (a, b) =>
      (milesBetween(zip, a.zip) ?? 1e9) - (milesBetween(zip, b.zip) ?? 1e9) ||
      a.warehouse_id - b.warehouse_id,
  );
  const allocations: Allocation[] = [];
  for (const line of lines) {
    const candidates = byDistance.filter((r) => r.product_id === line.productId);
    const freeOf = (r: StockRow) => free.get(`${r.warehouse_id}:${r.product_id}`) ?? 0;
    const whole = candidates.find((r) => freeOf(r) >= line.quantity);
    let left = line.quantity;
    for (const r of whole ? [whole] : candidates) {
      const take = Math.min(left, freeOf(r));
      if (take <= 0) continue;
      free.set(`${r.warehouse_id}:${r.product_id}`, freeOf(r) - take);
      allocations.push({
        orderItemId: line.orderItemId,
        productId: line.productId,
        warehouseId: r.warehouse_id,
        supplierCompanyId: r.supplier_company_id,
        quantity: take,
      });
      left -= take;
    }
    if (left > 0) {
      const available = stock.filter((r) => r.product_id === line.productId).reduce((s, r) => s + r.free, 0);
      return { short: { productId: line.productId, skuCode: line.skuCode, available } };
    }
  }
  return { allocations };
}

export interface ReserveOptions {
  /** false leaves product_prices to the caller, which refreshes once at the end of its transaction. */
  refresh?: boolean;
  /** Take units only from these warehouses (staff routing a sub-order to one warehouse). */
  onlyWarehouseIds?: number[];
  /** Never from these (a supplier line was cancelled there). */
  excludeWarehouseIds?: number[];
}

type Short = { available: number; skuCode?: string; productId: number };

/**
 * Reserves the lines of an order (inventory.reserved) and records holds that expire; answers
 * what is short instead when the warehouses cannot fill every line, having written nothing.
 */
export async function tryReserveStock(
  tx: DbOrTx,
  order: { id: number; companyId: number; zip: string | null },
  lines: WantedLine[],
  options: ReserveOptions = {},
): Promise<{ allocations: Allocation[]; short?: undefined } | { short: Short; allocations?: undefined }> {
  const productIds = lines.map((l) => l.productId);
  const stock = (await lockStock(tx, productIds)).filter(
    (r) =>
      (!options.onlyWarehouseIds || options.onlyWarehouseIds.includes(r.warehouse_id)) &&
      !options.excludeWarehouseIds?.includes(r.warehouse_id),
  );
  const result = allocate(stock, lines, order.zip);
  if (result.short) return { short: result.short };
  const expiresAt = new Date(Date.now() + HOLD_MINUTES * 60_000);
  for (const a of result.allocations) {
    const { rowCount } = await tx.execute(sql`
      update inventory set reserved = reserved + ${a.quantity}, updated_at = now()
      where warehouse_id = ${a.warehouseId} and product_id = ${a.productId} and quantity - reserved >= ${a.quantity}`);
    if (rowCount !== 1) throw conflict('The stock changed during checkout; try again');
  }
  if (result.allocations.length) {
    await tx.insert(stockHolds).values(
      result.allocations.map((a) => ({
        orderId: order.id,
        orderItemId: a.orderItemId,
        companyId: order.companyId,
        warehouseId: a.warehouseId,
        productId: a.productId,
        quantity: a.quantity,
        expiresAt,
      })),
    );
  }
  if (options.refresh ?? true) await refreshProductPrices(tx, productIds);
  return { allocations: result.allocations };
}

/** As tryReserveStock, but a shortage is a 409 naming the units available. */
export async function reserveStock(
  tx: DbOrTx,
  order: { id: number; companyId: number; zip: string | null },
  lines: WantedLine[],
  options: ReserveOptions = {},
) {
  const result = await tryReserveStock(tx, order, lines, options);
  if (result.short) {
    const { available, skuCode, productId } = result.short;
    throw conflict(`Only ${available} of ${skuCode ?? `product ${productId}`} available`, {
      available,
      productId,
    });
  }
  return result.allocations;
}

/** A company may not keep more than the cap of one SKU held for payments still open. */
export async function assertHeldUnderCap(tx: DbOrTx, companyId: number, productIds: number[]) {
  const held = await tx
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
  const over = held.find((h) => Number(h.n) > MAX_HELD_UNITS_PER_SKU);
  if (over) {
    throw conflict(
      `Your company may hold at most ${MAX_HELD_UNITS_PER_SKU} units of one tire awaiting payment`,
      {
        available: MAX_HELD_UNITS_PER_SKU,
        productId: over.productId,
      },
    );
  }
}

async function holdsOf(tx: DbOrTx, orderId: number, status: string) {
  return tx
    .select()
    .from(stockHolds)
    .where(and(eq(stockHolds.orderId, orderId), eq(stockHolds.status, status)));
}

/** The order is paid: its held units leave the warehouse (quantity and reserved both drop). */
export async function commitStock(tx: DbOrTx, orderId: number, refresh = true) {
  const holds = await holdsOf(tx, orderId, 'held');
  if (!holds.length) return;
  await lockStock(
    tx,
    holds.map((h) => h.productId),
  );
  for (const h of holds) {
    await tx.execute(sql`
      update inventory set quantity = quantity - ${h.quantity}, reserved = reserved - ${h.quantity}, updated_at = now()
      where warehouse_id = ${h.warehouseId} and product_id = ${h.productId}`);
  }
  await tx
    .update(stockHolds)
    .set({ status: 'committed' })
    .where(and(eq(stockHolds.orderId, orderId), eq(stockHolds.status, 'held')));
  if (refresh)
    await refreshProductPrices(
      tx,
      holds.map((h) => h.productId),
    );
}

/** Cancellation or expiry: held units become free again, sold units go back on the shelf. */
export async function releaseStock(tx: DbOrTx, orderId: number) {
  const holds = [...(await holdsOf(tx, orderId, 'held')), ...(await holdsOf(tx, orderId, 'committed'))];
  if (!holds.length) return;
  await lockStock(
    tx,
    holds.map((h) => h.productId),
  );
  for (const h of holds) {
    const change =
      h.status === 'held'
        ? sql`reserved = reserved - ${h.quantity}`
        : sql`quantity = quantity + ${h.quantity}`;
    await tx.execute(
      sql`update inventory set ${change}, updated_at = now() where warehouse_id = ${h.warehouseId} and product_id = ${h.productId}`,
    );
  }
  await tx
    .update(stockHolds)
    .set({ status: 'released' })
    .where(
      inArray(
        stockHolds.id,
        holds.map((h) => h.id),
      ),
    );
  await refreshProductPrices(
    tx,
    holds.map((h) => h.productId),
  );
}

/** Units an order has taken from a warehouse for one item: the released part and whether it had been sold. */
export interface Released {
  quantity: number;
  committed: boolean;
}

/**
 * Gives back `quantity` units of one item of an order taken from one warehouse, newest hold
 * first: held units become free, sold (committed) units go back on the shelf. A hold only
 * partly given back is split so that every hold row keeps its own status.
 */
export async function releaseUnits(
  tx: DbOrTx,
  at: { orderId: number; orderItemId: number; warehouseId: number },
  quantity: number,
): Promise<Released> {
  const holds = await tx
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
  if (!holds.length) return { quantity: 0, committed: false };
  await lockStock(tx, [holds[0].productId]);
  let left = quantity;
  let committed = false;
  for (const h of holds) {
    if (left <= 0) break;
    const take = Math.min(left, h.quantity);
    const change =
      h.status === 'held' ? sql`reserved = reserved - ${take}` : sql`quantity = quantity + ${take}`;
    await tx.execute(
      sql`update inventory set ${change}, updated_at = now() where warehouse_id = ${h.warehouseId} and product_id = ${h.productId}`,
    );
    if (take === h.quantity) {
      await tx.update(stockHolds).set({ status: 'released' }).where(eq(stockHolds.id, h.id));
    } else {
      await tx
        .update(stockHolds)
        .set({ quantity: h.quantity - take })
        .where(eq(stockHolds.id, h.id));
      const { id: _id, createdAt: _createdAt, ...rest } = h;
      await tx.insert(stockHolds).values({ ...rest, quantity: take, status: 'released' });
    }
    committed ||= h.status === 'committed';
    left -= take;
  }
  await refreshProductPrices(tx, [holds[0].productId]);
  return { quantity: quantity - left, committed };
}
