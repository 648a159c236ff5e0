import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartBody, createShopper } from '../../test/factories-orders';
import {
  addToCart,
  anchorage,
  caller,
  card,
  moneyOf,
  numbers,
  orderRow,
  paymentRows,
  staffOrder,
} from '../../test/factories-payments';
import { soldUnits } from '../../test/orders-checks';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

// Paying an order that already exists (staff-made, or waiting for review or the chain): who may
// pay it, for what amount, and what a retry does. Attack sequences of the security review:
// H4 (an old intent after the total changed), M7 (sales and support never take money).

let t: TestApp;
let call: ReturnType<typeof caller>;
const staff = {} as Record<'sales' | 'support' | 'finance' | 'admin', string>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  for (const role of ['sales', 'support', 'finance', 'admin'] as const)
    staff[role] = await signIn(t.app, role);
});
afterAll(() => t.close());

const newOrder = (quantity = 2, company: { creditLimitCents?: number } = {}) =>
  staffOrder(t.app, t.db, staff.sales, quantity, company);
const unknownOrder = 999_999_999;
const key = (name: string) => `${name}-${Math.random().toString(36).slice(2)}`;

async function paidOrder() {
  const o = await newOrder();
  const res = await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/cardpay/transaction`, {
    card: card(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return o;
}

async function savedCard(cookie: string, companyId: number, number: string = numbers.ok) {
  const res = await call(cookie, 'POST', `/api/customer/${companyId}`, { card: card(number) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().sources.at(-1).sourceId as number;
}

async function openIntent(cookie: string, orderId: number) {
  const res = await call(cookie, 'POST', `/api/v1/order/${orderId}/payment/intent`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { intentId: number; amountCents: number; status: string; clientSecret: string };
}

describe('POST /api/v1/order/:id/payment/intent', () => {
  it("opens a pending card intent for the order's current total", async () => {
    const o = await newOrder();
    const intent = await openIntent(o.cookie, o.orderId);
    expect(intent).toMatchObject({ amountCents: o.order.totals.totalCents, status: 'pending' });
    expect(intent.clientSecret).toMatch(/_secret$/);
    expect((await orderRow(t.db, o.orderId)).paymentStatus).toBe('unpaid');
  });

  it('replays the first intent for the same Idempotency-Key; another order with the key is a 422', async () => {
    const o = await newOrder();
    const k = key('intent');
    const first = await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/payment/intent`, undefined, k);
    const again = await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/payment/intent`, undefined, k);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await paymentRows(t.db, o.orderId)).toHaveLength(1);
    const other = await newOrder();
    const otherOrder = await call(
      o.cookie,
      'POST',
      `/api/v1/order/${other.orderId}/payment/intent`,
      undefined,
      k,
    );
    expect(otherOrder.statusCode).toBe(422);
  });

  it('answers 400 for a malformed id, 404 for another company or an unknown order, 401 without a session', async () => {
    const o = await newOrder();
    const stranger = await createShopper(t.app, t.db);
    expect((await call(o.cookie, 'POST', '/api/v1/order/abc/payment/intent')).statusCode).toBe(400);
    expect(
      (await call(stranger.cookie, 'POST', `/api/v1/order/${o.orderId}/payment/intent`)).statusCode,
    ).toBe(404);
    expect((await call(o.cookie, 'POST', `/api/v1/order/${unknownOrder}/payment/intent`)).statusCode).toBe(
      404,
    );
    expect((await call(null, 'POST', `/api/v1/order/${o.orderId}/payment/intent`)).statusCode).toBe(401);
  });

  it('lets finance and admin open an intent for a customer, never sales or support (403)', async () => {
    const o = await newOrder();
    for (const role of ['sales', 'support'] as const) {
      const res = await call(staff[role], 'POST', `/api/v1/order/${o.orderId}/payment/intent`);
      expect(res.statusCode, role).toBe(403);
    }
    expect(await paymentRows(t.db, o.orderId)).toEqual([]);
    for (const role of ['finance', 'admin'] as const) await openIntent(staff[role], o.orderId);
  });

  it('answers 409 for an order that is paid or cancelled', async () => {
    const o = await paidOrder();
    const res = await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/payment/intent`);
    expect(res.statusCode).toBe(409);
    expect(res.json().paymentStatus).toBe('paid');
    const c = await newOrder();
    expect((await call(staff.sales, 'POST', `/api/v1/order/${c.orderId}/cancel`, {})).statusCode).toBe(200);
    expect((await call(c.cookie, 'POST', `/api/v1/order/${c.orderId}/payment/intent`)).statusCode).toBe(409);
  });
});

describe('POST /api/v1/order/:id/payment/transaction', () => {
  it('authorizes and captures the intent for the total: the order is paid and its stock sold', async () => {
    const o = await newOrder(3);
    const intent = await openIntent(o.cookie, o.orderId);
    const res = await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/payment/transaction`, {
      intentId: intent.intentId,
      card: card(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'card' });
    const money = await moneyOf(t.db, o.orderId);
    expect(money.netCents).toBe(o.order.totals.totalCents);
    expect(money.rows.map((p) => p.status)).toEqual(['captured']);
    expect(await soldUnits(t.db, o.tire.product.id)).toBe(3);
  });

  it('H4: an intent made before the delivery changed the total is a 409 naming both amounts; nothing is captured', async () => {
    const o = await newOrder(1);
    const intent = await openIntent(o.cookie, o.orderId);
    const moved = await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/payment/shipping`, anchorage);
    expect(moved.statusCode, moved.body).toBe(200);
    const totalCents = moved.json().totals.totalCents;
    expect(totalCents).toBeGreaterThan(intent.amountCents);
    const res = await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/payment/transaction`, {
      intentId: intent.intentId,
      card: card(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      reason: 'amount_mismatch',
      intentAmountCents: intent.amountCents,
      totalCents,
    });
    expect(await orderRow(t.db, o.orderId)).toMatchObject({ paymentStatus: 'unpaid', totalCents });
    expect((await moneyOf(t.db, o.orderId)).capturedCents).toBe(0);
    expect((await paymentRows(t.db, o.orderId)).map((p) => p.status)).toEqual(['voided']);
    expect(await soldUnits(t.db, o.tire.product.id)).toBe(0);
    // A new intent for the new total pays it.
    const fresh = await openIntent(o.cookie, o.orderId);
    expect(fresh.amountCents).toBe(totalCents);
    const paid = await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/payment/transaction`, {
      intentId: fresh.intentId,
      card: card(),
    });
    expect(paid.json().paymentStatus).toBe('paid');
    expect((await moneyOf(t.db, o.orderId)).netCents).toBe(totalCents);
  });

  it('H4: an intent made before sales added items is a 409 naming both amounts; nothing is captured', async () => {
    const o = await newOrder(1);
    const intent = await openIntent(o.cookie, o.orderId);
    const added = await call(staff.sales, 'POST', `/api/v1/order/${o.orderId}/item`, {
      ...cartBody(o.tire, 5),
      orderItemRoadHazard: false,
    });
    expect(added.statusCode, added.body).toBe(201);
    const totalCents = added.json().totals.totalCents;
    const res = await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/payment/transaction`, {
      intentId: intent.intentId,
      card: card(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      reason: 'amount_mismatch',
      intentAmountCents: intent.amountCents,
      totalCents,
    });
    expect((await moneyOf(t.db, o.orderId)).capturedCents).toBe(0);
    expect((await orderRow(t.db, o.orderId)).paymentStatus).toBe('unpaid');
  });

  it('H4: when the total changes back, the voided intent stays voided (409 invalid_transition)', async () => {
    const o = await newOrder(1);
    const intent = await openIntent(o.cookie, o.orderId);
    await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/payment/shipping`, anchorage);
    const back = await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/payment/shipping`, {
      kind: 'address',
      address: { name: 'Shop', address1: '1 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
    });
    expect(back.json().totals.totalCents).toBe(intent.amountCents);
    const res = await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/payment/transaction`, {
      intentId: intent.intentId,
      card: card(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'invalid_transition', entity: 'payment', current: 'voided' });
    expect((await moneyOf(t.db, o.orderId)).capturedCents).toBe(0);
  });

  it('keeps a card held for review pending until finance records the money', async () => {
    const o = await newOrder();
    const intent = await openIntent(o.cookie, o.orderId);
    const res = await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/payment/transaction`, {
      intentId: intent.intentId,
      card: card(numbers.review),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().paymentStatus).toBe('pending');
    expect((await paymentRows(t.db, o.orderId)).map((p) => p.status)).toEqual(['review']);
    expect(await soldUnits(t.db, o.tire.product.id)).toBe(0);
    const recorded = await call(staff.finance, 'PUT', `/api/v1/order/${o.orderId}/payment`, {
      paymentStatus: 'paid',
    });
    expect(recorded.json().paymentStatus).toBe('paid');
    expect((await paymentRows(t.db, o.orderId)).map((p) => p.status)).toEqual(['captured']);
    expect(await soldUnits(t.db, o.tire.product.id)).toBe(2);
  });

  it('voids the card held for review once another intent pays the order', async () => {
    const o = await newOrder();
    const held = await openIntent(o.cookie, o.orderId);
    const url = `/api/v1/order/${o.orderId}/payment/transaction`;
    await call(o.cookie, 'POST', url, { intentId: held.intentId, card: card(numbers.review) });
    const next = await openIntent(o.cookie, o.orderId);
    const res = await call(o.cookie, 'POST', url, { intentId: next.intentId, card: card() });
    expect(res.json().paymentStatus).toBe('paid');
    expect((await paymentRows(t.db, o.orderId)).map((p) => p.status)).toEqual(['voided', 'captured']);
    expect((await moneyOf(t.db, o.orderId)).netCents).toBe(o.order.totals.totalCents);
  });

  it('answers 400 for a missing intent or card and an invalid card number; 422 for a declined card', async () => {
    const o = await newOrder();
    const intent = await openIntent(o.cookie, o.orderId);
    const url = `/api/v1/order/${o.orderId}/payment/transaction`;
    expect((await call(o.cookie, 'POST', url, { card: card() })).statusCode).toBe(400);
    expect((await call(o.cookie, 'POST', url, { intentId: intent.intentId })).statusCode).toBe(400);
    const luhn = await call(o.cookie, 'POST', url, {
      intentId: intent.intentId,
      card: card('4242424242424241'),
    });
    expect(luhn.statusCode).toBe(400);
    expect(luhn.json().errors[0].pointer).toBe('/body/card/number');
    const declined = await call(o.cookie, 'POST', url, {
      intentId: intent.intentId,
      card: card(numbers.decline),
    });
    expect(declined.statusCode).toBe(422);
    expect(declined.json().reason).toBe('card_declined');
    expect((await paymentRows(t.db, o.orderId)).map((p) => p.status)).toEqual(['pending']);
  });

  it("answers 404 for another company's order and for an intent of another order", async () => {
    const o = await newOrder();
    const other = await newOrder();
    const intent = await openIntent(o.cookie, o.orderId);
    const otherIntent = await openIntent(other.cookie, other.orderId);
    const url = `/api/v1/order/${o.orderId}/payment/transaction`;
    const body = { intentId: intent.intentId, card: card() };
    expect((await call(other.cookie, 'POST', url, body)).statusCode).toBe(404);
    expect((await call(o.cookie, 'POST', url, { ...body, intentId: otherIntent.intentId })).statusCode).toBe(
      404,
    );
    expect(
      (await call(o.cookie, 'POST', `/api/v1/order/${unknownOrder}/payment/transaction`, body)).statusCode,
    ).toBe(404);
  });

  it('M7: sales and support cannot confirm an intent with the saved card (403); finance can', async () => {
    const o = await newOrder();
    const sourceId = await savedCard(o.cookie, o.companyId);
    const intent = await openIntent(o.cookie, o.orderId);
    const url = `/api/v1/order/${o.orderId}/payment/transaction`;
    for (const role of ['sales', 'support'] as const)
      expect((await call(staff[role], 'POST', url, { intentId: intent.intentId, sourceId })).statusCode).toBe(
        403,
      );
    expect((await moneyOf(t.db, o.orderId)).capturedCents).toBe(0);
    const res = await call(staff.finance, 'POST', url, { intentId: intent.intentId, sourceId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().paymentStatus).toBe('paid');
  });

  it('answers 409 once the order is paid, and replays the paying answer for its Idempotency-Key', async () => {
    const o = await newOrder();
    const intent = await openIntent(o.cookie, o.orderId);
    const url = `/api/v1/order/${o.orderId}/payment/transaction`;
    const body = { intentId: intent.intentId, card: card() };
    const k = key('confirm');
    const first = await call(o.cookie, 'POST', url, body, k);
    const again = await call(o.cookie, 'POST', url, body, k);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await call(o.cookie, 'POST', url, body, key('other'))).statusCode).toBe(409);
    expect((await call(o.cookie, 'POST', url, { ...body, card: card(numbers.ok2) }, k)).statusCode).toBe(422);
    expect((await moneyOf(t.db, o.orderId)).rows).toHaveLength(1);
  });
});

describe('POST /api/v1/order/:id/payment/shipping', () => {
  it('changes the delivery of an unpaid order, re-prices its shipping and voids the open intents', async () => {
    const o = await newOrder();
    await openIntent(o.cookie, o.orderId);
    const res = await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/payment/shipping`, anchorage);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().delivery).toMatchObject({ kind: 'address', zip: '99501' });
    expect(res.json().totals.shippingCents).toBeGreaterThan(
      o.order.totals.totalCents - res.json().totals.subtotalCents,
    );
    expect((await paymentRows(t.db, o.orderId)).map((p) => p.status)).toEqual(['voided']);
  });

  it('answers 400 for a missing address, a ZIP outside the state or an unknown kind', async () => {
    const o = await newOrder();
    const url = `/api/v1/order/${o.orderId}/payment/shipping`;
    expect((await call(o.cookie, 'POST', url, { kind: 'address' })).statusCode).toBe(400);
    const wrongState = await call(o.cookie, 'POST', url, {
      kind: 'address',
      address: { ...anchorage.address, state: 'TX' },
    });
    expect(wrongState.statusCode).toBe(400);
    expect(wrongState.json().errors[0].pointer).toBe('/body/address/zip');
    expect((await call(o.cookie, 'POST', url, { kind: 'drone' })).statusCode).toBe(400);
  });

  it("answers 404 for another company's order or an unknown one, and 409 once it is paid", async () => {
    const o = await paidOrder();
    const stranger = await createShopper(t.app, t.db);
    const url = `/api/v1/order/${o.orderId}/payment/shipping`;
    expect((await call(stranger.cookie, 'POST', url, anchorage)).statusCode).toBe(404);
    expect(
      (await call(o.cookie, 'POST', `/api/v1/order/${unknownOrder}/payment/shipping`, anchorage)).statusCode,
    ).toBe(404);
    expect((await call(o.cookie, 'POST', url, anchorage)).statusCode).toBe(409);
  });

  // Server bug (orders.cart.ts setOrderShipping): only the payment status is checked, so the
  // delivery (and shipping price) of an unpaid order already sent to suppliers or shipped changes.
  it.fails('keeps the delivery of an order that has shipped', async () => {
    const o = await newOrder();
    expect((await call(staff.sales, 'POST', `/api/v1/order/${o.orderId}/submit`)).statusCode).toBe(200);
    expect(
      (await call(staff.sales, 'PUT', `/api/v1/order/${o.orderId}/status`, { status: 'shipped' })).statusCode,
    ).toBe(200);
    const res = await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/payment/shipping`, anchorage);
    expect(res.statusCode).toBe(409);
  });

  // Server bug (orders.cart.ts deliveryOf): kind 'location' means the caller's current location,
  // so staff moving a customer's order "to its location" send it to the staff member's office.
  it.fails("sends a staff member's 'location' choice to the order's own location", async () => {
    const o = await newOrder();
    await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/payment/shipping`, anchorage);
    const res = await call(staff.finance, 'POST', `/api/v1/order/${o.orderId}/payment/shipping`, {
      kind: 'location',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().delivery.zip).toBe(o.location.zip);
  });
});

describe('POST /api/v1/order/:id/cardpay/transaction', () => {
  it('pays by card, card token or saved card: paid, captured for the total, stock sold', async () => {
    const byCard = await paidOrder();
    expect((await moneyOf(t.db, byCard.orderId)).netCents).toBe(byCard.order.totals.totalCents);
    expect(await soldUnits(t.db, byCard.tire.product.id)).toBe(2);

    const byToken = await newOrder();
    const token = await call(byToken.cookie, 'POST', '/api/v1/vendor/cardpay/token', { card: card() });
    expect(token.statusCode).toBe(201);
    const res = await call(byToken.cookie, 'POST', `/api/v1/order/${byToken.orderId}/cardpay/transaction`, {
      cardToken: token.json().token,
    });
    expect(res.json().paymentStatus).toBe('paid');

    const bySource = await newOrder();
    const sourceId = await savedCard(bySource.cookie, bySource.companyId);
    const saved = await call(
      bySource.cookie,
      'POST',
      `/api/v1/order/${bySource.orderId}/cardpay/transaction`,
      {
        sourceId,
      },
    );
    expect(saved.json().paymentStatus).toBe('paid');
    expect((await paymentRows(t.db, bySource.orderId))[0].sourceId).toBe(sourceId);
  });

  it('voids the open intents it replaces', async () => {
    const o = await newOrder();
    await openIntent(o.cookie, o.orderId);
    await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/cardpay/transaction`, { card: card() });
    expect((await paymentRows(t.db, o.orderId)).map((p) => p.status)).toEqual(['voided', 'captured']);
  });

  it('M7: sales and support cannot charge the saved card (403, nothing taken); finance and admin can', async () => {
    for (const role of ['sales', 'support'] as const) {
      const o = await newOrder();
      const sourceId = await savedCard(o.cookie, o.companyId);
      const res = await call(staff[role], 'POST', `/api/v1/order/${o.orderId}/cardpay/transaction`, {
        sourceId,
      });
      expect(res.statusCode, role).toBe(403);
      expect(await paymentRows(t.db, o.orderId)).toEqual([]);
      expect((await orderRow(t.db, o.orderId)).paymentStatus).toBe('unpaid');
    }
    for (const role of ['finance', 'admin'] as const) {
      const o = await newOrder();
      const sourceId = await savedCard(o.cookie, o.companyId);
      const res = await call(staff[role], 'POST', `/api/v1/order/${o.orderId}/cardpay/transaction`, {
        sourceId,
      });
      expect(res.statusCode, role).toBe(200);
      expect(res.json().paymentStatus).toBe('paid');
    }
  });

  it('answers 400 without a card, for a malformed or unknown token; 422 for a declined card', async () => {
    const o = await newOrder();
    const url = `/api/v1/order/${o.orderId}/cardpay/transaction`;
    expect((await call(o.cookie, 'POST', url, {})).statusCode).toBe(400);
    expect((await call(o.cookie, 'POST', url, { cardToken: 'nope' })).statusCode).toBe(400);
    const unknown = await call(o.cookie, 'POST', url, { cardToken: 'tok_doesnotexist' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].pointer).toBe('/body/cardToken');
    expect((await call(o.cookie, 'POST', url, { card: card(numbers.fail) })).json().reason).toBe(
      'processing_error',
    );
    expect(await paymentRows(t.db, o.orderId)).toEqual([]);
  });

  it("answers 404 for another company's order, an unknown order, or another company's saved card", async () => {
    const o = await newOrder();
    const other = await newOrder();
    const foreignSource = await savedCard(other.cookie, other.companyId);
    const url = `/api/v1/order/${o.orderId}/cardpay/transaction`;
    expect((await call(other.cookie, 'POST', url, { card: card() })).statusCode).toBe(404);
    expect(
      (await call(o.cookie, 'POST', `/api/v1/order/${unknownOrder}/cardpay/transaction`, { card: card() }))
        .statusCode,
    ).toBe(404);
    expect((await call(o.cookie, 'POST', url, { sourceId: foreignSource })).statusCode).toBe(404);
    expect((await call(staff.finance, 'POST', url, { sourceId: foreignSource })).statusCode).toBe(404);
    expect(await paymentRows(t.db, o.orderId)).toEqual([]);
  });

  it('answers 409 for a card token already used and for a paid order', async () => {
    const a = await newOrder();
    const b = await newOrder(1, {});
    const token = (await call(a.cookie, 'POST', '/api/v1/vendor/cardpay/token', { card: card() })).json()
      .token;
    expect(
      (await call(a.cookie, 'POST', `/api/v1/order/${a.orderId}/cardpay/transaction`, { cardToken: token }))
        .statusCode,
    ).toBe(200);
    expect(
      (await call(a.cookie, 'POST', `/api/v1/order/${a.orderId}/cardpay/transaction`, { card: card() }))
        .statusCode,
    ).toBe(409);
    // The same company's next order: the spent token is a 409 naming why.
    const next = await staffOrderFor(a);
    const reused = await call(a.cookie, 'POST', `/api/v1/order/${next}/cardpay/transaction`, {
      cardToken: token,
    });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().reason).toBe('token_used');
    // Another company cannot spend it at all.
    expect(
      (await call(b.cookie, 'POST', `/api/v1/order/${b.orderId}/cardpay/transaction`, { cardToken: token }))
        .statusCode,
    ).toBe(400);
    expect(await paymentRows(t.db, next)).toEqual([]);
  });

  it('replays the first answer for its Idempotency-Key and charges once', async () => {
    const o = await newOrder();
    const url = `/api/v1/order/${o.orderId}/cardpay/transaction`;
    const k = key('card');
    const first = await call(o.cookie, 'POST', url, { card: card() }, k);
    const again = await call(o.cookie, 'POST', url, { card: card() }, k);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await paymentRows(t.db, o.orderId)).toHaveLength(1);
  });
});

/** Another order sales places for the same customer. */
async function staffOrderFor(o: {
  companyId: number;
  location: { id: number };
  tire: Parameters<typeof cartBody>[0];
}) {
  const res = await call(staff.sales, 'POST', '/api/v1/order', {
    companyId: o.companyId,
    locationId: o.location.id,
    items: [{ ...cartBody(o.tire, 1), orderItemRoadHazard: false }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().orderId as number;
}

/** A financing approval for exactly the order's total: the buyer applies with the same tires in the cart. */
async function financingFor(o: Awaited<ReturnType<typeof newOrder>>, quantity: number, decline = false) {
  const cart = await addToCart(t.app, o, o.tire, quantity);
  const orderTotal = (await orderRow(t.db, o.orderId)).totalCents;
  if (quantity === o.order.orderItems[0].orderItemQuantity) expect(cart.totals.totalCents).toBe(orderTotal);
  const res = await call(o.cookie, 'POST', '/api/sandbox/finpay/apply', { decline });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { token: string; amountCents: number; status: string };
}

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
    expect((await moneyOf(t.db, o.orderId)).netCents).toBe(o.order.totals.totalCents);
    expect(await soldUnits(t.db, o.tire.product.id)).toBe(2);
  });

  it('M6: a spent approval cannot pay another order (409 token_used)', async () => {
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
    expect(await paymentRows(t.db, next)).toEqual([]);
    expect((await orderRow(t.db, next)).paymentStatus).toBe('unpaid');
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
    expect(await paymentRows(t.db, o.orderId)).toEqual([]);
  });

  it("answers 400 for a short token, 403 to sales and support, 404 for another company's order", async () => {
    const o = await newOrder(1);
    const approval = await financingFor(o, 1);
    const url = `/api/v1/order/${o.orderId}/finpay/token`;
    expect((await call(o.cookie, 'POST', url, { token: 'x' })).statusCode).toBe(400);
    for (const role of ['sales', 'support'] as const)
      expect((await call(staff[role], 'POST', url, { token: approval.token })).statusCode).toBe(403);
    const stranger = await createShopper(t.app, t.db);
    expect((await call(stranger.cookie, 'POST', url, { token: approval.token })).statusCode).toBe(404);
    expect(
      (await call(o.cookie, 'POST', `/api/v1/order/${unknownOrder}/finpay/token`, { token: approval.token }))
        .statusCode,
    ).toBe(404);
    expect(await paymentRows(t.db, o.orderId)).toEqual([]);
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
    expect(await paymentRows(t.db, o.orderId)).toHaveLength(1);
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
    expect((await moneyOf(t.db, o.orderId)).netCents).toBe(o.order.totals.totalCents);
  });

  it('leaves the order pending when the card on the page is held for review', async () => {
    const o = await newOrder();
    const page = await hostedToken(o);
    const res = await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/hostedpay/transaction`, {
      token: page.token,
      card: card(numbers.review),
    });
    expect(res.json().paymentStatus).toBe('pending');
    expect((await paymentRows(t.db, o.orderId)).map((p) => p.status)).toEqual(['review']);
    expect(await soldUnits(t.db, o.tire.product.id)).toBe(0);
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
    expect(await paymentRows(t.db, third)).toEqual([]);
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
    const stranger = await createShopper(t.app, t.db);
    expect(
      (await call(stranger.cookie, 'POST', `/api/v1/order/${o.orderId}/hostedpay/token`)).statusCode,
    ).toBe(404);
    expect((await call(stranger.cookie, 'POST', url, { token: page.token, card: card() })).statusCode).toBe(
      404,
    );
    expect((await call(o.cookie, 'POST', `/api/v1/order/${unknownOrder}/hostedpay/token`)).statusCode).toBe(
      404,
    );
    expect(await paymentRows(t.db, o.orderId)).toEqual([]);
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
    expect(await paymentRows(t.db, o.orderId)).toHaveLength(1);
    expect((await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/hostedpay/token`)).statusCode).toBe(409);
  });
});

describe('PUT /api/v1/order/:id/payment (finance records money received)', () => {
  const record = (cookie: string, orderId: number, k?: string, note?: string) =>
    call(
      cookie,
      'PUT',
      `/api/v1/order/${orderId}/payment`,
      { paymentStatus: 'paid', ...(note && { note }) },
      k,
    );

  it('records an unpaid order as paid with one manual payment of its total, and sells its stock', async () => {
    const o = await newOrder(3);
    const res = await record(staff.finance, o.orderId, undefined, 'wire 4711');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().paymentStatus).toBe('paid');
    const money = await moneyOf(t.db, o.orderId);
    expect(money.rows.map((p) => [p.provider, p.status, p.message])).toEqual([
      ['manual', 'captured', 'wire 4711'],
    ]);
    expect(money.netCents).toBe(o.order.totals.totalCents);
    expect(await soldUnits(t.db, o.tire.product.id)).toBe(3);
  });

  it('never marks a card intent nobody authorized as captured: it is voided, the money recorded as manual', async () => {
    const o = await newOrder();
    await openIntent(o.cookie, o.orderId);
    expect((await record(staff.finance, o.orderId)).json().paymentStatus).toBe('paid');
    expect((await paymentRows(t.db, o.orderId)).map((p) => [p.provider, p.status])).toEqual([
      ['cardpay', 'voided'],
      ['manual', 'captured'],
    ]);
  });

  it('captures an order settled on account when its invoice is paid', async () => {
    const o = await newOrder(1, { creditLimitCents: 1_000_000 });
    expect(
      (await call(staff.finance, 'PUT', `/api/v1/order/${o.orderId}/checkout`)).json().paymentStatus,
    ).toBe('on_account');
    const res = await record(staff.admin, o.orderId);
    expect(res.json().paymentStatus).toBe('paid');
    expect((await paymentRows(t.db, o.orderId)).map((p) => [p.provider, p.status])).toEqual([
      ['account', 'captured'],
    ]);
  });

  it('answers 400 for another status, 403 to sales, support and buyers, 404 for an unknown order', async () => {
    const o = await newOrder();
    const url = `/api/v1/order/${o.orderId}/payment`;
    expect((await call(staff.finance, 'PUT', url, { paymentStatus: 'refunded' })).statusCode).toBe(400);
    expect((await call(staff.finance, 'PUT', url, {})).statusCode).toBe(400);
    for (const cookie of [staff.sales, staff.support, o.cookie])
      expect((await record(cookie, o.orderId)).statusCode).toBe(403);
    expect((await record(staff.finance, unknownOrder)).statusCode).toBe(404);
    expect(await paymentRows(t.db, o.orderId)).toEqual([]);
  });

  it('answers 409 for a paid or cancelled order, and replays the first answer for its Idempotency-Key', async () => {
    const o = await newOrder();
    const k = key('record');
    const first = await record(staff.finance, o.orderId, k);
    const again = await record(staff.finance, o.orderId, k);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const twice = await record(staff.finance, o.orderId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().paymentStatus).toBe('paid');
    expect(await paymentRows(t.db, o.orderId)).toHaveLength(1);
    const c = await newOrder();
    await call(staff.sales, 'POST', `/api/v1/order/${c.orderId}/cancel`, {});
    expect((await record(staff.finance, c.orderId)).statusCode).toBe(409);
  });
});

describe('PUT /api/v1/order/:id/checkout (finance settles on account)', () => {
  const settle = (cookie: string, orderId: number, k?: string) =>
    call(cookie, 'PUT', `/api/v1/order/${orderId}/checkout`, undefined, k);

  it('charges the order to the company terms within its credit: on account, stock sold', async () => {
    const o = await newOrder(2, { creditLimitCents: 1_000_000 });
    const res = await settle(staff.finance, o.orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ paymentStatus: 'on_account', paymentMethod: 'account' });
    expect((await paymentRows(t.db, o.orderId)).map((p) => [p.status, p.amountCents])).toEqual([
      ['on_account', o.order.totals.totalCents],
    ]);
    expect(await soldUnits(t.db, o.tire.product.id)).toBe(2);
    const terms = (await call(o.cookie, 'GET', '/api/company/payment')).json();
    expect(terms.openBalanceCents).toBe(o.order.totals.totalCents);
  });

  it('M7: sales, support and the buyer cannot settle on account (403)', async () => {
    const o = await newOrder(1, { creditLimitCents: 1_000_000 });
    for (const cookie of [staff.sales, staff.support, o.cookie])
      expect((await settle(cookie, o.orderId)).statusCode).toBe(403);
    expect(await paymentRows(t.db, o.orderId)).toEqual([]);
    expect((await orderRow(t.db, o.orderId)).paymentStatus).toBe('unpaid');
  });

  it('answers 400 for a malformed id, 404 for an unknown order, 422 beyond the credit limit', async () => {
    expect((await settle(staff.finance, 0)).statusCode).toBe(400);
    expect((await settle(staff.finance, unknownOrder)).statusCode).toBe(404);
    const o = await newOrder(1);
    const refused = await settle(staff.finance, o.orderId);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().reason).toBe('credit_limit');
  });

  it('answers 409 for an order already on account or paid, and replays for its Idempotency-Key', async () => {
    const o = await newOrder(1, { creditLimitCents: 1_000_000 });
    const k = key('settle');
    const first = await settle(staff.finance, o.orderId, k);
    const again = await settle(staff.finance, o.orderId, k);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await settle(staff.finance, o.orderId)).statusCode).toBe(409);
    expect(await paymentRows(t.db, o.orderId)).toHaveLength(1);
    const paid = await paidOrder();
    expect((await settle(staff.finance, paid.orderId)).statusCode).toBe(409);
  });

  it('voids an open card intent, so recording the money later captures the account charge', async () => {
    const o = await newOrder(1, { creditLimitCents: 1_000_000 });
    await openIntent(o.cookie, o.orderId);
    await settle(staff.finance, o.orderId);
    expect((await paymentRows(t.db, o.orderId)).map((p) => [p.provider, p.status])).toEqual([
      ['cardpay', 'voided'],
      ['account', 'on_account'],
    ]);
    await call(staff.finance, 'PUT', `/api/v1/order/${o.orderId}/payment`, { paymentStatus: 'paid' });
    expect((await paymentRows(t.db, o.orderId)).map((p) => [p.provider, p.status])).toEqual([
      ['cardpay', 'voided'],
      ['account', 'captured'],
    ]);
  });
});

describe('concurrent payments of one order', () => {
  it('takes the money once when two cards pay at the same moment', async () => {
    const o = await newOrder();
    const url = `/api/v1/order/${o.orderId}/cardpay/transaction`;
    const answers = await Promise.all([
      call(o.cookie, 'POST', url, { card: card() }),
      call(o.cookie, 'POST', url, { card: card(numbers.ok2) }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await moneyOf(t.db, o.orderId)).netCents).toBe(o.order.totals.totalCents);
    expect((await paymentRows(t.db, o.orderId)).filter((p) => p.status === 'captured')).toHaveLength(1);
  });

  it('runs a retry with the same Idempotency-Key once, even when both arrive together', async () => {
    const o = await newOrder();
    const url = `/api/v1/order/${o.orderId}/cardpay/transaction`;
    const k = key('together');
    const answers = await Promise.all([
      call(o.cookie, 'POST', url, { card: card() }, k),
      call(o.cookie, 'POST', url, { card: card() }, k),
    ]);
    // The second either waits for the first and replays it, or is told the first still runs.
    expect(answers.map((r) => r.statusCode).sort()).toEqual(expect.arrayContaining([200]));
    for (const r of answers) expect([200, 409]).toContain(r.statusCode);
    expect(await paymentRows(t.db, o.orderId)).toHaveLength(1);
  });
});
