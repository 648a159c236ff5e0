import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEvents } from '../../db/schema';
import {
  caller,
  coinpayEvent,
  moneyOf,
  orderRow,
  paymentRows,
  postWebhook,
  shopperWithCart,
} from '../../test/factories-payments';
import { soldUnits, stockOf } from '../../test/orders-checks';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

// The crypto provider confirms a charge only through its signed webhook
// (POST /api/webhooks/coinpay, X-Webhook-Signature: t=<unix s>,v1=<HMAC-SHA256 of "t.body">).

let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
});
afterAll(() => t.close());

const now = () => Math.floor(Date.now() / 1000);

/** A buyer's order paid by crypto, waiting for the chain: its charge reference and the order. */
async function pendingCryptoOrder(quantity = 2) {
  const s = await shopperWithCart(t.app, t.db, quantity);
  const charge = await call(s.cookie, 'POST', '/api/cart/coinpay/checkout', {});
  const reference = charge.json().token as string;
  const placed = await call(s.cookie, 'POST', '/api/cart/checkout', {
    paymentMethod: 'coinpay',
    token: reference,
  });
  expect(placed.statusCode, placed.body).toBe(201);
  expect(placed.json().paymentStatus).toBe('pending');
  return { ...s, reference, orderId: placed.json().orderId as number };
}

describe('POST /api/webhooks/coinpay', () => {
  it('a valid signed confirmation pays the order, captures the charge and sells the held stock', async () => {
    const o = await pendingCryptoOrder(3);
    expect((await stockOf(t.db, o.tire.product.id))[0]).toMatchObject({ quantity: 20, reserved: 3 });
    const res = await postWebhook(t.app, coinpayEvent(o.reference));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, applied: true });
    expect(await orderRow(t.db, o.orderId)).toMatchObject({
      paymentStatus: 'paid',
      paymentMethod: 'coinpay',
    });
    const money = await moneyOf(t.db, o.orderId);
    expect(money.rows.map((p) => [p.status, p.message])).toEqual([['captured', 'confirmed by the provider']]);
    expect(money.netCents).toBe(o.cart.totals.totalCents);
    expect(await soldUnits(t.db, o.tire.product.id)).toBe(3);
    expect((await stockOf(t.db, o.tire.product.id))[0]).toMatchObject({ quantity: 17, reserved: 0 });
  });

  it('verifies the exact bytes sent, whatever their spacing and charset', async () => {
    const o = await pendingCryptoOrder(1);
    const raw = `{ "id": "evt_spaced_${o.orderId}",\n  "type": "charge.confirmed", "data": { "reference": "${o.reference}" } }`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/coinpay',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'x-webhook-signature': coinpayEvent('x', { raw }).signature,
      },
      payload: raw,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().applied).toBe(true);
  });

  it('refuses a replayed event id with 409 and changes nothing', async () => {
    const o = await pendingCryptoOrder();
    const event = coinpayEvent(o.reference, { id: `evt_replay_${o.orderId}` });
    expect((await postWebhook(t.app, event)).statusCode).toBe(200);
    const replay = await postWebhook(t.app, event);
    expect(replay.statusCode).toBe(409);
    expect(replay.json().reason).toBe('replayed_event');
    // Re-signed now, still the same event: refused.
    const resigned = coinpayEvent(o.reference, { id: `evt_replay_${o.orderId}`, at: now() + 1 });
    expect((await postWebhook(t.app, resigned)).statusCode).toBe(409);
    expect((await paymentRows(t.db, o.orderId)).map((p) => p.status)).toEqual(['captured']);
    expect(await soldUnits(t.db, o.tire.product.id)).toBe(2);
  });

  it('answers 401 to a bad signature, another secret, a changed body, a missing or malformed header', async () => {
    const o = await pendingCryptoOrder();
    const good = coinpayEvent(o.reference);
    const [, mac] = good.signature.split('v1=');
    const flipped = `${mac.slice(0, -1)}${mac.endsWith('0') ? '1' : '0'}`;
    const other = coinpayEvent('cp_other');
    const attempts: { raw: string; signature?: string }[] = [
      { raw: good.raw, signature: good.signature.replace(/v1=.*/, `v1=${flipped}`) },
      coinpayEvent(o.reference, { secret: 'not-the-provider-secret' }),
      { raw: good.raw, signature: other.signature },
      { raw: good.raw },
      { raw: good.raw, signature: 'sha256=abc' },
      { raw: good.raw, signature: `t=${now()}` },
    ];
    for (const attempt of attempts) {
      const res = await postWebhook(t.app, attempt);
      expect(res.statusCode, attempt.signature).toBe(401);
      expect(res.json().code).toBe('unauthenticated');
    }
    expect(await orderRow(t.db, o.orderId)).toMatchObject({ paymentStatus: 'pending' });
    // A refused delivery records no event: the genuine one still applies.
    expect((await postWebhook(t.app, good)).json()).toEqual({ received: true, applied: true });
  });

  it('answers 401 to a signature older or newer than five minutes, and accepts one just inside', async () => {
    const o = await pendingCryptoOrder();
    // Five seconds past the tolerance: a second may tick between the signing and the server's check.
    for (const at of [now() - 305, now() - 3600, now() + 305]) {
      const res = await postWebhook(t.app, coinpayEvent(o.reference, { at }));
      expect(res.statusCode, String(at)).toBe(401);
      expect(res.json().detail).toContain('tolerance');
    }
    expect((await orderRow(t.db, o.orderId)).paymentStatus).toBe('pending');
    expect((await postWebhook(t.app, coinpayEvent(o.reference, { at: now() - 290 }))).statusCode).toBe(200);
    expect((await orderRow(t.db, o.orderId)).paymentStatus).toBe('paid');
  });

  it('accepts but does not apply an event for an unknown or already settled charge', async () => {
    const unknown = await postWebhook(t.app, coinpayEvent('cp_never_issued'));
    expect(unknown.json()).toEqual({ received: true, applied: false });
    const o = await pendingCryptoOrder();
    await postWebhook(t.app, coinpayEvent(o.reference));
    const second = await postWebhook(t.app, coinpayEvent(o.reference));
    expect(second.json()).toEqual({ received: true, applied: false });
    expect((await paymentRows(t.db, o.orderId)).map((p) => p.status)).toEqual(['captured']);
  });

  it('does not revive a cancelled order: a late confirmation is not applied', async () => {
    const o = await pendingCryptoOrder();
    const admin = await signIn(t.app, 'admin');
    expect((await call(admin, 'POST', `/api/v1/order/${o.orderId}/cancel`, {})).statusCode).toBe(200);
    const late = await postWebhook(t.app, coinpayEvent(o.reference));
    expect(late.json()).toEqual({ received: true, applied: false });
    expect(await orderRow(t.db, o.orderId)).toMatchObject({ status: 'cancelled', paymentStatus: 'voided' });
    expect((await moneyOf(t.db, o.orderId)).capturedCents).toBe(0);
    expect(await soldUnits(t.db, o.tire.product.id)).toBe(0);
    // ...but the money that arrived is on record, for finance to give back.
    const detail = (await call(admin, 'GET', `/api/v1/order/${o.orderId}`)).json();
    expect(detail.log.at(-1).note).toMatch(
      /coinpay confirmed \d+ cents after the charge was voided: refund due/,
    );
  });

  it('answers 400 to a body that is not JSON or not an event, and to an unknown provider', async () => {
    const notJson = { raw: '{"id":', signature: coinpayEvent('x').signature };
    expect((await postWebhook(t.app, notJson)).statusCode).toBe(400);
    const wrongType = JSON.stringify({ id: 'evt_1', type: 'charge.refunded', data: { reference: 'cp_1' } });
    expect(
      (await postWebhook(t.app, { raw: wrongType, signature: coinpayEvent('x').signature })).statusCode,
    ).toBe(400);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: coinpayEvent('x').raw,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/sandbox/coinpay/confirm/:reference', () => {
  it("confirms the charge through the provider's signed webhook: the order is paid", async () => {
    const o = await pendingCryptoOrder();
    const res = await call(o.cookie, 'POST', `/api/sandbox/coinpay/confirm/${o.reference}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, applied: true });
    expect((await orderRow(t.db, o.orderId)).paymentStatus).toBe('paid');
    expect(await soldUnits(t.db, o.tire.product.id)).toBe(2);
    const events = await t.db.select().from(webhookEvents).where(eq(webhookEvents.provider, 'coinpay'));
    expect(events.length).toBeGreaterThan(0);
    expect((await call(o.cookie, 'POST', `/api/sandbox/coinpay/confirm/${o.reference}`)).json().applied).toBe(
      false,
    );
  });

  it('answers 401 without a session and applies nothing for an unknown reference', async () => {
    expect((await call(null, 'POST', '/api/sandbox/coinpay/confirm/cp_x')).statusCode).toBe(401);
    const o = await pendingCryptoOrder(1);
    expect((await call(o.cookie, 'POST', '/api/sandbox/coinpay/confirm/cp_unknown')).json().applied).toBe(
      false,
    );
  });
});

describe('the webhook in production', () => {
  const secret = 'prod-coinpay-secret-0123456789';
  let prod: TestApp;
  beforeAll(async () => {
    // Production running the sandbox providers on purpose (ALLOW_SANDBOX_PAYMENTS), as a demo would.
    prod = await createTestApp({
      NODE_ENV: 'production',
      ALLOW_SANDBOX_PAYMENTS: true,
      COINPAY_WEBHOOK_SECRET: secret,
    });
  });
  afterAll(() => prod.close());

  it('trusts only the configured secret, never the sandbox one', async () => {
    const o = await pendingCryptoOrder();
    expect((await postWebhook(prod.app, coinpayEvent(o.reference))).statusCode).toBe(401);
    const res = await postWebhook(prod.app, coinpayEvent(o.reference, { secret }));
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderRow(t.db, o.orderId)).paymentStatus).toBe('paid');
  });
});
