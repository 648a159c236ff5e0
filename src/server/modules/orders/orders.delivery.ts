// An order follows its shipments (the logistics module decides when units left or arrived):
// forward along the status table only, never out of a hold or a cancellation.
import type { OrderStatus } from '../../../domain/order-status';
import { nextOrderStatuses } from '../../../domain/order-status';
import type { DbOrTx } from '../../db/connection';
import { changeOrderStatus } from './orders.log';
import * as repo from './orders.repository';

const forward: OrderStatus[] = ['placed', 'processing', 'partially_shipped', 'shipped', 'delivered'];

/** Moves an order forward to `to` (placed → processing → … → delivered), each step logged. */
export async function followShipments(
  tx: DbOrTx,
  orderId: number,
  to: 'partially_shipped' | 'shipped' | 'delivered',
  note: string,
) {
  const order = await repo.findOrder(tx, orderId, true);
  if (!order) return;
  let current = { id: order.id, status: order.status, heldFrom: order.heldFrom };
  const target = forward.indexOf(to);
  while (
    forward.indexOf(current.status as OrderStatus) !== -1 &&
    forward.indexOf(current.status as OrderStatus) < target
  ) {
    const allowed = nextOrderStatuses(current.status as OrderStatus);
    const step = [...forward.slice(0, target + 1)].reverse().find((s) => allowed.includes(s));
    if (!step) return;
    await changeOrderStatus(tx, current, step, null, note);
    current = { ...current, status: step, heldFrom: null };
  }
}
