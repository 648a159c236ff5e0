import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPayload } from '../../integrations/payments/webhook-signature';
import { caller } from '../../test/admin-client';
import { confirmedOrder } from '../../test/factories-logistics';
import { createShopper } from '../../test/factories-orders';
import { createTestApp, type TestApp } from '../../test/test-app';
import { deliveredUnits } from './logistics.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A confirmed order split across two warehouses, each part labeled: two shipments. */
async function twoShipments() {
  const o = await confirmedOrder(
    t.app,
    t.db,
    [
      { zip: '75201', quantity: 2 },
      { zip: '43215', quantity: 2 },
    ],
    4,
  );
  const tracking: string[] = [];
  for (const id of o.lineIds) {
    const f = (await o.supplier('POST', '/api/v1/fulfillment', { supplierLineIds: [id] })).json().data;
    const bought = await o.supplier('POST', '/api/v1/fulfillment/label/gen', {
      fulfillmentId: f.fulfillmentId,
      courier: 'swiftship',
      service: 'ground',
    });
    tracking.push(bought.json().label.trackingNumber);
  }
  return { ...o, tracking };
}

const advance = (cookie: string, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/sandbox/trackhub/advance', headers: { cookie }, payload: body });

const delivery = (cookie: string, orderId: number) =>
  t.app.inject({ url: `/api/order/${orderId}/shipments`, headers: { cookie } });

const webhook = (raw: string, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/trackhub',
    headers: { 'content-type': 'application/json', ...(signature && { 'x-webhook-signature': signature }) },
    payload: raw,
  });

describe('shipments and tracking', () => {
  it('moves the order to partially shipped, shipped, then delivered only when every unit arrived', async () => {
    const { shopper, orderId, tracking } = await twoShipments();
    const cookie = shopper.cookie;
    const first = await advance(cookie, { trackingNumber: tracking[0], status: 'delivered' });
    expect(first.json()).toMatchObject({ status: 'delivered', sent: 1 });
    let seen = (await delivery(cookie, orderId)).json();
    expect(seen).toMatchObject({
      state: 'partially_delivered',
      units: { ordered: 4, left: 2, delivered: 2 },
    });
    const timeline = seen.shipments[0].events.map((e: { status: string }) => e.status);
    expect(timeline).toEqual(['label_created', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered']);
    let order = (await t.app.inject({ url: `/api/order/${orderId}`, headers: { cookie } })).json();
    expect(order.status).toBe('partially_shipped');

    await advance(cookie, { trackingNumber: tracking[1], status: 'in_transit' });
    order = (await t.app.inject({ url: `/api/order/${orderId}`, headers: { cookie } })).json();
    expect(order.status).toBe('shipped');
    await advance(cookie, { trackingNumber: tracking[1], status: 'delivered' });
    seen = (await delivery(cookie, orderId)).json();
    expect(seen.state).toBe('delivered');
    order = (await t.app.inject({ url: `/api/order/${orderId}`, headers: { cookie } })).json();
    expect(order.status).toBe('delivered');
    const units = await deliveredUnits(t.db, orderId);
    expect([...units.values()]).toEqual([4]);
  });

  it('follows the timetable when asked for the scans due by a time', async () => {
    const { shopper, tracking } = await twoShipments();
    const soon = new Date(Date.now() + 5 * 3_600_000).toISOString();
    expect((await advance(shopper.cookie, { trackingNumber: tracking[0], at: soon })).json()).toMatchObject({
      status: 'picked_up',
    });
    const later = new Date(Date.now() + 10 * 24 * 3_600_000).toISOString();
    expect((await advance(shopper.cookie, { trackingNumber: tracking[0], at: later })).json()).toMatchObject({
      status: 'delivered',
    });
  });

  it('refuses unsigned, forged and replayed webhooks, changing nothing', async () => {
    const { shopper, orderId, tracking } = await twoShipments();
    const raw = JSON.stringify({
      id: `evt-${tracking[0]}`,
      type: 'tracking.update',
      data: {
        trackingNumber: tracking[0],
        status: 'in_transit',
        location: 'Dallas, TX',
        at: new Date().toISOString(),
      },
    });
    expect((await webhook(raw)).statusCode).toBe(401);
    expect((await webhook(raw, signPayload('not-the-secret-at-all', raw))).statusCode).toBe(401);
    expect(
      (await webhook(raw, signPayload('sandbox-trackhub-webhook-secret', raw, 1_000_000))).statusCode,
    ).toBe(401);
    expect((await delivery(shopper.cookie, orderId)).json().units.left).toBe(0);
    const ok = await webhook(raw, signPayload('sandbox-trackhub-webhook-secret', raw));
    expect(ok.json()).toEqual({ received: true, applied: true });
    expect((await webhook(raw, signPayload('sandbox-trackhub-webhook-secret', raw))).statusCode).toBe(409);
    const s = (await delivery(shopper.cookie, orderId)).json().shipments[0];
    expect(s.events.at(-1)).toMatchObject({
      status: 'in_transit',
      location: 'Dallas, TX',
      source: 'webhook',
    });
  });

  it('lets support move a shipment by its table (409 otherwise) and keeps other companies out (404)', async () => {
    const { shopper, orderId, tracking } = await twoShipments();
    const list = (await delivery(shopper.cookie, orderId)).json().shipments;
    const id = list[0].shipmentId;
    const support = await caller(t.app, 'support');
    const illegal = await support('PUT', `/api/v1/shipment/${id}/status`, { status: 'returned_to_sender' });
    expect(illegal.statusCode).toBe(409);
    expect(illegal.json()).toMatchObject({ code: 'invalid_transition', current: 'label_created' });
    expect(
      (await support('PUT', `/api/v1/shipment/${id}/status`, { status: 'exception', note: 'flat box' }))
        .statusCode,
    ).toBe(200);
    expect((await support('PUT', `/api/v1/shipment/${id}/status`, { status: 'bogus' })).statusCode).toBe(400);
    const clerk = await caller(t.app, 'clerk');
    expect((await clerk('PUT', `/api/v1/shipment/${id}/status`, { status: 'in_transit' })).statusCode).toBe(
      403,
    );
    const stranger = await createShopper(t.app, t.db);
    expect((await delivery(stranger.cookie, orderId)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/v1/shipment/${id}`, headers: { cookie: stranger.cookie } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/v1/shipment/${id}`, headers: { cookie: shopper.cookie } })).statusCode,
    ).toBe(200);
    const mine = (await t.app.inject({ url: '/api/v1/shipment', headers: { cookie: shopper.cookie } })).json()
      .data;
    expect(mine.list.map((s: { trackingNumber: string }) => s.trackingNumber).sort()).toEqual(
      [...tracking].sort(),
    );
    const staffList = (await support('GET', `/api/v1/order/shipment?orderId=${orderId}`)).json().data;
    expect(staffList.count).toBe(2);
    expect((await support('GET', '/api/v1/shipment/999999999')).statusCode).toBe(404);
  });

  it('records a shipment by hand for units still waiting, not more', async () => {
    const { orderId } = await confirmedOrder(t.app, t.db, [{ zip: '75201', quantity: 5 }], 3);
    const support = await caller(t.app, 'support');
    const order = (await support('GET', `/api/v1/order/${orderId}`)).json();
    const itemId = order.orderItems[0].orderItemId;
    const body = {
      orderId,
      courier: 'freightco',
      trackingNumber: `FR-${orderId}`,
      shipFromZip: '75201',
      items: [{ orderItemId: itemId, quantity: 4 }],
    };
    expect((await support('POST', '/api/v1/shipment', body)).statusCode).toBe(409);
    const made = await support('POST', '/api/v1/shipment', {
      ...body,
      items: [{ orderItemId: itemId, quantity: 3 }],
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().data).toMatchObject({ status: 'picked_up', courier: 'freightco' });
    expect((await support('POST', '/api/v1/shipment', { ...body, trackingNumber: 'x' })).statusCode).toBe(
      400,
    );
    expect((await support('GET', `/api/v1/order/${orderId}`)).json().status).toBe('shipped');
  });
});
