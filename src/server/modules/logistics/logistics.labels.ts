// Labels: bought from a courier sandbox for a fulfillment's packages at the rate the shop's one
// parcel rule gives, printed as 4×6 PDFs; buying one starts the shipment.
import type { Courier, CourierService } from '../../../domain/shipping';

import type { FulfillmentStatus } from '../../../domain/shipping-status';
import { assertFulfillmentTransition, isActiveLabel } from '../../../domain/shipping-status';
import type { Db } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { badRequest, notFound } from '../../http/errors';
import { quoteRates, trackingNumberOf } from '../../integrations/couriers/courier-sandbox';
import { lookupZip } from '../../integrations/geo/zip-geo';
import { oneFulfillment, parcelsOf, scopedFulfillment, supplierScope } from './logistics.fulfillments';
import { moveFulfillment } from './logistics.fulfillment-log';
import { type LabelPage, labelsPdf } from './logistics.label-pdf';
import * as repo from './logistics.repository';
import { startShipment } from './logistics.shipments';

/** Buys the label at the chosen (or given) courier and service; the shipment starts as label_created. */
export async function generateLabel(
  db: Db,
  actor: Actor,
  b: { fulfillmentId: number; courier?: Courier; service?: CourierService },
) {
  const labelId = await db.transaction(async (tx) => {
    const f = await scopedFulfillment(tx, actor, b.fulfillmentId, true);
    assertFulfillmentTransition(f.status as FulfillmentStatus, 'labeled');
    const courier = b.courier ?? (f.courier as Courier | null);
    const service = b.service ?? (f.service as CourierService | null);
    if (!courier || !service)
      throw badRequest('Choose a courier and a service first', [
        { pointer: '/body/courier', detail: 'is required when no rate was chosen' },
      ]);
    const { view, parcels } = await parcelsOf(tx, f);
    const rate = quoteRates(parcels).find((r) => r.courier === courier && r.service === service);
    if (!rate) throw notFound('Rate');
    const label = await repo.insertLabel(tx, {
      fulfillmentId: f.id,
      // Replaced below by the courier's number, which is made from the label's id.
      trackingNumber: `pending-${f.id}-${Date.now()}`,
      courier,
      service,
      rateCents: rate.rateCents,
      packages: view.packages,
      weightLbs: view.weightLbs,
    });
    const trackingNumber = trackingNumberOf(courier, label.id);
    await repo.setLabelTracking(tx, label.id, trackingNumber);
    await repo.updateFulfillment(tx, f.id, { courier, service, rateCents: rate.rateCents });
    await startShipment(
      tx,
      {
        orderId: f.orderId,
        fulfillmentId: f.id,
        labelId: label.id,
        courier,
        service,
        trackingNumber,
        shipFromZip: view.warehouseZip,
        shipToZip: f.shipTo.zip,
        items: view.lines.map((l) => ({ orderItemId: l.orderItemId, quantity: l.quantity })),
      },
      { source: 'system', userId: actor.userId, note: `${courier} ${service} label bought` },
    );
    await moveFulfillment(tx, f, 'labeled', actor.userId, trackingNumber);
    return label.id;
  });
  const one = await oneFulfillment(db, b.fulfillmentId);
  const label = one.data.labels.find((l) => l.labelId === labelId);
  if (!label) throw notFound('Label');
  return { data: one.data, label };
}

/** The active labels of fulfillments the caller may see, as one PDF (a page per package). */
export async function printLabels(db: Db, actor: Actor, ids: number[]) {
  const scope = supplierScope(actor);
  const rows = (await repo.fulfillmentsByIds(db, ids)).filter(
    (f) => scope === undefined || f.supplierCompanyId === scope,
  );
  if (rows.length < new Set(ids).size) throw notFound('Fulfillment');
  const pages: LabelPage[] = [];
  const labels = await repo.labelsOf(db, ids);
  for (const f of [...rows].sort((a, b) => a.id - b.id)) {
    const label = labels.find((l) => l.fulfillmentId === f.id && isActiveLabel(l.status));
    if (!label) continue;
    const { view } = await parcelsOf(db, f);
    const from = await repo.warehouseOf(db, f.warehouseId);
    const fromPlace = lookupZip(from.zip);
    pages.push({
      trackingNumber: label.trackingNumber,
      courier: label.courier,
      service: label.service,
      from: {
        name: from.company,
        lines: [from.name, `${fromPlace?.city ?? ''}, ${fromPlace?.state ?? ''} ${from.zip}`],
      },
      to: {
        name: f.shipTo.name,
        lines: [f.shipTo.address1, `${f.shipTo.city}, ${f.shipTo.state} ${f.shipTo.zip}`],
      },
      weightLbs: label.weightLbs,
      packages: label.packages,
      orderNumber: view.orderNumber,
      shipDate: label.createdAt.toISOString().slice(0, 10),
    });
  }
  if (!pages.length) throw notFound('Label');
  return labelsPdf(pages);
}

/** The labels bought for an order (staff). */
export async function orderLabels(db: Db, orderId: number) {
  const rows = await repo.listFulfillments(db, { page: 0, pageSize: 100, orderId });
  const labels = await repo.labelsOf(
    db,
    rows.list.map((f) => f.id),
  );
  if (!rows.list.length && !(await repo.orderNumbers(db, [orderId])).rows.length) throw notFound('Order');
  const warehouses = new Map(
    (
      await repo.warehouseNames(
        db,
        rows.list.map((f) => f.warehouseId),
      )
    ).rows.map((w) => [Number(w.id), w.zip]),
  );
  return {
    list: labels.map((l) => {
      const f = rows.list.find((x) => x.id === l.fulfillmentId) as repo.FulfillmentRow;
      return {
        labelId: l.id,
        fulfillmentId: f.id,
        subOrderId: f.subOrderId,
        fromZip: warehouses.get(f.warehouseId) ?? '',
        toZip: f.shipTo.zip,
        courier: l.courier,
        service: l.service,
        packages: l.packages,
        weightLbs: l.weightLbs,
        rateCents: l.rateCents,
        trackingNumber: l.trackingNumber,
        status: l.status as 'active' | 'voided',
      };
    }),
  };
}
