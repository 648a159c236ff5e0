// Money has two status tables. A payment is one attempt at one provider (a card charge, a
// financing approval, a crypto charge, an on-account charge); an order's payment status sums up
// where the order's money stands. Every change of either goes through its assert function.
import { assertTransition, canTransition, type TransitionTable } from './status-machine';

export const paymentStatuses = [
  'none',
  'pending',
  'review',
  'authorized',
  'captured',
  'on_account',
  'partially_refunded',
  'refunded',
  'failed',
  'voided',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * `none` is the payment before its row exists. pending: opened, no money yet (an intent waiting
 * for a card, a crypto charge waiting for the chain); review: the card provider holds it for a
 * risk check; authorized: reserved on the card; captured: money taken; on_account: owed on the
 * company's terms until finance records it as received.
 */
export const paymentTransitions: TransitionTable<PaymentStatus> = {
  none: ['pending', 'review', 'authorized', 'captured', 'on_account'],
  pending: ['review', 'authorized', 'captured', 'failed', 'voided'],
  review: ['authorized', 'captured', 'failed', 'voided'],
  authorized: ['captured', 'voided'],
  captured: ['partially_refunded', 'refunded'],
  on_account: ['captured', 'voided'],
  partially_refunded: ['partially_refunded', 'refunded'],
  refunded: [],
  failed: [],
  voided: [],
};

export function assertPaymentTransition(current: PaymentStatus, wanted: PaymentStatus): void {
  assertTransition('payment', paymentTransitions, current, wanted);
}

/** Payments that hold no money yet and are voided when the order's total or fate changes. */
export const openPaymentStatuses: readonly PaymentStatus[] = ['pending', 'review', 'authorized'];

export const orderPaymentStatuses = [
  'unpaid',
  'pending',
  'on_account',
  'paid',
  'partially_refunded',
  'refunded',
  'voided',
] as const;
export type OrderPaymentStatus = (typeof orderPaymentStatuses)[number];

/**
 * unpaid: nothing taken (a staff-made order, or a payment that was voided); pending: a payment
 * waits for review or the chain; on_account: charged to the company's terms; paid: captured in
 * full; voided: the order was cancelled before any money moved.
 */
export const orderPaymentTransitions: TransitionTable<OrderPaymentStatus> = {
  unpaid: ['pending', 'on_account', 'paid', 'voided'],
  pending: ['unpaid', 'paid', 'voided'],
  on_account: ['paid', 'voided'],
  paid: ['partially_refunded', 'refunded'],
  partially_refunded: ['partially_refunded', 'refunded'],
  refunded: [],
  voided: [],
};

export function assertOrderPaymentTransition(current: OrderPaymentStatus, wanted: OrderPaymentStatus): void {
  assertTransition('order payment', orderPaymentTransitions, current, wanted);
}

/** The order's payment status a payment in `status` leads to. */
export function orderPaymentStatusOf(status: PaymentStatus): OrderPaymentStatus {
  if (status === 'captured') return 'paid';
  if (status === 'on_account') return 'on_account';
  if (status === 'pending' || status === 'review' || status === 'authorized') return 'pending';
  return 'unpaid';
}

/** Whether an order's units have left the warehouses: its money was taken or is owed on terms. */
export const isStockSold = (status: OrderPaymentStatus) =>
  status === 'paid' || status === 'on_account' || status === 'partially_refunded';

/** Whether a payment lets the order's stock be sold now (money taken or owed on terms). */
export const isSettled = (status: PaymentStatus) => status === 'captured' || status === 'on_account';

/** Whether an order with this payment status still waits for its money. */
export const awaitsPayment = (status: string) => status === 'unpaid' || status === 'pending';

/** Whether a payment holds captured money that can still be refunded. */
export const isRefundablePayment = (status: string) =>
  (paymentTransitions[status as PaymentStatus] ?? []).includes('refunded');

/** Whether an order has money taken that can still be given back (paid, or partly refunded). */
export const isRefundableOrderPayment = (status: string) =>
  (orderPaymentTransitions[status as OrderPaymentStatus] ?? []).includes('refunded');

/** Whether nothing of an order's money was taken or promised yet: it may be paid now. */
export const isUnpaid = (status: string) => status === 'unpaid';

/** Whether a payment (or an order's payment) waits for the provider, e.g. a crypto charge on the chain. */
export const isPendingPayment = (status: string) => status === 'pending';

/** Whether money received for the order may still be recorded: it is not paid yet, or owed on terms. */
export const isReceivable = (status: string) =>
  (orderPaymentTransitions[status as OrderPaymentStatus] ?? []).includes('paid');

/** Whether a payment's money is reserved on the card and not taken yet: a capture takes it. */
export const isAuthorizedPayment = (status: string) => status === 'authorized';

/** Whether the card provider holds a payment for its risk check (it is neither refused nor authorized yet). */
export const isInReview = (status: string) => status === 'review';

/** Whether a payment's money was taken (not refunded, not only reserved or owed). */
export const isCapturedPayment = (status: string) => status === 'captured';

/** Whether a payment was voided (it holds no money and never will). */
export const isVoidedPayment = (status: string) => status === 'voided';

/** Whether a payment may still be voided: it holds no money yet, or it is owed on terms. */
export const isVoidablePayment = (status: string) =>
  canTransition(paymentTransitions, status as PaymentStatus, 'voided');

/** Whether an order's total was paid in full (captured, nothing refunded). */
export const isPaidOrder = (status: string) => status === 'paid';
