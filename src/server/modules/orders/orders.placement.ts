// Placing an order, whoever places it: the buyer at checkout (paying at once) or sales for a
// customer (unpaid until the customer or finance pays). One sequence, so both always agree.
import {
  isSettled,
  type OrderPaymentStatus,
  orderPaymentStatusOf,
  type PaymentStatus,
} from '../../../domain/payment-status';
import { type ApprovalReason, reasonsForApproval, type SpendingRules } from '../../../domain/approval-status';
import type { Tx } from '../../db/connection';
import { conflict } from '../../http/errors';
import { refreshProductPrices } from '../catalog/catalog.service';
import { requestApproval } from '../approvals/approvals.service';
import { keepPromise } from '../delivery/delivery.service';
import {
  accrueCompensation,
  type PlanInForce,
  plansInForceOf,
  plansInForceQuery,
} from '../comp/comp.service';
import * as payments from '../payments/payments.service';
import { enqueueOrderWebhookEvents } from '../webhooks/webhooks.service';
import { compensationOf, type Pricing, repriceOrder } from './orders.pricing';
import type * as itemsRepo from './orders.items.repository';
import * as repo from './orders.repository';
import { routeUnits } from './orders.routing';
import { expireUnpaidOrders } from './orders.expiry';
import { assertHeldUnderCap, commitStock, isShort } from './orders.stock';
import { lockOrderStock } from './orders.stock.repository';

export interface Placement {
  /** The order in status 'cart', its row locked. */
  order: repo.OrderRow;
  pricing: Pricing;
  /** Who placed it: the buyer, or the staff member placing it for the customer. */
  placedBy: { userId: number; staff: boolean };
  /** The customer's user a staff-made order is for (the row is the staff member's until placed). */
  buyerUserId?: number;
  /**
   * The company location an order placed for the customer is for (by staff, from a quote, as a
   * claim's replacement), when its row does not name it yet: it is priced and taxed for it (its
   * state, a certificate held for that location) and named once placed, since one open cart per
   * user and location is a unique index. A buyer's cart names its location already.
   */
  forLocationId?: number;
  /** How the buyer pays now; absent for an order placed by staff (unpaid, its units held). */
  payment?: payments.Method;
  poNumber?: string | null;
  note: string;
  /**
   * The buyer's spending rules (a buyer's checkout only): an order over them is placed awaiting
   * approval, its units held for `holdHours` and its payment only authorized (docs/fleet.md,
   * "Approvals").
   */
  approval?: { rules: SpendingRules; holdHours: number };
}

/**
 * Re-prices the order from the server's prices, reserves its units across warehouses and files
 * them with the suppliers, takes the payment (a refusal throws and undoes everything: no order, no
 * reservation), numbers it, moves it to placed and accrues the sales compensation it earns.
 */
export async function placeOrder(tx: Tx, p: Placement): Promise<number> {
  return (await placeOrderLines(tx, p)).orderId;
}

/** placeOrder, answering the order's lines as placed too (the checkout's answer shows them). */
export async function placeOrderLines(
  tx: Tx,
  p: Placement,
): Promise<{ orderId: number; lines: itemsRepo.Line[] }> {
  const order = p.forLocationId === undefined ? p.order : { ...p.order, locationId: p.forLocationId };
  // This order's stock is locked already: expired orders are taken without waiting (orders.expiry.ts).
  const releaseExpired = () => expireUnpaidOrders(tx, true);
  // The stock of its tires, locked once: shipping is priced from it and units are reserved from it.
  // Units held for payments that ran out of time are freed first when the order needs them (they
  // are otherwise freed by the sweep: docs/domain.md, "Releasing").
  let stock = await lockOrderStock(tx, order.id);
  if (isShort(stock) && (await releaseExpired())) stock = await lockOrderStock(tx, order.id);
  const { lines, totals, tax } = await repriceOrder(tx, order, p.pricing, undefined, stock);
  if (!lines.length) throw conflict('The cart is empty');
  // An order is placed only where it can be taxed: a delivery whose state nobody knows is not.
  if (tax.state === null)
    throw conflict('The state of the delivery address is not known; choose another delivery');
  const reasons: ApprovalReason[] = p.approval ? reasonsForApproval(totals.totalCents, p.approval.rules) : [];
  const awaiting = p.approval && reasons.length ? p.approval : null;
  const holdUntil = awaiting ? new Date(Date.now() + awaiting.holdHours * 3_600_000) : undefined;
  const allocations = await routeUnits(
    tx,
    { ...order, paymentStatus: 'unpaid' },
    lines.map((l) => ({
      orderItemId: l.item.id,
      productId: l.item.productId,
      quantity: l.item.quantity,
      skuCode: l.skuCode,
    })),
    { refresh: false, locked: stock },
  );
  const payable = { companyId: order.companyId, orderId: order.id, amountCents: totals.totalCents };
  // A charge on account locks the company, the last row of the lock order: it is taken last, just
  // before the commit, so one company's checkouts wait for each other only that long. Its outcome
  // is known before (on account, or refused and everything undone).
  const onAccount = p.payment?.paymentMethod === 'account';
  // An order waiting for approval is only authorized: nothing is taken before an approver says so.
  const taken = awaiting
    ? p.payment && (await payments.authorizeOnly(tx, payable, p.payment))
    : p.payment && !onAccount
      ? await payments.take(tx, payable, p.payment)
      : null;
  const status: PaymentStatus | undefined =
    onAccount && !awaiting ? 'on_account' : (taken?.status ?? undefined);
  // The rows were locked by the reservation above, in this transaction.
  if (status && isSettled(status)) await commitStock(tx, order.id, false, true);
  else
    await assertHeldUnderCap(
      tx,
      order.companyId,
      allocations.map((a) => a.productId),
      releaseExpired,
    );
  await refreshProductPrices(
    tx,
    lines.map((l) => l.item.productId),
  );
  const placedAt = new Date();
  const plans = await markPlaced(
    tx,
    p,
    status ? orderPaymentStatusOf(status) : null,
    placedAt,
    Boolean(awaiting),
  );
  if (p.forLocationId !== undefined) await repo.setOrderLocation(tx, order.id, p.forLocationId);
  await accrueCompensation(tx, { ...compensationOf(order, lines), placedAt }, plans);
  // The delivery promise it is placed with, from the warehouses its units were routed to (their
  // ZIPs are in the stock read above): one insert … select (docs/domain.md, "Delivery promise").
  await keepPromise(tx, {
    orderId: order.id,
    placedAt,
    zip: order.deliveryZip,
    allocations,
    warehouseZips: new Map(stock.map((s) => [s.warehouseId, s.zip])),
  });
  if (awaiting) {
    // Its units stay held as long as the approval may take, not a payment's minutes.
    await repo.holdUntil(tx, order.id, holdUntil as Date);
    await requestApproval(tx, {
      orderId: order.id,
      companyId: order.companyId,
      requestedByUserId: p.placedBy.userId,
      orderNumber: orderNumberOf(order.id),
      reasons,
      totalCents: totals.totalCents,
      expiresAt: holdUntil as Date,
    });
    await enqueueOrderWebhookEvents(tx, order.id, ['order.approval_requested']);
    return { orderId: order.id, lines };
  }
  // The order and its invoice (issued with it: GET /api/order/:id/invoice) for the company's
  // systems, before the company's lock below (it writes no row of the company).
  await enqueueOrderWebhookEvents(tx, order.id, ['order.placed', 'invoice.created']);
  if (onAccount) await payments.chargeOnAccount(tx, payable, true);
  return { orderId: order.id, lines };
}

/**
 * The order moves to placed (and its payment to what was taken), gets its number and names its
 * buyer, with the log entries of both changes, written in one statement (writePlacedOrder, which
 * checks both moves against their tables first), which also answers the compensation plans in force for the accrual that follows.
 */
async function markPlaced(
  tx: Tx,
  p: Placement,
  paymentStatus: OrderPaymentStatus | null,
  placedAt: Date,
  awaitingApproval: boolean,
): Promise<PlanInForce[]> {
  const { order } = p;
  const userId = p.placedBy.userId;
  const to = awaitingApproval ? 'awaiting_approval' : 'placed';
  const note = awaitingApproval ? `${p.note}: waits for approval` : p.note;
  const log: repo.LogLine[] = [{ userId, fromStatus: order.status, toStatus: to, note }];
  const from = order.paymentStatus as OrderPaymentStatus;
  const paymentChanges = paymentStatus !== null && paymentStatus !== from;
  if (paymentChanges) {
    const method = p.payment?.paymentMethod;
    log.push({
      userId,
      fromStatus: to,
      toStatus: to,
      note: `Payment ${from} → ${paymentStatus}${method ? ` (${method})` : ''}`,
    });
  }
  // Only now may the row name the buyer: one open cart per buyer and location is a unique index.
  // The same statement reads the compensation plans in force for the order's accrual.
  const plans = await repo.writePlacedOrder(
    tx,
    order,
    {
      paymentStatus: paymentChanges ? paymentStatus : from,
      // An order waiting for approval names how it will be paid: on account is charged only then.
      paymentMethod: ((paymentChanges || awaitingApproval) && p.payment?.paymentMethod) || null,
      userId: p.buyerUserId ?? order.userId,
      placedByUserId: p.placedBy.staff ? userId : null,
      poNumber: p.poNumber ?? null,
      placedAt,
      status: to,
    },
    log,
    plansInForceQuery(order.companyId, placedAt),
  );
  return plansInForceOf(plans);
}

/** The number an order gets when it is placed (writePlacedOrder writes the same). */
export const orderNumberOf = (orderId: number) => `TR-${String(orderId).padStart(6, '0')}`;
