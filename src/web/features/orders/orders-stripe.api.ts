import * as stripe from '../../../contract/payments-stripe';
import { api } from '../../api/api';
import { contractMutation } from '../../api/endpoints';

// The order page's calls when Stripe takes the cards: open Stripe's page again, or cancel the
// order the buyer left unpaid there. Both change the order and the lists it is in.
const changed = (_r: unknown, _e: unknown, arg: { id: number }) => [
  { type: 'Order' as const, id: arg.id },
  { type: 'Order' as const, id: 'LIST' },
];

const ordersStripeApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** Stripe's Checkout page for the order's total now (the open one, or a new one). */
    reopenCardCheckout: contractMutation(b, stripe.orderCheckoutSession, {
      input: ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) => ({
        params: { id },
        headers: { 'idempotency-key': idempotencyKey },
      }),
      invalidates: changed,
    }),
    /** The buyer came back from Stripe's page without paying: the order is cancelled, its stock released. */
    cancelCardCheckout: contractMutation(b, stripe.cancelCheckoutSession, {
      input: ({ id, idempotencyKey }: { id: number; idempotencyKey: string }) => ({
        params: { id },
        headers: { 'idempotency-key': idempotencyKey },
      }),
      invalidates: changed,
    }),
  }),
});

export const { useReopenCardCheckoutMutation, useCancelCardCheckoutMutation } = ordersStripeApi;
