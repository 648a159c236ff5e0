// The order's side of an approval (docs/fleet.md, "Approvals"): an approver approves it (it is
// charged and placed) or rejects it, or its hold runs out (its units released, its card
// authorization voided, the order cancelled). The approval itself is the approvals module's.
import type { Approval } from '../../../contract/approvals';
import { awaitsApproval } from '../../../domain/order-status';
import { isStockSold, orderPaymentStatusOf } from '../../../domain/payment-status';
import type { Db, DbOrTx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { notFound } from '../../http/errors';
import * as approvals from '../approvals/approvals.service';
import * as payments from '../payments/payments.service';
import { enqueueOrderWebhookEvents } from '../webhooks/webhooks.service';
import { cancelUnpaid } from './orders.expiry';
import { changeOrderStatus } from './orders.log';
import { changePaymentStatus } from './orders.payment-status';
import { orderNumberOf } from './orders.placement';
import { findOrder, type OrderRow } from './orders.repository';
import { commitStock } from './orders.stock';

/**
 * An approver's decision on an order waiting for approval, in one transaction: the order is
 * locked first, then its approval (docs/architecture.md, "Lock order"); an expired approval is a
 * 409 and changes nothing.
 */
export async function decideOrder(
  db: Db,
  actor: Actor,
  orderId: number,
  decision: approvals.Decision,
  comment: string,
): Promise<Approval> {
  approvals.refuseStaff(actor);
  await db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, true);
    if (!order || order.companyId !== actor.companyId) throw notFound('Approval');
    const approval = await approvals.lockForDecision(tx, actor, orderId);
    await approvals.recordDecision(tx, approval, decision, actor.userId, comment);
    const by = `${decision === 'approved' ? 'Approved' : 'Rejected'} by ${actor.username}${comment ? `: ${comment}` : ''}`;
    if (decision === 'approved') await placeApproved(tx, order, actor.userId, by);
    else await cancelAwaiting(tx, order, by, 'rejected');
    await approvals.mailDecision(tx, {
      buyerUserId: approval.requestedByUserId,
      orderId,
      orderNumber: order.number ?? orderNumberOf(orderId),
      to: decision,
      comment: comment || null,
    });
  });
  return (await approvals.approvalOfOrder(db, actor, orderId)) as Approval;
}

/** Charges the approved order (a card captured, on account charged), sells its units and places it. */
async function placeApproved(tx: DbOrTx, order: OrderRow, userId: number, note: string) {
  const payable = { companyId: order.companyId, orderId: order.id, amountCents: order.totalCents };
  const onAccount = order.paymentMethod === 'account';
  await changeOrderStatus(tx, order, 'placed', userId, note);
  const placed = { ...order, status: 'placed' };
  // The order's events before the company's lock a charge on account takes (the last of the lock order).
  await enqueueOrderWebhookEvents(tx, order.id, ['order.approved', 'order.placed', 'invoice.created']);
  const taken = await payments.chargeApproved(tx, payable, onAccount);
  const paymentStatus = orderPaymentStatusOf(taken.status);
  await changePaymentStatus(tx, placed, paymentStatus, order.paymentMethod ?? undefined, userId);
  if (isStockSold(paymentStatus)) await commitStock(tx, order.id);
}

/** A rejected or expired order: its units released, its authorization voided, the order cancelled. */
async function cancelAwaiting(tx: DbOrTx, order: OrderRow, note: string, reason: 'rejected' | 'expired') {
  await cancelUnpaid(tx, order, note);
  await enqueueOrderWebhookEvents(tx, order.id, ['order.rejected'], { approval: { reason, note } });
}

/**
 * The expiry sweep's part for approvals: each order whose approval hold ran out is cancelled
 * and its approval marked expired; answers how many. An order another transaction holds is left
 * to the next sweep.
 */
export async function expireApprovals(db: DbOrTx): Promise<number> {
  const ids = await approvals.expiredApprovalOrders(db);
  for (const id of ids)
    await db.transaction(async (tx) => {
      const order = await findOrder(tx, id, true);
      const approval = await approvals.lockApproval(tx, id);
      if (!order || !approval || approval.status !== 'pending' || !awaitsApproval(order.status)) return;
      await approvals.recordDecision(tx, approval, 'expired', null, null);
      await cancelAwaiting(tx, order, 'Not approved in time; held stock released', 'expired');
      await approvals.mailDecision(tx, {
        buyerUserId: approval.requestedByUserId,
        orderId: id,
        orderNumber: order.number ?? orderNumberOf(id),
        to: 'expired',
        comment: null,
      });
    });
  return ids.length;
}
