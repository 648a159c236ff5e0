// The shop's record of money: every payment of an order and every move of its status. The order
// module calls this interface (take, open and authorize an intent, capture, void, refund, record
// money received); the providers behind it are sandboxes in src/server/integrations/payments.
// Each status change goes through the payment transition table (src/domain/payment-status.ts).
import {
  assertPaymentTransition,
  isInReview,
  isPendingPayment,
  isRefundablePayment,
  isVoidablePayment,
  openPaymentStatuses,
  type PaymentStatus,
} from '../../../domain/payment-status';
import type { DbOrTx } from '../../db/connection';
import { conflict, notFound } from '../../http/errors';
import { type CardChoice, cardpay } from '../../integrations/payments/cardpay';
import { paymentRefused, providers, reference } from '../../integrations/payments/payments.types';
import { coinpay, finpay, hostedpay } from '../../integrations/payments/token-sandbox';
import { cardProcessor, stripeOf } from '../../integrations/payments/card-provider';
import * as repo from './payments.repository';
import * as stripe from './payments.stripe';
import { stripeCard } from './payments.stripe-card';

/** What a payment is for: the order's current total, never an amount from the client. */
export interface Payable {
  companyId: number;
  orderId: number;
  amountCents: number;
}

export type TokenProviderName = 'finpay' | 'hostedpay' | 'coinpay';

/** How the buyer chose to pay. */
export type Method =
  | ({ paymentMethod: 'card'; intentId?: number; key?: string } & Omit<CardChoice, 'companyId'>)
  | { paymentMethod: 'account' }
  | { paymentMethod: TokenProviderName; token?: string };

export interface Taken {
  paymentId: number;
  status: PaymentStatus;
  /** Stripe: the hosted page where the buyer pays (a Checkout Session). */
  checkoutUrl?: string;
  /** Stripe: the saved card needs its holder; checkoutUrl is the link to mail the buyer. */
  authenticationRequired?: boolean;
}

const sandboxTokenProviders = { finpay, hostedpay, coinpay };

/** A sandbox token provider, where sandbox payments are allowed (card-provider.ts). */
function tokenProvider<N extends TokenProviderName>(name: N): (typeof sandboxTokenProviders)[N] {
  if (!cardProcessor().sandboxTokens)
    throw paymentRefused('method_unavailable', `${name} is a sandbox provider and takes no payments here`);
  return sandboxTokenProviders[name];
}

/** The reason a payment taken gives the open ones it replaces (voided with it). */
const REPLACED = 'Replaced by another payment';

async function create(
  tx: DbOrTx,
  p: Payable,
  values: {
    provider: string;
    status: PaymentStatus;
    reference: string;
    sourceId?: number | null;
    message?: string;
  },
  kind: 'authorize' | 'capture' | 'open',
  voidOpen = false,
): Promise<Taken> {
  const replacing = voidOpen ? { statuses: openPaymentStatuses, message: REPLACED } : undefined;
  const paymentId = await repo.insertPaymentWithTransaction(tx, { ...p, ...values }, kind, replacing);
  return { paymentId, status: values.status };
}

/** Moves a payment along its table and writes the provider transaction that moved it. */
async function move(
  tx: DbOrTx,
  payment: repo.PaymentRow,
  to: PaymentStatus,
  kind: 'authorize' | 'capture' | 'void' | 'refund',
  amountCents = payment.amountCents,
  extra: { message?: string; sourceId?: number | null; refundedCents?: number } = {},
): Promise<Taken> {
  const { message, ...columns } = extra;
  const reference =
    payment.provider === stripe.STRIPE ? await stripe.atStripe(payment, to, kind, amountCents) : null;
  await repo.setPaymentStatus(tx, payment, to, { ...columns, ...(message && { message }) });
  await repo.insertTransaction(tx, {
    paymentId: payment.id,
    kind,
    status: to,
    amountCents,
    message,
    reference,
  });
  return { paymentId: payment.id, status: to };
}

/** Takes the payment of an order the way the buyer chose; a refusal throws and undoes the caller's work. */
export async function take(tx: DbOrTx, p: Payable, method: Method): Promise<Taken> {
  // The payment taken replaces every other open one: no authorization stays held on a card. A new
  // payment voids them in the statement that records it (every open status may go to voided).
  if (method.paymentMethod === 'card' && method.intentId) {
    const taken = await capture(tx, p, method.intentId);
    await voidOpen(tx, p.orderId, REPLACED, taken.paymentId);
    return taken;
  }
  if (method.paymentMethod === 'account') return chargeOnAccount(tx, p, true);
  if (method.paymentMethod === 'card' && cardProcessor().name === 'stripe') {
    await voidOpen(tx, p.orderId, REPLACED);
    return stripeCard(tx, p, method);
  }
  if (method.paymentMethod === 'card') {
    const { outcome, sourceId } = await cardpay.decide(tx, { ...method, companyId: p.companyId });
    const status = outcome === 'review' ? 'review' : 'captured';
    return create(
      tx,
      p,
      { provider: providers.card, status, reference: reference('ch'), sourceId },
      'capture',
      true,
    );
  }
  if (!method.token) throw paymentRefused('token_invalid', 'Start the payment first');
  const answer = await tokenProvider(method.paymentMethod).redeem(tx, p, method.token);
  const status = answer === 'approved' ? 'captured' : answer === 'review' ? 'review' : 'pending';
  return create(tx, p, { provider: method.paymentMethod, status, reference: method.token }, 'capture', true);
}

/**
 * The payment of an order that waits for approval (docs/fleet.md, "Approvals"): a card is only
 * authorized (an intent already authorized stays so), on account nothing is charged yet; answers
 * null then. Other ways of paying take the money at once, so such an order is refused them.
 */
export async function authorizeOnly(tx: DbOrTx, p: Payable, method: Method): Promise<Taken | null> {
  if (method.paymentMethod === 'account') return null;
  if (method.paymentMethod === 'card' && method.intentId) {
    const intent = await intentFor(tx, p, method.intentId);
    if (unauthorizedIntent(intent))
      throw conflict('Authorize a card on this payment intent first', { reason: 'not_authorized' });
    await voidOpen(tx, p.orderId, REPLACED, intent.id);
    return { paymentId: intent.id, status: intent.status as PaymentStatus };
  }
  if (method.paymentMethod === 'card' && cardProcessor().name !== 'stripe') {
    const { outcome, sourceId } = await cardpay.decide(tx, { ...method, companyId: p.companyId });
    const status = outcome === 'review' ? 'review' : 'authorized';
    return create(
      tx,
      p,
      { provider: providers.card, status, reference: reference('pi'), sourceId },
      'authorize',
      true,
    );
  }
  throw conflict(
    'This order needs approval: pay it on account or by card, which is charged once it is approved',
    {
      reason: 'approval_payment',
    },
  );
}

/** An approved order is charged: on account now, or its card authorization captured. */
export async function chargeApproved(tx: DbOrTx, p: Payable, onAccount: boolean): Promise<Taken> {
  if (onAccount) return chargeOnAccount(tx, p, true);
  const [held] = await repo.paymentsOfOrder(tx, p.orderId, ['authorized', 'review']);
  if (!held)
    throw conflict("The order's card authorization is gone; the buyer places the order again", {
      reason: 'not_authorized',
    });
  return capture(tx, p, held.id);
}

/** A card payment intent for the order's total: authorized now, captured when the order is paid. */
export async function openIntent(tx: DbOrTx, p: Payable) {
  const taken = await create(
    tx,
    p,
    { provider: providers.card, status: 'pending', reference: reference('pi') },
    'open',
  );
  return { paymentId: taken.paymentId, amountCents: p.amountCents, status: taken.status };
}

/** The intent of this order; one made for another total is a 409 naming both amounts. */
async function intentFor(tx: DbOrTx, p: Payable, intentId: number) {
  const intent = await repo.findPayment(tx, { id: intentId, orderId: p.orderId, companyId: p.companyId });
  if (!intent || intent.provider !== providers.card) throw notFound('Payment intent');
  if (intent.amountCents !== p.amountCents)
    throw conflict(
      `The payment intent is for ${intent.amountCents} cents but the order total is now ${p.amountCents} cents; start a new payment`,
      { reason: 'amount_mismatch', intentAmountCents: intent.amountCents, totalCents: p.amountCents },
    );
  return intent;
}

export async function authorize(
  tx: DbOrTx,
  p: Payable,
  intentId: number,
  card: Omit<CardChoice, 'companyId'>,
) {
  const intent = await intentFor(tx, p, intentId);
  assertPaymentTransition(intent.status as PaymentStatus, 'authorized');
  const { outcome, sourceId } = await cardpay.decide(tx, { ...card, companyId: p.companyId });
  return move(tx, intent, outcome === 'review' ? 'review' : 'authorized', 'authorize', p.amountCents, {
    sourceId,
  });
}

/** A card intent no card has authorized yet: it holds no money, so nothing can be captured from it. */
// A Stripe Checkout Session not yet paid is one too: recording money received voids it (expired at Stripe).
const unauthorizedIntent = (payment: repo.PaymentRow) =>
  (payment.provider === providers.card || payment.provider === stripe.STRIPE) &&
  isPendingPayment(payment.status);

/** Captures an authorized intent, only for the order's current total; one in review stays there. */
export async function capture(tx: DbOrTx, p: Payable, intentId: number): Promise<Taken> {
  const intent = await intentFor(tx, p, intentId);
  if (isInReview(intent.status)) return { paymentId: intent.id, status: 'review' };
  if (unauthorizedIntent(intent))
    throw conflict('Authorize a card on this payment intent first', { reason: 'not_authorized' });
  return move(tx, intent, 'captured', 'capture');
}

/** Voids the payments that hold no money yet (the total changed, another payment replaces them). */
export async function voidOpen(tx: DbOrTx, orderId: number, message: string, keepId?: number) {
  const open = (await repo.paymentsOfOrder(tx, orderId, openPaymentStatuses)).filter((p) => p.id !== keepId);
  for (const payment of open) await move(tx, payment, 'voided', 'void', payment.amountCents, { message });
  return open.length;
}

/** Gives back up to `amountCents` of what was captured, newest payment first; answers what was refunded. */
export async function refund(tx: DbOrTx, orderId: number, amountCents: number, message: string) {
  let left = amountCents;
  const captured = await repo.paymentsOfOrder(tx, orderId, ['captured', 'partially_refunded']);
  for (const payment of captured.reverse()) {
    if (left <= 0) break;
    const part = Math.min(left, payment.amountCents - payment.refundedCents);
    const refundedCents = payment.refundedCents + part;
    const to = refundedCents === payment.amountCents ? 'refunded' : 'partially_refunded';
    await move(tx, payment, to, 'refund', part, { refundedCents, message });
    left -= part;
  }
  return amountCents - left;
}

/** What may still be given back of an order: captured money not yet refunded, and on-account charges not yet credited. */
export async function refundableCents(tx: DbOrTx, orderId: number) {
  const rows = await repo.paymentsOfOrder(tx, orderId, ['captured', 'partially_refunded', 'on_account']);
  return rows.reduce((s, p) => s + p.amountCents - p.refundedCents, 0);
}

/**
 * Gives back through the way the order was paid: captured money (card, hosted, financing) goes
 * back to its provider first; the rest is a credit memo that lowers what the company owes on its
 * on-account charges. Answers both parts.
 */
export async function refundToOriginal(tx: DbOrTx, orderId: number, amountCents: number, message: string) {
  const refundedCents = await refund(tx, orderId, amountCents, message);
  let left = amountCents - refundedCents;
  for (const payment of (await repo.paymentsOfOrder(tx, orderId, ['on_account'])).reverse()) {
    if (left <= 0) break;
    const part = Math.min(left, payment.amountCents - payment.refundedCents);
    if (part <= 0) continue;
    await repo.updatePayment(tx, payment.id, { refundedCents: payment.refundedCents + part, message });
    await repo.insertTransaction(tx, {
      paymentId: payment.id,
      kind: 'refund',
      status: 'credit_memo',
      amountCents: part,
      message,
    });
    left -= part;
  }
  return { refundedCents, creditedCents: amountCents - refundedCents - left };
}

/** An order is cancelled: captured money goes back, everything else is voided. Answers what was refunded. */
export async function reverseAll(tx: DbOrTx, orderId: number, message: string) {
  const all = await repo.paymentsOfOrder(tx, orderId);
  const capturedLeft = all
    .filter((p) => isRefundablePayment(p.status))
    .reduce((s, p) => s + p.amountCents - p.refundedCents, 0);
  const refunded = await refund(tx, orderId, capturedLeft, message);
  for (const payment of all)
    if (isVoidablePayment(payment.status))
      await move(tx, payment, 'voided', 'void', payment.amountCents, { message });
  return refunded;
}

/**
 * Finance records the order's money as received (an on-account invoice paid, a transfer, a
 * review cleared): an open payment of exactly the total is captured; otherwise the open ones are
 * voided and one manual payment of the total is recorded.
 */
export async function recordReceived(tx: DbOrTx, p: Payable, message: string): Promise<Taken> {
  const open = await repo.paymentsOfOrder(tx, p.orderId, [...openPaymentStatuses, 'on_account']);
  const exact = open.find((payment) => payment.amountCents === p.amountCents && !unauthorizedIntent(payment));
  for (const payment of open)
    if (payment !== exact) await move(tx, payment, 'voided', 'void', payment.amountCents, { message });
  if (exact) return move(tx, exact, 'captured', 'capture', exact.amountCents, { message });
  return create(
    tx,
    p,
    { provider: 'manual', status: 'captured', reference: reference('man'), message },
    'capture',
  );
}

/**
 * Net terms against the company's credit limit; the company row is locked so two orders cannot
 * share the last credit. The company is the last row of the lock order: the caller has locked the
 * order and its stock already, and commits soon after (docs/architecture.md, "Lock order"). With
 * `voidOpen`, the order's open payments are voided as it is recorded.
 */
export async function chargeOnAccount(tx: DbOrTx, p: Payable, voidOpen = false): Promise<Taken> {
  const terms = await repo.lockCompanyTerms(tx, p.companyId);
  if (!terms) throw notFound('Company');
  if (terms.creditLimitCents <= 0)
    throw paymentRefused('credit_limit', 'Your company has no account terms; choose another payment method');
  const availableCents = terms.creditLimitCents - (await repo.openBalanceCents(tx, p.companyId));
  if (p.amountCents > availableCents)
    throw paymentRefused(
      'credit_limit',
      `This order exceeds your available credit of $${(availableCents / 100).toFixed(2)}`,
    );
  return create(
    tx,
    p,
    {
      provider: providers.account,
      status: 'on_account',
      reference: reference('acct'),
      message: `Net ${terms.paymentTermsDays}`,
    },
    'authorize',
    voidOpen,
  );
}

/** Opens a hosted or crypto session, or binds an issued financing token, for the order's total. */
export async function openSession(tx: DbOrTx, p: Payable, provider: TokenProviderName, token?: string) {
  if (provider === 'finpay') {
    if (!token) throw paymentRefused('token_invalid', 'Apply for financing first');
    return { token: await tokenProvider('finpay').attach(tx, p, token), status: 'approved' };
  }
  return { token: await tokenProvider(provider).open(tx, p), status: 'open' };
}

/** The card entered on the hosted checkout page: the provider approves the session, or holds it for review. */
export async function payHostedPage(tx: DbOrTx, card: CardChoice, token: string) {
  const { outcome } = await cardpay.decide(tx, card);
  return hostedpay.approve(tx, card.companyId, token, outcome);
}

/** Sandbox stand-in for the financing provider's application page. */
export const applyForFinancing: typeof finpay.apply = (tx, use) => tokenProvider('finpay').apply(tx, use);

/** A provider's webhook event, verified and seen for the first time; a replay is a 409. */
export async function acceptEvent(tx: DbOrTx, provider: string, eventId: string) {
  if (!(await repo.firstSighting(tx, provider, eventId)))
    throw conflict('This event was already received', { reason: 'replayed_event' });
}

export {
  SIGNATURE_HEADER,
  signPayload,
  verifySignature,
} from '../../integrations/payments/webhook-signature';

/**
 * The provider confirmed a pending charge (crypto: the chain confirmed it). Answers the order it
 * pays, or null when the charge is unknown or no longer pending (a late or repeated event).
 */
export async function confirmCharge(tx: DbOrTx, provider: string, ref: string, message: string) {
  const payment = await repo.findByReference(tx, provider, ref);
  if (!payment) return { applied: false as const, lateFor: null };
  if (isPendingPayment(payment.status)) {
    await move(tx, payment, 'captured', 'capture', payment.amountCents, { message });
    return { applied: true as const, orderId: payment.orderId };
  }
  // The money arrived for a charge that no longer waits (voided: the order expired, was
  // cancelled or was paid another way): recorded, so finance sees it and gives it back.
  await repo.insertTransaction(tx, {
    paymentId: payment.id,
    kind: 'capture',
    status: 'late',
    amountCents: payment.amountCents,
    message: `Funds confirmed after the charge was ${payment.status}: refund due`,
  });
  return { applied: false as const, lateFor: payment };
}

/** The order a provider's charge belongs to, read without a lock (to lock the order first). */
export async function orderOfCharge(tx: DbOrTx, provider: string, ref: string) {
  return (await repo.findByReference(tx, provider, ref, false))?.orderId ?? null;
}

/** Which card processor takes new card payments (CARD_PROVIDER). */
export const cardProviderName = () => cardProcessor().name;

/** Whether the order still has a payment that may bring its money (pending, in review, authorized). */
export async function hasOpen(tx: DbOrTx, orderId: number) {
  return (await repo.paymentsOfOrder(tx, orderId, openPaymentStatuses)).length > 0;
}

/** The order of a Stripe PaymentIntent, read without a lock (to lock the order first). */
export async function orderOfStripeIntent(tx: DbOrTx, intentId: string) {
  const byIntent = await repo.findByProcessorIntent(tx, intentId, false);
  return (byIntent ?? (await repo.findByReference(tx, stripe.STRIPE, intentId, false)))?.orderId ?? null;
}

/** A Stripe event, if the Stripe-Signature header signs these exact bytes (the SDK's check and tolerance). */
export const verifyStripeEvent = (rawBody: string, signature: string | undefined) =>
  stripeOf().event(rawBody, signature);

export const stripeRecentSessions = (since: number) => stripeOf().recentSessions(since);

export {
  intentFailed as stripeIntentFailed,
  intentSucceeded as stripeIntentSucceeded,
  openCheckoutSession as stripeCheckoutSession,
  openSessionOf as stripeOpenSessionOf,
  paymentOfIntent as stripePaymentOfIntent,
  sessionCompleted as stripeSessionCompleted,
  sessionExpired as stripeSessionExpired,
} from './payments.stripe';
export { saveCardSession, stripeCardSaved } from './payments.stripe-sources';
export { chooseCardProvider } from '../../integrations/payments/card-provider';
