import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locations, stockHolds } from '../../db/schema';
import { createUser, FACTORY_PASSWORD, groupId } from '../../test/factories';
import { createWarehouse, stock } from '../../test/factories-catalog';
import { cartBody, createShopper, stockedProduct } from '../../test/factories-orders';
import { stockOf } from '../../test/orders-checks';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, 'admin');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, payload?: object, cookie = admin) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });

const card = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };

/** A buyer's paid order of `quantity` tires; the tire is stocked as given (per warehouse ZIP). */
async function paidOrder(quantity: number, perWarehouse: { zip: string; quantity: number }[]) {
  const shopper = await createShopper(t.app, t.db);
  const p = await stockedProduct(t.db, perWarehouse);
  await t.app.inject({
    method: 'POST',
    url: '/api/cart',
    headers: { cookie: shopper.cookie },
    payload: cartBody(p, quantity),
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/cart/checkout',
    headers: { cookie: shopper.cookie },
    payload: { paymentMethod: 'card', card },
  });
  expect(res.statusCode).toBe(201);
  const order = res.json();
  return { ...shopper, p, order, itemId: order.orderItems[0].orderItemId as number };
}

/** Stock reconciles: what left the shelves is exactly what committed holds say was sold. */
async function expectReconciled(productId: number, initial: number, sold: number) {
  const rows = await stockOf(t.db, productId);
  expect(rows.reduce((s, r) => s + r.quantity, 0)).toBe(initial - sold);
  expect(rows.every((r) => r.quantity >= 0 && r.reserved === 0)).toBe(true);
  const [held] = await t.db
    .select({ n: sql<number>`coalesce(sum(${stockHolds.quantity}), 0)::int` })
    .from(stockHolds)
    .where(and(eq(stockHolds.productId, productId), inArray(stockHolds.status, ['committed'])));
  expect(Number(held.n)).toBe(sold);
}

describe('cancelling one supplier line', () => {
  it('puts its stock back and reroutes it to another warehouse that can fill it', async () => {
    const { order, itemId, p } = await paidOrder(2, [
      { zip: '78701', quantity: 2 },
      { zip: '75201', quantity: 5 },
    ]);
    const [austin, dallas] = p.warehouses.map((w) => w.id);
    expect(order.subOrders[0].warehouseId).toBe(austin);
    const res = await call(
      'POST',
      `/api/v1/order/${order.orderId}/item/${itemId}/supplier/${p.supplier.id}/cancel`,
      {
        note: 'warehouse flooded',
      },
    );
    expect(res.statusCode).toBe(200);
    const after = res.json();
    const lines = after.subOrders.flatMap((s: { warehouseId: number; lines: object[] }) =>
      s.lines.map((l) => ({ ...l, warehouseId: s.warehouseId })),
    );
    expect(lines).toMatchObject([
      { warehouseId: austin, status: 'cancelled', quantity: 2 },
      { warehouseId: dallas, status: 'pending', quantity: 2 },
    ]);
    expect(after.orderItems[0].unroutedQuantity).toBe(0);
    expect(after.log.at(-1).note).toContain('rerouted');
    // Paid order: the units left Dallas instead of Austin.
    expect(await stockOf(t.db, p.product.id)).toMatchObject([
      { warehouseId: austin, quantity: 2, reserved: 0 },
      { warehouseId: dallas, quantity: 3, reserved: 0 },
    ]);
    await expectReconciled(p.product.id, 7, 2);
    const submitted = (await call('POST', `/api/v1/order/${order.orderId}/submit`)).json();
    expect(submitted.subOrders.at(-1).lines[0].status).toBe('sent');
  });

  it('leaves the units unrouted when no other warehouse has them, and staff route them with a sub-order', async () => {
    const { order, itemId, p } = await paidOrder(2, [{ zip: '78701', quantity: 2 }]);
    const cancelled = (
      await call('POST', `/api/v1/order/${order.orderId}/item/${itemId}/supplier/${p.supplier.id}/cancel`, {})
    ).json();
    expect(cancelled.orderItems[0].unroutedQuantity).toBe(2);
    expect(cancelled.log.at(-1).note).toContain('left unrouted');
    await expectReconciled(p.product.id, 2, 0);
    const other = await createWarehouse(t.db, { zip: '80202' });
    await stock(t.db, other.id, p.product.id, 3, 10_000);
    const sub = await call('POST', `/api/v1/order/${order.orderId}/sub`, {
      warehouseId: other.id,
      items: [{ orderItemId: itemId, quantity: 2 }],
      note: 'Denver has them',
    });
    expect(sub.statusCode).toBe(201);
    const routed = sub.json();
    expect(routed.orderItems[0].unroutedQuantity).toBe(0);
    expect(routed.subOrders.at(-1)).toMatchObject({
      warehouseId: other.id,
      supplierCompanyId: other.supplierCompanyId,
    });
    expect(routed.subOrders.at(-1).lines[0]).toMatchObject({ quantity: 2, status: 'pending' });
    expect(routed.log.at(-1).note).toContain('Denver has them');
    await expectReconciled(p.product.id, 5, 2);
  });

  it('reroutes a line the supplier itself cancels', async () => {
    const { order, p } = await paidOrder(2, [
      { zip: '78701', quantity: 2 },
      { zip: '75201', quantity: 2 },
    ]);
    const [dock] = await t.db
      .insert(locations)
      .values({
        companyId: p.supplier.id,
        name: 'Dock',
        zip: '78701',
        supplierId: p.supplier.id,
        priceGroupId: await groupId(t.db, 'standard'),
      })
      .returning();
    const user = await createUser(t.db, {
      role: 'supplier',
      companyId: p.supplier.id,
      locationIds: [dock.id],
    });
    const cookie = await signIn(t.app, user.username, FACTORY_PASSWORD);
    const lineId = order.subOrders[0].lines[0].supplierLineId;
    // A supplier acts only on lines staff have sent to it (docs/security.md).
    expect((await call('POST', `/api/v1/order/${order.orderId}/submit`)).statusCode).toBe(200);
    const res = await call(
      'PUT',
      '/api/supplier/fulfillments',
      { lines: [{ supplierLineId: lineId, status: 'cancelled' }] },
      cookie,
    );
    expect(res.statusCode).toBe(200);
    const after = (await call('GET', `/api/v1/order/${order.orderId}`)).json();
    expect(after.subOrders.map((s: { warehouseId: number }) => s.warehouseId)).toEqual(
      p.warehouses.map((w) => w.id),
    );
    expect(after.orderItems[0].unroutedQuantity).toBe(0);
    await expectReconciled(p.product.id, 4, 2);
  });
});

describe('sub-orders (POST /api/v1/order/{id}/sub)', () => {
  it('moves pending units to a chosen warehouse, releasing them where they were', async () => {
    const { order, itemId, p } = await paidOrder(3, [
      { zip: '78701', quantity: 4 },
      { zip: '75201', quantity: 10 },
    ]);
    const [austin, dallas] = p.warehouses.map((w) => w.id);
    const res = await call('POST', `/api/v1/order/${order.orderId}/sub`, {
      warehouseId: dallas,
      items: [{ orderItemId: itemId, quantity: 2 }],
    });
    expect(res.statusCode).toBe(201);
    expect(
      res
        .json()
        .subOrders.map((s: { warehouseId: number; lines: { quantity: number }[] }) => [
          s.warehouseId,
          s.lines[0].quantity,
        ]),
    ).toEqual([
      [austin, 1],
      [dallas, 2],
    ]);
    await expectReconciled(p.product.id, 14, 3);
    expect(await stockOf(t.db, p.product.id)).toMatchObject([{ quantity: 3 }, { quantity: 8 }]);
  });

  it('answers 400, 403, 404 and 409 and changes nothing', async () => {
    const { order, itemId, p, cookie } = await paidOrder(2, [{ zip: '78701', quantity: 4 }]);
    const small = await createWarehouse(t.db, { zip: '80202' });
    await stock(t.db, small.id, p.product.id, 1, 10_000);
    const url = `/api/v1/order/${order.orderId}/sub`;
    const one = (quantity: number, warehouseId = small.id, orderItemId = itemId) => ({
      warehouseId,
      items: [{ orderItemId, quantity }],
    });
    expect((await call('POST', url, { warehouseId: small.id, items: [] })).statusCode).toBe(400);
    expect((await call('POST', url, one(1), cookie)).statusCode).toBe(403);
    expect((await call('POST', url, one(1, 99_999_999))).statusCode).toBe(404);
    const foreign = await paidOrder(1, [{ zip: '78701', quantity: 1 }]);
    expect((await call('POST', url, one(1, small.id, foreign.itemId))).statusCode).toBe(404);
    expect((await call('POST', '/api/v1/order/99999999/sub', one(1))).statusCode).toBe(404);
    const short = await call('POST', url, one(2));
    expect(short.statusCode).toBe(409);
    expect(short.json().available).toBe(1);
    expect(await stockOf(t.db, p.product.id)).toMatchObject([{ quantity: 2 }, { quantity: 1 }]);
    await call('POST', `/api/v1/order/${order.orderId}/cancel`, {});
    expect((await call('POST', url, one(1))).statusCode).toBe(409);
  });
});
