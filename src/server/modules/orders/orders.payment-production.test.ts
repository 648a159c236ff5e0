import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../../db/schema';
import { FACTORY_PASSWORD } from '../../test/factories';
import { caller, card, key, paymentSuite } from '../../test/factories-payments';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

// In production no card number reaches the server: a raw card is refused before any
// Idempotency-Key (and so any hash of the body) is stored; only the provider's token is taken.
// Sandbox controls do not exist there.

const { suite, call, withCart } = paymentSuite();

describe('production: no card number reaches the server', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ NODE_ENV: 'production', COINPAY_WEBHOOK_SECRET: 'prod-secret-0123456789' });
  });
  afterAll(() => prod.close());

  it('refuses a raw card at checkout and in POST /api/cart data (400) before any Idempotency-Key is stored', async () => {
    const s = await withCart(1);
    const cookie = await signIn(prod.app, s.user.username, FACTORY_PASSWORD);
    const prodCall = caller(prod.app);
    const k = key('prod-card');
    const raw = await prodCall(
      cookie,
      'POST',
      '/api/cart/checkout',
      { paymentMethod: 'card', card: card() },
      k,
    );
    expect(raw.statusCode).toBe(400);
    expect(raw.json().errors[0].pointer).toBe('/body/card');
    const viaCart = await prodCall(
      cookie,
      'POST',
      '/api/cart',
      { data: { paymentMethod: 'card', card: card() } },
      k,
    );
    expect(viaCart.statusCode).toBe(400);
    expect(viaCart.json().errors[0].pointer).toBe('/body/data/card');
    for (const url of ['/api/v1/vendor/cardpay/token', `/api/customer/${s.companyId}`])
      expect((await prodCall(cookie, 'POST', url, { card: card() })).statusCode, url).toBe(400);
    expect(
      await suite.t.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, s.user.id), eq(idempotencyKeys.key, k))),
    ).toEqual([]);
    // A token of the card provider's form is what production takes.
    const token = (await call(s.cookie, 'POST', '/api/v1/vendor/cardpay/token', { card: card() })).json()
      .token;
    const paid = await prodCall(
      cookie,
      'POST',
      '/api/cart/checkout',
      { paymentMethod: 'card', cardToken: token },
      k,
    );
    expect(paid.statusCode, paid.body).toBe(201);
  });

  it('has no sandbox controls (404)', async () => {
    const s = await withCart(1);
    const cookie = await signIn(prod.app, s.user.username, FACTORY_PASSWORD);
    const prodCall = caller(prod.app);
    expect((await prodCall(cookie, 'POST', '/api/sandbox/finpay/apply', {})).statusCode).toBe(404);
    expect((await prodCall(cookie, 'POST', '/api/sandbox/coinpay/confirm/cp_x')).statusCode).toBe(404);
  });
});
