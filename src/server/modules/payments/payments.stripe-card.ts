// Taking a card payment through Stripe: the buyer pays on Stripe's hosted Checkout page, or
// finance charges a card the company saved with Stripe, with the buyer away (off session).
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { paymentCustomers, paymentSources } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../http/errors';
import { stripeOf } from '../../integrations/payments/card-provider';
import * as repo from './payments.repository';
import { openCheckoutSession, STRIPE, stripeOutcome } from './payments.stripe';

interface CardMethod {
  card?: unknown;
  cardToken?: string;
  sourceId?: number;
  key?: string;
}

interface Payable {
  companyId: number;
  orderId: number;
  amountCents: number;
}

/** What a Stripe card payment answers: the payment, and the hosted page the buyer pays on, if any. */
export interface StripeTaken {
  paymentId: number;
  status: 'pending' | 'authorized' | 'captured';
  checkoutUrl?: string;
  /** The saved card needs the cardholder: this page was made for the buyer to pay on. */
  authenticationRequired?: boolean;
}

export async function stripeCard(tx: DbOrTx, p: Payable, method: CardMethod): Promise<StripeTaken> {
  // Card data never reaches our server: Stripe's page takes the card.
  if (method.card || method.cardToken)
    throw badRequest("Cards are entered on Stripe's payment page; send no card data", [
      { pointer: method.card ? '/body/card' : '/body/cardToken', detail: 'is not taken with Stripe' },
    ]);
  const key = method.key ?? randomUUID();
  if (method.sourceId) return chargeSavedCard(tx, p, method.sourceId, key);
  const session = await openCheckoutSession(tx, p, key);
  return { paymentId: session.paymentId, status: 'pending', checkoutUrl: session.url };
}

/**
 * A saved card of the company, charged off session. A card whose bank wants the cardholder
 * (authentication_required) gets no charge: a Checkout Session for the order is opened
 * instead, and the caller mails its link to the buyer.
 */
async function chargeSavedCard(tx: DbOrTx, p: Payable, sourceId: number, key: string): Promise<StripeTaken> {
  const [source] = await tx
    .select({ token: paymentSources.token, customer: paymentCustomers.externalId })
    .from(paymentSources)
    .innerJoin(paymentCustomers, eq(paymentCustomers.id, paymentSources.customerId))
    .where(
      and(
        eq(paymentSources.id, sourceId),
        eq(paymentCustomers.companyId, p.companyId),
        eq(paymentCustomers.provider, STRIPE),
      ),
    );
  if (!source) throw notFound('Payment source');
  try {
    const intent = await stripeOf().chargeSaved({
      orderId: p.orderId,
      amountCents: p.amountCents,
      customerId: source.customer,
      paymentMethodId: source.token,
      key: `${key}:${p.orderId}:${p.amountCents}`,
    });
    const { status, kind } = stripeOutcome(intent.status === 'succeeded');
    const paymentId = await repo.insertPaymentWithTransaction(
      tx,
      { ...p, provider: STRIPE, status, reference: intent.id, sourceId },
      kind,
    );
    await repo.updatePayment(tx, paymentId, { processorIntentId: intent.id });
    return { paymentId, status };
  } catch (error) {
    if (!(error instanceof AppError && error.extra.reason === 'authentication_required')) throw error;
    const session = await openCheckoutSession(tx, p, `${key}:authenticate`);
    return {
      paymentId: session.paymentId,
      status: 'pending',
      checkoutUrl: session.url,
      authenticationRequired: true,
    };
  }
}
