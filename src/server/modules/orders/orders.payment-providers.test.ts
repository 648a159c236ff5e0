import { describe, expect, it } from 'vitest';
import { createShopper } from '../../test/factories-orders';
import {
  card,
  key,
  moneyOf,
  numbers,
  orderRow,
  paymentSuite,
  paymentRows,
  unknownId,
} from '../../test/factories-payments';
import { soldUnits } from '../../test/orders-checks';

// Paying an existing order through the redirect-style providers: a financing approval issued
// for the order's total pays once; a hosted checkout page pays the order it was opened for.

const { suite, staff, call, newOrder, staffOrderFor, financingFor } = paymentSuite();

describe('POST /api/v1/order/:id/finpay/token', () => {
  it('pays the order with a financing approval issued for its total', async () => {
    const o = await newOrder(2);
    const approval = await financingFor(o, 2);
    expect(approval.status).toBe('approved');
    const res = await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/finpay/token`, {
      token: approval.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'finpay' });
    expect((await moneyOf(suite.t.db, o.orderId)).netCents).toBe(o.order.totals.totalCents);
    expect(await soldUnits(suite.t.db, o.tire.product.id)).toBe(2);
  });

  it("pays with an approval the sandbox issued for the order's own total (orderId)", async () => {
    const o = await newOrder(1);
    const apply = await call(o.cookie, 'POST', '/api/sandbox/finpay/apply', { orderId: o.orderId });
    expect(apply.statusCode, apply.body).toBe(200);
    expect(apply.json()).toMatchObject({ status: 'approved', amountCents: o.order.totals.totalCents });
    const res = await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/finpay/token`, {
      token: apply.json().token,
    });
    expect(res.json()).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'finpay' });
    const stranger = await createShopper(suite.t.app, suite.t.db);
    expect(
      (await call(stranger.cookie, 'POST', '/api/sandbox/finpay/apply', { orderId: o.orderId })).statusCode,
    ).toBe(404);
  });

  it('a spent approval cannot pay another order (409 token_used)', async () => {
    const o = await newOrder(1);
    const approval = await financingFor(o, 1);
    expect(
      (await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/finpay/token`, { token: approval.token }))
        .statusCode,
    ).toBe(200);
    const next = await staffOrderFor(o);
    const again = await call(o.cookie, 'POST', `/api/v1/order/${next}/finpay/token`, {
      token: approval.token,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('token_used');
    expect(await paymentRows(suite.t.db, next)).toEqual([]);
    expect((await orderRow(suite.t.db, next)).paymentStatus).toBe('unpaid');
  });

  it('refuses an approval bound to the cart (409), for another amount (409), declined (422) or invented (422)', async () => {
    const o = await newOrder(2);
    const url = `/api/v1/order/${o.orderId}/finpay/token`;
    const bound = await financingFor(o, 2);
    expect((await call(o.cookie, 'POST', '/api/cart/finpay/token', { token: bound.token })).statusCode).toBe(
      200,
    );
    const foreign = await call(o.cookie, 'POST', url, { token: bound.token });
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json().reason).toBe('token_foreign');

    const bigger = await newOrder(2);
    const more = await financingFor(bigger, 3);
    expect(more.amountCents).toBeGreaterThan(0);
    const mismatch = await call(bigger.cookie, 'POST', `/api/v1/order/${bigger.orderId}/finpay/token`, {
      token: more.token,
    });
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json()).toMatchObject({ tokenAmountCents: more.amountCents });

    const declined = await newOrder(1);
    const no = await financingFor(declined, 1, true);
    const refused = await call(declined.cookie, 'POST', `/api/v1/order/${declined.orderId}/finpay/token`, {
      token: no.token,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().reason).toBe('card_declined');

    const invented = await call(o.cookie, 'POST', url, { token: 'fin-anything' });
    expect(invented.statusCode).toBe(422);
    expect(invented.json().reason).toBe('token_invalid');
    expect(await paymentRows(suite.t.db, o.orderId)).toEqual([]);
  });

  it("answers 400 for a short token, 403 to sales and support, 404 for another company's order", async () => {
    const o = await newOrder(1);
    const approval = await financingFor(o, 1);
    const url = `/api/v1/order/${o.orderId}/finpay/token`;
    expect((await call(o.cookie, 'POST', url, { token: 'x' })).statusCode).toBe(400);
    for (const role of ['sales', 'support'] as const)
      expect((await call(staff[role], 'POST', url, { token: approval.token })).statusCode).toBe(403);
    const stranger = await createShopper(suite.t.app, suite.t.db);
    expect((await call(stranger.cookie, 'POST', url, { token: approval.token })).statusCode).toBe(404);
    expect(
      (await call(o.cookie, 'POST', `/api/v1/order/${unknownId}/finpay/token`, { token: approval.token }))
        .statusCode,
    ).toBe(404);
    expect(await paymentRows(suite.t.db, o.orderId)).toEqual([]);
  });

  it('replays the paying answer for its Idempotency-Key', async () => {
    const o = await newOrder(1);
    const approval = await financingFor(o, 1);
    const url = `/api/v1/order/${o.orderId}/finpay/token`;
    const k = key('fin');
    const first = await call(o.cookie, 'POST', url, { token: approval.token }, k);
    const again = await call(o.cookie, 'POST', url, { token: approval.token }, k);
    expect(first.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await paymentRows(suite.t.db, o.orderId)).toHaveLength(1);
  });
});

describe('hosted checkout of an order (POST /api/v1/order/:id/hostedpay/token and /transaction)', () => {
  async function hostedToken(o: { cookie: string; orderId: number }) {
    const res = await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/hostedpay/token`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { token: string; amountCents: number; status: string; redirectUrl: string };
  }

  it('opens a page for the total, and the card entered there pays the order', async () => {
    const o = await newOrder();
    const page = await hostedToken(o);
    expect(page).toMatchObject({
      provider: 'hostedpay',
      status: 'open',
      amountCents: o.order.totals.totalCents,
      redirectUrl: `/pay/hostedpay/${page.token}`,
    });
    const res = await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/hostedpay/transaction`, {
      token: page.token,
      card: card(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'hostedpay' });
    expect((await moneyOf(suite.t.db, o.orderId)).netCents).toBe(o.order.totals.totalCents);
  });

  it('leaves the order pending when the card on the page is held for review', async () => {
    const o = await newOrder();
    const page = await hostedToken(o);
    const res = await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/hostedpay/transaction`, {
      token: page.token,
      card: card(numbers.review),
    });
    expect(res.json().paymentStatus).toBe('pending');
    expect((await paymentRows(suite.t.db, o.orderId)).map((p) => p.status)).toEqual(['review']);
    expect(await soldUnits(suite.t.db, o.tire.product.id)).toBe(0);
  });

  it('refuses a page already paid (409), a page of another order (409) and a declined card (422)', async () => {
    const o = await newOrder();
    const page = await hostedToken(o);
    const url = `/api/v1/order/${o.orderId}/hostedpay/transaction`;
    const declined = await call(o.cookie, 'POST', url, { token: page.token, card: card(numbers.decline) });
    expect(declined.statusCode).toBe(422);
    expect((await call(o.cookie, 'POST', url, { token: page.token, card: card() })).statusCode).toBe(200);
    const next = await staffOrderFor(o);
    const reused = await call(o.cookie, 'POST', `/api/v1/order/${next}/hostedpay/transaction`, {
      token: page.token,
      card: card(),
    });
    expect(reused.statusCode).toBe(409);
    const other = await hostedToken({ cookie: o.cookie, orderId: next });
    const third = await staffOrderFor(o);
    const foreign = await call(o.cookie, 'POST', `/api/v1/order/${third}/hostedpay/transaction`, {
      token: other.token,
      card: card(),
    });
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json().reason).toBe('token_foreign');
    expect(await paymentRows(suite.t.db, third)).toEqual([]);
  });

  it("answers 400 for a missing token or card, 403 to sales and support, 404 for another company's order", async () => {
    const o = await newOrder();
    const page = await hostedToken(o);
    const url = `/api/v1/order/${o.orderId}/hostedpay/transaction`;
    expect((await call(o.cookie, 'POST', url, { card: card() })).statusCode).toBe(400);
    expect((await call(o.cookie, 'POST', url, { token: page.token })).statusCode).toBe(400);
    for (const role of ['sales', 'support'] as const) {
      expect((await call(staff[role], 'POST', `/api/v1/order/${o.orderId}/hostedpay/token`)).statusCode).toBe(
        403,
      );
      expect((await call(staff[role], 'POST', url, { token: page.token, card: card() })).statusCode).toBe(
        403,
      );
    }
    const stranger = await createShopper(suite.t.app, suite.t.db);
    expect(
      (await call(stranger.cookie, 'POST', `/api/v1/order/${o.orderId}/hostedpay/token`)).statusCode,
    ).toBe(404);
    expect((await call(stranger.cookie, 'POST', url, { token: page.token, card: card() })).statusCode).toBe(
      404,
    );
    expect((await call(o.cookie, 'POST', `/api/v1/order/${unknownId}/hostedpay/token`)).statusCode).toBe(404);
    expect(await paymentRows(suite.t.db, o.orderId)).toEqual([]);
  });

  it('answers 409 for a page of a paid order, and replays both calls for their Idempotency-Keys', async () => {
    const o = await newOrder();
    const k1 = key('hp-token');
    const first = await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/hostedpay/token`, undefined, k1);
    const again = await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/hostedpay/token`, undefined, k1);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().token).toBe(first.json().token);
    const k2 = key('hp-pay');
    const body = { token: first.json().token, card: card() };
    const url = `/api/v1/order/${o.orderId}/hostedpay/transaction`;
    const paid = await call(o.cookie, 'POST', url, body, k2);
    const replay = await call(o.cookie, 'POST', url, body, k2);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(paid.json());
    expect(await paymentRows(suite.t.db, o.orderId)).toHaveLength(1);
    expect((await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/hostedpay/token`)).statusCode).toBe(409);
  });
});
