import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../../db/schema';
import { createUser, FACTORY_PASSWORD } from '../../test/factories';
import { createShopper } from '../../test/factories-orders';
import {
  addToCart,
  anchorage,
  austinTire,
  caller,
  card,
  moneyOf,
  numbers,
  orderRow,
  paymentRows,
  shopperWithCart,
} from '../../test/factories-payments';
import { soldUnits, stockOf } from '../../test/orders-checks';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

// Paying for the cart: intents, the payment sheet, the token providers and the checkout that
// spends them (POST /api/cart/checkout and POST /api/cart {data}). Attack sequences of the
// security review: H3 (a buyer cannot confirm their own crypto charge), M6 (financing tokens),
// L7 (in production no card number reaches the server, so none is hashed for Idempotency-Key).

let t: TestApp;
let call: ReturnType<typeof caller>;
let finance: string;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  finance = await signIn(t.app, 'finance');
});
afterAll(() => t.close());

const withCart = (quantity = 2, company: { creditLimitCents?: number } = {}) =>
  shopperWithCart(t.app, t.db, quantity, company);
const key = (name: string) => `${name}-${Math.random().toString(36).slice(2)}`;
const checkout = (cookie: string | null, body: object, k?: string) =>
  call(cookie, 'POST', '/api/cart/checkout', body, k);

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
    expect((await paymentRows(t.db, s.cart.orderId)).map((p) => p.status)).toEqual(['pending']);
  });

  it('replays the first intent for its Idempotency-Key; the key with another body is a 422', async () => {
    const s = await withCart(1);
    const k = key('cart-intent');
    const first = await call(s.cookie, 'POST', '/api/cart/payment/intent', {}, k);
    const again = await call(s.cookie, 'POST', '/api/cart/payment/intent', {}, k);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await paymentRows(t.db, s.cart.orderId)).toHaveLength(1);
    expect((await call(s.cookie, 'POST', '/api/cart/payment/intent', { order: 5 }, k)).statusCode).toBe(422);
  });

  it('answers 400 for a malformed body, 409 for an empty cart, 401 without a session', async () => {
    const s = await withCart(1);
    expect((await call(s.cookie, 'POST', '/api/cart/payment/intent', { order: 'x' })).statusCode).toBe(400);
    const empty = await createShopper(t.app, t.db);
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
    const money = await moneyOf(t.db, s.cart.orderId);
    expect(money.rows.map((p) => p.status)).toEqual(['captured']);
    expect(money.netCents).toBe(s.cart.totals.totalCents);
    expect(await soldUnits(t.db, s.tire.product.id)).toBe(2);
  });

  it('never captures an intent no card authorized (409); nothing is paid', async () => {
    const s = await withCart(2);
    const intent = await cartIntent(s.cookie);
    const res = await checkout(s.cookie, { paymentMethod: 'card', intentId: intent.intentId });
    expect(res.statusCode).toBe(409);
    expect(await orderRow(t.db, s.cart.orderId)).toMatchObject({ status: 'cart', paymentStatus: 'unpaid' });
    expect((await moneyOf(t.db, s.cart.orderId)).capturedCents).toBe(0);
    expect(await soldUnits(t.db, s.tire.product.id)).toBe(0);
  });

  it('places the order awaiting review for a card the provider holds for review', async () => {
    const s = await withCart(1);
    const intent = await cartIntent(s.cookie);
    expect((await authorize(s.cookie, intent.intentId, numbers.review)).json().status).toBe('review');
    const placed = await checkout(s.cookie, { paymentMethod: 'card', intentId: intent.intentId });
    expect(placed.json().paymentStatus).toBe('pending');
    expect((await stockOf(t.db, s.tire.product.id))[0]).toMatchObject({ reserved: 1 });
  });

  it('answers 409 naming both amounts when the cart changed after the intent; the old intent is voided', async () => {
    const s = await withCart(1);
    const intent = await cartIntent(s.cookie);
    const grown = await addToCart(t.app, s, s.tire, 2);
    const res = await authorize(s.cookie, intent.intentId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      reason: 'amount_mismatch',
      intentAmountCents: intent.amountCents,
      totalCents: grown.totals.totalCents,
    });
    expect((await paymentRows(t.db, s.cart.orderId)).map((p) => p.status)).toEqual(['voided']);
    const placed = await checkout(s.cookie, { paymentMethod: 'card', intentId: intent.intentId });
    expect(placed.statusCode).toBe(409);
    expect((await orderRow(t.db, s.cart.orderId)).status).toBe('cart');
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
    expect((await paymentRows(t.db, s.cart.orderId)).map((p) => p.status)).toEqual(['pending']);
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
    expect(res.json().totals.totalCents).toBeGreaterThan(s.cart.totals.totalCents);
    expect((await paymentRows(t.db, s.cart.orderId)).map((p) => p.status)).toEqual(['voided']);
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

async function applyForFinancing(cookie: string, decline = false) {
  const res = await call(cookie, 'POST', '/api/sandbox/finpay/apply', { decline });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { token: string; status: string; amountCents: number };
}

describe('financing: POST /api/sandbox/finpay/apply and POST /api/cart/finpay/token', () => {
  it('M6: a token the client invents is refused; an issued one pays once; reusing it is a 409', async () => {
    const s = await withCart(1);
    const invented = await call(s.cookie, 'POST', '/api/cart/finpay/token', { token: 'fin-anything' });
    expect(invented.statusCode).toBe(422);
    expect(invented.json().reason).toBe('token_invalid');
    expect((await checkout(s.cookie, { paymentMethod: 'finpay', token: 'fin-anything' })).statusCode).toBe(
      422,
    );

    const approval = await applyForFinancing(s.cookie);
    expect(approval).toMatchObject({ status: 'approved', amountCents: s.cart.totals.totalCents });
    expect(approval.token).toMatch(/^fin_/);
    const attached = await call(s.cookie, 'POST', '/api/cart/finpay/token', { token: approval.token });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json()).toMatchObject({ provider: 'finpay', status: 'approved', redirectUrl: null });
    const paid = await checkout(s.cookie, { paymentMethod: 'finpay', token: approval.token });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'finpay' });

    // A new cart of the same total: the spent token neither attaches nor pays.
    const next = await addToCart(t.app, s, s.tire, 1);
    expect(next.totals.totalCents).toBe(approval.amountCents);
    const reattach = await call(s.cookie, 'POST', '/api/cart/finpay/token', { token: approval.token });
    expect(reattach.statusCode).toBe(409);
    expect(reattach.json().reason).toBe('token_used');
    const repay = await checkout(s.cookie, { paymentMethod: 'finpay', token: approval.token });
    expect(repay.statusCode).toBe(409);
    expect(repay.json().reason).toBe('token_used');
    expect(await orderRow(t.db, next.orderId)).toMatchObject({ status: 'cart' });
  });

  it('refuses an approval for another total (409), a declined one (422) and one of another company (422)', async () => {
    const s = await withCart(1);
    const approval = await applyForFinancing(s.cookie);
    const grown = await addToCart(t.app, s, s.tire, 1);
    const mismatch = await call(s.cookie, 'POST', '/api/cart/finpay/token', { token: approval.token });
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json()).toMatchObject({
      tokenAmountCents: approval.amountCents,
      totalCents: grown.totals.totalCents,
    });

    const declined = await applyForFinancing(s.cookie, true);
    expect(declined.status).toBe('declined');
    expect(
      (await call(s.cookie, 'POST', '/api/cart/finpay/token', { token: declined.token })).statusCode,
    ).toBe(422);

    const other = await withCart(1);
    const theirs = await applyForFinancing(other.cookie);
    expect((await call(s.cookie, 'POST', '/api/cart/finpay/token', { token: theirs.token })).statusCode).toBe(
      422,
    );
    expect((await checkout(s.cookie, { paymentMethod: 'finpay', token: theirs.token })).statusCode).toBe(422);
  });

  it('answers 400 for a short token, 409 for an empty cart, and replays the attach for its key', async () => {
    const s = await withCart(1);
    expect((await call(s.cookie, 'POST', '/api/cart/finpay/token', { token: 'ab' })).statusCode).toBe(400);
    const empty = await createShopper(t.app, t.db);
    expect((await call(empty.cookie, 'POST', '/api/sandbox/finpay/apply', {})).statusCode).toBe(409);
    expect(
      (await call(empty.cookie, 'POST', '/api/cart/finpay/token', { token: 'fin_abcdef' })).statusCode,
    ).toBe(409);
    expect((await call(s.cookie, 'POST', '/api/sandbox/finpay/apply', { decline: 'yes' })).statusCode).toBe(
      400,
    );
    const approval = await applyForFinancing(s.cookie);
    const k = key('fin-attach');
    const first = await call(s.cookie, 'POST', '/api/cart/finpay/token', { token: approval.token }, k);
    const again = await call(s.cookie, 'POST', '/api/cart/finpay/token', { token: approval.token }, k);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });
});

describe('hosted checkout of the cart: POST /api/cart/hostedpay/token and /transaction', () => {
  async function hostedPage(cookie: string) {
    const res = await call(cookie, 'POST', '/api/cart/hostedpay/token');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { token: string; amountCents: number; status: string };
  }

  it('opens a page for the total; the card entered there approves it; checkout spends it once', async () => {
    const s = await withCart(2);
    const page = await hostedPage(s.cookie);
    expect(page).toMatchObject({ status: 'open', amountCents: s.cart.totals.totalCents });
    const early = await checkout(s.cookie, { paymentMethod: 'hostedpay', token: page.token });
    expect(early.statusCode).toBe(422);
    expect(early.json().reason).toBe('token_invalid');
    const entered = await call(s.cookie, 'POST', '/api/cart/hostedpay/transaction', {
      token: page.token,
      card: card(),
    });
    expect(entered.statusCode, entered.body).toBe(200);
    expect(entered.json()).toMatchObject({ status: 'approved', amountCents: s.cart.totals.totalCents });
    const paid = await checkout(s.cookie, { paymentMethod: 'hostedpay', token: page.token });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().paymentStatus).toBe('paid');
    await addToCart(t.app, s, s.tire, 2);
    const again = await checkout(s.cookie, { paymentMethod: 'hostedpay', token: page.token });
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('token_used');
  });

  it('leaves the order awaiting review when the card on the page is held for review', async () => {
    const s = await withCart(1);
    const page = await hostedPage(s.cookie);
    const entered = await call(s.cookie, 'POST', '/api/cart/hostedpay/transaction', {
      token: page.token,
      card: card(numbers.review),
    });
    expect(entered.statusCode, entered.body).toBe(200);
    expect(entered.json().status).toBe('review');
    const placed = await checkout(s.cookie, { paymentMethod: 'hostedpay', token: page.token });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().paymentStatus).toBe('pending');
    expect((await paymentRows(t.db, s.cart.orderId)).map((p) => [p.provider, p.status])).toEqual([
      ['hostedpay', 'review'],
    ]);
    expect(await soldUnits(t.db, s.tire.product.id)).toBe(0);
    const cleared = await call(finance, 'PUT', `/api/v1/order/${s.cart.orderId}/payment`, {
      paymentStatus: 'paid',
    });
    expect(cleared.json().paymentStatus).toBe('paid');
    expect((await paymentRows(t.db, s.cart.orderId)).map((p) => p.status)).toEqual(['captured']);
  });

  it('answers 409 for a page already paid, 422 for a declined card, 400 without a token', async () => {
    const s = await withCart(1);
    const page = await hostedPage(s.cookie);
    const url = '/api/cart/hostedpay/transaction';
    expect(
      (await call(s.cookie, 'POST', url, { token: page.token, card: card(numbers.decline) })).statusCode,
    ).toBe(422);
    expect((await call(s.cookie, 'POST', url, { token: page.token, card: card() })).statusCode).toBe(200);
    expect((await call(s.cookie, 'POST', url, { token: page.token, card: card() })).statusCode).toBe(409);
    expect((await call(s.cookie, 'POST', url, { card: card() })).statusCode).toBe(400);
    const other = await withCart(1);
    expect((await call(other.cookie, 'POST', url, { token: page.token, card: card() })).statusCode).toBe(422);
  });

  it('replays the page and the card for their Idempotency-Keys', async () => {
    const s = await withCart(1);
    const k1 = key('hp');
    const first = await call(s.cookie, 'POST', '/api/cart/hostedpay/token', undefined, k1);
    const again = await call(s.cookie, 'POST', '/api/cart/hostedpay/token', undefined, k1);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().token).toBe(first.json().token);
    const k2 = key('hp-card');
    const body = { token: first.json().token, card: card() };
    const entered = await call(s.cookie, 'POST', '/api/cart/hostedpay/transaction', body, k2);
    const replay = await call(s.cookie, 'POST', '/api/cart/hostedpay/transaction', body, k2);
    expect(entered.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });
});

describe('crypto: POST /api/cart/coinpay/checkout and POST /api/v1/order/:id/coinpay/checkout', () => {
  it('H3: a buyer cannot mark their crypto order paid by "checking" it; only the provider or finance can', async () => {
    const owner = await createShopper(t.app, t.db);
    const clerk = await createUser(t.db, {
      role: 'buyer',
      companyId: owner.companyId,
      locationIds: [owner.location.id],
    });
    const cookie = await signIn(t.app, clerk.username, FACTORY_PASSWORD);
    const tire = await austinTire(t.db);
    const cart = await addToCart(t.app, { cookie }, tire, 1);
    const charge = await call(cookie, 'POST', '/api/cart/coinpay/checkout', {});
    expect(charge.statusCode, charge.body).toBe(200);
    expect(charge.json()).toMatchObject({
      provider: 'coinpay',
      status: 'open',
      amountCents: cart.totals.totalCents,
    });
    const placed = await checkout(cookie, { paymentMethod: 'coinpay', token: charge.json().token });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().paymentStatus).toBe('pending');
    const orderId = placed.json().orderId;

    const k = key('check');
    for (const [i, used] of [undefined, k, k].entries()) {
      const checked = await call(
        cookie,
        'POST',
        `/api/v1/order/${orderId}/coinpay/checkout`,
        undefined,
        used,
      );
      expect(checked.statusCode).toBe(200);
      expect(checked.headers['idempotent-replayed']).toBe(i === 2 ? 'true' : undefined);
      expect(checked.json().paymentStatus).toBe('pending');
      expect(checked.json().payments.map((p: { status: string }) => p.status)).toEqual(['pending']);
    }
    expect(await soldUnits(t.db, tire.product.id)).toBe(0);
    expect((await moneyOf(t.db, orderId)).capturedCents).toBe(0);
    // The buyer may neither record the money nor settle it.
    expect(
      (await call(cookie, 'PUT', `/api/v1/order/${orderId}/payment`, { paymentStatus: 'paid' })).statusCode,
    ).toBe(403);
    // Finance records the money received: the charge is captured, the stock sold.
    const recorded = await call(finance, 'PUT', `/api/v1/order/${orderId}/payment`, {
      paymentStatus: 'paid',
    });
    expect(recorded.json().paymentStatus).toBe('paid');
    expect((await paymentRows(t.db, orderId)).map((p) => [p.provider, p.status])).toEqual([
      ['coinpay', 'captured'],
    ]);
    expect(await soldUnits(t.db, tire.product.id)).toBe(1);
  });

  it("names the chosen coin, refuses an unknown one (400), an empty cart (409), another company's order (404)", async () => {
    const s = await withCart(1);
    const eth = await call(s.cookie, 'POST', '/api/cart/coinpay/checkout', { currency: 'ETH' });
    expect(eth.json().redirectUrl).toMatch(/^coinpay:eth\?amount_usd=\d+\.\d{2}&ref=cp_/);
    expect(
      (await call(s.cookie, 'POST', '/api/cart/coinpay/checkout', { currency: 'DOGE' })).statusCode,
    ).toBe(400);
    const empty = await createShopper(t.app, t.db);
    expect((await call(empty.cookie, 'POST', '/api/cart/coinpay/checkout', {})).statusCode).toBe(409);
    const placed = await checkout(s.cookie, { paymentMethod: 'coinpay', token: eth.json().token });
    const orderId = placed.json().orderId;
    expect((await call(empty.cookie, 'POST', `/api/v1/order/${orderId}/coinpay/checkout`)).statusCode).toBe(
      404,
    );
    expect((await call(s.cookie, 'POST', '/api/v1/order/999999999/coinpay/checkout')).statusCode).toBe(404);
    expect((await call(s.cookie, 'POST', '/api/v1/order/x/coinpay/checkout')).statusCode).toBe(400);
    expect(
      (await call(finance, 'POST', `/api/v1/order/${orderId}/coinpay/checkout`)).json().paymentStatus,
    ).toBe('pending');
  });

  it('replays the crypto charge for its Idempotency-Key; the charge pays one order only', async () => {
    const s = await withCart(1);
    const k = key('coin');
    const first = await call(s.cookie, 'POST', '/api/cart/coinpay/checkout', { currency: 'BTC' }, k);
    const again = await call(s.cookie, 'POST', '/api/cart/coinpay/checkout', { currency: 'BTC' }, k);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(
      (await checkout(s.cookie, { paymentMethod: 'coinpay', token: first.json().token })).statusCode,
    ).toBe(201);
    await addToCart(t.app, s, s.tire, 1);
    expect(
      (await checkout(s.cookie, { paymentMethod: 'coinpay', token: first.json().token })).statusCode,
    ).toBe(409);
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
    await addToCart(t.app, s, s.tire, 1);
    const bySource = await call(s.cookie, 'POST', '/api/cart', { data: { paymentMethod: 'card', sourceId } });
    expect(bySource.statusCode, bySource.body).toBe(201);
    expect(bySource.json().paymentStatus).toBe('paid');
  });

  it('answers 409 for a card token already spent, and leaves the cart as it was', async () => {
    const s = await withCart(1);
    const token = (await call(s.cookie, 'POST', '/api/v1/vendor/cardpay/token', { card: card() })).json()
      .token;
    expect((await checkout(s.cookie, { paymentMethod: 'card', cardToken: token })).statusCode).toBe(201);
    const next = await addToCart(t.app, s, s.tire, 1);
    const again = await call(s.cookie, 'POST', '/api/cart', {
      data: { paymentMethod: 'card', cardToken: token },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('token_used');
    expect((await orderRow(t.db, next.orderId)).status).toBe('cart');
    expect((await stockOf(t.db, s.tire.product.id))[0]).toMatchObject({ reserved: 0 });
  });

  it("answers 404 for another company's saved card, 400 for a bad body, 401 without a session", async () => {
    const s = await withCart(1);
    const other = await createShopper(t.app, t.db);
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
    expect((await orderRow(t.db, s.cart.orderId)).status).toBe('cart');
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
    await addToCart(t.app, s, s.tire, 1);
    const stale = await checkout(s.cookie, body);
    expect(stale.statusCode).toBe(409);
    expect(await paymentRows(t.db, s.cart.orderId)).toHaveLength(1);
  });
});

describe('production: no card number reaches the server (L7)', () => {
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
      await t.db
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

describe('payments a checkout leaves behind', () => {
  it('voids the cart intent a card checkout did not use, so no authorization stays held on the card', async () => {
    const s = await withCart(1);
    const intent = await cartIntent(s.cookie);
    expect((await authorize(s.cookie, intent.intentId)).json().status).toBe('authorized');
    const placed = await checkout(s.cookie, { paymentMethod: 'card', card: card(numbers.ok2) });
    expect(placed.json().paymentStatus).toBe('paid');
    expect((await paymentRows(t.db, s.cart.orderId)).map((p) => p.status)).toEqual(['voided', 'captured']);
  });

  it('refuses a crypto charge opened for an older cart total (409 naming both amounts)', async () => {
    const s = await withCart(1);
    const charge = (await call(s.cookie, 'POST', '/api/cart/coinpay/checkout', {})).json();
    const grown = await addToCart(t.app, s, s.tire, 1);
    const res = await checkout(s.cookie, { paymentMethod: 'coinpay', token: charge.token });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      tokenAmountCents: charge.amountCents,
      totalCents: grown.totals.totalCents,
    });
    expect((await orderRow(t.db, s.cart.orderId)).status).toBe('cart');
  });
});
