// A payment test file's app with CARD_PROVIDER=stripe, the real `stripe` SDK pointed at the
// local stand-in (stripe-standin.ts, not Stripe), and the calls its tests share.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { paymentTransactions, stockHolds } from '../db/schema';
import { paymentKit, paymentRows } from './factories-payments';
import { type SignedEvent, type StripeStandin, startStripeStandin } from './stripe-standin';
import { createTestApp, type TestApp } from './test-app';

export const STANDIN_WEBHOOK_SECRET = 'whsec_standin_0123456789abcdef';

export function stripeSuite(manualCaptureCents = 1_000_000) {
  const suite = { t: undefined as unknown as TestApp, standin: undefined as unknown as StripeStandin };
  const kit = paymentKit(() => suite.t);
  beforeAll(async () => {
    suite.standin = await startStripeStandin(STANDIN_WEBHOOK_SECRET);
    suite.t = await createTestApp({
      CARD_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_tread_0123456789',
      STRIPE_WEBHOOK_SECRET: STANDIN_WEBHOOK_SECRET,
      STRIPE_API_BASE: suite.standin.base,
      CARD_MANUAL_CAPTURE_CENTS: manualCaptureCents,
    });
    await kit.signInStaff();
  });
  afterAll(async () => {
    await suite.t.close();
    await suite.standin.close();
  });

  /** Delivers a signed event as Stripe's webhook would. */
  const deliver = (e: Pick<SignedEvent, 'payload' | 'header'>) =>
    suite.t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': e.header },
      payload: e.payload,
    });

  async function deliverAll(events: SignedEvent[]) {
    for (const e of events) {
      const res = await deliver(e);
      expect(res.statusCode, res.body).toBe(200);
    }
  }

  /** The buyer's Checkout page for an order. */
  async function session(cookie: string, orderId: number, k?: string) {
    const res = await kit.call(cookie, 'POST', `/api/v1/order/${orderId}/stripe/session`, undefined, k);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { sessionId: string; url: string; amountCents: number };
  }

  /** A buyer's cart checked out by card: the order is placed pending, its Checkout page open. */
  async function checkedOut(quantity = 2, k = `co-${Math.random()}`) {
    const s = await kit.withCart(quantity);
    const res = await kit.checkout(s.cookie, { paymentMethod: 'card' }, k);
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().orderId as number;
    return { ...s, orderId, page: await session(s.cookie, orderId) };
  }

  const holds = (orderId: number) =>
    suite.t.db.select().from(stockHolds).where(eq(stockHolds.orderId, orderId)).orderBy(asc(stockHolds.id));

  async function transactionsOf(orderId: number) {
    const rows = [];
    for (const p of await paymentRows(suite.t.db, orderId))
      rows.push(
        ...(await suite.t.db
          .select()
          .from(paymentTransactions)
          .where(eq(paymentTransactions.paymentId, p.id))
          .orderBy(asc(paymentTransactions.id))),
      );
    return rows;
  }

  return { suite, ...kit, deliver, deliverAll, session, checkedOut, holds, transactionsOf };
}
