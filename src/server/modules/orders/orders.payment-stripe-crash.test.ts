// The server dies between Stripe's success and our commit (docs/security.md, "Idempotency and
// crash safety"), with the real `stripe` SDK against the tests' local stand-in (not Stripe):
// a checkout retried with the same Idempotency-Key meets the same Checkout Session at Stripe
// (our key is what Stripe's key is made from), and a completed payment whose webhook died is
// applied exactly once, by Stripe's redelivery or by the reconciliation job.
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { expectAppliedOnce, type KeyedRequest } from '../../test/crash-after-commit';
import { key, orderRow, paymentRows } from '../../test/factories-payments';
import { stripeSuite } from '../../test/stripe-suite';
import { reconcileStripe } from './orders.payment-stripe';

const { suite, withCart, deliver, checkedOut, transactionsOf } = stripeSuite();

const keyed = (cookie: string, url: string, payload?: object): KeyedRequest => ({
  method: 'POST',
  url,
  headers: { cookie, 'idempotency-key': key('stripe-crash') },
  ...(payload !== undefined && { payload }),
});

const sessionsOf = (orderId: number) =>
  [...suite.standin.objects.values()].filter(
    (o) => o.object === 'checkout.session' && o.client_reference_id === String(orderId),
  );

type Query = (...args: unknown[]) => Promise<unknown>;

/**
 * The next COMMIT of a transaction that sent `marker` (the session's id) as a statement's value
 * is rolled back and fails, as when the process dies there. Only that transaction's: another
 * connection's commit at the same moment (the tests' other work) is left alone.
 */
function dieAtNextCommit(marker: string) {
  const original = pg.Client.prototype.query as unknown as Query;
  const marked = new WeakSet<pg.Client>();
  const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args) {
    const text = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string })?.text ?? '');
    if (!/^\s*commit\b/i.test(text)) {
      const values = Array.isArray(args[1]) ? args[1] : (args[0] as { values?: unknown[] })?.values;
      if (JSON.stringify(values ?? []).includes(marker)) marked.add(this);
      return original.apply(this, args) as never;
    }
    if (!marked.has(this)) return original.apply(this, args) as never;
    spy.mockRestore();
    return original.call(this, 'rollback').then(() => {
      throw new Error('simulated crash: the server process is gone');
    }) as never;
  });
}

describe('Stripe checkout after a crash', { timeout: 120_000 }, () => {
  for (const when of ['after', 'before'] as const)
    it(`POST /api/cart/checkout by card, dead ${when} the commit: one order, one session at Stripe`, async () => {
      const s = await withCart(1);
      const r = await expectAppliedOnce(
        suite.t,
        keyed(s.cookie, '/api/cart/checkout', { paymentMethod: 'card' }),
        201,
        ['orders', 'payments'],
        when,
      );
      const orderId = r.retry.json().orderId as number;
      expect(await paymentRows(suite.t.db, orderId)).toHaveLength(1);
      // Died before the commit: Stripe had made the session; the retry sent the same key and got it back.
      expect(sessionsOf(orderId)).toHaveLength(1);
      expect((await paymentRows(suite.t.db, orderId))[0].reference).toBe(sessionsOf(orderId)[0].id);
    });
});

describe('a completed payment whose webhook died before its commit', { timeout: 120_000 }, () => {
  it("Stripe's redelivery of the event applies it once", async () => {
    const o = await checkedOut(1);
    const [completed] = suite.standin.pay(o.page.sessionId);
    dieAtNextCommit(o.page.sessionId);
    expect((await deliver(completed)).statusCode).toBe(500);
    expect(await orderRow(suite.t.db, o.orderId)).toMatchObject({ paymentStatus: 'pending' });
    expect((await deliver(completed)).json()).toEqual({ received: true, applied: true });
    expect((await deliver(completed)).statusCode).toBe(409);
    expect(await orderRow(suite.t.db, o.orderId)).toMatchObject({ paymentStatus: 'paid' });
    expect((await transactionsOf(o.orderId)).filter((t) => t.kind === 'capture')).toHaveLength(1);
  });

  it('the reconciliation job, reading recent sessions back, completes it exactly once', async () => {
    const o = await checkedOut(1);
    const [completed] = suite.standin.pay(o.page.sessionId);
    dieAtNextCommit(o.page.sessionId);
    expect((await deliver(completed)).statusCode).toBe(500);
    expect(await reconcileStripe(suite.t.db)).toBeGreaterThanOrEqual(1);
    expect(await orderRow(suite.t.db, o.orderId)).toMatchObject({ paymentStatus: 'paid' });
    // Run again, and Stripe's late redelivery: nothing more happens.
    expect(await reconcileStripe(suite.t.db)).toBe(0);
    expect((await deliver(completed)).json()).toEqual({ received: true, applied: false });
    expect((await transactionsOf(o.orderId)).filter((t) => t.kind === 'capture')).toHaveLength(1);
  });
});
