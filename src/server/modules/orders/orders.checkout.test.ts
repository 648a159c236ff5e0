import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, orders, stockHolds } from '../../db/schema';
import { cartBody, createShopper, stockedProduct } from '../../test/factories-orders';
import { soldUnits, stockOf } from '../../test/orders-checks';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fingerprintOf } from '../../http/idempotency';
import { expireUnpaidOrders } from './orders.expiry';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const card = (number: string) => ({ number, expMonth: 12, expYear: 2040, cvc: '123' });
const pay = (number = '4242424242424242') => ({ paymentMethod: 'card', card: card(number) });

async function cartWith(
  quantity: number,
  stock = [
    { zip: '78701', quantity: 5 },
    { zip: '75201', quantity: 5 },
  ],
) {
  const shopper = await createShopper(t.app, t.db, { creditLimitCents: 100_000 });
  const p = await stockedProduct(t.db, stock);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/cart',
    headers: { cookie: shopper.cookie },
    payload: cartBody(p, quantity),
  });
  expect(res.statusCode).toBe(200);
  return { ...shopper, p, cart: res.json() };
}

const checkout = (cookie: string, payload: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/cart/checkout',
    headers: { cookie, ...(key && { 'idempotency-key': key }) },
    payload,
  });

/** Checks the cart out with a crypto charge: the order waits for payment, its units held. */
async function checkoutPending(cookie: string) {
  const charge = await t.app.inject({
    method: 'POST',
    url: '/api/cart/coinpay/checkout',
    headers: { cookie },
    payload: {},
  });
  return checkout(cookie, { paymentMethod: 'coinpay', token: charge.json().token });
}

/** The order's holds ran out of time a second ago. */
const expireHoldsOf = (orderId: number) =>
  t.db
    .update(stockHolds)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(stockHolds.orderId, orderId));

/** Puts `quantity` of the product in the shopper's cart. */
async function addToCart(cookie: string, p: Awaited<ReturnType<typeof stockedProduct>>, quantity: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/cart',
    headers: { cookie },
    payload: cartBody(p, quantity),
  });
  expect(res.statusCode).toBe(200);
}

describe('checkout', () => {
  it('places a paid order from the nearest warehouse and empties the cart', async () => {
    const { cookie, p, cart } = await cartWith(3);
    const res = await checkout(cookie, pay());
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({ status: 'placed', paymentStatus: 'paid', paymentMethod: 'card' });
    expect(order.number).toMatch(/^TR-\d{6}$/);
    expect(order.totals.totalCents).toBe(cart.totals.totalCents);
    expect(order.subOrders).toHaveLength(1);
    expect(order.subOrders[0].warehouseId).toBe(p.warehouses[0].id);
    expect(await stockOf(t.db, p.product.id)).toEqual([
      { warehouseId: p.warehouses[0].id, quantity: 2, reserved: 0 },
      { warehouseId: p.warehouses[1].id, quantity: 5, reserved: 0 },
    ]);
    const session = (await t.app.inject({ url: '/api/session', headers: { cookie } })).json();
    expect(session.cart_count).toBe(0);
    expect(
      (await t.app.inject({ url: '/api/orders', headers: { cookie } })).json().data.list[0].orderId,
    ).toBe(order.orderId);
  });

  it('splits a line across warehouses, nearest first, when no single one can fill it', async () => {
    const { cookie, p } = await cartWith(7);
    const order = (await checkout(cookie, pay())).json();
    const bySub = order.subOrders.map((s: { warehouseId: number; lines: { quantity: number }[] }) => [
      s.warehouseId,
      s.lines[0].quantity,
    ]);
    expect(bySub).toEqual([
      [p.warehouses[0].id, 5],
      [p.warehouses[1].id, 2],
    ]);
  });

  it('replays the first answer for the same Idempotency-Key and never charges twice', async () => {
    const { cookie, p } = await cartWith(2);
    const key = `k-${p.product.id}`;
    const first = await checkout(cookie, pay(), key);
    const again = await checkout(cookie, pay(), key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(first.json().payments).toHaveLength(1);
    expect(await soldUnits(t.db, p.product.id)).toBe(2);
    expect((await checkout(cookie, pay('5555555555554444'), key)).statusCode).toBe(422);
    expect((await checkout(cookie, pay())).statusCode).toBe(409);
    expect((await checkout(cookie, pay(), `${key}-other`)).statusCode).toBe(409);
  });

  it('answers 409 to a retry while the first call with the key is still running', async () => {
    const { cookie, user } = await cartWith(1);
    const body = pay();
    const first = checkout(cookie, body, 'running-key');
    // The row the first call writes before it starts working.
    await t.db
      .insert(idempotencyKeys)
      .values({ userId: user.id, scope: 'checkout', key: 'held-key', requestHash: 'x' })
      .onConflictDoNothing();
    await first;
    await t.db
      .update(idempotencyKeys)
      .set({ requestHash: fingerprintOf(body) })
      .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, 'held-key')));
    expect((await checkout(cookie, body, 'held-key')).statusCode).toBe(409);
  });

  it('leaves no order and no reservation when the card is declined, and says why', async () => {
    const { cookie, p, cart } = await cartWith(2);
    for (const [number, reason] of [
      ['4000000000000002', 'card_declined'],
      ['4000000000000119', 'processing_error'],
    ]) {
      const res = await checkout(cookie, pay(number));
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ reason });
      expect(res.json().detail).toMatch(/declined|could not complete/);
    }
    const [row] = await t.db.select().from(orders).where(eq(orders.id, cart.orderId));
    expect(row.status).toBe('cart');
    expect(await t.db.select().from(stockHolds).where(eq(stockHolds.orderId, cart.orderId))).toEqual([]);
    expect((await stockOf(t.db, p.product.id)).every((s) => s.reserved === 0 && s.quantity === 5)).toBe(true);
    expect((await checkout(cookie, pay())).statusCode).toBe(201);
  });

  it('charges on account within the credit limit only', async () => {
    const { cookie } = await cartWith(2);
    const res = await checkout(cookie, { paymentMethod: 'account', poNumber: 'PO-77' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ paymentStatus: 'on_account', poNumber: 'PO-77' });
    const big = await cartWith(12, [{ zip: '78701', quantity: 50 }]);
    const over = await checkout(big.cookie, { paymentMethod: 'account' });
    expect(over.statusCode).toBe(422);
    expect(over.json().reason).toBe('credit_limit');
  });

  it('holds stock for a pending crypto payment, caps held units per company, and expires the hold', async () => {
    const { cookie, p, cart, companyId } = await cartWith(3);
    const charge = await t.app.inject({
      method: 'POST',
      url: '/api/cart/coinpay/checkout',
      headers: { cookie },
      payload: { currency: 'BTC' },
    });
    expect(charge.statusCode).toBe(200);
    // The address names the chosen coin and the dollar amount of the cart.
    expect(charge.json().redirectUrl).toBe(
      `coinpay:btc?amount_usd=${(charge.json().amountCents / 100).toFixed(2)}&ref=${charge.json().token}`,
    );
    const res = await checkout(cookie, { paymentMethod: 'coinpay', token: charge.json().token });
    expect(res.statusCode).toBe(201);
    expect(res.json().paymentStatus).toBe('pending');
    expect((await stockOf(t.db, p.product.id))[0]).toMatchObject({ quantity: 5, reserved: 3 });
    await expireHoldsOf(cart.orderId);
    // Another checkout does not sweep (it has stock enough); the sweep does.
    const other = await cartWith(1);
    expect((await checkout(other.cookie, pay())).statusCode).toBe(201);
    expect((await stockOf(t.db, p.product.id))[0]).toMatchObject({ quantity: 5, reserved: 3 });
    expect(await expireUnpaidOrders(t.app.db)).toBe(1);
    const [expired] = await t.db.select().from(orders).where(eq(orders.id, cart.orderId));
    expect(expired).toMatchObject({ status: 'cancelled', paymentStatus: 'voided', companyId });
    expect((await stockOf(t.db, p.product.id))[0]).toMatchObject({ quantity: 5, reserved: 0 });
  });

  it('frees units whose hold expired at once when a checkout needs them', async () => {
    const first = await cartWith(3, [{ zip: '78701', quantity: 4 }]);
    const second = await createShopper(t.app, t.db);
    await addToCart(second.cookie, first.p, 2);
    expect((await checkoutPending(first.cookie)).json().paymentStatus).toBe('pending');
    // While the hold lasts, 1 of the 4 units is free.
    const short = await checkout(second.cookie, pay());
    expect(short.statusCode).toBe(409);
    expect(short.json().available).toBe(1);
    await expireHoldsOf(first.cart.orderId);
    const placed = await checkout(second.cookie, pay());
    expect(placed.statusCode, placed.body).toBe(201);
    const [expired] = await t.db.select().from(orders).where(eq(orders.id, first.cart.orderId));
    expect(expired).toMatchObject({ status: 'cancelled', paymentStatus: 'voided' });
    expect(await stockOf(t.db, first.p.product.id)).toEqual([
      { warehouseId: first.p.warehouses[0].id, quantity: 2, reserved: 0 },
    ]);
  });

  it('does not count units whose hold expired against the cap', async () => {
    const first = await cartWith(30, [{ zip: '78701', quantity: 100 }]);
    expect((await checkoutPending(first.cookie)).statusCode).toBe(201);
    await addToCart(first.cookie, first.p, 20);
    expect((await checkoutPending(first.cookie)).json()).toMatchObject({ status: 409, available: 40 });
    await expireHoldsOf(first.cart.orderId);
    const placed = await checkoutPending(first.cookie);
    expect(placed.statusCode, placed.body).toBe(201);
    const [expired] = await t.db.select().from(orders).where(eq(orders.id, first.cart.orderId));
    expect(expired.status).toBe('cancelled');
  });

  it('refuses to hold more than the per-company cap of one SKU awaiting payment', async () => {
    const { cookie } = await cartWith(41, [{ zip: '78701', quantity: 60 }]);
    const res = await checkoutPending(cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().available).toBe(40);
  });
});

describe('POST /api/cart with a data payload (the cart call also checks out)', () => {
  const postCart = (cookie: string, payload: object, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { cookie, ...(key && { 'idempotency-key': key }) },
      payload,
    });

  it('checks the cart out like /api/cart/checkout, and shares its Idempotency-Key', async () => {
    const { cookie, p, cart } = await cartWith(2);
    const key = `data-${p.product.id}`;
    const res = await postCart(cookie, { data: pay() }, key);
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({ orderId: cart.orderId, status: 'placed', paymentStatus: 'paid' });
    expect(order.totals.totalCents).toBe(cart.totals.totalCents);
    expect(await soldUnits(t.db, p.product.id)).toBe(2);
    const replay = await checkout(cookie, pay(), key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().orderId).toBe(order.orderId);
    expect((await t.app.inject({ url: '/api/cart', headers: { cookie } })).json().orderItems).toEqual([]);
    expect((await postCart(cookie, { data: pay() })).statusCode).toBe(409);
  });

  it('still creates the cart from the spec fields, and says which field is wrong', async () => {
    const { cookie, p } = await cartWith(1);
    const both = await postCart(cookie, { ...cartBody(p, 1), data: pay() });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors[0].pointer).toBe('/body/orderItemMakeId');
    const { orderItemProductId: _missing, ...partial } = cartBody(p, 1);
    const missing = await postCart(cookie, partial);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.map((e: { pointer: string }) => e.pointer)).toEqual([
      '/body/orderItemProductId',
    ]);
    const bad = await postCart(cookie, { data: { paymentMethod: 'cash' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].pointer).toBe('/body/data/paymentMethod');
    const added = await postCart(cookie, { ...cartBody(p, 1), orderDeliveryZip: '75201' });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ orderDeliveryZip: '75201' });
    expect(added.json().orderItems).toMatchObject([{ orderItemQuantity: 2, orderItemRoadHazard: false }]);
  });
});
