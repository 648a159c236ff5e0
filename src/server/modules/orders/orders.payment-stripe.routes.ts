import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/payments-stripe';
import { AppError } from '../../http/errors';
import { idempotencyKeyOf } from '../../http/idempotency';
import { rawBodyJson, rawBodyOf } from '../../http/raw-body-json';
import { route } from '../../http/route';
import { sweepEvery } from '../../http/sweep';
import * as payments from '../payments/payments.service';
import { financeTaskRoutes } from './orders.finance-tasks.routes';
import { cancelCheckout, orderCheckoutSession, reconcileStripe, stripeEvent } from './orders.payment-stripe';

/** How often the reconciliation job reads Stripe's recent sessions back (CARD_PROVIDER=stripe). */
export const STRIPE_RECONCILE_MS = 5 * 60_000;

/** Card payments through Stripe: the Checkout pages, Stripe's webhook and the reconciliation job. */
export function stripeRoutes(app: FastifyInstance) {
  route(app, api.orderCheckoutSession, ({ db, actor, params, req }) =>
    orderCheckoutSession(db, actor, params.id, idempotencyKeyOf(req)),
  );
  route(app, api.cancelCheckoutSession, ({ db, actor, params }) => cancelCheckout(db, actor, params.id));
  // The disputes Stripe reports open finance tasks; finance works through them here.
  financeTaskRoutes(app);
  // The signature covers the exact bytes Stripe sent: this scope keeps the raw body.
  app.register(async (scope) => {
    rawBodyJson(scope);
    route(scope, api.stripeWebhook, async ({ db, req }) => {
      // Another card provider: Stripe is an unknown provider here, as any other name is (400).
      if (payments.cardProviderName() !== 'stripe')
        throw new AppError('bad_request', 'Stripe is not the card provider of this shop');
      const signature = req.headers['stripe-signature'];
      let event: ReturnType<typeof payments.verifyStripeEvent>;
      try {
        event = payments.verifyStripeEvent(
          rawBodyOf(req),
          typeof signature === 'string' ? signature : undefined,
        );
      } catch (error) {
        throw new AppError('bad_request', `Webhook refused: ${(error as Error).message}`, {
          reason: 'bad_signature',
        });
      }
      return { received: true as const, applied: await stripeEvent(db, event) };
    });
  });
  if (payments.cardProviderName() === 'stripe')
    sweepEvery(app, STRIPE_RECONCILE_MS, 'Stripe reconciliation', () => reconcileStripe(app.db));
}
