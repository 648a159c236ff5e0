import { isEditableOrder, isPlacedOrder, type OrderStatus } from '../../../domain/order-status';
import type { OrderPaymentStatus } from '../../../domain/payment-status';
import type { Db, Tx } from '../../db/connection';
import { conflict, notFound } from '../../http/errors';
import { reverseCompensation } from '../comp/comp.service';
import * as repo from './orders.repository';
import { releaseStock } from './orders.stock';
import { orderDetail } from './orders.views';

/** Only a placed order that nobody has paid may be edited or deleted (`lock` 'key' to delete it). */
export async function editableOrder(tx: Tx, orderId: number, lock: true | 'key' = true) {
  const order = await repo.findOrder(tx, orderId, lock);
  if (!order || !isPlacedOrder(order.status)) throw notFound('Order');
  if (!isEditableOrder(order.status as OrderStatus, order.paymentStatus as OrderPaymentStatus)) {
    throw conflict(
      `Only a placed, unpaid order can change; this one is ${order.status} with payment ${order.paymentStatus}`,
    );
  }
  return order;
}

export async function updateOrder(db: Db, orderId: number, poNumber: string | null) {
  await db.transaction(async (tx) => {
    await editableOrder(tx, orderId);
    await repo.updateOrder(tx, orderId, { poNumber });
  });
  return orderDetail(db, orderId, true);
}

export async function deleteOrder(db: Db, orderId: number) {
  await db.transaction(async (tx) => {
    await editableOrder(tx, orderId, 'key');
    await releaseStock(tx, orderId);
    await reverseCompensation(tx, orderId, 'order deleted');
    await repo.deleteOrder(tx, orderId);
  });
  return { ok: true as const };
}

export async function itemsOf(db: Db, orderId: number) {
  return { list: (await orderDetail(db, orderId, true)).orderItems };
}

export async function itemOf(db: Db, orderId: number, itemId: number) {
  const item = (await orderDetail(db, orderId, true)).orderItems.find((i) => i.orderItemId === itemId);
  if (!item) throw notFound('Order item');
  return item;
}
