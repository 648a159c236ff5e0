import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartBody, createShopper, stockedProduct } from '../../test/factories-orders';
import { stockOf, unallocatedItems } from '../../test/orders-checks';
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

/** A staff order of 3 tires at a location in Austin; the tire is stocked in Austin (4) and Dallas (10). */
async function staffOrder() {
  const shopper = await createShopper(t.app, t.db);
  const p = await stockedProduct(t.db, [
    { zip: '78701', quantity: 4 },
    { zip: '75201', quantity: 10 },
  ]);
  const res = await call('POST', '/api/v1/order', {
    companyId: shopper.companyId,
    locationId: shopper.location.id,
    items: [cartBody(p, 3)],
  });
  expect(res.statusCode).toBe(201);
  const order = res.json();
  const [austin, dallas] = p.warehouses.map((w) => w.id);
  const stockAt = async (warehouseId: number, productId = p.product.id) =>
    (await stockOf(t.db, productId)).find((s) => s.warehouseId === warehouseId);
  return { ...shopper, p, order, austin, dallas, stockAt, itemId: order.orderItems[0].orderItemId as number };
}

describe('items of a placed, unpaid order', () => {
  it('adds an item at the server price, reserves its stock and logs the change', async () => {
    const { order, cookie } = await staffOrder();
    const q = await stockedProduct(t.db, [{ zip: '78701', quantity: 5 }], 20_000);
    const res = await call('POST', `/api/v1/order/${order.orderId}/item`, {
      ...cartBody(q, 2),
      unitPriceCents: 1,
    });
    expect(res.statusCode).toBe(201);
    const after = res.json();
    expect(after.orderItems).toHaveLength(2);
    expect(after.orderItems[1]).toMatchObject({ unitPriceCents: 20_000, orderItemQuantity: 2 });
    expect(after.totals.subtotalCents).toBe(3 * 10_000 + 2 * 20_000);
    // Delivered to Austin: the tires and their shipping are taxed (the landed cost's tax line).
    expect(after.totalCents).toBe(
      after.totals.subtotalCents + after.totals.shippingCents + after.totals.taxCents,
    );
    expect((await stockOf(t.db, q.product.id))[0]).toMatchObject({ quantity: 5, reserved: 2 });
    expect(after.log.at(-1)).toMatchObject({ userName: 'sales', to: 'placed' });
    expect(after.log.at(-1).note).toContain('Item added: 2 ×');
    expect(
      (await call('POST', `/api/v1/order/${order.orderId}/item`, cartBody(q, 1), cookie)).statusCode,
    ).toBe(403);
  });

  it('raises a quantity from the nearest warehouse that can fill it, and lowers it newest units first', async () => {
    const { order, itemId, austin, dallas, stockAt, p } = await staffOrder();
    const url = `/api/v1/order/${order.orderId}/item/${itemId}`;
    // Austin has one unit left, so two more come whole from Dallas.
    const raised = (await call('PUT', url, { orderItemQuantity: 5 })).json();
    expect(raised.orderItems[0].orderItemQuantity).toBe(5);
    expect(raised.subOrders.map((s: { warehouseId: number }) => s.warehouseId).sort()).toEqual(
      [austin, dallas].sort(),
    );
    expect(await stockAt(austin)).toMatchObject({ reserved: 3 });
    expect(await stockAt(dallas)).toMatchObject({ reserved: 2 });
    expect(raised.totals.subtotalCents).toBe(50_000);
    const lowered = (await call('PUT', url, { orderItemQuantity: 2, orderItemRoadHazard: true })).json();
    // The Dallas line stays in the order's history, cancelled; Austin keeps two units.
    const byWarehouse = new Map(
      lowered.subOrders.map((s: { warehouseId: number; lines: unknown[] }) => [s.warehouseId, s.lines]),
    );
    expect(byWarehouse.get(austin)).toMatchObject([{ quantity: 2, status: 'pending' }]);
    expect(byWarehouse.get(dallas)).toMatchObject([{ quantity: 2, status: 'cancelled' }]);
    expect(await stockAt(austin)).toMatchObject({ quantity: 4, reserved: 2 });
    expect(await stockAt(dallas)).toMatchObject({ quantity: 10, reserved: 0 });
    expect(lowered.orderItems[0]).toMatchObject({ orderItemRoadHazard: true, orderItemQuantity: 2 });
    expect(lowered.totals.roadHazardCents).toBe(2 * lowered.orderItems[0].roadHazardUnitCents);
    expect(lowered.log.at(-1).note).toContain('quantity 5 → 2, road hazard added');
    expect(await unallocatedItems(t.db, [order.orderId])).toEqual([]);
    expect((await call('PUT', url, { orderItemQuantity: 0 })).statusCode).toBe(400);
    expect((await call('PUT', url, { orderItemQuantity: 15 })).statusCode).toBe(409);
    expect((await stockOf(t.db, p.product.id)).map((s) => s.reserved)).toEqual([2, 0]);
  });

  it('removes an item and releases its stock, but never the last item', async () => {
    const { order, itemId, stockAt, austin } = await staffOrder();
    const q = await stockedProduct(t.db, [{ zip: '78701', quantity: 5 }]);
    const added = (await call('POST', `/api/v1/order/${order.orderId}/item`, cartBody(q, 2))).json();
    const qItem = added.orderItems[1].orderItemId;
    const removed = await call('DELETE', `/api/v1/order/${order.orderId}/item/${qItem}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().orderItems).toHaveLength(1);
    expect(removed.json().totals.subtotalCents).toBe(30_000);
    expect((await stockOf(t.db, q.product.id))[0]).toMatchObject({ quantity: 5, reserved: 0 });
    const last = await call('DELETE', `/api/v1/order/${order.orderId}/item/${itemId}`);
    expect(last.statusCode).toBe(409);
    expect(await stockAt(austin)).toMatchObject({ reserved: 3 });
  });

  it('answers 404 for an item of another order or an unknown order', async () => {
    const a = await staffOrder();
    const b = await staffOrder();
    expect(
      (await call('PUT', `/api/v1/order/${a.order.orderId}/item/${b.itemId}`, { orderItemQuantity: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/v1/order/${a.order.orderId}/item/${b.itemId}`)).statusCode).toBe(404);
    expect((await call('POST', '/api/v1/order/99999999/item', cartBody(a.p, 1))).statusCode).toBe(404);
  });

  it('refuses every item change once the order is paid (409) and changes nothing', async () => {
    const { order, itemId, p, stockAt, austin } = await staffOrder();
    const finance = await signIn(t.app, 'finance');
    await call('PUT', `/api/v1/order/${order.orderId}/payment`, { paymentStatus: 'paid' }, finance);
    expect((await call('POST', `/api/v1/order/${order.orderId}/item`, cartBody(p, 1))).statusCode).toBe(409);
    expect(
      (await call('PUT', `/api/v1/order/${order.orderId}/item/${itemId}`, { orderItemQuantity: 1 }))
        .statusCode,
    ).toBe(409);
    expect((await call('DELETE', `/api/v1/order/${order.orderId}/item/${itemId}`)).statusCode).toBe(409);
    expect(await stockAt(austin)).toMatchObject({ quantity: 1, reserved: 0 });
  });

  it('refuses to take back units already sent to a supplier', async () => {
    const { order, itemId } = await staffOrder();
    await call(
      'POST',
      `/api/v1/order/${order.orderId}/item/${itemId}/supplier/${order.subOrders[0].supplierCompanyId}`,
      {},
    );
    const res = await call('PUT', `/api/v1/order/${order.orderId}/item/${itemId}`, { orderItemQuantity: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toContain('cancel the supplier line first');
  });
});
