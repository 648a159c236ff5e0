// Shipments: one per label, moved by the tracking service's signed scans (or support by hand)
// along shipmentTransitions. The fulfillment follows its shipment, and the order follows its
// units: partially shipped, shipped, delivered when every unit has arrived.
import { can, isStaff } from '../../../domain/roles';
import type { CourierService } from '../../../domain/shipping';
import {
  type FulfillmentStatus,
  fulfillmentStatusOf,
  canVoidShipment,
  fulfillmentTransitions,
  isClosedShipment,
  isLiveShipment,
  orderStatusForUnits,
  type ShipmentStatus,
  shipmentTransitions,
} from '../../../domain/shipping-status';
import { canTransition } from '../../../domain/status-machine';
import type { DbOrTx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { conflict, notFound } from '../../http/errors';
import { trackingTimetable } from '../../integrations/couriers/courier-sandbox';
import { milesBetween } from '../../integrations/geo/zip-geo';
import { followShipments } from '../orders/orders.service';
import { moveFulfillment } from './logistics.fulfillment-log';
import * as repo from './logistics.repository';
import * as shipRepo from './logistics.shipments.repository';

/** The forward path of a parcel: a scan that skips steps walks through them. */
const path: ShipmentStatus[] = ['label_created', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered'];

export interface Mover {
  source: 'webhook' | 'staff' | 'system';
  userId?: number | null;
  note?: string | null;
  location?: string | null;
  eventId?: string | null;
  at?: Date;
}

/** A new shipment for a label just bought: its units, and the first event of its timeline. */
export async function startShipment(
  tx: DbOrTx,
  s: {
    orderId: number;
    fulfillmentId: number | null;
    labelId: number | null;
    courier: string;
    service: string;
    trackingNumber: string;
    shipFromZip: string;
    shipToZip: string;
    items: { orderItemId: number; quantity: number }[];
  },
  mover: Mover,
) {
  const row = await shipRepo.insertShipment(tx, { ...s, status: 'label_created' });
  await shipRepo.insertItems(
    tx,
    s.items.map((i) => ({ shipmentId: row.id, ...i })),
  );
  await shipRepo.insertEvent(tx, {
    shipmentId: row.id,
    status: 'label_created',
    source: mover.source,
    userId: mover.userId ?? null,
    note: mover.note ?? null,
  });
  return row;
}

/** Moves a shipment (locked by the caller) to a status, and its fulfillment and order after it. */
export async function moveShipment(tx: DbOrTx, s: shipRepo.ShipmentRow, to: ShipmentStatus, mover: Mover) {
  const at = mover.at ?? new Date();
  await shipRepo.setShipmentStatus(tx, s, to, to === 'delivered' ? { deliveredAt: at } : {});
  await shipRepo.insertEvent(tx, {
    shipmentId: s.id,
    status: to,
    source: mover.source,
    userId: mover.userId ?? null,
    note: mover.note ?? null,
    location: mover.location ?? null,
    eventId: mover.eventId ?? null,
    at,
  });
  if (s.fulfillmentId) {
    const f = await repo.findFulfillment(tx, s.fulfillmentId, true);
    const wanted = fulfillmentStatusOf[to];
    if (
      f &&
      f.status !== wanted &&
      canTransition(fulfillmentTransitions, f.status as FulfillmentStatus, wanted)
    )
      await moveFulfillment(tx, f, wanted, mover.userId ?? null, `shipment ${s.trackingNumber} ${to}`);
  }
  await orderFollowsUnits(tx, s.orderId, `shipment ${s.trackingNumber} ${to.replaceAll('_', ' ')}`);
}

/**
 * Moves a shipment forward to `to`, through the steps a late scan skipped (a delivery scan on a
 * parcel never scanned in transit). Anything not on the forward path must be allowed directly.
 */
export async function advanceShipment(tx: DbOrTx, s: shipRepo.ShipmentRow, to: ShipmentStatus, mover: Mover) {
  const from = path.indexOf(s.status as ShipmentStatus);
  const target = path.indexOf(to);
  if (
    from === -1 ||
    target === -1 ||
    target <= from ||
    canTransition(shipmentTransitions, s.status as ShipmentStatus, to)
  )
    return moveShipment(tx, s, to, mover);
  let current = s;
  for (const step of path.slice(from + 1, target + 1)) {
    if (!canTransition(shipmentTransitions, current.status as ShipmentStatus, step)) continue;
    await moveShipment(tx, current, step, mover.eventId && step !== to ? { ...mover, eventId: null } : mover);
    current = { ...current, status: step };
  }
}

/** The order's status from its units: delivered when all arrived, shipped when all left, else partly. */
async function orderFollowsUnits(tx: DbOrTx, orderId: number, note: string) {
  const units = totalUnits(await shipRepo.unitsOfOrder(tx, orderId));
  const to = orderStatusForUnits(units);
  if (to) await followShipments(tx, orderId, to, note);
}

function totalUnits(items: { ordered: number; left: number; delivered: number }[]) {
  return items.reduce(
    (t, i) => ({
      ordered: t.ordered + i.ordered,
      left: t.left + i.left,
      delivered: t.delivered + i.delivered,
    }),
    { ordered: 0, left: 0, delivered: 0 },
  );
}

/** Voids the shipment of a fulfillment being cancelled; one already picked up cannot be. */
export async function voidShipmentOfFulfillment(tx: DbOrTx, fulfillmentId: number, userId: number) {
  const open = (await repo.shipmentsOfFulfillments(tx, [fulfillmentId])).filter((s) =>
    isLiveShipment(s.status),
  );
  for (const s of open) {
    const row = await shipRepo.findShipment(tx, s.shipmentId, true);
    if (!canVoidShipment(row.status))
      throw conflict(`Shipment ${row.trackingNumber} is ${row.status}: the courier has it`);
    await moveShipment(tx, row, 'voided', { source: 'staff', userId, note: 'label voided' });
  }
}

/** What a caller may see of shipments: staff all, a supplier its own, an installer its bays', a customer its company's. */
export function scopeOf(actor: Actor): shipRepo.ShipmentScope {
  if (isStaff(actor.role)) return { all: true };
  if (actor.role === 'supplier') return { supplierId: actor.supplierId };
  if (actor.role === 'installer') return { installerCompanyId: actor.companyId };
  return { companyId: actor.companyId };
}

/** Delivered units per order item, from the shipments (after-sales: what may be returned or claimed). */
export async function deliveredUnits(db: DbOrTx, orderId: number): Promise<Map<number, number>> {
  const units = await shipRepo.unitsOfOrder(db, orderId);
  return new Map(units.map((u) => [u.orderItemId, u.delivered]));
}

/** The order's units and the buyer-facing state of its delivery. */
export async function deliveryState(db: DbOrTx, orderId: number) {
  const units = totalUnits(await shipRepo.unitsOfOrder(db, orderId));
  const state =
    units.ordered > 0 && units.delivered >= units.ordered
      ? 'delivered'
      : units.delivered > 0
        ? 'partially_delivered'
        : units.ordered > 0 && units.left >= units.ordered
          ? 'shipped'
          : units.left > 0
            ? 'partially_shipped'
            : 'not_shipped';
  return { units, state } as const;
}

/** When the timetable expects the parcel, from the label's time (null when it stopped or arrived). */
export function expectedAt(s: shipRepo.ShipmentRow): Date | null {
  if (isClosedShipment(s.status)) return null;
  const last = trackingTimetable(s.service as CourierService, milesBetween(s.shipFromZip, s.shipToZip)).at(
    -1,
  );
  return last ? new Date(s.createdAt.getTime() + last.afterHours * 3_600_000) : null;
}

/** The statuses the timetable has reached by `now`, in order. */
export function dueScans(s: shipRepo.ShipmentRow, now: Date) {
  return trackingTimetable(s.service as CourierService, milesBetween(s.shipFromZip, s.shipToZip))
    .map((step) => ({
      status: step.status as ShipmentStatus,
      at: new Date(s.createdAt.getTime() + step.afterHours * 3_600_000),
    }))
    .filter((step) => step.at <= now);
}

export const mayCorrect = (actor: Actor) => can(actor.role, 'support');

export async function scopedShipmentRow(db: DbOrTx, actor: Actor, id: number) {
  const row = await shipRepo.scopedShipment(db, id, scopeOf(actor));
  if (!row) throw notFound('Shipment');
  return row;
}
