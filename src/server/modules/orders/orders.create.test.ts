import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { createCompany, createLocation } from '../../test/factories';
import { cartBody, createShopper, stockedProduct } from '../../test/factories-orders';
import { stockOf, unallocatedItems } from '../../test/orders-checks';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

let t: TestApp;
let sales: string;
let support: string;
beforeAll(async () => {
  t = await createTestApp();
  sales = await signIn(t.app, 'sales');
  support = await signIn(t.app, 'support');
});
afterAll(() => t.close());

const create = (cookie: string, payload: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/order',
    headers: { cookie, ...(key && { 'idempotency-key': key }) },
    payload,
  });

async function customerAndTire(stock = [{ zip: '78701', quantity: 4 }]) {
  const shopper = await createShopper(t.app, t.db);
  const p = await stockedProduct(t.db, stock);
  return { ...shopper, p, body: { companyId: shopper.companyId, locationId: shopper.location.id } };
}

const ordersOf = (companyId: number) => t.db.select().from(orders).where(eq(orders.companyId, companyId));

describe('staff placing an order for a customer (POST /api/v1/order)', () => {
  it('prices it for the location, reserves stock like checkout, and leaves it placed and unpaid', async () => {
    const { p, body, cookie } = await customerAndTire([
      { zip: '75201', quantity: 10 },
      { zip: '78701', quantity: 4 },
    ]);
    const res = await create(sales, {
      ...body,
      poNumber: 'PO-7',
      items: [{ ...cartBody(p, 3), unitPriceCents: 1, orderItemRoadHazard: false }],
    });
    expect(res.statusCode).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({ status: 'placed', paymentStatus: 'unpaid', poNumber: 'PO-7' });
    expect(order.number).toMatch(/^TR-\d{6}$/);
    // stockedProduct sells at cost (10,000 cents) in every group: the client's price is ignored.
    expect(order.orderItems[0]).toMatchObject({ unitPriceCents: 10_000, orderItemQuantity: 3 });
    expect(order.totals.subtotalCents).toBe(30_000);
    // Delivered to Austin: the tires and their shipping are taxed.
    expect(order.totals.totalCents).toBe(30_000 + order.totals.shippingCents + order.totals.taxCents);
    // Nearest warehouse that fills the line whole: Austin, for a location in Austin.
    expect(order.subOrders).toHaveLength(1);
    expect(order.subOrders[0]).toMatchObject({ warehouseZip: '78701' });
    expect(order.subOrders[0].lines[0]).toMatchObject({ quantity: 3, status: 'pending' });
    const austin = p.warehouses[1].id;
    expect((await stockOf(t.db, p.product.id)).find((s) => s.warehouseId === austin)).toMatchObject({
      quantity: 4,
      reserved: 3,
    });
    expect(order.log.at(-1)).toMatchObject({ userName: 'sales', from: 'cart', to: 'placed' });
    const mine = (await t.app.inject({ url: '/api/orders', headers: { cookie } })).json();
    expect(mine.data.list.map((o: { orderId: number }) => o.orderId)).toEqual([order.orderId]);
    expect(await unallocatedItems(t.db, [order.orderId])).toEqual([]);
  });

  it('answers a retry with the same Idempotency-Key with the first order', async () => {
    const { p, body, companyId } = await customerAndTire();
    const payload = { ...body, items: [cartBody(p, 1)] };
    const first = await create(sales, payload, 'staff-order-1');
    const again = await create(sales, payload, 'staff-order-1');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().orderId).toBe(first.json().orderId);
    expect(await ordersOf(companyId)).toHaveLength(1);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const { p, body } = await customerAndTire();
    expect((await create(sales, { ...body, items: [] })).json().errors[0].pointer).toBe('/body/items');
    const zero = await create(sales, { ...body, items: [cartBody(p, 0)] });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors[0].pointer).toBe('/body/items/0/orderItemQuantity');
    const wrongMake = await create(sales, {
      ...body,
      items: [cartBody(p, 1), { ...cartBody(p, 1), orderItemMakeId: p.make.id + 100_000 }],
    });
    expect(wrongMake.statusCode).toBe(400);
    expect(wrongMake.json().errors[0].pointer).toBe('/body/items/1/orderItemMakeId');
    const zip = await create(sales, { ...body, items: [cartBody(p, 1)], orderDeliveryZip: '00000' });
    expect(zip.statusCode).toBe(400);
  });

  it('is for sales staff only', async () => {
    const { p, body, cookie, companyId } = await customerAndTire();
    const payload = { ...body, items: [cartBody(p, 1)] };
    expect((await create(cookie, payload)).statusCode).toBe(403);
    expect((await create(support, payload)).statusCode).toBe(403);
    expect(await ordersOf(companyId)).toHaveLength(0);
  });

  it('answers 404 for a location of another company and for an unknown product', async () => {
    const { p, body } = await customerAndTire();
    const other = await createCompany(t.db);
    const foreign = await createLocation(t.db, other.id);
    expect(
      (await create(sales, { ...body, locationId: foreign.id, items: [cartBody(p, 1)] })).statusCode,
    ).toBe(404);
    const unknown = { ...cartBody(p, 1), orderItemProductId: 99_999_999 };
    expect((await create(sales, { ...body, items: [unknown] })).statusCode).toBe(404);
  });

  it('refuses more than the stock with a 409 and writes nothing', async () => {
    const { p, body, companyId } = await customerAndTire([{ zip: '78701', quantity: 4 }]);
    const res = await create(sales, { ...body, items: [cartBody(p, 5)] });
    expect(res.statusCode).toBe(409);
    expect(res.json().available).toBe(4);
    expect(await ordersOf(companyId)).toHaveLength(0);
    expect((await stockOf(t.db, p.product.id))[0]).toMatchObject({ quantity: 4, reserved: 0 });
  });

  it('keeps the held units of an unpaid staff order until it is paid, then sells them', async () => {
    const { p, body } = await customerAndTire([{ zip: '78701', quantity: 4 }]);
    const order = (await create(sales, { ...body, items: [cartBody(p, 2)] })).json();
    const finance = await signIn(t.app, 'finance');
    const paid = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/order/${order.orderId}/payment`,
      headers: { cookie: finance },
      payload: { paymentStatus: 'paid' },
    });
    expect(paid.json().paymentStatus).toBe('paid');
    expect((await stockOf(t.db, p.product.id))[0]).toMatchObject({ quantity: 2, reserved: 0 });
  });
});
