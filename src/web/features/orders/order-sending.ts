import type { OrderDetail } from '../../../contract/order-shapes';
import { isUnsentLine } from '../../../domain/order-status';

/**
 * What "Send to suppliers" would send: the supplier lines still pending. Units no warehouse took
 * (unrouted) are routed or sent to a distributor first, so they alone offer nothing to send.
 */
export function leftToSend(order: Pick<OrderDetail, 'subOrders' | 'orderItems'>) {
  const pendingLines = order.subOrders.flatMap((s) => s.lines).filter((l) => isUnsentLine(l.status)).length;
  const unroutedUnits = order.orderItems.reduce((n, i) => n + i.unroutedQuantity, 0);
  return { pendingLines, unroutedUnits };
}
