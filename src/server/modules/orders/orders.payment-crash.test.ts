import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import {
  changedTables,
  databaseDigest,
  expectAppliedOnce,
  type KeyedRequest,
} from '../../test/crash-after-commit';
import { cartBody } from '../../test/factories-orders';
import { card, key, moneyOf, paymentSuite } from '../../test/factories-payments';

// Every keyed call that takes money or places an order, with its server dying between the commit
// and the answer (docs/security.md, "Idempotency and crash safety"): the retry with the same
// Idempotency-Key replays the first answer and applies nothing again (one order, one payment,
// the same money); a server that died before the commit left nothing, and the retry applies it once.

const { suite, staff, call, newOrder, financingFor, withCart } = paymentSuite();

type Method = 'POST' | 'PUT';
const keyed = (cookie: string, method: Method, url: string, payload?: object): KeyedRequest => ({
  method,
  url,
  headers: { cookie, 'idempotency-key': key('crash') },
  ...(payload !== undefined && { payload }),
});
const once = (request: KeyedRequest, status: number, tables: string[], when?: 'before' | 'after') =>
  expectAppliedOnce(suite.t, request, status, tables, when);

describe('cart payments after a crash between commit and answer', () => {
  it('POST /api/cart/checkout places one order and takes one payment', async () => {
    const s = await withCart(2);
    const r = await once(
      keyed(s.cookie, 'POST', '/api/cart/checkout', { paymentMethod: 'card', card: card() }),
      201,
      ['orders', 'payments', 'stock_holds'],
    );
    const orderId = r.lost.json().orderId;
    expect((await moneyOf(suite.t.db, orderId)).rows).toHaveLength(1);
  });

  it('POST /api/cart/checkout, the server dead before the commit: the retry places the order once', async () => {
    const s = await withCart(2);
    const r = await once(
      keyed(s.cookie, 'POST', '/api/cart/checkout', { paymentMethod: 'card', card: card() }),
      201,
      ['orders', 'payments'],
      'before',
    );
    expect((await moneyOf(suite.t.db, r.retry.json().orderId)).rows).toHaveLength(1);
  });

  it('POST /api/cart with data (the checkout alias)', async () => {
    const s = await withCart(1);
    await once(keyed(s.cookie, 'POST', '/api/cart', { data: { paymentMethod: 'card', card: card() } }), 201, [
      'orders',
      'payments',
    ]);
  });

  it('POST /api/cart/payment/intent and /transaction', async () => {
    const s = await withCart(1);
    const opened = await once(keyed(s.cookie, 'POST', '/api/cart/payment/intent', {}), 200, ['payments']);
    const { intentId } = opened.lost.json();
    await once(keyed(s.cookie, 'POST', '/api/cart/payment/transaction', { intentId, card: card() }), 200, [
      'payments',
    ]);
  });

  it('POST /api/cart/finpay/token', async () => {
    const s = await withCart(1);
    const apply = await call(s.cookie, 'POST', '/api/sandbox/finpay/apply', { decline: false });
    expect(apply.statusCode, apply.body).toBe(200);
    await once(keyed(s.cookie, 'POST', '/api/cart/finpay/token', { token: apply.json().token }), 200, [
      'payment_tokens',
    ]);
  });

  it('POST /api/cart/hostedpay/token and /transaction', async () => {
    const s = await withCart(1);
    const page = await once(keyed(s.cookie, 'POST', '/api/cart/hostedpay/token'), 200, ['payment_tokens']);
    await once(
      keyed(s.cookie, 'POST', '/api/cart/hostedpay/transaction', {
        token: page.lost.json().token,
        card: card(),
      }),
      200,
      ['payment_tokens'],
    );
  });

  it('POST /api/cart/coinpay/checkout', async () => {
    const s = await withCart(1);
    await once(keyed(s.cookie, 'POST', '/api/cart/coinpay/checkout', { currency: 'BTC' }), 200, [
      'payment_tokens',
    ]);
  });
});

describe('order payments after a crash between commit and answer', () => {
  it('POST /api/v1/order/:id/cardpay/transaction charges once', async () => {
    const o = await newOrder(2);
    await once(
      keyed(o.cookie, 'POST', `/api/v1/order/${o.orderId}/cardpay/transaction`, { card: card() }),
      200,
      ['payments'],
    );
    const money = await moneyOf(suite.t.db, o.orderId);
    expect(money.rows).toHaveLength(1);
    expect(money.capturedCents).toBe(o.order.totals.totalCents);
  });

  it('POST /api/v1/order/:id/cardpay/transaction, the server dead before the commit: charged once on retry', async () => {
    const o = await newOrder(1);
    await once(
      keyed(o.cookie, 'POST', `/api/v1/order/${o.orderId}/cardpay/transaction`, { card: card() }),
      200,
      ['payments'],
      'before',
    );
    expect((await moneyOf(suite.t.db, o.orderId)).capturedCents).toBe(o.order.totals.totalCents);
  });

  it('POST /api/v1/order/:id/payment/intent and /transaction', async () => {
    const o = await newOrder(1);
    const opened = await once(keyed(o.cookie, 'POST', `/api/v1/order/${o.orderId}/payment/intent`), 200, [
      'payments',
    ]);
    await once(
      keyed(o.cookie, 'POST', `/api/v1/order/${o.orderId}/payment/transaction`, {
        intentId: opened.lost.json().intentId,
        card: card(),
      }),
      200,
      ['payments'],
    );
    expect((await moneyOf(suite.t.db, o.orderId)).capturedCents).toBe(o.order.totals.totalCents);
  });

  it('POST /api/v1/order/:id/finpay/token', async () => {
    const o = await newOrder(1);
    const approval = await financingFor(o, 1);
    await once(
      keyed(o.cookie, 'POST', `/api/v1/order/${o.orderId}/finpay/token`, { token: approval.token }),
      200,
      ['payments'],
    );
    expect((await moneyOf(suite.t.db, o.orderId)).rows).toHaveLength(1);
  });

  it('POST /api/v1/order/:id/hostedpay/token and /transaction', async () => {
    const o = await newOrder(1);
    const page = await once(keyed(o.cookie, 'POST', `/api/v1/order/${o.orderId}/hostedpay/token`), 200, [
      'payment_tokens',
    ]);
    await once(
      keyed(o.cookie, 'POST', `/api/v1/order/${o.orderId}/hostedpay/transaction`, {
        token: page.lost.json().token,
        card: card(),
      }),
      200,
      ['payments'],
    );
    expect((await moneyOf(suite.t.db, o.orderId)).capturedCents).toBe(o.order.totals.totalCents);
  });

  it('POST /api/v1/order/:id/coinpay/checkout', async () => {
    const s = await withCart(1);
    const charge = await call(s.cookie, 'POST', '/api/cart/coinpay/checkout', {});
    const placed = await call(s.cookie, 'POST', '/api/cart/checkout', {
      paymentMethod: 'coinpay',
      token: charge.json().token,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    await once(keyed(s.cookie, 'POST', `/api/v1/order/${placed.json().orderId}/coinpay/checkout`), 200, []);
  });

  it('PUT /api/v1/order/:id/payment (finance records the money)', async () => {
    const o = await newOrder(1);
    await once(
      keyed(staff.finance, 'PUT', `/api/v1/order/${o.orderId}/payment`, { paymentStatus: 'paid' }),
      200,
      ['orders'],
    );
  });

  it('PUT /api/v1/order/:id/checkout (on account)', async () => {
    const o = await newOrder(1, { creditLimitCents: 10_000_000 });
    await once(keyed(staff.finance, 'PUT', `/api/v1/order/${o.orderId}/checkout`), 200, [
      'orders',
      'payments',
    ]);
  });

  it('POST /api/v1/order (sales places an order) makes one order', async () => {
    const o = await newOrder(1);
    await once(
      keyed(staff.sales, 'POST', '/api/v1/order', {
        companyId: o.companyId,
        locationId: o.location.id,
        items: [{ ...cartBody(o.tire, 1), orderItemRoadHazard: false }],
      }),
      201,
      ['orders', 'order_items', 'stock_holds'],
    );
  });
});

describe('cards after a crash between commit and answer', () => {
  it('POST /api/v1/vendor/cardpay/token', async () => {
    const o = await newOrder(1);
    await once(keyed(o.cookie, 'POST', '/api/v1/vendor/cardpay/token', { card: card() }), 201, [
      'card_tokens',
    ]);
  });

  it('POST /api/customer/:id saves one card', async () => {
    const o = await newOrder(1);
    await once(keyed(o.cookie, 'POST', `/api/customer/${o.companyId}`, { card: card() }), 200, [
      'payment_sources',
    ]);
  });

  it('POST /api/v1/payment/:customer (staff save a card) saves one card', async () => {
    const o = await newOrder(1);
    await once(keyed(staff.finance, 'POST', `/api/v1/payment/${o.companyId}`, { card: card() }), 200, [
      'payment_sources',
    ]);
  });
});

describe('a call whose claim was taken over while it ran', () => {
  it('rolls its work back and answers 409: only the call that holds the key applies', async () => {
    const o = await newOrder(1);
    const request = keyed(o.cookie, 'POST', `/api/v1/order/${o.orderId}/cardpay/transaction`, {
      card: card(),
    });
    const takeover = sql`update idempotency_keys set status = 'running:another-server'
      where key = ${request.headers['idempotency-key']}`;
    const before = await databaseDigest(suite.t.db);
    // As the call runs, a retry on another server takes its key over (its owner looked dead):
    // done here on the call's own connection, at its first savepoint.
    const original = pg.Client.prototype.query as unknown as (...a: unknown[]) => Promise<unknown>;
    let done = false;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(async function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string })?.text ?? '');
      if (!done && /^\s*savepoint\b/i.test(text)) {
        done = true;
        const { sql: q, params } = new PgDialect().sqlToQuery(takeover);
        await original.call(this, q, params);
      }
      return original.apply(this, args);
    } as never);
    let res: Awaited<ReturnType<typeof call>>;
    try {
      res = await suite.t.app.inject(request);
    } finally {
      spy.mockRestore();
    }
    expect(done).toBe(true);
    expect(res.statusCode, res.body).toBe(409);
    expect(changedTables(before, await databaseDigest(suite.t.db))).toEqual([]);
    expect(await moneyOf(suite.t.db, o.orderId)).toMatchObject({ capturedCents: 0, rows: [] });
  });
});
