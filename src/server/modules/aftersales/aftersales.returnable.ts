// Which units may be returned: delivered units of the order's lines not yet in another return,
// within the return window of the reason.
import { withinReturnWindow } from '../../../domain/aftersales-money';
import type { ReturnReason } from '../../../domain/aftersales-status';
import type { DbOrTx } from '../../db/connection';
import { badRequest, conflict } from '../../http/errors';
import type * as orders from '../orders/orders.service';
import * as repo from './aftersales.repository';
import { deliveredUnitsOf } from './aftersales.rules';

export type Units = { orderItemId: number; quantity: number };

/** Delivered units of an order line not yet in another return. */
async function returnable(tx: DbOrTx, facts: orders.OrderFacts, orderItemIds: number[], exceptReturnId = 0) {
  const already = await repo.returnedUnits(tx, orderItemIds, exceptReturnId);
  const delivered = await deliveredUnitsOf(tx, facts.id);
  return (orderItemId: number) => delivered(orderItemId) - (already.get(orderItemId) ?? 0);
}

/** Each line must be of the order and ask for no more units than were delivered and not yet returned. */
export async function assertReturnable(
  tx: DbOrTx,
  facts: orders.OrderFacts,
  wanted: Units[],
  pointer: (i: number) => string,
  exceptReturnId = 0,
) {
  const left = await returnable(
    tx,
    facts,
    wanted.map((w) => w.orderItemId),
    exceptReturnId,
  );
  const totals = new Map<number, number>();
  for (const [i, w] of wanted.entries()) {
    if (!facts.items.some((it) => it.orderItemId === w.orderItemId))
      throw badRequest('That item is not on this order', [
        { pointer: `${pointer(i)}/orderItemId`, detail: 'is not an item of the order' },
      ]);
    totals.set(w.orderItemId, (totals.get(w.orderItemId) ?? 0) + w.quantity);
    const may = left(w.orderItemId);
    if ((totals.get(w.orderItemId) ?? 0) > may)
      throw badRequest(
        may > 0
          ? `At most ${may} units of that item can be returned`
          : 'No units of that item can be returned',
        [
          {
            pointer: `${pointer(i)}/quantity`,
            detail: `is more than the ${Math.max(0, may)} delivered and not yet returned`,
          },
        ],
      );
  }
}

export async function assertWindow(tx: DbOrTx, facts: orders.OrderFacts, reason: ReturnReason) {
  const delivered = await deliveredUnitsOf(tx, facts.id);
  if (!facts.items.some((i) => delivered(i.orderItemId) > 0))
    throw conflict(`Only delivered units can be returned; the order is ${facts.status}`, {
      reason: 'not_delivered',
    });
  const deliveredAt = facts.deliveredAt ?? facts.placedAt;
  if (!withinReturnWindow(reason, deliveredAt, new Date()))
    throw conflict('Returns are accepted within 30 days of delivery, except for a defect', {
      reason: 'return_window',
    });
}
