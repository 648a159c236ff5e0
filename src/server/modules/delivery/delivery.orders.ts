// The promise an order is placed with, kept in the placement's own transaction.
import { HOUSE_SERVICE, transitDays } from '../../../domain/shipping';
import type { Tx } from '../../db/connection';
import { milesBetween } from '../../integrations/geo/zip-geo';
import * as repo from './delivery.repository';
import { defaultTimeZoneOf } from './delivery.schedules';

export interface Placed {
  orderId: number;
  placedAt: Date;
  /** Where the order goes (its location, address or installer's ZIP). */
  zip: string | null;
  /** The units as routed: each order item's units per warehouse. */
  allocations: { orderItemId: number; warehouseId: number; quantity: number }[];
  /** The ZIP of each warehouse the units come from (the stock placing has read already). */
  warehouseZips: ReadonlyMap<number, string>;
}

/**
 * Keeps the promise of a placed order: for each item and the warehouse its units were routed to,
 * the day that warehouse ships them (its cut-off, handling days and calendar at the moment of
 * placing) and the day they arrive. One statement for any number of lines: the transit days come
 * from the ZIPs already read, the ship days from the warehouses' settings read by the insert.
 */
export async function keepPromise(tx: Tx, placed: Placed) {
  const legs = new Map<string, repo.Leg>();
  for (const a of placed.allocations) {
    const key = `${a.orderItemId}:${a.warehouseId}`;
    const seen = legs.get(key);
    if (seen) {
      seen.quantity += a.quantity;
      continue;
    }
    const warehouseZip = placed.warehouseZips.get(a.warehouseId) ?? null;
    legs.set(key, {
      orderItemId: a.orderItemId,
      warehouseId: a.warehouseId,
      quantity: a.quantity,
      transitDays: transitDays(HOUSE_SERVICE, milesBetween(placed.zip, warehouseZip)),
      defaultTimeZone: defaultTimeZoneOf(warehouseZip ?? ''),
    });
  }
  await repo.insertPromises(tx, placed.orderId, [...legs.values()], placed.placedAt);
}

/** The order's "arrives by" (YYYY-MM-DD, or null without a promise) as a column of the order's read. */
export const arrivesByColumn = repo.arrivesByColumn;
