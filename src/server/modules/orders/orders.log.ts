import type { OrderStatus, SupplierLineStatus } from '../../../domain/order-status';
import type { DbOrTx } from '../../db/connection';
import * as logRepo from './orders.log.repository';
import * as repo from './orders.repository';
import * as routingRepo from './orders.routing.repository';
import { enqueueOrderWebhookEvents, type WebhookEventType } from '../webhooks/webhooks.service';

/** The moves of an order its company's systems are told of (docs/webhooks.md, "Events"). */
const reportedMoves: Partial<Record<OrderStatus, WebhookEventType>> = {
  partially_shipped: 'order.shipped',
  shipped: 'order.shipped',
  delivered: 'order.delivered',
};

/**
 * Moves an order to a status (checked by its table in setOrderStatus), logs who, when and why,
 * and reports a shipment or delivery to the company's webhooks.
 */
export async function changeOrderStatus(
  tx: DbOrTx,
  order: { id: number; status: string; heldFrom: string | null },
  to: OrderStatus,
  userId: number | null,
  note: string | null = null,
) {
  await repo.setOrderStatus(tx, order, to);
  await logRepo.insertLogEntry(tx, {
    orderId: order.id,
    userId,
    fromStatus: order.status,
    toStatus: to,
    note,
  });
  const reported = reportedMoves[to];
  if (reported) await enqueueOrderWebhookEvents(tx, order.id, [reported]);
}

export async function changeLineStatus(
  tx: DbOrTx,
  line: { id: number; status: string; orderId: number },
  to: SupplierLineStatus,
  userId: number | null,
  note: string | null = null,
) {
  await routingRepo.setLineStatus(tx, line, to, note);
  await logRepo.insertLogEntry(tx, {
    orderId: line.orderId,
    supplierLineId: line.id,
    userId,
    fromStatus: line.status,
    toStatus: to,
    note,
  });
}

/** A change that is not a status change (items, routing) goes to the same log, status unchanged. */
export async function logOrderChange(
  tx: DbOrTx,
  order: { id: number; status: string },
  userId: number | null,
  note: string,
) {
  await logRepo.insertLogEntry(tx, {
    orderId: order.id,
    userId,
    fromStatus: order.status,
    toStatus: order.status,
    note,
  });
}

/** A change of a supplier line that is not a status change (fewer units), status unchanged. */
export async function logLineChange(
  tx: DbOrTx,
  line: { id: number; status: string; orderId: number },
  userId: number | null,
  note: string,
) {
  await logRepo.insertLogEntry(tx, {
    orderId: line.orderId,
    supplierLineId: line.id,
    userId,
    fromStatus: line.status,
    toStatus: line.status,
    note,
  });
}
