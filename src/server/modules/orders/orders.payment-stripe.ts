// Orders paid through Stripe: the buyer's Checkout page for an order's total, and what Stripe's
// events (webhooks, or the reconciliation job that reads recent sessions) do to an order.
// The order is locked before its payment, as every writer of both does (docs/architecture.md).
import type Stripe from 'stripe';
import { isPlacedOrder } from '../../../domain/order-status';
import {
  awaitsPayment,
  isPendingPayment,
  isVoidedPayment,
  type OrderPaymentStatus,
} from '../../../domain/payment-status';
import type { Db, DbOrTx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { AppError, conflict } from '../../http/errors';
import * as payments from '../payments/payments.service';
import { cancelUnpaid } from './orders.expiry';
import { openFinanceTask } from './orders.finance-tasks';
import { logOrderChange } from './orders.log';
import { settle, unpaidOrder } from './orders.payment';
import { changePaymentStatus } from './orders.payment-status';
import * as repo from './orders.repository';

/**
 * The Checkout page for the order's total now: the open session when it is for that total,
 * else a new one (older sessions expire at Stripe, as a changed order voids an intent).
 */
export async function orderCheckoutSession(db: Db, actor: Actor, orderId: number, key?: string) {
  return db.transaction(async (tx) => {
    // Whose order it is before anything else: another company's order is a 404 with any provider.
    const order = await unpaidOrder(tx, actor, orderId);
    if (payments.cardProviderName() !== 'stripe')
      throw conflict('Card payments here go through the card form, not Stripe', { reason: 'not_stripe' });
    const p = { companyId: order.companyId, orderId, amountCents: order.totalCents };
    const open = await payments.stripeOpenSessionOf(tx, orderId, order.totalCents);
    if (open) return { sessionId: open.sessionId, url: open.url, amountCents: order.totalCents };
    await payments.voidOpen(tx, orderId, 'Replaced by a new Stripe Checkout session');
    const session = await payments.stripeCheckoutSession(tx, p, key ?? `order:${orderId}:${Date.now()}`);
    await changePaymentStatus(tx, order, 'pending', 'card', actor.userId);
    return { sessionId: session.sessionId, url: session.url, amountCents: order.totalCents };
  });
}

/**
 * The buyer left the Checkout page without paying: the session expires at Stripe (a session
 * paid meanwhile makes this a 409) and the order is cancelled with its stock released, as when
 * the session runs out of time.
 */
export async function cancelCheckout(db: Db, actor: Actor, orderId: number) {
  return db.transaction(async (tx) => {
    const order = await unpaidOrder(tx, actor, orderId);
    if (!isPendingPayment(order.paymentStatus) || !(await payments.hasOpen(tx, orderId)))
      throw conflict('This order has no card payment waiting', { reason: 'nothing_open' });
    await cancelUnpaid(tx, order, 'The buyer left the Stripe Checkout page; held stock released');
    return { orderId, status: 'cancelled', paymentStatus: 'voided' };
  });
}

async function lockedOrder(tx: DbOrTx, orderId: number | null) {
  return orderId === null ? null : repo.findOrder(tx, orderId, true);
}

/** The buyer paid on the Checkout page (or, manual capture, authorized the card): the order follows. */
async function sessionCompleted(tx: DbOrTx, session: Stripe.Checkout.Session) {
  const order = await lockedOrder(tx, await payments.orderOfCharge(tx, 'stripe', session.id));
  if (!order) return false;
  const done = await payments.stripeSessionCompleted(tx, session, order.totalCents);
  if (!done.applied) {
    if (done.payment && session.payment_status === 'paid' && isVoidedPayment(done.payment.status))
      await logOrderChange(
        tx,
        order,
        null,
        `Stripe took ${session.amount_total} cents on a session voided before: refund due`,
      );
    return false;
  }
  await settle(tx, order, { paymentId: done.payment.id, status: done.status }, 'card', null);
  return true;
}

/** The session expired unpaid (or the buyer left it and it was expired): the held stock goes back. */
async function sessionExpired(tx: DbOrTx, session: Stripe.Checkout.Session) {
  const order = await lockedOrder(tx, await payments.orderOfCharge(tx, 'stripe', session.id));
  if (!order) return false;
  const voided = await payments.stripeSessionExpired(tx, session.id);
  if (!voided) return false;
  if (
    isPlacedOrder(order.status) &&
    isPendingPayment(order.paymentStatus) &&
    !(await payments.hasOpen(tx, order.id))
  )
    await cancelUnpaid(tx, order, 'The Stripe Checkout session expired unpaid; held stock released');
  return true;
}

async function intentChanged(tx: DbOrTx, intent: Stripe.PaymentIntent, succeeded: boolean) {
  const order = await lockedOrder(tx, await payments.orderOfStripeIntent(tx, intent.id));
  const payment = order && (await payments.stripePaymentOfIntent(tx, intent.id));
  if (!order || !payment) return false;
  if (succeeded) {
    if (!(await payments.stripeIntentSucceeded(tx, payment))) return false;
    await settle(tx, order, { paymentId: payment.id, status: 'captured' }, 'card', null);
    return true;
  }
  const reason = intent.last_payment_error?.message ?? 'The card payment failed';
  if (!(await payments.stripeIntentFailed(tx, payment, reason))) return false;
  if (awaitsPayment(order.paymentStatus as OrderPaymentStatus) && !(await payments.hasOpen(tx, order.id)))
    await changePaymentStatus(tx, order, 'unpaid', 'card');
  return true;
}

const intentOfCharge = (c: { payment_intent: string | { id: string } | null }) =>
  typeof c.payment_intent === 'string' ? c.payment_intent : (c.payment_intent?.id ?? null);

async function chargeRefunded(tx: DbOrTx, charge: Stripe.Charge) {
  const intent = intentOfCharge(charge);
  const order = await lockedOrder(tx, intent ? await payments.orderOfStripeIntent(tx, intent) : null);
  if (!order) return false;
  await logOrderChange(
    tx,
    order,
    null,
    `Stripe: ${charge.amount_refunded} of ${charge.amount} cents refunded`,
  );
  return true;
}

async function disputeCreated(tx: DbOrTx, dispute: Stripe.Dispute) {
  const intent = intentOfCharge(dispute);
  const order = await lockedOrder(tx, intent ? await payments.orderOfStripeIntent(tx, intent) : null);
  if (!order) return false;
  const note = `Card dispute opened at Stripe (${dispute.reason}) for ${dispute.amount} cents: answer it before ${
    dispute.evidence_details?.due_by
      ? new Date(dispute.evidence_details.due_by * 1000).toISOString()
      : 'its deadline'
  }`;
  await openFinanceTask(tx, {
    orderId: order.id,
    kind: 'dispute',
    reference: dispute.id,
    amountCents: dispute.amount,
    note,
  });
  await logOrderChange(tx, order, null, note);
  return true;
}

/** One verified Stripe event, applied once (its id is kept in webhook_events; a replay is a 409). */
export function stripeEvent(db: Db, event: Stripe.Event) {
  return db.transaction(async (tx) => {
    await payments.acceptEvent(tx, 'stripe', event.id);
    return applyEvent(tx, event);
  });
}

function applyEvent(tx: DbOrTx, event: Stripe.Event): Promise<boolean> {
  switch (event.type) {
    case 'checkout.session.completed':
      return event.data.object.mode === 'setup'
        ? payments.stripeCardSaved(tx, event.data.object)
        : sessionCompleted(tx, event.data.object);
    case 'checkout.session.expired':
      return sessionExpired(tx, event.data.object);
    case 'payment_intent.succeeded':
      return intentChanged(tx, event.data.object, true);
    case 'payment_intent.payment_failed':
      return intentChanged(tx, event.data.object, false);
    case 'charge.refunded':
      return chargeRefunded(tx, event.data.object);
    case 'charge.dispute.created':
      return disputeCreated(tx, event.data.object);
    default:
      return Promise.resolve(false);
  }
}

/**
 * Reconciliation: Stripe's sessions of the last `hours`, read back. A completed or expired one
 * whose payment here still waits is applied as its webhook would be (a lost webhook, or a
 * server that died between Stripe's answer and our commit); one already applied changes nothing.
 */
export async function reconcileStripe(db: Db, hours = 24) {
  if (payments.cardProviderName() !== 'stripe') return 0;
  const sessions = await payments.stripeRecentSessions(Math.floor(Date.now() / 1000) - hours * 3600);
  let applied = 0;
  for (const session of sessions) {
    if (session.mode !== 'payment' || session.status === 'open') continue;
    // A session refused here (its amount is not the order's) stays for finance, as its webhook did.
    const done = await db
      .transaction((tx) =>
        session.status === 'complete' ? sessionCompleted(tx, session) : sessionExpired(tx, session),
      )
      .catch((error) => {
        if (error instanceof AppError) return false;
        throw error;
      });
    if (done) applied++;
  }
  return applied;
}
