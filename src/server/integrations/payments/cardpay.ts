// Sandbox card processor "cardpay" (a Stripe-like API): customers, saved sources, payment
// intents, charges and refunds. Test numbers decide the outcome, as real sandboxes do.
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { paymentCustomers, payments, paymentSources, paymentTransactions } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import {
  type CardInput,
  type CardProvider,
  type ChargeRequest,
  type ChargeResult,
  paymentRefused,
  providers,
  reference,
} from './payments.types';

export type CardOutcome = 'approve' | 'decline' | 'fail' | 'review';

/** The sandbox's test numbers; any other valid number approves. */
export const testCards: Record<string, CardOutcome> = {
  '4242424242424242': 'approve',
  '5555555555554444': 'approve',
  '4000000000000002': 'decline',
  '4000000000000119': 'fail',
  '4000000000009235': 'review',
};

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'card';
}

/** Validates a card as the provider's form would; answers its sandbox outcome. */
export function checkCard(card: CardInput, now = new Date()): CardOutcome {
  const number = card.number.replace(/[\s-]/g, '');
  if (!luhnValid(number))
    throw badRequest('The card number is not valid', [
      { pointer: '/body/card/number', detail: 'is not a valid card number' },
    ]);
  const expired =
    card.expYear < now.getFullYear() ||
    (card.expYear === now.getFullYear() && card.expMonth < now.getMonth() + 1);
  if (expired)
    throw badRequest('The card has expired', [{ pointer: '/body/card/expYear', detail: 'is in the past' }]);
  return testCards[number] ?? 'approve';
}

async function outcomeOf(
  tx: DbOrTx,
  req: ChargeRequest,
): Promise<{ outcome: CardOutcome; sourceId: number | null }> {
  if (req.card) return { outcome: checkCard(req.card), sourceId: null };
  if (!req.sourceId)
    throw badRequest('Enter a card or choose a saved one', [
      { pointer: '/body/card', detail: 'is required' },
    ]);
  const [source] = await tx
    .select({ outcome: paymentSources.outcome, id: paymentSources.id })
    .from(paymentSources)
    .innerJoin(paymentCustomers, eq(paymentCustomers.id, paymentSources.customerId))
    .where(and(eq(paymentSources.id, req.sourceId), eq(paymentCustomers.companyId, req.companyId)));
  if (!source) throw notFound('Payment source');
  return { outcome: source.outcome as CardOutcome, sourceId: source.id };
}

function refuse(outcome: CardOutcome) {
  if (outcome === 'decline')
    return paymentRefused('card_declined', 'Your card was declined. Use another card or payment method.');
  return paymentRefused(
    'processing_error',
    'The card processor could not complete the payment. Try again in a moment.',
  );
}

async function charge(tx: DbOrTx, req: ChargeRequest): Promise<ChargeResult> {
  const { outcome, sourceId } = await outcomeOf(tx, req);
  if (outcome === 'decline' || outcome === 'fail') throw refuse(outcome);
  const status = outcome === 'review' ? 'review' : 'captured';
  const [payment] = await tx
    .insert(payments)
    .values({
      orderId: req.orderId,
      companyId: req.companyId,
      provider: providers.card,
      status,
      amountCents: req.amountCents,
      reference: reference('ch'),
      sourceId,
    })
    .returning();
  await record(tx, payment.id, outcome === 'review' ? 'authorize' : 'capture', status, req.amountCents);
  return { paymentId: payment.id, status };
}

async function authorize(tx: DbOrTx, paymentId: number, req: ChargeRequest): Promise<ChargeResult> {
  const { outcome, sourceId } = await outcomeOf(tx, req);
  if (outcome === 'decline' || outcome === 'fail') {
    await tx
      .update(payments)
      .set({ status: 'declined', updatedAt: new Date() })
      .where(eq(payments.id, paymentId));
    await record(tx, paymentId, 'authorize', 'declined', req.amountCents);
    throw refuse(outcome);
  }
  const status = outcome === 'review' ? 'review' : 'authorized';
  await tx
    .update(payments)
    .set({ status, sourceId, updatedAt: new Date() })
    .where(eq(payments.id, paymentId));
  await record(tx, paymentId, 'authorize', status, req.amountCents);
  return { paymentId, status };
}

async function capture(tx: DbOrTx, paymentId: number): Promise<ChargeResult> {
  const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId));
  if (!p) throw notFound('Payment');
  if (p.status !== 'authorized') return { paymentId, status: p.status as ChargeResult['status'] };
  await tx
    .update(payments)
    .set({ status: 'captured', updatedAt: new Date() })
    .where(eq(payments.id, paymentId));
  await record(tx, paymentId, 'capture', 'captured', p.amountCents);
  return { paymentId, status: 'captured' };
}

export async function record(
  tx: DbOrTx,
  paymentId: number,
  kind: string,
  status: string,
  amountCents: number,
  message?: string,
) {
  await tx.insert(paymentTransactions).values({ paymentId, kind, status, amountCents, message });
}

export const cardpay: CardProvider = { name: providers.card, charge, authorize, capture };
