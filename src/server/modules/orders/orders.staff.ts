import type { z } from 'zod';
import type { StaffOrderQuery } from '../../../contract/orders-staff';
import {
  awaitsApproval,
  awaitsProcessing,
  isExceptionLine,
  isOnHold,
  isPlacedOrder,
  isUnsentLine,
  type OrderStatus,
  type SupplierLineStatus,
  supplierLineTransitions,
} from '../../../domain/order-status';
import { canTransition } from '../../../domain/status-machine';
import type { Db, Tx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { conflict, notFound } from '../../http/errors';
import { reverseCompensation } from '../comp/comp.service';
import * as payments from '../payments/payments.service';
import { changeLineStatus, changeOrderStatus } from './orders.log';
import { changePaymentStatus } from './orders.payment-status';
import * as listsRepo from './orders.lists.repository';
import * as repo from './orders.repository';
import * as routingRepo from './orders.routing.repository';
import { releaseStock } from './orders.stock';
import { orderDetail, toOrderItemRow, toSummary } from './orders.views';
import { type Paging, pageAnswer } from '../../db/list-page';

/** Every placed order, filtered by status, company, supplier, dates and number; paged on the server. */
export async function listOrders(db: Db, q: z.output<typeof StaffOrderQuery>) {
  return pageAnswer(q, await listsRepo.listAllOrders(db, q), toSummary);
}

async function lockedOrder(tx: Tx, orderId: number) {
  const order = await repo.findOrder(tx, orderId, true);
  if (!order || !isPlacedOrder(order.status)) throw notFound('Order');
  // Staff see an order waiting for approval but never move it: its company's approvers decide.
  if (awaitsApproval(order.status))
    throw conflict("This order waits for its company's approval; only the company's approvers move it", {
      reason: 'awaiting_approval',
    });
  return order;
}

/** Moves an order along the status machine; cancelling also undoes stock and payment. */
export async function changeStatus(db: Db, actor: Actor, orderId: number, to: OrderStatus, note?: string) {
  if (to === 'cancelled') return cancelOrder(db, actor, orderId, note);
  await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    await changeOrderStatus(tx, order, to, actor.userId, note ?? null);
  });
  return orderDetail(db, orderId, true);
}

/** Cancels an order: stock goes back, money is refunded or the charge voided, supplier lines stop. */
export async function cancelOrder(db: Db, actor: Actor, orderId: number, note?: string) {
  await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    await changeOrderStatus(tx, order, 'cancelled', actor.userId, note ?? null);
    await releaseStock(tx, orderId);
    const refunded = await payments.reverseAll(tx, orderId, `order cancelled by ${actor.username}`);
    await changePaymentStatus(
      tx,
      { ...order, status: 'cancelled' },
      refunded > 0 ? 'refunded' : 'voided',
      undefined,
      actor.userId,
    );
    await reverseCompensation(tx, orderId, 'order cancelled');
    const open = await routingRepo.listSubOrderLines(tx, orderId);
    for (const r of open) {
      if (canTransition(supplierLineTransitions, r.line.status as SupplierLineStatus, 'cancelled')) {
        await changeLineStatus(
          tx,
          { id: r.line.id, status: r.line.status, orderId },
          'cancelled',
          actor.userId,
          'order cancelled',
        );
      }
    }
  });
  return orderDetail(db, orderId, true);
}

export async function addComment(db: Db, actor: Actor, orderId: number, body: string) {
  const order = await repo.findOrder(db, orderId);
  if (!order || !isPlacedOrder(order.status)) throw notFound('Order');
  await repo.insertComment(db, { orderId, userId: actor.userId, body });
  return orderDetail(db, orderId, true);
}

/** Sends the pending supplier lines; a placed order thereby starts processing. */
export async function submitOrder(db: Db, actor: Actor, orderId: number) {
  await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    const lines = (await routingRepo.listSubOrderLines(tx, orderId)).filter((r) =>
      isUnsentLine(r.line.status),
    );
    if (!lines.length)
      throw conflict('No supplier line is waiting to be sent: every line was sent already', {
        reason: 'nothing_to_send',
      });
    for (const r of lines)
      await changeLineStatus(tx, { id: r.line.id, status: r.line.status, orderId }, 'sent', actor.userId);
    if (awaitsProcessing(order.status))
      await changeOrderStatus(tx, order, 'processing', actor.userId, 'sent to suppliers');
  });
  return orderDetail(db, orderId, true);
}

export async function orderAction(
  db: Db,
  actor: Actor,
  orderId: number,
  action: 'hold' | 'release' | 'resend',
  note?: string,
) {
  await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    if (action === 'hold') return changeOrderStatus(tx, order, 'on_hold', actor.userId, note ?? null);
    if (action === 'release') {
      if (!isOnHold(order.status) || !order.heldFrom)
        throw conflict(`The order is ${order.status}, not on hold`);
      return changeOrderStatus(tx, order, order.heldFrom as OrderStatus, actor.userId, note ?? null);
    }
    const lines = (await routingRepo.listSubOrderLines(tx, orderId)).filter((r) =>
      isExceptionLine(r.line.status),
    );
    if (!lines.length) throw conflict('No supplier line is in exception');
    for (const r of lines)
      await changeLineStatus(
        tx,
        { id: r.line.id, status: r.line.status, orderId },
        'resent',
        actor.userId,
        note ?? null,
      );
  });
  return orderDetail(db, orderId, true);
}

/** Items across placed orders, optionally of one product: one statement for the page. */
export async function listItems(db: Db, q: Paging & { productId?: number }) {
  return pageAnswer(q, await listsRepo.listOrderItems(db, q), toOrderItemRow);
}
