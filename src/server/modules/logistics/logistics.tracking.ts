// What callers do with shipments: read them (scoped), record or correct them (support), and the
// tracking service's scans arriving as signed webhooks.
import { isPlacedOrder, shipsMore } from '../../../domain/order-status';
import type { Shipment } from '../../../contract/shipments';
import { couriers, courierServices, type Courier } from '../../../domain/shipping';
import {
  isClosedShipment,
  type ShipmentStatus,
  shipmentStatuses,
  shipmentTransitions,
} from '../../../domain/shipping-status';
import { transitionsOf } from '../../../domain/status-machine';
import type { Db, DbOrTx } from '../../db/connection';
import { pageAnswer, type Paging } from '../../db/list-page';
import type { Actor } from '../../http/actor';
import { badRequest, conflict, notFound } from '../../http/errors';
import { courierLocations } from '../../integrations/couriers/courier-sandbox';
import { lookupZip, milesBetween } from '../../integrations/geo/zip-geo';
import * as shipRepo from './logistics.shipments.repository';
import {
  advanceShipment,
  deliveryState,
  dueScans,
  expectedAt,
  moveShipment,
  scopedShipmentRow,
  scopeOf,
  startShipment,
} from './logistics.shipments';

type Row = { shipment: shipRepo.ShipmentRow; orderNumber: string | null };

export async function viewShipments(db: DbOrTx, rows: Row[]): Promise<Shipment[]> {
  const ids = rows.map((r) => r.shipment.id);
  const events = await shipRepo.eventsOf(db, ids);
  const items = ids.length ? (await shipRepo.itemsOf(db, ids)).rows : [];
  return rows.map(({ shipment: s, orderNumber }) => ({
    shipmentId: s.id,
    orderId: s.orderId,
    orderNumber: orderNumber ?? String(s.orderId),
    fulfillmentId: s.fulfillmentId,
    courier: s.courier,
    service: s.service,
    trackingNumber: s.trackingNumber,
    status: s.status as ShipmentStatus,
    next: [...shipmentTransitions[s.status as ShipmentStatus]],
    shipFromZip: s.shipFromZip,
    shipToZip: s.shipToZip,
    expectedAt: expectedAt(s)?.toISOString() ?? null,
    deliveredAt: s.deliveredAt?.toISOString() ?? null,
    createdAt: s.createdAt.toISOString(),
    items: items
      .filter((i) => Number(i.shipment_id) === s.id)
      .map((i) => ({
        orderItemId: Number(i.order_item_id),
        description: i.description,
        quantity: Number(i.quantity),
      })),
    events: events
      .filter((e) => e.shipmentId === s.id)
      .map((e) => ({
        status: e.status as ShipmentStatus,
        at: e.at.toISOString(),
        location: e.location,
        note: e.note,
        source: e.source,
      })),
  }));
}

async function one(db: DbOrTx, actor: Actor, id: number) {
  const row = await scopedShipmentRow(db, actor, id);
  return { data: (await viewShipments(db, [row]))[0] };
}

export async function listShipments(db: Db, actor: Actor, q: Paging & { status?: string; orderId?: number }) {
  const page = await shipRepo.listShipments(db, q, scopeOf(actor));
  return pageAnswer(q, { list: await viewShipments(db, page.list), count: page.count });
}

export const getShipment = one;

export const shipmentStatusList = () => ({
  statuses: [...shipmentStatuses],
  transitions: transitionsOf(shipmentTransitions),
});

/** An order's shipments and delivery state, for whoever may see the order (others get a 404). */
export async function orderDelivery(db: Db, actor: Actor, orderId: number) {
  const owner = await shipRepo.orderOwner(db, orderId);
  const scope = scopeOf(actor);
  const rows = await shipRepo.shipmentsOfOrder(db, orderId);
  const visible =
    owner &&
    isPlacedOrder(owner.status) &&
    (scope.all ||
      (scope.companyId !== undefined && Number(owner.company_id) === scope.companyId) ||
      (scope.installerCompanyId !== undefined &&
        Number(owner.installer_company_id) === scope.installerCompanyId) ||
      (scope.supplierId !== undefined && rows.some((r) => r.supplierCompanyId === scope.supplierId)));
  if (!visible) throw notFound('Order');
  const mine =
    scope.supplierId !== undefined ? rows.filter((r) => r.supplierCompanyId === scope.supplierId) : rows;
  return { orderId, ...(await deliveryState(db, orderId)), shipments: await viewShipments(db, mine) };
}

/** Support records units sent outside the label flow; more units than wait to leave is a 409. */
export async function createShipment(
  db: Db,
  actor: Actor,
  b: {
    orderId: number;
    courier: string;
    service: string;
    trackingNumber: string;
    shipFromZip: string;
    items: { orderItemId: number; quantity: number }[];
  },
) {
  if (!lookupZip(b.shipFromZip))
    throw badRequest('Unknown ZIP code', [{ pointer: '/body/shipFromZip', detail: 'is not a US ZIP code' }]);
  const id = await db.transaction(async (tx) => {
    const owner = await shipRepo.orderOwner(tx, b.orderId);
    if (!owner || !isPlacedOrder(owner.status)) throw notFound('Order');
    if (!shipsMore(owner.status)) throw conflict(`An order that is ${owner.status} ships nothing more`);
    if (await shipRepo.findByTracking(tx, b.trackingNumber))
      throw conflict('That tracking number is already recorded');
    const units = await shipRepo.unitsOfOrder(tx, b.orderId);
    for (const [i, item] of b.items.entries()) {
      const u = units.find((x) => x.orderItemId === item.orderItemId);
      if (!u)
        throw badRequest('Not an item of this order', [
          { pointer: `/body/items/${i}/orderItemId`, detail: 'is not an item of the order' },
        ]);
      if (item.quantity > u.ordered - u.left)
        throw conflict(`Only ${u.ordered - u.left} units of item ${u.orderItemId} wait to ship`);
    }
    const row = await startShipment(
      tx,
      {
        orderId: b.orderId,
        fulfillmentId: null,
        labelId: null,
        courier: b.courier,
        service: b.service,
        trackingNumber: b.trackingNumber,
        shipFromZip: b.shipFromZip,
        shipToZip: (await shipRepo.orderDeliveryZip(tx, b.orderId)) ?? '',
        items: b.items,
      },
      { source: 'staff', userId: actor.userId, note: 'recorded by hand' },
    );
    // Recorded after the fact: the courier already has it.
    await moveShipment(tx, row, 'picked_up', { source: 'staff', userId: actor.userId });
    return row.id;
  });
  return one(db, actor, id);
}

export async function updateShipment(
  db: Db,
  actor: Actor,
  id: number,
  b: { courier?: string; trackingNumber?: string },
) {
  await db.transaction(async (tx) => {
    const s = await shipRepo.findShipment(tx, id, true);
    if (!s) throw notFound('Shipment');
    if (isClosedShipment(s.status)) throw conflict(`A shipment that is ${s.status} is closed`);
    if (
      b.trackingNumber &&
      b.trackingNumber !== s.trackingNumber &&
      (await shipRepo.findByTracking(tx, b.trackingNumber))
    )
      throw conflict('That tracking number is already recorded');
    await shipRepo.updateShipment(tx, id, {
      ...(b.courier && { courier: b.courier }),
      ...(b.trackingNumber && { trackingNumber: b.trackingNumber }),
    });
    await shipRepo.insertEvent(tx, {
      shipmentId: id,
      status: s.status,
      source: 'staff',
      userId: actor.userId,
      note: 'courier or tracking number corrected',
    });
  });
  return one(db, actor, id);
}

export async function changeShipmentStatus(
  db: Db,
  actor: Actor,
  id: number,
  status: ShipmentStatus,
  note?: string,
) {
  await db.transaction(async (tx) => {
    const s = await shipRepo.findShipment(tx, id, true);
    if (!s) throw notFound('Shipment');
    await moveShipment(tx, s, status, { source: 'staff', userId: actor.userId, note: note ?? null });
  });
  return one(db, actor, id);
}

/** refresh: the scans the timetable has reached by now; void: a label the courier never took. */
export async function shipmentAction(
  db: Db,
  actor: Actor,
  id: number,
  action: 'refresh' | 'void',
  note?: string,
) {
  await db.transaction(async (tx) => {
    const s = await shipRepo.findShipment(tx, id, true);
    if (!s) throw notFound('Shipment');
    if (action === 'void')
      return moveShipment(tx, s, 'voided', {
        source: 'staff',
        userId: actor.userId,
        note: note ?? 'label voided',
      });
    let current = s;
    for (const scan of dueScans(s, new Date())) {
      const order = ['label_created', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered'];
      if (order.indexOf(scan.status) <= order.indexOf(current.status)) continue;
      await advanceShipment(tx, current, scan.status, {
        source: 'system',
        at: scan.at,
        note: 'tracking refreshed',
      });
      current = { ...current, status: scan.status };
    }
  });
  return one(db, actor, id);
}

/** A scan from the tracking service (signature already verified): applied once, forward only. */
export async function applyTrackingScan(
  db: Db,
  e: {
    id: string;
    data: { trackingNumber: string; status: ShipmentStatus; location: string | null; at: string };
  },
) {
  return db.transaction(async (tx) => {
    if (await shipRepo.eventSeen(tx, e.id))
      throw conflict('This event was already received', { reason: 'replayed_event' });
    const s = await shipRepo.findByTracking(tx, e.data.trackingNumber, true);
    if (!s) return false;
    if (s.status === e.data.status) return false;
    await advanceShipment(tx, s, e.data.status, {
      source: 'webhook',
      eventId: e.id,
      location: e.data.location,
      at: new Date(e.data.at),
    });
    return true;
  });
}

/** The scans the sandbox sends for a parcel: up to a status, or what its timetable reached by `at`. */
export async function scansToSend(db: Db, trackingNumber: string, status?: ShipmentStatus, at?: string) {
  const s = await shipRepo.findByTracking(db, trackingNumber);
  if (!s) throw notFound('Shipment');
  if (status) return { shipment: s, scans: [{ status, at: new Date() }] };
  return { shipment: s, scans: dueScans(s, at ? new Date(at) : new Date()) };
}

export const trackingCouriers = () => ({
  list: couriers.map((code) => ({
    code,
    name: code === 'swiftship' ? 'SwiftShip' : 'ParcelPost',
    services: [...courierServices],
  })),
});

export async function courierDepots(db: Db, actor: Actor, courier: Courier, zip?: string) {
  const origin = zip ?? (actor.locationId ? await shipRepo.locationZip(db, actor.locationId) : undefined);
  const list = courierLocations[courier]
    .map((l) => ({ ...l, miles: milesBetween(origin, l.zip) }))
    .sort((a, b) => (a.miles ?? 1e9) - (b.miles ?? 1e9));
  return { list };
}
