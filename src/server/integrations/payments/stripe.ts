// The Stripe adapter: the real card processor behind the card seam (CARD_PROVIDER=stripe). Card
// data never reaches our server: the buyer types it on Stripe's hosted Checkout page, and a
// saved card is a PaymentMethod id of the company's Stripe Customer. Every call carries an
// Idempotency-Key derived from our own key (keyOf), so a retried call of ours meets at Stripe
// what its first attempt did there, and never charges twice.
import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import { AppError } from '../../http/errors';
import { paymentRefused } from './payments.types';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** The tests' local stand-in (http://127.0.0.1:port); Stripe's own API otherwise. */
  apiBase?: string;
  /** Where the buyer comes back to from the hosted page. */
  publicUrl: string;
}

/** How long Stripe's SDK waits for an answer before we call the processor unreachable. */
const TIMEOUT_MS = 20_000;

/**
 * A Stripe Idempotency-Key from ours: the same call of ours (its purpose and our key, e.g. the
 * buyer's Idempotency-Key or a payment's id) always sends the same key; hashed, so our keys
 * (chosen by clients) are not sent to Stripe as they are, and stay within its 255 characters.
 */
export const keyOf = (purpose: string, ours: string) =>
  `tread-${purpose}-${createHash('sha256').update(`${purpose}:${ours}`).digest('hex').slice(0, 40)}`;

/** Stripe's refusals as ours: a declined card and a needed authentication are the buyer's to fix; a lost answer is a 502. */
export function processorError(error: unknown): Error {
  if (!(error instanceof Stripe.errors.StripeError)) return error as Error;
  if (error.type === 'StripeCardError') {
    if (error.code === 'authentication_required')
      return new AppError('unprocessable', 'The card needs the cardholder to authenticate this payment', {
        reason: 'authentication_required',
        processorCode: error.code,
      });
    return paymentRefused('card_declined', `Your card was declined (${error.decline_code ?? error.code}).`);
  }
  if (error.type === 'StripeIdempotencyError')
    return new AppError('conflict', 'The card processor saw this request with other parameters', {
      reason: 'idempotency_conflict',
    });
  if (error.type === 'StripeConnectionError' || error.type === 'StripeAPIError')
    return new AppError('bad_gateway', 'The card processor did not answer; nothing was charged. Try again.', {
      reason: 'processor_unavailable',
      retryable: true,
      headers: { 'retry-after': '5' },
    });
  return new AppError('bad_gateway', `The card processor refused the request: ${error.message}`, {
    reason: 'processor_error',
    processorCode: error.code ?? null,
  });
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw processorError(error);
  }
}

export function stripeGateway(settings: StripeSettings) {
  const base = settings.apiBase ? new URL(settings.apiBase) : null;
  const stripe = new Stripe(settings.secretKey, {
    timeout: TIMEOUT_MS,
    // A retry inside the SDK reuses its idempotency key; ours retries through the buyer's.
    maxNetworkRetries: 1,
    telemetry: false,
    ...(base && {
      host: base.hostname,
      port: base.port,
      protocol: base.protocol.replace(':', '') as 'http' | 'https',
    }),
  });
  const back = (path: string) => new URL(path, settings.publicUrl).toString();
  return {
    name: 'stripe' as const,
    /** A hosted page for one order's total; manual capture holds the money until staff approve. */
    checkoutSession: (p: {
      orderId: number;
      amountCents: number;
      customerId?: string | null;
      manualCapture: boolean;
      key: string;
    }) =>
      call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            client_reference_id: String(p.orderId),
            ...(p.customerId && { customer: p.customerId }),
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'usd',
                  unit_amount: p.amountCents,
                  product_data: { name: `Tread order ${p.orderId}` },
                },
              },
            ],
            payment_intent_data: {
              capture_method: p.manualCapture ? 'manual' : 'automatic',
              metadata: { orderId: String(p.orderId) },
            },
            metadata: { orderId: String(p.orderId) },
            success_url: back(`/orders/${p.orderId}?checkout=done`),
            cancel_url: back(`/orders/${p.orderId}?checkout=cancelled`),
          },
          { idempotencyKey: keyOf('session', p.key) },
        ),
      ),
    /** A hosted page where the company saves a card to its Stripe Customer (mode setup). */
    setupSession: (p: { customerId: string; companyId: number; key: string }) =>
      call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'setup',
            currency: 'usd',
            customer: p.customerId,
            metadata: { companyId: String(p.companyId) },
            success_url: back('/account?card=saved'),
            cancel_url: back('/account?card=cancelled'),
          },
          { idempotencyKey: keyOf('setup', p.key) },
        ),
      ),
    retrieveSession: (id: string) => call(() => stripe.checkout.sessions.retrieve(id)),
    expireSession: (id: string) =>
      call(() => stripe.checkout.sessions.expire(id, {}, { idempotencyKey: keyOf('expire', id) })),
    /** Sessions created since `since` (unix seconds), for the reconciliation job. */
    recentSessions: async (since: number) => {
      const found: Stripe.Checkout.Session[] = [];
      await call(() =>
        stripe.checkout.sessions.list({ created: { gte: since }, limit: 100 }).autoPagingEach((s) => {
          found.push(s);
        }),
      );
      return found;
    },
    customer: (p: { companyId: number; name: string; email?: string | null }) =>
      call(() =>
        stripe.customers.create(
          { name: p.name, ...(p.email && { email: p.email }), metadata: { companyId: String(p.companyId) } },
          { idempotencyKey: keyOf('customer', String(p.companyId)) },
        ),
      ),
    setupIntent: (id: string) => call(() => stripe.setupIntents.retrieve(id)),
    paymentMethod: (id: string) => call(() => stripe.paymentMethods.retrieve(id)),
    /** Charges a saved card with the buyer away (a staff-placed order). */
    chargeSaved: (p: {
      orderId: number;
      amountCents: number;
      customerId: string;
      paymentMethodId: string;
      key: string;
    }) =>
      call(() =>
        stripe.paymentIntents.create(
          {
            amount: p.amountCents,
            currency: 'usd',
            customer: p.customerId,
            payment_method: p.paymentMethodId,
            off_session: true,
            confirm: true,
            metadata: { orderId: String(p.orderId) },
          },
          { idempotencyKey: keyOf('charge', p.key) },
        ),
      ),
    capture: (intentId: string, amountCents: number, key: string) =>
      call(() =>
        stripe.paymentIntents.capture(
          intentId,
          { amount_to_capture: amountCents },
          { idempotencyKey: keyOf('capture', key) },
        ),
      ),
    cancel: (intentId: string, key: string) =>
      call(() => stripe.paymentIntents.cancel(intentId, {}, { idempotencyKey: keyOf('cancel', key) })),
    refund: (p: { intentId: string; amountCents: number; key: string }) =>
      call(() =>
        stripe.refunds.create(
          { payment_intent: p.intentId, amount: p.amountCents },
          { idempotencyKey: keyOf('refund', p.key) },
        ),
      ),
    /** The event of a webhook, if the signature is Stripe's for these exact bytes, within the SDK's tolerance (300 s). */
    event: (rawBody: string, signature: string | undefined) =>
      stripe.webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret),
  };
}

export type StripeGateway = ReturnType<typeof stripeGateway>;
