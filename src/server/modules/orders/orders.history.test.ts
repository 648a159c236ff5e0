import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compRecords, orderItems, orderStatusLog, supplierLines, users } from '../../db/schema';
import { createUser } from '../../test/factories';
import {
  buyByCard,
  cartBody,
  createCompPlan,
  createShopper,
  stockedProduct,
} from '../../test/factories-orders';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

let t: TestApp;
let sales: string;
beforeAll(async () => {
  t = await createTestApp();
  sales = await signIn(t.app, 'sales');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, cookie = sales) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });

/** A customer with a 5 % compensation plan, and a staff order of 2 + 1 tires at 100.00 each. */
async function orderWithPlan() {
  const shopper = await createShopper(t.app, t.db);
  await createCompPlan(t.app, t.db, shopper.companyId, 500);
  const p = await stockedProduct(t.db, [{ zip: '78701', quantity: 10 }], 10_000);
  const q = await stockedProduct(t.db, [{ zip: '78701', quantity: 10 }], 10_000);
  const res = await call('POST', '/api/v1/order', {
    companyId: shopper.companyId,
    locationId: shopper.location.id,
    items: [cartBody(p, 2), cartBody(q, 1)],
  });
  expect(res.statusCode).toBe(201);
  const order = res.json();
  const records = () =>
    t.db
      .select()
      .from(compRecords)
      .where(eq(compRecords.orderId, order.orderId))
      .orderBy(asc(compRecords.id));
  return { ...shopper, order, records, items: order.orderItems as { orderItemId: number }[] };
}

describe('sales compensation follows the order', () => {
  it('writes a reversing entry when staff change an item, never rewriting the accrual', async () => {
    const { order, records, items } = await orderWithPlan();
    expect(await records()).toMatchObject([{ kind: 'accrual', baseCents: 30_000, amountCents: 1_500 }]);
    const changed = await call('PUT', `/api/v1/order/${order.orderId}/item/${items[0].orderItemId}`, {
      orderItemQuantity: 4,
    });
    expect(changed.statusCode).toBe(200);
    expect(await records()).toMatchObject([
      { kind: 'accrual', baseCents: 30_000, amountCents: 1_500 },
      { kind: 'adjustment', baseCents: 20_000, amountCents: 1_000 },
    ]);
    const removed = await call('DELETE', `/api/v1/order/${order.orderId}/item/${items[1].orderItemId}`);
    expect(removed.statusCode).toBe(200);
    expect((await records()).map((r) => r.amountCents)).toEqual([1_500, 1_000, -500]);
  });

  it('reverses what the order earned when it is cancelled', async () => {
    const { order, records } = await orderWithPlan();
    const cancelled = await call('POST', `/api/v1/order/${order.orderId}/cancel`, {
      note: 'customer called',
    });
    expect(cancelled.statusCode).toBe(200);
    const rows = await records();
    expect(rows.map((r) => [r.kind, r.amountCents])).toEqual([
      ['accrual', 1_500],
      ['adjustment', -1_500],
    ]);
    expect(rows.reduce((s, r) => s + r.amountCents, 0)).toBe(0);
  });
});

describe('a refund reverses what the order earned', () => {
  it('refunds a paid order that is cancelled and writes the reversing compensation entry', async () => {
    const shopper = await createShopper(t.app, t.db);
    await createCompPlan(t.app, t.db, shopper.companyId, 500);
    const p = await stockedProduct(t.db, [{ zip: '78701', quantity: 4 }], 10_000);
    const placed = await buyByCard(t.app, shopper.cookie, p, 2);
    expect(placed.json()).toMatchObject({ paymentStatus: 'paid' });
    const orderId = placed.json().orderId;
    const cancelled = await call('POST', `/api/v1/order/${orderId}/cancel`, { note: 'wrong size' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(cancelled.json().payments).toMatchObject([{ status: 'refunded' }]);
    const rows = await t.db
      .select()
      .from(compRecords)
      .where(eq(compRecords.orderId, orderId))
      .orderBy(asc(compRecords.id));
    const mine = rows.filter((r) => r.amountCents === 1_000 || r.amountCents === -1_000);
    expect(mine.map((r) => [r.kind, r.amountCents])).toEqual([
      ['accrual', 1_000],
      ['adjustment', -1_000],
    ]);
  });
});

describe("an order's history", () => {
  it('keeps a removed item, its cancelled supplier lines and their log rows', async () => {
    const { order, items } = await orderWithPlan();
    const itemId = items[1].orderItemId;
    const removed = await call('DELETE', `/api/v1/order/${order.orderId}/item/${itemId}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().orderItems.map((i: { orderItemId: number }) => i.orderItemId)).not.toContain(
      itemId,
    );
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.id, itemId));
    expect(item.removedAt).not.toBeNull();
    const lines = await t.db.select().from(supplierLines).where(eq(supplierLines.orderItemId, itemId));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.status === 'cancelled')).toBe(true);
    const logged = await t.db
      .select()
      .from(orderStatusLog)
      .where(and(eq(orderStatusLog.orderId, order.orderId), eq(orderStatusLog.supplierLineId, lines[0].id)));
    expect(logged.length).toBeGreaterThan(0);
  });

  it('names the buyer a staff order is for and, separately, who placed it', async () => {
    const shopper = await createShopper(t.app, t.db);
    const clerk = await createUser(t.db, {
      role: 'buyer',
      companyId: shopper.companyId,
      locationIds: [shopper.location.id],
    });
    const p = await stockedProduct(t.db, [{ zip: '78701', quantity: 4 }]);
    const base = { companyId: shopper.companyId, locationId: shopper.location.id, items: [cartBody(p, 1)] };
    const [salesUser] = await t.db.select().from(users).where(eq(users.username, 'sales'));

    const forClerk = (await call('POST', '/api/v1/order', { ...base, userId: clerk.id })).json();
    expect(forClerk).toMatchObject({ buyerName: clerk.name, placedByName: salesUser.name });
    const byDefault = (await call('POST', '/api/v1/order', base)).json();
    expect(byDefault).toMatchObject({ buyerName: shopper.user.name, placedByName: salesUser.name });

    const stranger = await createUser(t.db, { role: 'buyer' });
    const refused = await call('POST', '/api/v1/order', { ...base, userId: stranger.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].pointer).toBe('/body/userId');

    // The buyer sees the order in the company's history with both names.
    const history = await t.app.inject({ url: '/api/orders', headers: { cookie: shopper.cookie } });
    expect(
      history.json().data.list.find((o: { orderId: number }) => o.orderId === forClerk.orderId),
    ).toMatchObject({ buyerName: clerk.name, placedByName: salesUser.name });
    // A checkout names the buyer and no staff member.
    await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { cookie: shopper.cookie },
      payload: cartBody(p, 1),
    });
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/cart/checkout',
      headers: { cookie: shopper.cookie },
      payload: {
        paymentMethod: 'card',
        card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
      },
    });
    expect(own.json()).toMatchObject({ buyerName: shopper.user.name, placedByName: null });
  });
});

describe('lists across orders', () => {
  it('lists the items of placed orders of a product in one page, with their routed units', async () => {
    const { order, items } = await orderWithPlan();
    const first = order.orderItems[0];
    const res = await call('GET', `/api/v1/order/item?productId=${first.orderItemProductId}`);
    expect(res.statusCode).toBe(200);
    const { list, count } = res.json().data;
    expect(count).toBe(1);
    expect(list).toEqual([
      {
        ...first,
        orderId: order.orderId,
        orderNumber: order.number,
        status: 'placed',
        unroutedQuantity: 0,
      },
    ]);
    expect(items).toHaveLength(2);
  });

  it('reorders what can still be bought and names what it skipped and why', async () => {
    const shopper = await createShopper(t.app, t.db);
    const p = await stockedProduct(t.db, [{ zip: '78701', quantity: 3 }]);
    const q = await stockedProduct(t.db, [{ zip: '78701', quantity: 3 }]);
    const placed = await call('POST', '/api/v1/order', {
      companyId: shopper.companyId,
      locationId: shopper.location.id,
      items: [cartBody(p, 1), cartBody(q, 3)],
    });
    expect(placed.statusCode).toBe(201);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/order/${placed.json().orderId}/reorder`,
      headers: { cookie: shopper.cookie },
    });
    expect(res.statusCode).toBe(200);
    // q's three units are all held by the first order: nothing left to put in the cart.
    expect(res.json()).toEqual({
      added: 1,
      skipped: [expect.stringContaining(`${q.product.skuCode}: Only 0`)],
    });
  });
});
