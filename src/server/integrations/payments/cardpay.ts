// Sandbox card processor "cardpay" (a Stripe-like API). It answers what the processor would
// decide for a card (approve, review, decline, fail) and keeps what only the processor knows: the
// card tokens its form hands out and the saved sources of a customer. The payments module records
// the shop's side (payments and their status). Test numbers decide the outcome, as real
// sandboxes do.
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { cardTokens, paymentCustomers, paymentSources } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { type CardInput, type CardOutcome, paymentRefused, reference } from './payments.types';

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

/** How the buyer pays by card: a card token from the provider's form, a saved source, or (sandbox) a raw card. */
export interface CardChoice {
  companyId: number;
  card?: CardInput;
  cardToken?: string;
  sourceId?: number;
}

/**
 * The processor's answer for the card: a token is spent (single use, the company's own), a
 * saved source must be the company's. A declined or failed card throws the refusal the buyer sees.
 */
async function decide(
  tx: DbOrTx,
  choice: CardChoice,
): Promise<{ outcome: 'approve' | 'review'; sourceId: number | null }> {
  const found = await outcomeOf(tx, choice);
  if (found.outcome === 'decline')
    throw paymentRefused('card_declined', 'Your card was declined. Use another card or payment method.');
  if (found.outcome === 'fail')
    throw paymentRefused(
      'processing_error',
      'The card processor could not complete the payment. Try again in a moment.',
    );
  return { outcome: found.outcome, sourceId: found.sourceId };
}

async function outcomeOf(
  tx: DbOrTx,
  choice: CardChoice,
): Promise<{ outcome: CardOutcome; sourceId: number | null }> {
  if (choice.cardToken)
    return { outcome: await spendToken(tx, choice.companyId, choice.cardToken), sourceId: null };
  if (choice.card) return { outcome: checkCard(choice.card), sourceId: null };
  if (!choice.sourceId)
    throw badRequest('Enter a card or choose a saved one', [
      { pointer: '/body/card', detail: 'is required' },
    ]);
  const [source] = await tx
    .select({ outcome: paymentSources.outcome, id: paymentSources.id })
    .from(paymentSources)
    .innerJoin(paymentCustomers, eq(paymentCustomers.id, paymentSources.customerId))
    .where(and(eq(paymentSources.id, choice.sourceId), eq(paymentCustomers.companyId, choice.companyId)));
  if (!source) throw notFound('Payment source');
  return { outcome: source.outcome as CardOutcome, sourceId: source.id };
}

/** The card form's exchange: the number stays at the processor, the shop gets a token. */
async function tokenize(tx: DbOrTx, companyId: number, card: CardInput) {
  const outcome = checkCard(card);
  const number = card.number.replace(/[\s-]/g, '');
  const [row] = await tx
    .insert(cardTokens)
    .values({
      token: reference('tok'),
      companyId,
      brand: brandOf(number),
      last4: number.slice(-4),
      expMonth: card.expMonth,
      expYear: card.expYear,
      outcome,
    })
    .returning();
  return row;
}

/** A token pays once, for the company whose buyer entered the card. */
async function spendToken(tx: DbOrTx, companyId: number, token: string): Promise<CardOutcome> {
  const [spent] = await tx
    .update(cardTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(cardTokens.token, token), eq(cardTokens.companyId, companyId), isNull(cardTokens.usedAt)))
    .returning();
  if (spent) return spent.outcome as CardOutcome;
  const [known] = await tx
    .select()
    .from(cardTokens)
    .where(and(eq(cardTokens.token, token), eq(cardTokens.companyId, companyId)));
  if (known)
    throw conflict('This card token was already used; enter the card again', { reason: 'token_used' });
  throw badRequest('Unknown card token; enter the card again', [
    { pointer: '/body/cardToken', detail: 'is not a token of the card form' },
  ]);
}

/** A card a saved source is made from: a fresh token of the company, or (sandbox) a raw card. */
async function cardForSource(tx: DbOrTx, choice: CardChoice) {
  if (choice.cardToken) {
    const outcome = await spendToken(tx, choice.companyId, choice.cardToken);
    const [row] = await tx.select().from(cardTokens).where(eq(cardTokens.token, choice.cardToken));
    return { brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear, outcome };
  }
  if (!choice.card)
    throw badRequest('Enter the card', [{ pointer: '/body/cardToken', detail: 'is required' }]);
  const number = choice.card.number.replace(/[\s-]/g, '');
  return {
    brand: brandOf(number),
    last4: number.slice(-4),
    expMonth: choice.card.expMonth,
    expYear: choice.card.expYear,
    outcome: checkCard(choice.card),
  };
}

export const cardpay = { name: 'cardpay' as const, decide, tokenize, cardForSource };
