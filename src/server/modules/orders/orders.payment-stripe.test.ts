// Card payments through Stripe's hosted Checkout, with the real `stripe` SDK against the tests'
// local stand-in (src/server/test/stripe-standin.ts; not Stripe): the order is placed pending
// with its stock held, Stripe's signed webhook pays it once, an expired session frees the stock.
import { describe, expect, it } from 'vitest';
import { orderRow, paymentRows } from '../../test/factories-payments';
import { standinCards } from '../../test/stripe-standin';
import { stripeSuite } from '../../test/stripe-suite';

const { suite, call, checkout, withCart, deliver, deliverAll, session, checkedOut, holds } = stripeSuite();

describe('Stripe Checkout for a buyer', () => {
  it('places the order pending with its stock held, for a session of exactly its total; the webhook pays it once', async () => {
    const o = await checkedOut(2);
    const order = await orderRow(suite.t.db, o.orderId);
    expect(order).toMatchObject({ status: 'placed', paymentStatus: 'pending' });
    expect((await holds(o.orderId)).every((h) => h.status === 'held')).toBe(true);
    const at = suite.standin.objects.get(o.page.sessionId);
    expect(at).toMatchObject({
      mode: 'payment',
      status: 'open',
      amount_total: order.totalCents,
      client_reference_id: String(o.orderId),
    });
    expect(o.page).toMatchObject({
      amountCents: order.totalCents,
      url: `${suite.standin.base}/pay/${o.page.sessionId}`,
    });
    // The order page asks again (the buyer came back): the same open session, not a new one.
    expect((await session(o.cookie, o.orderId)).sessionId).toBe(o.page.sessionId);

    const events = suite.standin.pay(o.page.sessionId);
    await deliverAll(events);
    expect(await orderRow(suite.t.db, o.orderId)).toMatchObject({ paymentStatus: 'paid' });
    expect((await holds(o.orderId)).every((h) => h.status !== 'held')).toBe(true);
    const [payment] = await paymentRows(suite.t.db, o.orderId);
    expect(payment).toMatchObject({ provider: 'stripe', status: 'captured', reference: o.page.sessionId });
    expect(payment.processorIntentId).toMatch(/^pi_/);

    // The same event again (Stripe retries): 409, nothing changes.
    const replay = await deliver(events[0]);
    expect(replay.statusCode).toBe(409);
    expect(replay.json().reason).toBe('replayed_event');
    expect(await paymentRows(suite.t.db, o.orderId)).toEqual([payment]);
  });

  it('takes no card data at all with Stripe: a card or a card token is a 400 naming the field', async () => {
    const s = await withCart(1);
    const token = await checkout(s.cookie, { paymentMethod: 'card', cardToken: 'tok_abcdefgh' });
    expect(token.statusCode).toBe(400);
    expect(token.json().errors[0].pointer).toBe('/body/cardToken');
    const raw = await checkout(s.cookie, {
      paymentMethod: 'card',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json().errors[0].pointer).toBe('/body/card');
    const form = await call(s.cookie, 'POST', '/api/v1/vendor/cardpay/token', {
      card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
    });
    expect(form.statusCode).toBe(400);
  });

  it('a declined card on the page leaves the order pending and its stock held; another card then pays it', async () => {
    const o = await checkedOut(1);
    const declined = suite.standin.pay(o.page.sessionId, standinCards.declined);
    expect(declined.map((e) => e.event.type)).toEqual(['payment_intent.payment_failed']);
    await deliverAll(declined);
    expect(await orderRow(suite.t.db, o.orderId)).toMatchObject({ paymentStatus: 'pending' });
    expect((await holds(o.orderId)).every((h) => h.status === 'held')).toBe(true);
    await deliverAll(suite.standin.pay(o.page.sessionId));
    expect(await orderRow(suite.t.db, o.orderId)).toMatchObject({ paymentStatus: 'paid' });
  });

  it('a session that expires unpaid releases the stock and cancels the order', async () => {
    const o = await checkedOut(2);
    await deliverAll([suite.standin.expire(o.page.sessionId)]);
    expect(await orderRow(suite.t.db, o.orderId)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'voided',
    });
    expect((await holds(o.orderId)).some((h) => h.status === 'held')).toBe(false);
    expect((await paymentRows(suite.t.db, o.orderId))[0].status).toBe('voided');
  });

  it("the buyer leaving Stripe's page (its cancel link) expires the session and releases the stock", async () => {
    const o = await checkedOut(1);
    const res = await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/stripe/session/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(suite.standin.objects.get(o.page.sessionId)).toMatchObject({ status: 'expired' });
    expect(await orderRow(suite.t.db, o.orderId)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'voided',
    });
    expect((await holds(o.orderId)).some((h) => h.status === 'held')).toBe(false);
    // Stripe's expiry event arrives after and changes nothing.
    await deliverAll(suite.standin.takeEvents());
    expect(
      (await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/stripe/session/cancel`)).statusCode,
    ).toBe(409); // a cancelled order has nothing to pay
  });

  it('an unsigned, wrongly signed or tampered webhook is a 400 and changes nothing', async () => {
    const o = await checkedOut(1);
    const [completed] = suite.standin.pay(o.page.sessionId);
    const unsigned = await deliver({ payload: completed.payload, header: '' });
    expect(unsigned.statusCode).toBe(400);
    const tampered = await deliver({
      payload: completed.payload.replace('"complete"', '"completE"'),
      header: completed.header,
    });
    expect(tampered.statusCode).toBe(400);
    const stale = `t=${Math.floor(Date.now() / 1000) - 3600},v1=${'0'.repeat(64)}`;
    expect((await deliver({ payload: completed.payload, header: stale })).statusCode).toBe(400);
    expect(await orderRow(suite.t.db, o.orderId)).toMatchObject({ paymentStatus: 'pending' });
    expect((await deliver(completed)).statusCode).toBe(200);
    expect(await orderRow(suite.t.db, o.orderId)).toMatchObject({ paymentStatus: 'paid' });
  });

  it('a session whose amount is not the order total is a 409 amount_mismatch; the order stays unpaid', async () => {
    const o = await checkedOut(1);
    suite.standin.pay(o.page.sessionId);
    const session = { ...suite.standin.objects.get(o.page.sessionId)!, amount_total: 1 };
    const res = await deliver(suite.standin.sign('checkout.session.completed', session));
    expect(res.statusCode).toBe(409);
    expect(res.json().reason).toBe('amount_mismatch');
    expect(await orderRow(suite.t.db, o.orderId)).toMatchObject({ paymentStatus: 'pending' });
    expect((await paymentRows(suite.t.db, o.orderId))[0].status).toBe('pending');
  });

  it('the processor not answering is a 502 with a retry hint; the order keeps its hold and nothing is paid', async () => {
    const s = await withCart(1);
    suite.standin.controls.dropNext = 4;
    const k = `timeout-${Math.random()}`;
    const res = await checkout(s.cookie, { paymentMethod: 'card' }, k);
    suite.standin.controls.dropNext = 0;
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json()).toMatchObject({ code: 'bad_gateway', retryable: true });
    expect(res.headers['retry-after']).toBe('5');
    // Nothing was placed: the cart is still the buyer's; the retry with the same key places it.
    const again = await checkout(s.cookie, { paymentMethod: 'card' }, k);
    expect(again.statusCode, again.body).toBe(201);
    expect(await orderRow(suite.t.db, again.json().orderId)).toMatchObject({ paymentStatus: 'pending' });
  });

  it('a retry with the same Idempotency-Key meets the same session at Stripe (one session, one key)', async () => {
    const o = await checkedOut(1, 'same-key-checkout');
    const sent = suite.standin.log.filter((l) => l.path === '/v1/checkout/sessions' && l.method === 'POST');
    const mine = sent.at(-1)!;
    expect(mine.idempotencyKey).toMatch(/^tread-session-[0-9a-f]{40}$/);
    const replay = await call(
      o.cookie,
      'POST',
      '/api/cart/checkout',
      { paymentMethod: 'card' },
      'same-key-checkout',
    );
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().orderId).toBe(o.orderId);
    expect(suite.standin.log.filter((l) => l.idempotencyKey === mine.idempotencyKey)).toHaveLength(1);
  });
});
