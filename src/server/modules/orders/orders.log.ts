import { eq } from 'drizzle-orm';
import {
  assertOrderTransition,
  assertSupplierLineTransition,
  type OrderStatus,
  type SupplierLineStatus,
} from '../../../domain/order-status';
import type { DbOrTx } from '../../db/connection';
import { orderStatusLog, orders, supplierLines } from '../../db/schema';

/** Moves an order to a status through the transition table, and logs who, when and why. */
export async function changeOrderStatus(
  tx: DbOrTx,
  order: { id: number; status: string; heldFrom: string | null },
  to: OrderStatus,
  userId: number | null,
  note: string | null = null,
) {
  assertOrderTransition(order.status as OrderStatus, to, order.heldFrom as OrderStatus | null);
  const heldFrom = to === 'on_hold' ? order.status : null;
  await tx.update(orders).set({ status: to, heldFrom, updatedAt: new Date() }).where(eq(orders.id, order.id));
  await tx
    .insert(orderStatusLog)
    .values({ orderId: order.id, userId, fromStatus: order.status, toStatus: to, note });
}

export async function changeLineStatus(
  tx: DbOrTx,
  line: { id: number; status: string; orderId: number },
  to: SupplierLineStatus,
  userId: number | null,
  note: string | null = null,
) {
  assertSupplierLineTransition(line.status as SupplierLineStatus, to);
  await tx
    .update(supplierLines)
    .set({ status: to, note, updatedAt: new Date() })
    .where(eq(supplierLines.id, line.id));
  await tx.insert(orderStatusLog).values({
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
  await tx
    .insert(orderStatusLog)
    .values({ orderId: order.id, userId, fromStatus: order.status, toStatus: order.status, note });
}

/** A change of a supplier line that is not a status change (fewer units), status unchanged. */
export async function logLineChange(
  tx: DbOrTx,
  line: { id: number; status: string; orderId: number },
  userId: number | null,
  note: string,
) {
  await tx.insert(orderStatusLog).values({
    orderId: line.orderId,
    supplierLineId: line.id,
    userId,
    fromStatus: line.status,
    toStatus: line.status,
    note,
  });
}
