import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locations } from '../../db/schema';
import { createUser, FACTORY_PASSWORD } from '../../test/factories';
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

const card = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };

async function placedOrder(quantity = 2) {
  const shopper = await createShopper(t.app, t.db);
  const p = await stockedProduct(t.db, [{ zip: '78701', quantity: 6 }]);
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
  return { ...shopper, p, order: res.json() };
}

const staff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: admin }, ...(payload && { payload }) });

describe('orders of a buyer', () => {
  it('shows the company its own orders and answers 404 for another company', async () => {
    const { cookie, order } = await placedOrder();
    const stranger = await createShopper(t.app, t.db);
    expect((await t.app.inject({ url: `/api/order/${order.orderId}`, headers: { cookie } })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ url: `/api/order/${order.orderId}`, headers: { cookie: stranger.cookie } }))
        .statusCode,
    ).toBe(404);
    const list = (await t.app.inject({ url: '/api/orders', headers: { cookie: stranger.cookie } })).json();
    expect(list.data.list.some((o: { orderId: number }) => o.orderId === order.orderId)).toBe(false);
    expect(
      (await t.app.inject({ url: `/api/v1/order/${order.orderId}`, headers: { cookie } })).statusCode,
    ).toBe(403);
  });

  it('reorders a past order into the cart', async () => {
    const { cookie, order } = await placedOrder(1);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/order/${order.orderId}/reorder`,
      headers: { cookie },
    });
    expect(res.json()).toEqual({ added: 1, skipped: [] });
    expect((await t.app.inject({ url: '/api/cart', headers: { cookie } })).json().orderItems).toHaveLength(1);
  });
});

describe('the back-office order API', () => {
  it('moves an order along legal transitions, logs who did it, and refuses illegal ones with 409', async () => {
    const { order } = await placedOrder();
    const illegal = await staff('PUT', `/api/v1/order/${order.orderId}/status`, { status: 'delivered' });
    expect(illegal.statusCode).toBe(409);
    expect(illegal.json()).toMatchObject({
      code: 'invalid_transition',
      entity: 'order',
      current: 'placed',
      wanted: 'delivered',
      allowed: ['processing', 'cancelled', 'on_hold'],
    });
    const held = await staff('POST', `/api/v1/order/${order.orderId}/action`, {
      action: 'hold',
      note: 'credit check',
    });
    expect(held.json().status).toBe('on_hold');
    expect(held.json().nextStatuses).toEqual(['placed', 'cancelled']);
    const back = await staff('POST', `/api/v1/order/${order.orderId}/action`, { action: 'release' });
    expect(back.json().status).toBe('placed');
    const submitted = await staff('POST', `/api/v1/order/${order.orderId}/submit`);
    expect(submitted.json().status).toBe('processing');
    expect(submitted.json().subOrders[0].lines[0].status).toBe('sent');
    const shipped = await staff('PUT', `/api/v1/order/${order.orderId}/status`, {
      status: 'shipped',
      note: 'all out',
    });
    const log = shipped.json().log;
    expect(log.at(-1)).toMatchObject({
      userName: 'admin',
      from: 'processing',
      to: 'shipped',
      note: 'all out',
    });
    expect((await staff('POST', `/api/v1/order/${order.orderId}/cancel`, {})).statusCode).toBe(409);
  });

  it('answers 409 to "Send to suppliers" when no line is left to send, and changes nothing', async () => {
    const { order } = await placedOrder();
    expect((await staff('POST', `/api/v1/order/${order.orderId}/submit`)).statusCode).toBe(200);
    const again = await staff('POST', `/api/v1/order/${order.orderId}/submit`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'conflict',
      reason: 'nothing_to_send',
      detail: 'No supplier line is waiting to be sent: every line was sent already',
    });
    const after = (await staff('GET', `/api/v1/order/${order.orderId}`)).json();
    expect(after.status).toBe('processing');
    expect(
      after.subOrders.flatMap((s: { lines: { status: string }[] }) => s.lines.map((l) => l.status)),
    ).toEqual(['sent']);
  });

  it('cancels an order: stock back on the shelf, card refunded, supplier lines cancelled', async () => {
    const { p, order } = await placedOrder(2);
    expect((await stockOf(t.db, p.product.id))[0].quantity).toBe(4);
    const res = await staff('POST', `/api/v1/order/${order.orderId}/cancel`, { note: 'customer called' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(res.json().payments[0].status).toBe('refunded');
    expect(res.json().subOrders[0].lines[0].status).toBe('cancelled');
    expect((await stockOf(t.db, p.product.id))[0]).toMatchObject({ quantity: 6, reserved: 0 });
  });

  it('lists with filters and paging, and answers analytics and an invoice PDF', async () => {
    const { order, companyId } = await placedOrder();
    const list = (await staff('GET', `/api/v1/order?companyId=${companyId}&status=placed&pageSize=5`)).json();
    expect(list.data).toMatchObject({ count: 1, page: 0 });
    expect(list.data.list[0].orderId).toBe(order.orderId);
    const analytics = (await staff('GET', '/api/v1/order/analytics')).json();
    // The top 20 companies by sales: other test files' orders may outrank this one.
    const sales = analytics.byCompany.map((c: { salesCents: number }) => c.salesCents);
    expect(sales.length).toBeGreaterThan(0);
    expect(sales).toEqual([...sales].sort((a: number, b: number) => b - a));
    const pdf = await staff('GET', `/api/v1/order/${order.orderId}/invoice`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const comment = await staff('POST', `/api/v1/order/${order.orderId}/comment`, {
      body: 'Called the fleet manager',
    });
    expect(comment.json().comments[0]).toMatchObject({ userName: 'admin', body: 'Called the fleet manager' });
  });
});

describe('editing orders', () => {
  it('lets staff edit and delete only a placed, unpaid order, releasing its stock', async () => {
    const shopper = await createShopper(t.app, t.db, { creditLimitCents: 1_000_000 });
    const p = await stockedProduct(t.db, [{ zip: '78701', quantity: 6 }]);
    await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { cookie: shopper.cookie },
      payload: cartBody(p, 2),
    });
    const charge = await t.app.inject({
      method: 'POST',
      url: '/api/cart/coinpay/checkout',
      headers: { cookie: shopper.cookie },
      payload: {},
    });
    const pending = await t.app.inject({
      method: 'POST',
      url: '/api/cart/checkout',
      headers: { cookie: shopper.cookie },
      payload: { paymentMethod: 'coinpay', token: charge.json().token },
    });
    const id = pending.json().orderId;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/order/${id}`, headers: { cookie: admin } }))
        .statusCode,
    ).toBe(409);
    const { order } = await placedOrder();
    expect((await staff('PUT', `/api/v1/order/${order.orderId}`, { poNumber: 'X' })).statusCode).toBe(409);
    expect((await staff('GET', `/api/v1/order/${order.orderId}/item`)).json().list).toHaveLength(1);
    expect((await stockOf(t.db, p.product.id))[0]).toMatchObject({ quantity: 6, reserved: 2 });
  });
});

describe('supplier lines', () => {
  it('lets staff route, confirm and except lines following the line status machine', async () => {
    const { order, p } = await placedOrder();
    const item = order.orderItems[0].orderItemId;
    const base = `/api/v1/order/${order.orderId}/item/${item}/supplier/${p.supplier.id}`;
    expect((await staff('POST', `${base}/confirm`, {})).statusCode).toBe(409);
    expect((await staff('POST', base, {})).json().subOrders[0].lines[0].status).toBe('sent');
    expect(
      (await staff('POST', `${base}/exception`, { note: 'out of stock' })).json().subOrders[0].lines[0]
        .status,
    ).toBe('exception');
    expect((await staff('POST', `${base}/resend`, {})).json().subOrders[0].lines[0].status).toBe('resent');
    expect((await staff('POST', `${base}/confirm`, {})).json().subOrders[0].lines[0].status).toBe(
      'confirmed',
    );
    expect(
      (await staff('POST', `/api/v1/order/${order.orderId}/item/${item}/supplier/999999/confirm`, {}))
        .statusCode,
    ).toBe(404);
  });

  it('supplier sees/cancels pending lines: shows a supplier only the sent lines routed to its company and lets it confirm them', async () => {
    const mine = await placedOrder();
    const theirs = await placedOrder();
    const [location] = await t.db
      .insert(locations)
      .values({
        companyId: mine.p.supplier.id,
        name: 'Dock',
        zip: '78701',
        supplierId: mine.p.supplier.id,
        priceGroupId: mine.location.priceGroupId,
      })
      .returning();
    const user = await createUser(t.db, {
      role: 'supplier',
      companyId: mine.p.supplier.id,
      locationIds: [location.id],
    });
    const cookie = await signIn(t.app, user.username, FACTORY_PASSWORD);
    const listed = async () =>
      (await t.app.inject({ url: '/api/supplier/fulfillments', headers: { cookie } }))
        .json()
        .data.list.map((l: { orderId: number }) => l.orderId);
    const foreign = theirs.order.subOrders[0].lines[0].supplierLineId;
    const own = mine.order.subOrders[0].lines[0].supplierLineId;
    const put = (supplierLineId: number, status: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/supplier/fulfillments',
        headers: { cookie },
        payload: { lines: [{ supplierLineId, status }] },
      });
    // A pending line (not yet sent by staff) is neither listed nor cancellable by the supplier.
    expect(await listed()).toEqual([]);
    expect((await put(own, 'cancelled')).statusCode).toBe(404);
    expect((await put(own, 'confirmed')).statusCode).toBe(404);
    await staff('POST', `/api/v1/order/${mine.order.orderId}/submit`);
    await staff('POST', `/api/v1/order/${theirs.order.orderId}/submit`);
    expect(await listed()).toEqual([mine.order.orderId]);
    expect((await put(foreign, 'confirmed')).statusCode).toBe(404);
    expect((await put(own, 'confirmed')).json().list[0].status).toBe('confirmed');
  });
});

describe('buyer order view', () => {
  it('hides supplier, warehouse, staff user names and internal notes from buyers, not from staff', async () => {
    const { order, cookie, p } = await placedOrder();
    await staff('POST', `/api/v1/order/${order.orderId}/action`, { action: 'hold', note: 'credit check' });
    await staff('POST', `/api/v1/order/${order.orderId}/action`, { action: 'release' });
    await staff('POST', `/api/v1/order/${order.orderId}/submit`);
    const staffView = (await staff('GET', `/api/v1/order/${order.orderId}`)).json();
    expect(staffView.subOrders[0].supplierName).toBe(p.supplier.name);
    expect(staffView.log.some((e: { userName: string | null }) => e.userName === 'admin')).toBe(true);

    const res = await t.app.inject({ url: `/api/order/${order.orderId}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.body;
    for (const secret of [p.supplier.name, 'credit check', '"admin"', staffView.subOrders[0].warehouseName])
      expect(body).not.toContain(secret);
    const view = res.json();
    expect(view.subOrders[0]).toMatchObject({
      supplierName: 'Tread',
      warehouseName: 'Shipment 1',
      warehouseZip: '',
    });
    expect(view.subOrders[0].lines[0]).toMatchObject({ warehouseName: 'Shipment 1', note: null });
    expect(
      view.log.every((e: { userName: string | null; note: string | null }) => !e.userName && !e.note),
    ).toBe(true);
    // The buyer still sees the status history itself.
    expect(view.log.map((e: { to: string }) => e.to)).toContain('on_hold');
  });
});
