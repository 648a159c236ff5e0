import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogueOf,
  type Distributor,
  distributorProfiles,
  distributors,
} from '../../integrations/distributors/distributor-sandbox';
import { lookupZip } from '../../integrations/geo/zip-geo';
import { caller } from '../../test/admin-client';
import { createSupplierUser } from '../../test/factories-logistics';
import { buyByCard, createShopper, stockedProduct } from '../../test/factories-orders';
import { createTestApp, type TestApp } from '../../test/test-app';
import { distributorStock } from './logistics.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The list call of each distributor, in its own shape. */
const listPath: Record<Distributor, string> = {
  tirewire: '/api/v1/vendor/tirewire/order',
  rubberline: '/api/v1/vendor/rubberline/orders',
  wheelway: '/api/v1/vendor/wheelway/orders',
};

/**
 * A paid order of 4 tires whose only warehouse cancelled its line (no other warehouse has them):
 * 4 unrouted units of a product at least one distributor carries.
 */
async function unroutedOrder() {
  let p = await stockedProduct(t.db, [{ zip: '75201', quantity: 10 }]);
  while (!distributors.some((d) => catalogueOf(d, p.product.id)))
    p = await stockedProduct(t.db, [{ zip: '75201', quantity: 10 }]);
  const distributor = distributors.find((d) => catalogueOf(d, p.product.id)) as Distributor;
  const shopper = await createShopper(t.app, t.db);
  const placed = await buyByCard(t.app, shopper.cookie, p, 4);
  expect(placed.statusCode).toBeLessThan(300);
  const orderId: number = placed.json().orderId;
  const sales = await caller(t.app, 'sales');
  expect((await sales('POST', `/api/v1/order/${orderId}/submit`)).statusCode).toBe(200);
  const supplier = await createSupplierUser(t.app, t.db, p.supplier.id);
  const lines = (await supplier('GET', '/api/supplier/fulfillments?status=sent')).json().data.list as {
    supplierLineId: number;
    orderId: number;
  }[];
  const mine = lines.filter((l) => l.orderId === orderId);
  const cancelled = await supplier('PUT', '/api/supplier/fulfillments', {
    lines: mine.map((l) => ({ supplierLineId: l.supplierLineId, status: 'cancelled', note: 'none left' })),
  });
  expect(cancelled.statusCode).toBe(200);
  const offers = (await sales('GET', `/api/v1/order/${orderId}/distributors`)).json().list;
  return { shopper, supplier, sales, orderId, product: p, distributor, item: offers[0] };
}

describe('distributor sandboxes', () => {
  it('each carries a deterministic part of the catalogue, and ships from known ZIPs', () => {
    for (const d of distributors) {
      const carried = Array.from({ length: 200 }, (_, i) => catalogueOf(d, i + 1)).filter(Boolean);
      expect(carried.length).toBeGreaterThan(20);
      expect(carried.length).toBeLessThan(180);
      expect(catalogueOf(d, 17)).toEqual(catalogueOf(d, 17));
      for (const l of distributorProfiles[d].locations) expect(lookupZip(l.zip)).toBeTruthy();
    }
  });

  it('answers locations and statuses in its own shape, to staff only', async () => {
    const support = await caller(t.app, 'support');
    const locs = await support('GET', '/api/v1/vendor/tirewire/locations');
    expect(locs.statusCode).toBe(200);
    expect(locs.json().list[0]).toMatchObject({ code: 'TW-DAL', zip: '75212' });
    const statuses = (await support('GET', '/api/v1/vendor/tirewire/statuses')).json().list;
    expect(statuses).toContainEqual({ status: 'shipped', next: [] });
    const shopper = await createShopper(t.app, t.db);
    for (const path of [
      '/api/v1/vendor/tirewire/order',
      '/api/v1/vendor/tirewire/locations',
      '/api/v1/vendor/tirewire/statuses',
      '/api/v1/vendor/rubberline/orders',
      '/api/v1/vendor/rubberline/order?reference=RBL-000001-1',
      '/api/v1/vendor/wheelway/orders',
      '/api/v1/vendor/wheelway/order?reference=WWY-000001-1',
    ])
      expect((await t.app.inject({ url: path, headers: { cookie: shopper.cookie } })).statusCode).toBe(403);
  });
});

describe('sending units to a distributor', () => {
  it('records the lines and cost, lists it in the vendor call, ships it and delivers the order', async () => {
    const o = await unroutedOrder();
    expect(o.item).toMatchObject({ productId: o.product.product.id, unrouted: 4 });
    const offer = o.item.offers.find((x: { distributor: string }) => x.distributor === o.distributor);
    const before = (await distributorStock.offers(t.db, [o.product.product.id])).find(
      (x) => x.distributor === o.distributor,
    );
    const sent = await o.sales('POST', `/api/v1/order/${o.orderId}/distributors`, {
      distributor: o.distributor,
      items: [{ orderItemId: o.item.orderItemId, quantity: 4 }],
    });
    expect(sent.statusCode).toBe(200);
    const d = sent.json();
    expect(d).toMatchObject({
      distributor: o.distributor,
      orderId: o.orderId,
      status: 'submitted',
      costCents: 4 * offer.unitCostCents,
      shipToZip: '78701',
      trackingNumber: null,
      lines: [{ orderItemId: o.item.orderItemId, quantity: 4 }],
    });
    // The distributor's own stock, as quotes see it, is 4 units lower; no unit is unrouted now.
    const after = (await distributorStock.offers(t.db, [o.product.product.id])).find(
      (x) => x.distributor === o.distributor,
    );
    expect((after?.available ?? 0) + 4).toBe(before?.available);
    expect((await o.sales('GET', `/api/v1/order/${o.orderId}/distributors`)).json().list[0].unrouted).toBe(0);
    const listed = (await o.sales('GET', `${listPath[o.distributor]}?orderId=${o.orderId}`)).json().list;
    expect(listed.map((x: { reference: string }) => x.reference)).toEqual([d.reference]);
    if (o.distributor !== 'tirewire') {
      const byRef = await o.sales('GET', `/api/v1/vendor/${o.distributor}/order?reference=${d.reference}`);
      expect(byRef.json().distributorOrderId).toBe(d.distributorOrderId);
    }

    // The timetable: accepted after two hours; the ship confirmation starts the shipment.
    const anonymous = (body: object) =>
      t.app.inject({ method: 'POST', url: '/api/sandbox/distributors/advance', payload: body });
    const support = await caller(t.app, 'support');
    const soon = new Date(Date.parse(d.createdAt) + 3 * 3_600_000).toISOString();
    const accepted = await supportAdvance(support, { reference: d.reference, at: soon });
    expect(accepted).toMatchObject({ status: 'accepted', trackingNumber: null });
    expect((await anonymous({ reference: d.reference })).statusCode).toBe(401);
    const shipped = await supportAdvance(support, { reference: d.reference, status: 'shipped' });
    expect(shipped.status).toBe('shipped');
    expect(shipped.trackingNumber).toMatch(/^[A-Z]{3}\d{13}$/);
    expect(shipped.shipmentId).toBeGreaterThan(0);

    const cookie = o.shopper.cookie;
    let seen = (await t.app.inject({ url: `/api/order/${o.orderId}/shipments`, headers: { cookie } })).json();
    expect(seen.shipments).toHaveLength(1);
    expect(seen.shipments[0]).toMatchObject({
      trackingNumber: shipped.trackingNumber,
      status: 'label_created',
    });
    const tracked = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/trackhub/advance',
      headers: { cookie },
      payload: { trackingNumber: shipped.trackingNumber, status: 'delivered' },
    });
    expect(tracked.json()).toMatchObject({ status: 'delivered' });
    seen = (await t.app.inject({ url: `/api/order/${o.orderId}/shipments`, headers: { cookie } })).json();
    expect(seen).toMatchObject({ state: 'delivered', units: { ordered: 4, delivered: 4 } });
    const order = (await t.app.inject({ url: `/api/order/${o.orderId}`, headers: { cookie } })).json();
    expect(order.status).toBe('delivered');

    // A shipped order cannot be cancelled, nor shipped twice.
    const cancel = await o.sales('POST', `/api/v1/distributor/order/${d.distributorOrderId}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.headers['content-type']).toContain('application/problem+json');
  });

  it('answers 409 for more units than are unrouted or than the distributor has, and frees units on cancel', async () => {
    const o = await unroutedOrder();
    const send = (quantity: number, distributor: string = o.distributor) =>
      o.sales('POST', `/api/v1/order/${o.orderId}/distributors`, {
        distributor,
        items: [{ orderItemId: o.item.orderItemId, quantity }],
      });
    expect((await send(5)).statusCode).toBe(409);
    const none = distributors.find((d) => !catalogueOf(d, o.product.product.id));
    if (none) expect((await send(1, none)).statusCode).toBe(409);
    const first = await send(3);
    expect(first.statusCode).toBe(200);
    expect((await send(2)).statusCode).toBe(409);
    // The order counts the distributor's units as routed: one is left, and no warehouse may take more.
    const detail = (await o.sales('GET', `/api/v1/order/${o.orderId}`)).json();
    expect(detail.orderItems[0].unroutedQuantity).toBe(1);
    const routed = await o.sales('POST', `/api/v1/order/${o.orderId}/sub`, {
      warehouseId: o.product.warehouses[0].id,
      items: [{ orderItemId: o.item.orderItemId, quantity: 2 }],
    });
    expect(routed.statusCode).toBe(409);
    const id = first.json().distributorOrderId;
    const cancelled = await o.sales('POST', `/api/v1/distributor/order/${id}/cancel`);
    expect(cancelled.json().status).toBe('cancelled');
    expect((await o.sales('POST', `/api/v1/distributor/order/${id}/cancel`)).statusCode).toBe(409);
    expect((await send(4)).statusCode).toBe(200);
  });

  it('answers 400 for a bad body, 404 for unknown ids, 403 for buyers and suppliers', async () => {
    const o = await unroutedOrder();
    const other = await unroutedOrder();
    const path = `/api/v1/order/${o.orderId}/distributors`;
    for (const body of [
      { distributor: 'acme', items: [{ orderItemId: o.item.orderItemId, quantity: 1 }] },
      { distributor: o.distributor, items: [{ orderItemId: o.item.orderItemId, quantity: 0 }] },
      { distributor: o.distributor, items: [] },
      { distributor: o.distributor, items: [{ orderItemId: other.item.orderItemId, quantity: 1 }] },
    ]) {
      const res = await o.sales('POST', path, body);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    const body = { distributor: o.distributor, items: [{ orderItemId: o.item.orderItemId, quantity: 1 }] };
    expect((await o.sales('POST', '/api/v1/order/99999999/distributors', body)).statusCode).toBe(404);
    expect((await o.sales('GET', '/api/v1/order/99999999/distributors')).statusCode).toBe(404);
    expect((await o.sales('POST', '/api/v1/distributor/order/99999999/cancel')).statusCode).toBe(404);
    expect((await o.sales('GET', '/api/v1/vendor/wheelway/order?reference=WWY-999999-9')).statusCode).toBe(
      404,
    );
    const buyer = (m: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method: m, url, headers: { cookie: o.shopper.cookie }, ...(payload && { payload }) });
    expect((await buyer('POST', path, body)).statusCode).toBe(403);
    expect((await buyer('GET', path)).statusCode).toBe(403);
    expect((await o.supplier('POST', path, body)).statusCode).toBe(403);
    expect((await o.supplier('GET', listPath[o.distributor])).statusCode).toBe(403);
    expect((await o.sales('GET', path)).json().list[0].unrouted).toBe(4);
  });
});

async function supportAdvance(support: Awaited<ReturnType<typeof caller>>, body: object) {
  const res = await support('POST', '/api/sandbox/distributors/advance', body);
  expect(res.statusCode).toBe(200);
  return res.json();
}
