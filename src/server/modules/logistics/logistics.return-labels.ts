// Return labels: the courier label a buyer sticks on the tires they send back under an RMA, one
// per warehouse the returned units came from, addressed back to that warehouse with the courier
// that brought them (docs/aftersales.md, "Returns"). The sandbox courier needs no purchase: the
// tracking number is derived from the return, so a label printed twice is the same label.
import { isLiveFulfillment } from '../../../domain/shipping-status';
import type { Courier } from '../../../domain/shipping';
import type { DbOrTx } from '../../db/connection';
import { notFound } from '../../http/errors';
import { trackingNumberOf } from '../../integrations/couriers/courier-sandbox';
import { lookupZip } from '../../integrations/geo/zip-geo';
import { type LabelPage, labelsPdf } from './logistics.label-pdf';
import * as repo from './logistics.repository';
import { packagesOf, viewFulfillments } from './logistics.views';

export interface ReturnShipment {
  returnId: number;
  rmaNumber: string;
  orderId: number;
  /** Units sent back, per order item. */
  items: { orderItemId: number; quantity: number }[];
}

/** Return label numbers live far above outbound label ids, so the two never share a number. */
const RETURN_LABEL_BASE = 900_000_000;

export async function returnLabelsPdf(db: DbOrTx, r: ReturnShipment): Promise<Buffer> {
  const rows = (await repo.listFulfillments(db, { page: 0, pageSize: 100, orderId: r.orderId })).list;
  const shipped = await viewFulfillments(
    db,
    rows.filter((f) => isLiveFulfillment(f.status) && f.courier),
  );
  // Each returned unit goes back to a warehouse that shipped a unit of its order item.
  const left = new Map(r.items.map((i) => [i.orderItemId, i.quantity]));
  const pages: LabelPage[] = [];
  for (const f of [...shipped].sort((a, b) => a.fulfillmentId - b.fulfillmentId)) {
    const lines = f.lines.flatMap((l) => {
      const quantity = Math.min(l.quantity, left.get(l.orderItemId) ?? 0);
      if (!quantity) return [];
      left.set(l.orderItemId, (left.get(l.orderItemId) ?? 0) - quantity);
      return [{ quantity, weightLbs: l.weightLbs }];
    });
    if (!lines.length) continue;
    const warehouse = await repo.warehouseOf(db, f.warehouseId);
    const place = lookupZip(warehouse.zip);
    const { packages, weightLbs } = packagesOf(lines);
    pages.push({
      trackingNumber: trackingNumberOf(
        f.courier as Courier,
        RETURN_LABEL_BASE + r.returnId * 10 + pages.length,
      ),
      courier: f.courier as Courier,
      service: 'ground',
      from: {
        name: f.shipTo.name,
        lines: [f.shipTo.address1, `${f.shipTo.city}, ${f.shipTo.state} ${f.shipTo.zip}`],
      },
      to: {
        name: `${warehouse.company} returns`,
        lines: [warehouse.name, `${place?.city ?? ''}, ${place?.state ?? ''} ${warehouse.zip}`, r.rmaNumber],
      },
      weightLbs,
      packages,
      orderNumber: `${f.orderNumber} ${r.rmaNumber}`,
      shipDate: new Date().toISOString().slice(0, 10),
    });
  }
  if (!pages.length) throw notFound('Shipped units of this return');
  return labelsPdf(pages);
}
