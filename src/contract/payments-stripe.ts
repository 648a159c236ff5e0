import { z } from 'zod';
import { Cents, endpoint, Id } from './common';

// Card payments through Stripe (CARD_PROVIDER=stripe): the buyer pays on Stripe's hosted
// Checkout page; Stripe reports the outcome by webhook. With the sandbox these answer 409.

export const CheckoutSessionAnswer = z.object({
  sessionId: z.string(),
  /** Stripe's hosted page: the web app sends the buyer there. */
  url: z.string(),
  amountCents: Cents,
});

export const orderCheckoutSession = endpoint({
  method: 'POST',
  path: '/api/v1/order/:id/stripe/session',
  access: 'shop',
  idempotent: true,
  summary:
    "The Stripe Checkout page for an unpaid order's total: the open session if it is for the total now, else a new one (the old one expires)",
  params: z.object({ id: Id }),
  response: CheckoutSessionAnswer,
});

export const cancelCheckoutSession = endpoint({
  method: 'POST',
  path: '/api/v1/order/:id/stripe/session/cancel',
  access: 'shop',
  idempotent: true,
  summary:
    "The buyer left Stripe's page without paying (its cancel link): the session expires at Stripe, the order is cancelled and its held stock released",
  params: z.object({ id: Id }),
  response: z.object({ orderId: Id, status: z.string(), paymentStatus: z.string() }),
});

export const saveCardSession = endpoint({
  method: 'POST',
  path: '/api/customer/:id/stripe/setup',
  access: 'shop',
  idempotent: true,
  summary: 'A Stripe Checkout page (mode setup) where the company saves a card to its Stripe customer',
  params: z.object({ id: Id }),
  response: CheckoutSessionAnswer.omit({ amountCents: true }),
});

export const stripeWebhook = endpoint({
  method: 'POST',
  path: '/api/webhooks/stripe',
  access: 'public',
  summary:
    "Stripe's events (checkout.session.*, payment_intent.*, charge.refunded, charge.dispute.created), verified by the Stripe-Signature header on the raw body; each event id once",
  // The SDK checks the signature over the raw bytes and parses the event; this only bounds it.
  body: z.object({ id: z.string().min(1).max(255), type: z.string().min(1).max(100) }).passthrough(),
  response: z.object({ received: z.literal(true), applied: z.boolean() }),
});
