// Fulfillment rows as the contract shows them: lines with their tires, labels, shipment, packages.
import type { Fulfillment, FulfillmentProposal } from '../../../contract/logistics';
import { billableLbs } from '../../../domain/shipping';
import {
  type FulfillmentStatus,
  fulfillmentTransitions,
  isLiveShipment,
} from '../../../domain/shipping-status';
import type { DbOrTx } from '../../db/connection';
import * as repo from './logistics.repository';

const toLine = (l: repo.OpenLine) => ({
  supplierLineId: l.supplierLineId,
  orderItemId: l.orderItemId,
  skuCode: l.skuCode,
  description: l.description,
  quantity: l.quantity,
  weightLbs: l.weightLbs,
});

/** Packages (a tire each) and their billable pounds. */
export function packagesOf(lines: { quantity: number; weightLbs: number | null }[]) {
  return {
    packages: lines.reduce((n, l) => n + l.quantity, 0),
    weightLbs: lines.reduce((n, l) => n + l.quantity * billableLbs(l.weightLbs), 0),
  };
}

export async function viewFulfillments(db: DbOrTx, rows: repo.FulfillmentRow[]): Promise<Fulfillment[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const flRows = await repo.fulfillmentLineRows(db, ids);
  const lines = await repo.linesByIds(
    db,
    flRows.map((l) => l.supplierLineId),
  );
  const labels = await repo.labelsOf(db, ids);
  const shipments = await repo.shipmentsOfFulfillments(db, ids);
  const numbers = new Map(
    (
      await repo.orderNumbers(
        db,
        rows.map((r) => r.orderId),
      )
    ).rows.map((r) => [Number(r.id), r.number]),
  );
  const warehouses = new Map(
    (
      await repo.warehouseNames(
        db,
        rows.map((r) => r.warehouseId),
      )
    ).rows.map((w) => [Number(w.id), w]),
  );
  return rows.map((f) => {
    const mine = flRows
      .filter((l) => l.fulfillmentId === f.id)
      .map((fl) => {
        const l = lines.find((x) => x.supplierLineId === fl.supplierLineId);
        return l ? { ...toLine(l), quantity: fl.quantity } : null;
      })
      .filter((l) => l !== null);
    const shipment = shipments.find((s) => s.fulfillmentId === f.id && isLiveShipment(s.status)) ?? null;
    const w = warehouses.get(f.warehouseId);
    return {
      fulfillmentId: f.id,
      orderId: f.orderId,
      orderNumber: numbers.get(f.orderId) ?? String(f.orderId),
      subOrderId: f.subOrderId,
      supplierCompanyId: f.supplierCompanyId,
      warehouseId: f.warehouseId,
      warehouseName: w?.name ?? '',
      warehouseZip: w?.zip ?? '',
      status: f.status as FulfillmentStatus,
      next: [...fulfillmentTransitions[f.status as FulfillmentStatus]],
      shipTo: f.shipTo,
      courier: f.courier,
      service: f.service,
      rateCents: f.rateCents,
      ...packagesOf(mine),
      lines: mine,
      labels: labels
        .filter((l) => l.fulfillmentId === f.id)
        .map((l) => ({
          labelId: l.id,
          trackingNumber: l.trackingNumber,
          courier: l.courier,
          service: l.service,
          rateCents: l.rateCents,
          packages: l.packages,
          weightLbs: l.weightLbs,
          status: l.status as 'active' | 'voided',
          createdAt: l.createdAt.toISOString(),
        })),
      shipment: shipment
        ? {
            shipmentId: shipment.shipmentId,
            status: shipment.status,
            trackingNumber: shipment.trackingNumber,
          }
        : null,
      createdAt: f.createdAt.toISOString(),
      updatedAt: f.updatedAt.toISOString(),
    };
  });
}

/** Open lines grouped by order and warehouse (one sub-order): each group leaves together. */
export function proposalsOf(lines: repo.OpenLine[]): FulfillmentProposal[] {
  const groups = new Map<number, FulfillmentProposal>();
  for (const l of lines) {
    const g = groups.get(l.subOrderId) ?? {
      orderId: l.orderId,
      orderNumber: l.orderNumber,
      subOrderId: l.subOrderId,
      warehouseId: l.warehouseId,
      warehouseName: l.warehouseName,
      shipTo: l.shipTo,
      lines: [],
    };
    g.lines.push(toLine(l));
    groups.set(l.subOrderId, g);
  }
  return [...groups.values()];
}
