import { describe, expect, it } from 'vitest';
import { createUser, FACTORY_PASSWORD } from '../../test/factories';
import { createShopper } from '../../test/factories-orders';
import {
  addToCart,
  austinTire,
  card,
  key,
  moneyOf,
  numbers,
  orderRow,
  paymentSuite,
  paymentRows,
} from '../../test/factories-payments';
import { soldUnits } from '../../test/orders-checks';
import { signIn } from '../../test/test-app';

// Paying for the cart through the redirect-style providers and the checkout that spends their
// tokens. A financing token is issued by the
// provider and pays once, and a buyer cannot confirm their own crypto charge.

const { suite, staff, call, withCart, checkout } = paymentSuite();

async function applyForFinancing(cookie: string, decline = false) {
  const res = await call(cookie, 'POST', '/api/sandbox/finpay/apply', { decline });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { token: string; status: string; amountCents: number };
}

describe('financing: POST /api/sandbox/finpay/apply and POST /api/cart/finpay/token', () => {
  it('a token the client invents is refused; an issued one pays once; reusing it is a 409', async () => {
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
    const next = await addToCart(suite.t.app, s, s.tire, 1);
    expect(next.totals.totalCents).toBe(approval.amountCents);
    const reattach = await call(s.cookie, 'POST', '/api/cart/finpay/token', { token: approval.token });
    expect(reattach.statusCode).toBe(409);
    expect(reattach.json().reason).toBe('token_used');
    const repay = await checkout(s.cookie, { paymentMethod: 'finpay', token: approval.token });
    expect(repay.statusCode).toBe(409);
    expect(repay.json().reason).toBe('token_used');
    expect(await orderRow(suite.t.db, next.orderId)).toMatchObject({ status: 'cart' });
  });

  it('refuses an approval for another total (409), a declined one (422) and one of another company (422)', async () => {
    const s = await withCart(1);
    const approval = await applyForFinancing(s.cookie);
    const grown = await addToCart(suite.t.app, s, s.tire, 1);
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
    const empty = await createShopper(suite.t.app, suite.t.db);
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
    await addToCart(suite.t.app, s, s.tire, 2);
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
    expect((await paymentRows(suite.t.db, s.cart.orderId)).map((p) => [p.provider, p.status])).toEqual([
      ['hostedpay', 'review'],
    ]);
    expect(await soldUnits(suite.t.db, s.tire.product.id)).toBe(0);
    const cleared = await call(staff.finance, 'PUT', `/api/v1/order/${s.cart.orderId}/payment`, {
      paymentStatus: 'paid',
    });
    expect(cleared.json().paymentStatus).toBe('paid');
    expect((await paymentRows(suite.t.db, s.cart.orderId)).map((p) => p.status)).toEqual(['captured']);
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
  it('a buyer cannot mark their crypto order paid by "checking" it; only the provider or finance can', async () => {
    const owner = await createShopper(suite.t.app, suite.t.db);
    const clerk = await createUser(suite.t.db, {
      role: 'buyer',
      companyId: owner.companyId,
      locationIds: [owner.location.id],
    });
    const cookie = await signIn(suite.t.app, clerk.username, FACTORY_PASSWORD);
    const tire = await austinTire(suite.t.db);
    const cart = await addToCart(suite.t.app, { cookie }, tire, 1);
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
    expect(await soldUnits(suite.t.db, tire.product.id)).toBe(0);
    expect((await moneyOf(suite.t.db, orderId)).capturedCents).toBe(0);
    // The buyer may neither record the money nor settle it.
    expect(
      (await call(cookie, 'PUT', `/api/v1/order/${orderId}/payment`, { paymentStatus: 'paid' })).statusCode,
    ).toBe(403);
    // Finance records the money received: the charge is captured, the stock sold.
    const recorded = await call(staff.finance, 'PUT', `/api/v1/order/${orderId}/payment`, {
      paymentStatus: 'paid',
    });
    expect(recorded.json().paymentStatus).toBe('paid');
    expect((await paymentRows(suite.t.db, orderId)).map((p) => [p.provider, p.status])).toEqual([
      ['coinpay', 'captured'],
    ]);
    expect(await soldUnits(suite.t.db, tire.product.id)).toBe(1);
  });

  it("names the chosen coin, refuses an unknown one (400), an empty cart (409), another company's order (404)", async () => {
    const s = await withCart(1);
    const eth = await call(s.cookie, 'POST', '/api/cart/coinpay/checkout', { currency: 'ETH' });
    expect(eth.json().redirectUrl).toMatch(/^coinpay:eth\?amount_usd=\d+\.\d{2}&ref=cp_/);
    expect(
      (await call(s.cookie, 'POST', '/api/cart/coinpay/checkout', { currency: 'DOGE' })).statusCode,
    ).toBe(400);
    const empty = await createShopper(suite.t.app, suite.t.db);
    expect((await call(empty.cookie, 'POST', '/api/cart/coinpay/checkout', {})).statusCode).toBe(409);
    const placed = await checkout(s.cookie, { paymentMethod: 'coinpay', token: eth.json().token });
    const orderId = placed.json().orderId;
    expect((await call(empty.cookie, 'POST', `/api/v1/order/${orderId}/coinpay/checkout`)).statusCode).toBe(
      404,
    );
    expect((await call(s.cookie, 'POST', '/api/v1/order/999999999/coinpay/checkout')).statusCode).toBe(404);
    expect((await call(s.cookie, 'POST', '/api/v1/order/x/coinpay/checkout')).statusCode).toBe(400);
    expect(
      (await call(staff.finance, 'POST', `/api/v1/order/${orderId}/coinpay/checkout`)).json().paymentStatus,
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
    await addToCart(suite.t.app, s, s.tire, 1);
    expect(
      (await checkout(s.cookie, { paymentMethod: 'coinpay', token: first.json().token })).statusCode,
    ).toBe(409);
  });
});
