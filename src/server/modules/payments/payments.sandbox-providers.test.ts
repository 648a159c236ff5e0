import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseCardProvider } from '../../integrations/payments/card-provider';
import { paymentKit } from '../../test/factories-payments';
import { createTestApp, type TestApp } from '../../test/test-app';

// The sandbox providers of financing, hosted checkout and crypto take no real money: a
// production server offers and takes them only when ALLOW_SANDBOX_PAYMENTS=1 says so.
let t: TestApp;
const kit = paymentKit(() => t);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  chooseCardProvider(t.app.config);
  await t.close();
});

/** The processor choice this app would make in production, with or without the setting. */
const inProduction = (allowSandbox: boolean) =>
  chooseCardProvider({ ...t.app.config, NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS: allowSandbox });

describe('sandbox payment providers', () => {
  it('are offered outside production', async () => {
    chooseCardProvider(t.app.config);
    const { cookie } = await kit.withCart(1);
    const res = await kit.call(cookie, 'GET', '/api/company/payment');
    expect(res.json().methods).toEqual(expect.arrayContaining(['finpay', 'hostedpay', 'coinpay']));
  });

  it('are neither offered nor taken in production without ALLOW_SANDBOX_PAYMENTS', async () => {
    const { cookie } = await kit.withCart(1);
    inProduction(false);
    const methods = (await kit.call(cookie, 'GET', '/api/company/payment')).json().methods;
    expect(methods).not.toContain('finpay');
    expect(methods).not.toContain('hostedpay');
    expect(methods).not.toContain('coinpay');
    for (const [path, body] of [
      ['/api/cart/hostedpay/token', undefined],
      ['/api/cart/coinpay/checkout', { currency: 'BTC' }],
      ['/api/sandbox/finpay/apply', { decline: false }],
    ] as const) {
      const res = await kit.call(cookie, 'POST', path, body);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(422);
      expect(res.json().reason, path).toBe('method_unavailable');
    }
    inProduction(true);
    const allowed = (await kit.call(cookie, 'GET', '/api/company/payment')).json().methods;
    expect(allowed).toEqual(expect.arrayContaining(['finpay', 'hostedpay', 'coinpay']));
  });
});
