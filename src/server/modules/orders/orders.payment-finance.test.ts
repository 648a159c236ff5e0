import { describe, expect, it } from 'vitest';
import { key, moneyOf, orderRow, paymentSuite, paymentRows, unknownId } from '../../test/factories-payments';
import { soldUnits } from '../../test/orders-checks';

// Finance's money calls on an order: recording money received (PUT /api/v1/order/:id/payment)
// and settling on the company's account terms (PUT /api/v1/order/:id/checkout). Sales, support
// and buyers get 403.

const { suite, staff, call, newOrder, paidOrder, openIntent } = paymentSuite();

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
    const money = await moneyOf(suite.t.db, o.orderId);
    expect(money.rows.map((p) => [p.provider, p.status, p.message])).toEqual([
      ['manual', 'captured', 'wire 4711'],
    ]);
    expect(money.netCents).toBe(o.order.totals.totalCents);
    expect(await soldUnits(suite.t.db, o.tire.product.id)).toBe(3);
  });

  it('never marks a card intent nobody authorized as captured: it is voided, the money recorded as manual', async () => {
    const o = await newOrder();
    await openIntent(o.cookie, o.orderId);
    expect((await record(staff.finance, o.orderId)).json().paymentStatus).toBe('paid');
    expect((await paymentRows(suite.t.db, o.orderId)).map((p) => [p.provider, p.status])).toEqual([
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
    expect((await paymentRows(suite.t.db, o.orderId)).map((p) => [p.provider, p.status])).toEqual([
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
    expect((await record(staff.finance, unknownId)).statusCode).toBe(404);
    expect(await paymentRows(suite.t.db, o.orderId)).toEqual([]);
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
    expect(await paymentRows(suite.t.db, o.orderId)).toHaveLength(1);
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
    expect((await paymentRows(suite.t.db, o.orderId)).map((p) => [p.status, p.amountCents])).toEqual([
      ['on_account', o.order.totals.totalCents],
    ]);
    expect(await soldUnits(suite.t.db, o.tire.product.id)).toBe(2);
    const terms = (await call(o.cookie, 'GET', '/api/company/payment')).json();
    expect(terms.openBalanceCents).toBe(o.order.totals.totalCents);
  });

  it('sales, support and the buyer cannot settle on account (403)', async () => {
    const o = await newOrder(1, { creditLimitCents: 1_000_000 });
    for (const cookie of [staff.sales, staff.support, o.cookie])
      expect((await settle(cookie, o.orderId)).statusCode).toBe(403);
    expect(await paymentRows(suite.t.db, o.orderId)).toEqual([]);
    expect((await orderRow(suite.t.db, o.orderId)).paymentStatus).toBe('unpaid');
  });

  it('answers 400 for a malformed id, 404 for an unknown order, 422 beyond the credit limit', async () => {
    expect((await settle(staff.finance, 0)).statusCode).toBe(400);
    expect((await settle(staff.finance, unknownId)).statusCode).toBe(404);
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
    expect(await paymentRows(suite.t.db, o.orderId)).toHaveLength(1);
    const paid = await paidOrder();
    expect((await settle(staff.finance, paid.orderId)).statusCode).toBe(409);
  });

  it('voids an open card intent, so recording the money later captures the account charge', async () => {
    const o = await newOrder(1, { creditLimitCents: 1_000_000 });
    await openIntent(o.cookie, o.orderId);
    await settle(staff.finance, o.orderId);
    expect((await paymentRows(suite.t.db, o.orderId)).map((p) => [p.provider, p.status])).toEqual([
      ['cardpay', 'voided'],
      ['account', 'on_account'],
    ]);
    await call(staff.finance, 'PUT', `/api/v1/order/${o.orderId}/payment`, { paymentStatus: 'paid' });
    expect((await paymentRows(suite.t.db, o.orderId)).map((p) => [p.provider, p.status])).toEqual([
      ['cardpay', 'voided'],
      ['account', 'captured'],
    ]);
  });
});
