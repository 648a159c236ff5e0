import { describe, expect, it } from 'vitest';
import { cartBody, createShopper } from '../../test/factories-orders';
import {
  anchorage,
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

// Card intents of an existing order (staff-made, or waiting for review) and the payment sheet's
// delivery: an intent pays only the order's current total, only its company's buyers, finance
// and admin use it, and a retry with the same Idempotency-Key replays the first answer.

const { suite, staff, call, newOrder, paidOrder, savedCard, openIntent } = paymentSuite();

describe('POST /api/v1/order/:id/payment/intent', () => {
  it("opens a pending card intent for the order's current total", async () => {
    const o = await newOrder();
    const intent = await openIntent(o.cookie, o.orderId);
    expect(intent).toMatchObject({ amountCents: o.order.totals.totalCents, status: 'pending' });
    expect(intent.clientSecret).toMatch(/_secret$/);
    expect((await orderRow(suite.t.db, o.orderId)).paymentStatus).toBe('unpaid');
  });

  it('replays the first intent for the same Idempotency-Key; another order with the key is a 422', async () => {
    const o = await newOrder();
    const k = key('intent');
    const first = await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/payment/intent`, undefined, k);
    const again = await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/payment/intent`, undefined, k);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await paymentRows(suite.t.db, o.orderId)).toHaveLength(1);
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
    const stranger = await createShopper(suite.t.app, suite.t.db);
    expect((await call(o.cookie, 'POST', '/api/v1/order/abc/payment/intent')).statusCode).toBe(400);
    expect(
      (await call(stranger.cookie, 'POST', `/api/v1/order/${o.orderId}/payment/intent`)).statusCode,
    ).toBe(404);
    expect((await call(o.cookie, 'POST', `/api/v1/order/${unknownId}/payment/intent`)).statusCode).toBe(404);
    expect((await call(null, 'POST', `/api/v1/order/${o.orderId}/payment/intent`)).statusCode).toBe(401);
  });

  it('lets finance and admin open an intent for a customer, never sales or support (403)', async () => {
    const o = await newOrder();
    for (const role of ['sales', 'support'] as const) {
      const res = await call(staff[role], 'POST', `/api/v1/order/${o.orderId}/payment/intent`);
      expect(res.statusCode, role).toBe(403);
    }
    expect(await paymentRows(suite.t.db, o.orderId)).toEqual([]);
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
    const money = await moneyOf(suite.t.db, o.orderId);
    expect(money.netCents).toBe(o.order.totals.totalCents);
    expect(money.rows.map((p) => p.status)).toEqual(['captured']);
    expect(await soldUnits(suite.t.db, o.tire.product.id)).toBe(3);
  });

  it('an intent made before the delivery changed the total is a 409 naming both amounts; nothing is captured', async () => {
    const o = await newOrder(1);
    const intent = await openIntent(o.cookie, o.orderId);
    const moved = await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/payment/shipping`, anchorage);
    expect(moved.statusCode, moved.body).toBe(200);
    const totalCents = moved.json().totals.totalCents;
    // Anchorage ships farther, and Alaska has no state sales tax: the total moves either way.
    expect(totalCents).not.toBe(intent.amountCents);
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
    expect(await orderRow(suite.t.db, o.orderId)).toMatchObject({ paymentStatus: 'unpaid', totalCents });
    expect((await moneyOf(suite.t.db, o.orderId)).capturedCents).toBe(0);
    expect((await paymentRows(suite.t.db, o.orderId)).map((p) => p.status)).toEqual(['voided']);
    expect(await soldUnits(suite.t.db, o.tire.product.id)).toBe(0);
    // A new intent for the new total pays it.
    const fresh = await openIntent(o.cookie, o.orderId);
    expect(fresh.amountCents).toBe(totalCents);
    const paid = await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/payment/transaction`, {
      intentId: fresh.intentId,
      card: card(),
    });
    expect(paid.json().paymentStatus).toBe('paid');
    expect((await moneyOf(suite.t.db, o.orderId)).netCents).toBe(totalCents);
  });

  it('an intent made before sales added items is a 409 naming both amounts; nothing is captured', async () => {
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
    expect((await moneyOf(suite.t.db, o.orderId)).capturedCents).toBe(0);
    expect((await orderRow(suite.t.db, o.orderId)).paymentStatus).toBe('unpaid');
  });

  it('when the total changes back, the voided intent stays voided (409 invalid_transition)', async () => {
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
    expect((await moneyOf(suite.t.db, o.orderId)).capturedCents).toBe(0);
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
    expect((await paymentRows(suite.t.db, o.orderId)).map((p) => p.status)).toEqual(['review']);
    expect(await soldUnits(suite.t.db, o.tire.product.id)).toBe(0);
    const recorded = await call(staff.finance, 'PUT', `/api/v1/order/${o.orderId}/payment`, {
      paymentStatus: 'paid',
    });
    expect(recorded.json().paymentStatus).toBe('paid');
    expect((await paymentRows(suite.t.db, o.orderId)).map((p) => p.status)).toEqual(['captured']);
    expect(await soldUnits(suite.t.db, o.tire.product.id)).toBe(2);
  });

  it('voids the card held for review once another intent pays the order', async () => {
    const o = await newOrder();
    const held = await openIntent(o.cookie, o.orderId);
    const url = `/api/v1/order/${o.orderId}/payment/transaction`;
    await call(o.cookie, 'POST', url, { intentId: held.intentId, card: card(numbers.review) });
    const next = await openIntent(o.cookie, o.orderId);
    const res = await call(o.cookie, 'POST', url, { intentId: next.intentId, card: card() });
    expect(res.json().paymentStatus).toBe('paid');
    expect((await paymentRows(suite.t.db, o.orderId)).map((p) => p.status)).toEqual(['voided', 'captured']);
    expect((await moneyOf(suite.t.db, o.orderId)).netCents).toBe(o.order.totals.totalCents);
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
    expect((await paymentRows(suite.t.db, o.orderId)).map((p) => p.status)).toEqual(['pending']);
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
      (await call(o.cookie, 'POST', `/api/v1/order/${unknownId}/payment/transaction`, body)).statusCode,
    ).toBe(404);
  });

  it('sales and support cannot confirm an intent with the saved card (403); finance can', async () => {
    const o = await newOrder();
    const sourceId = await savedCard(o.cookie, o.companyId);
    const intent = await openIntent(o.cookie, o.orderId);
    const url = `/api/v1/order/${o.orderId}/payment/transaction`;
    for (const role of ['sales', 'support'] as const)
      expect((await call(staff[role], 'POST', url, { intentId: intent.intentId, sourceId })).statusCode).toBe(
        403,
      );
    expect((await moneyOf(suite.t.db, o.orderId)).capturedCents).toBe(0);
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
    expect((await moneyOf(suite.t.db, o.orderId)).rows).toHaveLength(1);
  });
});

describe('POST /api/v1/order/:id/payment/shipping', () => {
  it('changes the delivery of an unpaid order, re-prices its shipping and voids the open intents', async () => {
    const o = await newOrder();
    await openIntent(o.cookie, o.orderId);
    const res = await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/payment/shipping`, anchorage);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().delivery).toMatchObject({ kind: 'address', zip: '99501' });
    expect(res.json().totals.shippingCents).toBeGreaterThan(o.order.totals.shippingCents);
    expect((await paymentRows(suite.t.db, o.orderId)).map((p) => p.status)).toEqual(['voided']);
  });

  it('answers 400 for a missing address, a ZIP outside the state or an unknown kind', async () => {
    const o = await newOrder();
    const url = `/api/v1/order/${o.orderId}/payment/shipping`;
    expect((await call(o.cookie, 'POST', url, { kind: 'address' })).statusCode).toBe(400);
    const wrongState = await call(o.cookie, 'POST', url, {
      kind: 'address',
      address: { ...anchorage.address, city: 'Dallas', state: 'TX' },
    });
    expect(wrongState.statusCode).toBe(400);
    expect(wrongState.json().errors[0].pointer).toBe('/body/address/zip');
    expect((await call(o.cookie, 'POST', url, { kind: 'drone' })).statusCode).toBe(400);
  });

  it("answers 404 for another company's order or an unknown one, and 409 once it is paid", async () => {
    const o = await paidOrder();
    const stranger = await createShopper(suite.t.app, suite.t.db);
    const url = `/api/v1/order/${o.orderId}/payment/shipping`;
    expect((await call(stranger.cookie, 'POST', url, anchorage)).statusCode).toBe(404);
    expect(
      (await call(o.cookie, 'POST', `/api/v1/order/${unknownId}/payment/shipping`, anchorage)).statusCode,
    ).toBe(404);
    expect((await call(o.cookie, 'POST', url, anchorage)).statusCode).toBe(409);
  });

  it('keeps the delivery of an order that has shipped (409)', async () => {
    const o = await newOrder();
    expect((await call(staff.sales, 'POST', `/api/v1/order/${o.orderId}/submit`)).statusCode).toBe(200);
    expect(
      (await call(staff.sales, 'PUT', `/api/v1/order/${o.orderId}/status`, { status: 'shipped' })).statusCode,
    ).toBe(200);
    const res = await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/payment/shipping`, anchorage);
    expect(res.statusCode).toBe(409);
  });

  it("lets sales and finance change a customer's unpaid order's delivery, never support (403)", async () => {
    const o = await newOrder();
    const url = `/api/v1/order/${o.orderId}/payment/shipping`;
    expect((await call(staff.support, 'POST', url, anchorage)).statusCode).toBe(403);
    expect((await call(staff.sales, 'POST', url, anchorage)).statusCode).toBe(200);
  });

  it("sends a staff member's 'location' choice to the order's own location", async () => {
    const o = await newOrder();
    await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/payment/shipping`, anchorage);
    const res = await call(staff.finance, 'POST', `/api/v1/order/${o.orderId}/payment/shipping`, {
      kind: 'location',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().delivery.zip).toBe(o.location.zip);
  });
});
