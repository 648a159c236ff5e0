import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentTransactions } from '../../db/schema';
import { createShopper } from '../../test/factories-orders';
import {
  addToCart,
  anchorage,
  card,
  key,
  moneyOf,
  numbers,
  orderRow,
  paymentSuite,
  paymentRows,
} from '../../test/factories-payments';
import { soldUnits, stockOf } from '../../test/orders-checks';

// Paying for the cart by card: intents and their authorization, the payment sheet, and the
// checkout that spends them (POST /api/cart/checkout and POST /api/cart {data}, one
// Idempotency-Key scope). A card intent nobody authorized is never captured.

const { suite, call, withCart, checkout } = paymentSuite();

async function cartIntent(cookie: string) {
  const res = await call(cookie, 'POST', '/api/cart/payment/intent', {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { intentId: number; amountCents: number; status: string };
}

const authorize = (cookie: string, intentId: number, number: string = numbers.ok, k?: string) =>
  call(cookie, 'POST', '/api/cart/payment/transaction', { intentId, card: card(number) }, k);

describe('POST /api/cart/payment/intent', () => {
  it("opens a pending intent for the cart's total", async () => {
    const s = await withCart(2);
    const intent = await cartIntent(s.cookie);
    expect(intent).toMatchObject({ amountCents: s.cart.totals.totalCents, status: 'pending' });
    expect((await paymentRows(suite.t.db, s.cart.orderId)).map((p) => p.status)).toEqual(['pending']);
  });

  it('replays the first intent for its Idempotency-Key; the key with another body is a 422', async () => {
    const s = await withCart(1);
    const k = key('cart-intent');
    const first = await call(s.cookie, 'POST', '/api/cart/payment/intent', {}, k);
    const again = await call(s.cookie, 'POST', '/api/cart/payment/intent', {}, k);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await paymentRows(suite.t.db, s.cart.orderId)).toHaveLength(1);
    expect((await call(s.cookie, 'POST', '/api/cart/payment/intent', { order: 5 }, k)).statusCode).toBe(422);
  });

  it('answers 400 for a malformed body, 409 for an empty cart, 401 without a session', async () => {
    const s = await withCart(1);
    expect((await call(s.cookie, 'POST', '/api/cart/payment/intent', { order: 'x' })).statusCode).toBe(400);
    const empty = await createShopper(suite.t.app, suite.t.db);
    expect((await call(empty.cookie, 'POST', '/api/cart/payment/intent', {})).statusCode).toBe(409);
    expect((await call(null, 'POST', '/api/cart/payment/intent', {})).statusCode).toBe(401);
  });
});

describe('POST /api/cart/payment/transaction and checkout with the intent', () => {
  it('authorizes the card, and checkout captures the intent for the total', async () => {
    const s = await withCart(2);
    const intent = await cartIntent(s.cookie);
    const res = await authorize(s.cookie, intent.intentId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ intentId: intent.intentId, status: 'authorized' });
    const placed = await checkout(s.cookie, { paymentMethod: 'card', intentId: intent.intentId });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ paymentStatus: 'paid', orderId: s.cart.orderId });
    const money = await moneyOf(suite.t.db, s.cart.orderId);
    expect(money.rows.map((p) => p.status)).toEqual(['captured']);
    expect(money.netCents).toBe(s.cart.totals.totalCents);
    expect(await soldUnits(suite.t.db, s.tire.product.id)).toBe(2);
  });

  it('never captures an intent no card authorized (409); nothing is paid', async () => {
    const s = await withCart(2);
    const intent = await cartIntent(s.cookie);
    const res = await checkout(s.cookie, { paymentMethod: 'card', intentId: intent.intentId });
    expect(res.statusCode).toBe(409);
    expect(await orderRow(suite.t.db, s.cart.orderId)).toMatchObject({
      status: 'cart',
      paymentStatus: 'unpaid',
    });
    expect((await moneyOf(suite.t.db, s.cart.orderId)).capturedCents).toBe(0);
    expect(await soldUnits(suite.t.db, s.tire.product.id)).toBe(0);
  });

  it('places the order awaiting review for a card the provider holds for review', async () => {
    const s = await withCart(1);
    const intent = await cartIntent(s.cookie);
    expect((await authorize(s.cookie, intent.intentId, numbers.review)).json().status).toBe('review');
    const placed = await checkout(s.cookie, { paymentMethod: 'card', intentId: intent.intentId });
    expect(placed.json().paymentStatus).toBe('pending');
    expect((await stockOf(suite.t.db, s.tire.product.id))[0]).toMatchObject({ reserved: 1 });
  });

  it('answers 409 naming both amounts when the cart changed after the intent; the old intent is voided', async () => {
    const s = await withCart(1);
    const intent = await cartIntent(s.cookie);
    const grown = await addToCart(suite.t.app, s, s.tire, 2);
    const res = await authorize(s.cookie, intent.intentId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      reason: 'amount_mismatch',
      intentAmountCents: intent.amountCents,
      totalCents: grown.totals.totalCents,
    });
    expect((await paymentRows(suite.t.db, s.cart.orderId)).map((p) => p.status)).toEqual(['voided']);
    const placed = await checkout(s.cookie, { paymentMethod: 'card', intentId: intent.intentId });
    expect(placed.statusCode).toBe(409);
    expect((await orderRow(suite.t.db, s.cart.orderId)).status).toBe('cart');
  });

  it('answers 409 to a second authorization of the same intent', async () => {
    const s = await withCart(1);
    const intent = await cartIntent(s.cookie);
    await authorize(s.cookie, intent.intentId);
    const again = await authorize(s.cookie, intent.intentId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'invalid_transition',
      current: 'authorized',
      wanted: 'authorized',
    });
  });

  it('answers 400 without an intent or a card, 404 for an intent of another cart, 422 for a declined card', async () => {
    const s = await withCart(1);
    const other = await withCart(1);
    const intent = await cartIntent(s.cookie);
    const foreign = await cartIntent(other.cookie);
    expect((await call(s.cookie, 'POST', '/api/cart/payment/transaction', { card: card() })).statusCode).toBe(
      400,
    );
    expect(
      (await call(s.cookie, 'POST', '/api/cart/payment/transaction', { intentId: intent.intentId }))
        .statusCode,
    ).toBe(400);
    expect((await authorize(s.cookie, foreign.intentId)).statusCode).toBe(404);
    expect((await authorize(s.cookie, 999_999_999)).statusCode).toBe(404);
    expect((await checkout(s.cookie, { paymentMethod: 'card', intentId: foreign.intentId })).statusCode).toBe(
      404,
    );
    expect((await authorize(s.cookie, intent.intentId, numbers.decline)).statusCode).toBe(422);
    expect((await paymentRows(suite.t.db, s.cart.orderId)).map((p) => p.status)).toEqual(['pending']);
  });

  it('replays the authorization for its Idempotency-Key', async () => {
    const s = await withCart(1);
    const intent = await cartIntent(s.cookie);
    const k = key('authorize');
    const first = await authorize(s.cookie, intent.intentId, numbers.ok, k);
    const again = await authorize(s.cookie, intent.intentId, numbers.ok, k);
    expect(first.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });
});

describe('POST /api/cart/payment/shipping and PUT /api/cart/payment', () => {
  it('sets the delivery from the payment sheet: shipping re-priced, open intents voided', async () => {
    const s = await withCart(1);
    await cartIntent(s.cookie);
    const res = await call(s.cookie, 'POST', '/api/cart/payment/shipping', anchorage);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().delivery).toMatchObject({ kind: 'address', zip: '99501' });
    // Anchorage ships farther; Alaska has no state sales tax, so the total moves either way.
    expect(res.json().totals.shippingCents).toBeGreaterThan(s.cart.totals.shippingCents);
    expect(res.json().totals.totalCents).not.toBe(s.cart.totals.totalCents);
    expect((await paymentRows(suite.t.db, s.cart.orderId)).map((p) => p.status)).toEqual(['voided']);
  });

  it('answers 400 for a missing address or unknown kind, 401 without a session', async () => {
    const s = await withCart(1);
    expect((await call(s.cookie, 'POST', '/api/cart/payment/shipping', { kind: 'address' })).statusCode).toBe(
      400,
    );
    expect((await call(s.cookie, 'POST', '/api/cart/payment/shipping', { kind: 'moon' })).statusCode).toBe(
      400,
    );
    expect((await call(null, 'POST', '/api/cart/payment/shipping', anchorage)).statusCode).toBe(401);
  });

  it("remembers the cart's payment method, and refuses an unknown one (400)", async () => {
    const s = await withCart(1);
    const res = await call(s.cookie, 'PUT', '/api/cart/payment', { paymentMethod: 'finpay' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().paymentMethod).toBe('finpay');
    expect((await call(s.cookie, 'PUT', '/api/cart/payment', { paymentMethod: 'cash' })).statusCode).toBe(
      400,
    );
    expect((await call(null, 'PUT', '/api/cart/payment', { paymentMethod: 'card' })).statusCode).toBe(401);
  });
});

describe('checkout (POST /api/cart/checkout and POST /api/cart {data})', () => {
  it('pays by card token and by saved card', async () => {
    const s = await withCart(1);
    const token = (await call(s.cookie, 'POST', '/api/v1/vendor/cardpay/token', { card: card() })).json()
      .token;
    const byToken = await checkout(s.cookie, { paymentMethod: 'card', cardToken: token });
    expect(byToken.statusCode, byToken.body).toBe(201);
    expect(byToken.json().paymentStatus).toBe('paid');
    const saved = await call(s.cookie, 'POST', `/api/customer/${s.companyId}`, { card: card(numbers.ok2) });
    const sourceId = saved.json().sources[0].sourceId;
    await addToCart(suite.t.app, s, s.tire, 1);
    const bySource = await call(s.cookie, 'POST', '/api/cart', { data: { paymentMethod: 'card', sourceId } });
    expect(bySource.statusCode, bySource.body).toBe(201);
    expect(bySource.json().paymentStatus).toBe('paid');
  });

  it('answers 409 for a card token already spent, and leaves the cart as it was', async () => {
    const s = await withCart(1);
    const token = (await call(s.cookie, 'POST', '/api/v1/vendor/cardpay/token', { card: card() })).json()
      .token;
    expect((await checkout(s.cookie, { paymentMethod: 'card', cardToken: token })).statusCode).toBe(201);
    const next = await addToCart(suite.t.app, s, s.tire, 1);
    const again = await call(s.cookie, 'POST', '/api/cart', {
      data: { paymentMethod: 'card', cardToken: token },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('token_used');
    expect((await orderRow(suite.t.db, next.orderId)).status).toBe('cart');
    expect((await stockOf(suite.t.db, s.tire.product.id))[0]).toMatchObject({ reserved: 0 });
  });

  it("answers 404 for another company's saved card, 400 for a bad body, 401 without a session", async () => {
    const s = await withCart(1);
    const other = await createShopper(suite.t.app, suite.t.db);
    const theirs = await call(other.cookie, 'POST', `/api/customer/${other.companyId}`, { card: card() });
    const sourceId = theirs.json().sources[0].sourceId;
    expect((await checkout(s.cookie, { paymentMethod: 'card', sourceId })).statusCode).toBe(404);
    const bad = await checkout(s.cookie, { paymentMethod: 'card', card: { ...card(), cvc: '12' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].pointer).toBe('/body/card/cvc');
    expect((await checkout(s.cookie, { paymentMethod: 'gold' })).statusCode).toBe(400);
    expect(
      (await call(s.cookie, 'POST', '/api/cart', { data: { paymentMethod: 'card', card: 'x' } })).statusCode,
    ).toBe(400);
    expect((await checkout(null, { paymentMethod: 'account' })).statusCode).toBe(401);
    expect((await orderRow(suite.t.db, s.cart.orderId)).status).toBe('cart');
  });

  it('answers 409 for a cart already checked out, and replays across both paths with one key', async () => {
    const s = await withCart(1, { creditLimitCents: 1_000_000 });
    const k = key('checkout');
    const body = { paymentMethod: 'account', orderId: s.cart.orderId };
    const first = await call(s.cookie, 'POST', '/api/cart', { data: body }, k);
    expect(first.statusCode).toBe(201);
    const replay = await checkout(s.cookie, body, k);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect((await checkout(s.cookie, { ...body, poNumber: 'PO-2' }, k)).statusCode).toBe(422);
    await addToCart(suite.t.app, s, s.tire, 1);
    const stale = await checkout(s.cookie, body);
    expect(stale.statusCode).toBe(409);
    expect(await paymentRows(suite.t.db, s.cart.orderId)).toHaveLength(1);
  });
});

describe('payments a checkout leaves behind', () => {
  it('voids the cart intent a card checkout did not use, so no authorization stays held on the card', async () => {
    const s = await withCart(1);
    const intent = await cartIntent(s.cookie);
    expect((await authorize(s.cookie, intent.intentId)).json().status).toBe('authorized');
    const placed = await checkout(s.cookie, { paymentMethod: 'card', card: card(numbers.ok2) });
    expect(placed.json().paymentStatus).toBe('paid');
    const [voided] = await paymentRows(suite.t.db, s.cart.orderId);
    expect(voided).toMatchObject({ status: 'voided', message: 'Replaced by another payment' });
    // The void is recorded as the intent's last provider transaction.
    const moves = await suite.t.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.paymentId, voided.id))
      .orderBy(paymentTransactions.id);
    expect(moves.map((m) => [m.kind, m.status])).toEqual([
      ['open', 'pending'],
      ['authorize', 'authorized'],
      ['void', 'voided'],
    ]);
    expect(moves[2]).toMatchObject({
      amountCents: voided.amountCents,
      message: 'Replaced by another payment',
    });
    expect((await paymentRows(suite.t.db, s.cart.orderId)).map((p) => p.status)).toEqual([
      'voided',
      'captured',
    ]);
  });

  it('refuses a crypto charge opened for an older cart total (409 naming both amounts)', async () => {
    const s = await withCart(1);
    const charge = (await call(s.cookie, 'POST', '/api/cart/coinpay/checkout', {})).json();
    const grown = await addToCart(suite.t.app, s, s.tire, 1);
    const res = await checkout(s.cookie, { paymentMethod: 'coinpay', token: charge.token });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      tokenAmountCents: charge.amountCents,
      totalCents: grown.totals.totalCents,
    });
    expect((await orderRow(suite.t.db, s.cart.orderId)).status).toBe('cart');
  });
});
