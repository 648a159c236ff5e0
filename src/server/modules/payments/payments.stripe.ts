// The shop's record of money taken through Stripe: a Checkout Session is a payment `pending`
// (its reference the session id) until Stripe says it completed; its PaymentIntent then
// names it for captures, refunds and disputes. Status changes go through the payment table.
import type Stripe from 'stripe';
import {
  isAuthorizedPayment,
  isPendingPayment,
  openPaymentStatuses,
  type PaymentStatus,
} from '../../../domain/payment-status';
import type { DbOrTx } from '../../db/connection';
import { AppError, conflict } from '../../http/errors';
import { cardProcessor, stripeOf } from '../../integrations/payments/card-provider';
import * as repo from './payments.repository';

export const STRIPE = 'stripe';

export interface SessionPayable {
  companyId: number;
  orderId: number;
  amountCents: number;
}

const intentIdOf = (v: string | { id: string } | null) => (typeof v === 'string' ? v : (v?.id ?? null));

/**
 * Our record of money Stripe answered for: taken (`paid`), or only authorized until finance
 * captures it (manual capture); with the kind of the transaction that records it.
 */
export const stripeOutcome = (paid: boolean) =>
  paid
    ? ({ status: 'captured', kind: 'capture' } as const)
    : ({ status: 'authorized', kind: 'authorize' } as const);

/**
 * A hosted Checkout Session for the order's total now, recorded as a pending payment. `key`
 * is our own key of the call (the buyer's Idempotency-Key, or the order and its total): the
 * same key meets the same session at Stripe, so a retried checkout never opens a second one.
 */
export async function openCheckoutSession(tx: DbOrTx, p: SessionPayable, key: string) {
  const manualCapture = p.amountCents >= cardProcessor().manualCaptureCents;
  const session = await stripeOf().checkoutSession({
    orderId: p.orderId,
    amountCents: p.amountCents,
    manualCapture,
    key: `${key}:${p.orderId}:${p.amountCents}`,
  });
  const known = await repo.findByReference(tx, STRIPE, session.id);
  const paymentId =
    known?.id ??
    (await repo.insertPaymentWithTransaction(
      tx,
      { ...p, provider: STRIPE, status: 'pending', reference: session.id },
      'open',
    ));
  return { paymentId, status: 'pending' as const, sessionId: session.id, url: session.url ?? '' };
}

/** The open session of this order for exactly its total, if Stripe still lets the buyer pay it. */
export async function openSessionOf(tx: DbOrTx, orderId: number, amountCents: number) {
  const open = (await repo.paymentsOfOrder(tx, orderId, ['pending'])).find(
    (p) => p.provider === STRIPE && p.amountCents === amountCents && p.reference.startsWith('cs_'),
  );
  if (!open) return null;
  const session = await stripeOf().retrieveSession(open.reference);
  return session.status === 'open'
    ? { paymentId: open.id, sessionId: session.id, url: session.url ?? '' }
    : null;
}

/**
 * Stripe holds no money of a payment we void: an open session is expired (the buyer can no
 * longer pay it), an authorization is cancelled. A session the buyer completed meanwhile is a
 * 409: the webhook is on its way, and the payment must not be voided under it.
 */
export async function releaseAtStripe(payment: repo.PaymentRow) {
  const stripe = stripeOf();
  if (isAuthorizedPayment(payment.status) && payment.processorIntentId) {
    await stripe.cancel(payment.processorIntentId, `void:${payment.id}`);
    return;
  }
  if (!payment.reference.startsWith('cs_')) return;
  const session = await stripe.retrieveSession(payment.reference);
  if (session.status === 'complete')
    throw conflict('The buyer has just paid this order at Stripe; reload the order', {
      reason: 'payment_completed',
    });
  if (session.status === 'open') await stripe.expireSession(session.id);
}

/** Captures an authorized Stripe payment for its amount (finance approved the order). */
export async function captureAtStripe(payment: repo.PaymentRow) {
  if (!payment.processorIntentId) throw conflict('This payment has no authorization at Stripe yet');
  await stripeOf().capture(payment.processorIntentId, payment.amountCents, `capture:${payment.id}`);
}

/**
 * Gives `amountCents` of a captured Stripe payment back; answers the Stripe Refund's id. The
 * key is our state of that payment (what was refunded before), so the retry of a call that died
 * after Stripe refunded sends the same key and meets the same refund instead of a second one.
 */
export async function refundAtStripe(payment: repo.PaymentRow, amountCents: number) {
  if (!payment.processorIntentId) throw conflict('This Stripe payment has no PaymentIntent to refund');
  const refund = await stripeOf()
    .refund({
      intentId: payment.processorIntentId,
      amountCents,
      key: `refund:${payment.id}:${payment.refundedCents}:${amountCents}`,
    })
    .catch((error) => {
      // Stripe answered and refused (not a lost answer, which a retry may get past).
      if (error instanceof AppError && error.extra.reason === 'processor_error')
        throw conflict(error.message, { reason: 'refund_failed', processorReason: error.message });
      throw error;
    });
  if (refund.status === 'failed' || refund.status === 'canceled')
    throw conflict(`Stripe refused the refund: ${refund.failure_reason ?? refund.status}`, {
      reason: 'refund_failed',
      processorReason: refund.failure_reason ?? refund.status,
    });
  return refund.id;
}

/** A completed Checkout Session: money taken, or (manual capture) authorized until finance captures. */
export async function sessionCompleted(tx: DbOrTx, session: Stripe.Checkout.Session, totalCents: number) {
  const payment = await repo.findByReference(tx, STRIPE, session.id);
  if (!payment) return { applied: false as const, payment: null };
  if (session.amount_total !== payment.amountCents || payment.amountCents !== totalCents)
    throw conflict(
      `The Stripe session is for ${session.amount_total} cents but the order's total is ${totalCents} cents`,
      { reason: 'amount_mismatch', sessionAmountCents: session.amount_total, totalCents },
    );
  if (!isPendingPayment(payment.status)) return { applied: false as const, payment };
  const { status: to, kind } = stripeOutcome(session.payment_status === 'paid');
  await repo.setPaymentStatus(tx, payment, to, { processorIntentId: intentIdOf(session.payment_intent) });
  await repo.insertTransaction(tx, {
    paymentId: payment.id,
    kind,
    status: to,
    amountCents: payment.amountCents,
    reference: intentIdOf(session.payment_intent),
    message: 'Stripe Checkout completed',
  });
  return { applied: true as const, payment: { ...payment, status: to }, status: to };
}

/** A payment Stripe knows by its PaymentIntent (a session's, or an off-session charge's). */
export async function paymentOfIntent(tx: DbOrTx, intentId: string) {
  return (
    (await repo.findByProcessorIntent(tx, intentId)) ?? (await repo.findByReference(tx, STRIPE, intentId))
  );
}

/** Stripe says the PaymentIntent's money is taken: an open payment of ours becomes captured. */
export async function intentSucceeded(tx: DbOrTx, payment: repo.PaymentRow) {
  if (!openPaymentStatuses.includes(payment.status as PaymentStatus)) return false;
  await repo.setPaymentStatus(tx, payment, 'captured');
  await repo.insertTransaction(tx, {
    paymentId: payment.id,
    kind: 'capture',
    status: 'captured',
    amountCents: payment.amountCents,
    message: 'Stripe: payment succeeded',
  });
  return true;
}

/** Stripe could not take the money (declined, or authentication failed): the payment failed. */
export async function intentFailed(tx: DbOrTx, payment: repo.PaymentRow, reason: string) {
  if (!openPaymentStatuses.includes(payment.status as PaymentStatus)) return false;
  await repo.setPaymentStatus(tx, payment, 'failed', { message: reason });
  await repo.insertTransaction(tx, {
    paymentId: payment.id,
    kind: 'authorize',
    status: 'failed',
    amountCents: payment.amountCents,
    message: reason,
  });
  return true;
}

/** A session that expired unpaid: its payment is voided (the order's stock is the order's to release). */
export async function sessionExpired(tx: DbOrTx, sessionId: string) {
  const payment = await repo.findByReference(tx, STRIPE, sessionId);
  if (!payment || !isPendingPayment(payment.status)) return null;
  const message = 'Stripe Checkout session expired unpaid';
  await repo.setPaymentStatus(tx, payment, 'voided', { message });
  await repo.insertTransaction(tx, {
    paymentId: payment.id,
    kind: 'void',
    status: 'voided',
    amountCents: payment.amountCents,
    message,
  });
  return payment;
}

/**
 * What Stripe must do before we record a move of a payment it holds: a void expires the session
 * or cancels the authorization, a capture takes the authorized money, a refund gives money back
 * (answering the Refund's id). A refusal throws, and nothing is recorded.
 */
export async function atStripe(
  payment: repo.PaymentRow,
  to: PaymentStatus,
  kind: string,
  amountCents: number,
) {
  if (to === 'voided') await releaseAtStripe(payment);
  else if (kind === 'capture' && isAuthorizedPayment(payment.status)) await captureAtStripe(payment);
  else if (kind === 'refund') return refundAtStripe(payment, amountCents);
  return null;
}
