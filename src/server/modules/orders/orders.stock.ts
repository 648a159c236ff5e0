// Stock of orders: reservations across warehouses that never oversell, holds that expire, and
// the release of stock when an order is cancelled.
//
// Locks: before any inventory row is updated, the rows of every product of the change are
// locked at once with stockRepo.lockStock, which takes them in (product, warehouse) order.
import { isReservedHold, isSoldHold } from '../../../domain/stock-hold-status';
import { eligibleLots, type Lot, type LotTake, pickOldestFirst } from '../../../domain/tire-age';
import type { DbOrTx } from '../../db/connection';
import { conflict } from '../../http/errors';
import { milesBetween } from '../../integrations/geo/zip-geo';
import { refreshProductPrices } from '../catalog/catalog.service';
import * as stockRepo from './orders.stock.repository';
import type { OrderStockRow, StockAt, StockRow } from './orders.stock.repository';

/** Most units of one SKU a company may hold in orders awaiting payment. */
export const MAX_HELD_UNITS_PER_SKU = 40;
/** How long units stay held for a payment that has not completed. */
export const HOLD_MINUTES = 30;

export interface WantedLine {
  orderItemId: number;
  productId: number;
  quantity: number;
  skuCode?: string;
  /** The line's own maximum tire age, in place of the order's (null: none). */
  maxAgeMonths?: number | null;
}

export interface Allocation {
  orderItemId: number;
  productId: number;
  warehouseId: number;
  supplierCompanyId: number;
  quantity: number;
  /** The units by DOT code, oldest first (docs/domain.md, "Tire age"). */
  lots: LotTake[];
}

/** What a row still has free: in all, and by lot. */
interface Left {
  free: number;
  lots: Lot[];
}

/** The units of a row an order may take: its eligible lots, never more than the row has free. */
function eligibleFree(left: Left, maxAgeMonths: number | null, at: Date) {
  const lots = eligibleLots(left.lots, maxAgeMonths, at).reduce((s, l) => s + l.free, 0);
  return Math.min(left.free, lots);
}

/**
 * Each line comes from the nearest warehouse (to the delivery ZIP) that can fill it whole;
 * when none can, from the nearest ones in turn. Within a warehouse the units are taken oldest
 * DOT code first, only from lots the buyer's maximum age (and the six-year rule) allows. Pure:
 * answers the allocations or what is short (`available`: the eligible free units).
 */
export function allocate(
  stock: StockRow[],
  lines: WantedLine[],
  zip: string | null,
  maxAgeMonths: number | null = null,
  at: Date = new Date(),
) {
  const key = (r: StockAt) => `${r.warehouseId}:${r.productId}`;
  const left = new Map<string, Left>(
    stock.map((r) => [
      key(r),
      { free: r.free, lots: (r.lots ?? [{ dotCode: null, free: r.free }]).map((l) => ({ ...l })) },
    ]),
  );
  const byDistance = [...stock].sort(
    (a, b) =>
      (milesBetween(zip, a.zip) ?? 1e9) - (milesBetween(zip, b.zip) ?? 1e9) || a.warehouseId - b.warehouseId,
  );
  const availableOf = (productId: number, limit: number | null) =>
    stock
      .filter((r) => r.productId === productId)
      .reduce(
        (s, r) =>
          s + eligibleFree({ free: r.free, lots: r.lots ?? [{ dotCode: null, free: r.free }] }, limit, at),
        0,
      );
  const allocations: Allocation[] = [];
  for (const line of lines) {
    const limit = line.maxAgeMonths === undefined ? maxAgeMonths : line.maxAgeMonths;
    const candidates = byDistance.filter((r) => r.productId === line.productId);
    const freeOf = (r: StockRow) => eligibleFree(left.get(key(r))!, limit, at);
    const whole = candidates.find((r) => freeOf(r) >= line.quantity);
    let wanted = line.quantity;
    for (const r of whole ? [whole] : candidates) {
      const row = left.get(key(r))!;
      const lots = pickOldestFirst(row.lots, wanted, limit, at, row.free);
      const take = lots.reduce((s, l) => s + l.quantity, 0);
      if (take <= 0) continue;
      row.free -= take;
      for (const t of lots) {
        const lot = row.lots.find((l) => l.dotCode === t.dotCode)!;
        lot.free -= t.quantity;
      }
      allocations.push({
        orderItemId: line.orderItemId,
        productId: line.productId,
        warehouseId: r.warehouseId,
        supplierCompanyId: r.supplierCompanyId,
        quantity: take,
        lots,
      });
      wanted -= take;
    }
    if (wanted > 0) {
      const available = availableOf(line.productId, limit);
      return {
        short: { productId: line.productId, skuCode: line.skuCode, available, maxAgeMonths: limit },
      };
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
  /** The rows of every wanted product, already locked in this transaction (lockStock's order). */
  locked?: StockRow[] | OrderStockRow[];
}

type Short = { available: number; skuCode?: string; productId: number; maxAgeMonths: number | null };

/**
 * The oldest tires the order's company buys: read with the order's locked stock at placing
 * (lockOrderStock), else here (rerouting, staff edits), so every path keeps the same rule.
 */
async function maxAgeOf(tx: DbOrTx, companyId: number, locked: ReserveOptions['locked']) {
  const row = locked?.[0];
  if (row && 'maxAgeMonths' in row) return row.maxAgeMonths;
  return stockRepo.companyMaxAge(tx, companyId);
}

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
  const stock = (options.locked ?? (await stockRepo.lockStock(tx, productIds))).filter(
    (r) =>
      (!options.onlyWarehouseIds || options.onlyWarehouseIds.includes(r.warehouseId)) &&
      !options.excludeWarehouseIds?.includes(r.warehouseId),
  );
  const result = allocate(stock, lines, order.zip, await maxAgeOf(tx, order.companyId, options.locked));
  if (result.short) return { short: result.short };
  const expiresAt = new Date(Date.now() + HOLD_MINUTES * 60_000);
  // One statement reserves every allocation and records its hold (the rows are locked above).
  if (
    result.allocations.length &&
    !(await stockRepo.reserveAndHold(
      tx,
      { orderId: order.id, companyId: order.companyId, expiresAt },
      result.allocations,
    ))
  )
    throw conflict('The stock changed during checkout; try again');
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
    const { available, skuCode, productId, maxAgeMonths } = result.short;
    const within = maxAgeMonths === null ? '' : ` made within ${maxAgeMonths} months`;
    throw conflict(`Only ${available} of ${skuCode ?? `product ${productId}`}${within} available`, {
      available,
      productId,
    });
  }
  return result.allocations;
}

/**
 * A company may not keep more than the cap of one SKU held for payments still open, counting the
 * units its live quotes hold (docs/quotes.md, "Holds and the cap"). Over it, `releaseExpired` (the
 * expiry sweep) runs once first: holds whose payment ran out of time no longer count.
 */
export async function assertHeldUnderCap(
  tx: DbOrTx,
  companyId: number,
  productIds: number[],
  releaseExpired: () => Promise<number>,
) {
  const overCap = async () =>
    (await stockRepo.heldUnitsBySku(tx, companyId, productIds)).find(
      (h) => Number(h.n) > MAX_HELD_UNITS_PER_SKU,
    );
  let over = await overCap();
  if (over && (await releaseExpired())) over = await overCap();
  if (over) {
    throw conflict(
      `Your company may hold at most ${MAX_HELD_UNITS_PER_SKU} units of one tire awaiting payment, its open quotes included`,
      {
        available: MAX_HELD_UNITS_PER_SKU,
        productId: over.productId,
      },
    );
  }
}

/** Whether the locked stock lacks units an order wants of some tire, in all warehouses together. */
export function isShort(stock: stockRepo.OrderStockRow[]) {
  const free = new Map<number, number>();
  for (const r of stock) free.set(r.productId, (free.get(r.productId) ?? 0) + r.free);
  return stock.some((r) => (free.get(r.productId) ?? 0) < r.wanted);
}

/**
 * Locks the stock rows of the order's held units, all in one ordered statement; answers whether
 * it holds any. A charge on account of an existing order calls it before the charge locks the
 * company, which the lock order puts after stock (docs/architecture.md, "Lock order").
 */
export async function lockHeldStock(tx: DbOrTx, orderId: number): Promise<boolean> {
  const holds = await stockRepo.holdsOf(tx, orderId, 'held');
  if (!holds.length) return false;
  await stockRepo.lockStock(
    tx,
    holds.map((h) => h.productId),
  );
  return true;
}

/**
 * The order is paid: its held units leave the warehouse (quantity and reserved both drop).
 * `locked`: the caller's transaction already locked the inventory rows of every held product
 * (placing an order reserves and sells in one transaction), so they are not read and locked again.
 */
export async function commitStock(tx: DbOrTx, orderId: number, refresh = true, locked = false) {
  if (!locked && !(await lockHeldStock(tx, orderId))) return;
  const sold = await stockRepo.sellHeldUnits(tx, orderId);
  if (refresh && sold.length) await refreshProductPrices(tx, sold);
}

/** Cancellation or expiry: held units become free again, sold units go back on the shelf. */
export async function releaseStock(tx: DbOrTx, orderId: number, nowait = false) {
  const holds = [
    ...(await stockRepo.holdsOf(tx, orderId, 'held')),
    ...(await stockRepo.holdsOf(tx, orderId, 'committed')),
  ];
  if (!holds.length) return;
  await stockRepo.lockStock(
    tx,
    holds.map((h) => h.productId),
    nowait,
  );
  for (const h of holds) await giveBack(tx, h, h.quantity);
  await stockRepo.moveStockHolds(tx, holds, 'released');
  await refreshProductPrices(
    tx,
    holds.map((h) => h.productId),
  );
}

/** Held units become free again; sold (committed) units go back on the shelf. */
function giveBack(tx: DbOrTx, hold: stockRepo.HoldRow, quantity: number) {
  return isReservedHold(hold.status)
    ? stockRepo.unreserveUnits(tx, hold, quantity)
    : stockRepo.restockUnits(tx, hold, quantity);
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
  const holds = await stockRepo.itemHoldsAt(tx, at);
  if (!holds.length) return { quantity: 0, committed: false };
  await stockRepo.lockStock(tx, [holds[0].productId]);
  let left = quantity;
  let committed = false;
  for (const h of holds) {
    if (left <= 0) break;
    const take = Math.min(left, h.quantity);
    await giveBack(tx, h, take);
    if (take === h.quantity) await stockRepo.moveStockHolds(tx, [h], 'released');
    else await stockRepo.releasePartOfHold(tx, h, take);
    committed ||= isSoldHold(h.status);
    left -= take;
  }
  await refreshProductPrices(tx, [holds[0].productId]);
  return { quantity: quantity - left, committed };
}

/**
 * Reserves units for a holder that is not an order (the options of a finalized quote), with the
 * rules of checkout: rows locked in product order, nearest warehouse first, never more than is
 * free. `orderItemId` of each line is only the caller's key for it. Answers where the units were
 * taken, or what is short having reserved nothing; the caller keeps the allocations and gives
 * them back with unreserveAllocations.
 */
export async function reserveAllocations(tx: DbOrTx, lines: WantedLine[], zip: string | null) {
  const productIds = lines.map((l) => l.productId);
  const result = allocate(await stockRepo.lockStock(tx, productIds), lines, zip);
  if (result.short) return { short: result.short };
  for (const a of result.allocations) {
    if (!(await stockRepo.reserveUnits(tx, a, a.quantity)))
      throw conflict('The stock changed while holding it; try again');
  }
  await refreshProductPrices(tx, productIds);
  return { allocations: result.allocations };
}

/** Units reserved by reserveAllocations become free again. */
export async function unreserveAllocations(tx: DbOrTx, held: (stockRepo.StockAt & { quantity: number })[]) {
  if (!held.length) return;
  const productIds = held.map((h) => h.productId);
  await stockRepo.lockStock(tx, productIds);
  for (const h of held) await stockRepo.unreserveUnits(tx, h, h.quantity);
  await refreshProductPrices(tx, productIds);
}
