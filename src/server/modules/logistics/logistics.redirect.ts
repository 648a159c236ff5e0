import type { z } from 'zod';
import type { ShippingChoice } from '../../../contract/cart';
import type { Db, Tx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { conflict } from '../../http/errors';
import { quoteRates } from '../../integrations/couriers/courier-sandbox';
import { orderDetail, redirectOrder } from '../orders/orders.service';
import { logChange } from './logistics.fulfillment-log';
import { parcelsOf } from './logistics.fulfillments';
import * as repo from './logistics.repository';

/** Fulfillments past these have a label with the old address on it. */
const movable = ['new', 'rated'];
const done = ['cancelled'];

/**
 * `PUT /order/{id}/shipping` (docs/logistics.md): staff send an order that has not left elsewhere;
 * its open fulfillments ship to the new place (re-rated), one with a label is a 409.
 */
export async function redirectOrderShipping(
  db: Db,
  actor: Actor,
  orderId: number,
  choice: z.output<typeof ShippingChoice>,
) {
  await db.transaction(async (tx: Tx) => {
    await redirectOrder(tx, actor, orderId, choice);
    const { list } = await repo.listFulfillments(tx, { orderId, page: 0, pageSize: 100 });
    const labeled = list.find((f) => !movable.includes(f.status) && !done.includes(f.status));
    if (labeled)
      throw conflict(
        `Fulfillment ${labeled.id} is ${labeled.status} with the old address on its label; cancel it first`,
      );
    for (const f of list.filter((x) => movable.includes(x.status))) {
      const lineIds = (await repo.fulfillmentLineRows(tx, [f.id]))
        .filter((l) => l.releasedAt === null)
        .map((l) => l.supplierLineId);
      const [line] = await repo.linesByIds(tx, lineIds);
      if (!line) continue;
      const shipTo = line.shipTo;
      await repo.updateFulfillment(tx, f.id, { shipTo });
      if (f.courier && f.service) {
        const { parcels } = await parcelsOf(tx, { ...f, shipTo });
        const rate = quoteRates(parcels).find((r) => r.courier === f.courier && r.service === f.service);
        await repo.updateFulfillment(tx, f.id, { rateCents: rate?.rateCents ?? null });
      }
      await logChange(
        tx,
        f,
        f.status,
        actor.userId,
        `order redirected to ${shipTo.city}, ${shipTo.state} ${shipTo.zip}`,
      );
    }
  });
  return orderDetail(db, orderId, true);
}
