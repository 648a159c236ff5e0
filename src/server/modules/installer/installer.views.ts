// Installer orders as the contract shows them: the order, its customer, its tires with the units
// delivered, the state of its shipments, its installer side and what may come next.
import { isCancelledOrder, isShippedOrderStatus } from '../../../domain/order-status';
import type { InstallerOrder } from '../../../contract/installer';
import {
  type InstallerOrderStatus,
  installerOrderCorrections,
  installerOrderTransitions,
} from '../../../domain/installer-status';
import type { DbOrTx } from '../../db/connection';
import { iso } from '../../lib/dates';
import { deliveredUnits } from '../logistics/logistics.service';
import * as repo from './installer.repository';

/** Who is looking: the installer follows the table, staff may also correct. */
export type Viewer = 'installer' | 'staff';

const shipmentState = (orderStatus: string, ordered: number, delivered: number) =>
  ordered > 0 && delivered >= ordered
    ? 'delivered'
    : delivered > 0
      ? 'partially_delivered'
      : isShippedOrderStatus(orderStatus)
        ? orderStatus
        : 'not_shipped';

/** What the viewer may move an installer order to; nothing while its order is cancelled. */
export function nextStatuses(viewer: Viewer, status: InstallerOrderStatus, orderStatus: string) {
  if (isCancelledOrder(orderStatus)) return [];
  return [...(viewer === 'staff' ? installerOrderCorrections : installerOrderTransitions)[status]];
}

export async function viewOrders(
  db: DbOrTx,
  viewer: Viewer,
  heads: repo.OrderHead[],
): Promise<InstallerOrder[]> {
  const tires = await repo.tiresOf(
    db,
    heads.map((h) => h.orderId),
  );
  const logs = await repo.logsOf(
    db,
    heads.flatMap((h) => (h.io ? [h.io.id] : [])),
  );
  const delivered = new Map(
    await Promise.all(heads.map(async (h) => [h.orderId, await deliveredUnits(db, h.orderId)] as const)),
  );
  return heads.map((h) => {
    const io = h.io;
    const status = (io?.status ?? 'incoming') as InstallerOrderStatus;
    const own = tires
      .filter((t) => t.orderId === h.orderId)
      .map(({ orderId: _, ...t }) => ({
        ...t,
        delivered: delivered.get(h.orderId)?.get(t.orderItemId) ?? 0,
      }));
    const unitsOrdered = own.reduce((n, t) => n + t.quantity, 0);
    const unitsDelivered = own.reduce((n, t) => n + Math.min(t.delivered, t.quantity), 0);
    return {
      orderId: h.orderId,
      orderNumber: h.orderNumber,
      orderStatus: h.orderStatus,
      placedAt: h.placedAt ? iso(h.placedAt) : null,
      installerLocationId: h.installerLocationId,
      installerLocationName: h.installerLocationName,
      status,
      next: nextStatuses(viewer, status, h.orderStatus),
      appointmentAt: io?.appointmentAt ? iso(io.appointmentAt) : null,
      receivedAt: io?.receivedAt ? iso(io.receivedAt) : null,
      mountedAt: io?.mountedAt ? iso(io.mountedAt) : null,
      labourCents: io?.labourCents ?? 0,
      vehicle: io?.vehicle ?? null,
      note: io?.note ?? null,
      customer: {
        companyName: h.companyName,
        locationName: h.locationName,
        contactName: h.contactName,
        email: h.email,
        phone: h.phone,
        poNumber: h.poNumber,
      },
      tires: own,
      shipment: {
        state: shipmentState(h.orderStatus, unitsOrdered, unitsDelivered),
        unitsOrdered,
        unitsDelivered,
      },
      log: logs
        .filter((l) => io && l.log.installerOrderId === io.id)
        .map((l) => ({
          fromStatus: l.log.fromStatus,
          toStatus: l.log.toStatus,
          note: l.log.note,
          by: l.by,
          at: iso(l.log.at),
        })),
    };
  });
}
