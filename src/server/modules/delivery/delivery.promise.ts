// "Arrives by" for tires not yet ordered: per tire and quantity, the earliest day the warehouses
// that can fill it bring it to a ZIP, by their ship days and the one shipping rule's transit days.
import type { Promised } from '../../../contract/delivery';
import { afterTransit, earliestDay, latestDay, shipDay } from '../../../domain/delivery-promise';
import { HOUSE_SERVICE, transitDays } from '../../../domain/shipping';
import type { DbOrTx } from '../../db/connection';
import { milesBetween } from '../../integrations/geo/zip-geo';
import { freeStockOf } from '../inventory/inventory.service';
import { shippingOfWarehouses, type WarehouseShipping } from './delivery.schedules';

export interface Wanted {
  productId: number;
  quantity: number;
}

/** Ship day and arrival of units sent from a warehouse to a ZIP, for an order confirmed at `at`. */
export function legOf(w: WarehouseShipping, zip: string | null, at: number) {
  const shipsBy = shipDay(w, at);
  return {
    shipsBy,
    arrivesBy: afterTransit(shipsBy, transitDays(HOUSE_SERVICE, milesBetween(zip, w.zip))),
  };
}

/**
 * The promise of each wanted tire: the earliest arrival among the warehouses that hold the whole
 * quantity; when none does but together they do, the units go nearest first (as checkout splits
 * them) and arrive with the last of them; null when the warehouses do not hold that many.
 * Two reads for any number of tires: their free stock, then those warehouses' settings.
 */
export async function promisesFor(
  db: DbOrTx,
  wanted: Wanted[],
  zip: string | null,
  at = Date.now(),
): Promise<Promised[]> {
  const stock = await freeStockOf(db, [...new Set(wanted.map((w) => w.productId))]);
  const shipping = await shippingOfWarehouses(
    db,
    stock.map((r) => r.warehouseId),
  );
  const legs = new Map<number, ReturnType<typeof legOf>>();
  const legAt = (warehouseId: number) => {
    let leg = legs.get(warehouseId);
    if (!leg) {
      leg = legOf(shipping.get(warehouseId) as WarehouseShipping, zip, at);
      legs.set(warehouseId, leg);
    }
    return leg;
  };
  return wanted.map(({ productId, quantity }) => {
    const rows = stock.filter((r) => r.productId === productId && r.free > 0 && shipping.has(r.warehouseId));
    const whole = rows.filter((r) => r.free >= quantity).map((r) => legAt(r.warehouseId));
    if (whole.length) {
      const arrivesBy = earliestDay(whole.map((l) => l.arrivesBy));
      const best = whole.filter((l) => l.arrivesBy === arrivesBy);
      return { productId, quantity, arrivesBy, shipsBy: earliestDay(best.map((l) => l.shipsBy)) };
    }
    const nearest = [...rows].sort(
      (a, b) =>
        (milesBetween(zip, a.zip) ?? 1e9) - (milesBetween(zip, b.zip) ?? 1e9) ||
        a.warehouseId - b.warehouseId,
    );
    const used: typeof rows = [];
    let left = quantity;
    for (const r of nearest) {
      if (left <= 0) break;
      used.push(r);
      left -= r.free;
    }
    if (left > 0) return { productId, quantity, arrivesBy: null, shipsBy: null };
    const split = used.map((r) => legAt(r.warehouseId));
    return {
      productId,
      quantity,
      arrivesBy: latestDay(split.map((l) => l.arrivesBy)),
      shipsBy: latestDay(split.map((l) => l.shipsBy)),
    };
  });
}
