// Which card processor this process takes new card payments through (CARD_PROVIDER). Chosen
// once per app from its configuration (paymentsRoutes): a process talks to one processor
// account. Tests run their files one after another in a worker, each building its own app, so
// the last app built is the one whose processor is in use; a file builds apps of one provider.
import type { Config } from '../../config';
import { type StripeGateway, stripeGateway } from './stripe';

export interface CardProcessor {
  name: 'sandbox' | 'stripe';
  stripe: StripeGateway | null;
  /** Card orders at or above this total are only authorized; finance captures them after review. */
  manualCaptureCents: number;
  /**
   * Whether the sandbox providers of financing, hosted checkout and crypto (token-sandbox.ts)
   * take payments: they take no real money, so production offers them only with
   * ALLOW_SANDBOX_PAYMENTS=1, as it does the card sandbox.
   */
  sandboxTokens: boolean;
}

let current: CardProcessor = {
  name: 'sandbox',
  stripe: null,
  manualCaptureCents: Number.POSITIVE_INFINITY,
  sandboxTokens: true,
};

export function chooseCardProvider(config: Config): CardProcessor {
  const stripe =
    config.CARD_PROVIDER === 'stripe' && config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
      ? stripeGateway({
          secretKey: config.STRIPE_SECRET_KEY,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET,
          apiBase: config.STRIPE_API_BASE,
          publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
        })
      : null;
  current = {
    name: stripe ? 'stripe' : 'sandbox',
    stripe,
    manualCaptureCents: config.CARD_MANUAL_CAPTURE_CENTS,
    sandboxTokens: config.NODE_ENV !== 'production' || config.ALLOW_SANDBOX_PAYMENTS,
  };
  return current;
}

export const cardProcessor = () => current;

/** The Stripe gateway, for a payment Stripe holds (capture, void, refund) or a Stripe webhook. */
export function stripeOf(): StripeGateway {
  if (!current.stripe) throw new Error('This payment is at Stripe, but CARD_PROVIDER is not stripe');
  return current.stripe;
}
