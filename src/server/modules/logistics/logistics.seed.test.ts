import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../test/admin-client';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the demo seed (logistics)', () => {
  it('has a fulfillment waiting, a shipment in transit and a delivered order', async () => {
    const support = await caller(t.app, 'support');
    const waiting = (await support('GET', '/api/v1/mts/fulfillments?status=new')).json().data;
    expect(waiting.count).toBeGreaterThan(0);
    const moving = (await support('GET', '/api/v1/shipment?status=in_transit')).json().data;
    expect(moving.count).toBeGreaterThan(0);
    const delivered = (await support('GET', '/api/v1/shipment?status=delivered')).json().data;
    expect(delivered.count).toBeGreaterThan(0);
    const order = (await support('GET', `/api/v1/order/${delivered.list[0].orderId}`)).json();
    expect(order.status).toBe('delivered');
    expect(delivered.list[0].events.map((e: { status: string }) => e.status)).toEqual([
      'label_created',
      'picked_up',
      'in_transit',
      'out_for_delivery',
      'delivered',
    ]);
  });

  it('has an order sent to a distributor, accepted, its units no longer unrouted', async () => {
    const support = await caller(t.app, 'support');
    const all = [];
    for (const path of [
      '/api/v1/vendor/tirewire/order',
      '/api/v1/vendor/rubberline/orders',
      '/api/v1/vendor/wheelway/orders',
    ])
      all.push(...(await support('GET', path)).json().list);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ status: 'accepted', lines: [{ quantity: 4 }] });
    const items = (await support('GET', `/api/v1/order/${all[0].orderId}/distributors`)).json().list;
    expect(items.map((i: { unrouted: number }) => i.unrouted)).toEqual([0]);
  });

  it('has the automatic distributor rule on for the reseller’s company only', async () => {
    const finance = await caller(t.app, 'finance');
    const list = (await finance('GET', '/api/v1/mts/company?pageSize=100')).json().data.list as {
      name: string;
      distributorAutoSend: string;
    }[];
    const on = list.filter((c) => c.distributorAutoSend !== 'off');
    expect(on.map((c) => [c.name, c.distributorAutoSend])).toEqual([['Demo Resale Tires', 'cheapest']]);
  });

  it("ships the demo's first order the real way: labels, tracking numbers and scans, none typed in", async () => {
    const support = await caller(t.app, 'support');
    const oldest = (await support('GET', '/api/v1/order?sort=placedAt&pageSize=1')).json().data.list[0];
    const order = (await support('GET', `/api/v1/order/${oldest.orderId}`)).json();
    expect(order).toMatchObject({ status: 'shipped', poNumber: 'FLEET-1001', trackingNumber: null });
    const shipments = (await support('GET', `/api/v1/shipment?orderId=${oldest.orderId}`)).json().data.list;
    expect(shipments.length).toBeGreaterThan(0);
    for (const s of shipments) {
      expect(s).toMatchObject({ courier: 'swiftship', status: 'in_transit' });
      expect(s.fulfillmentId).not.toBeNull();
      expect(s.trackingNumber).toMatch(/^SWS\d{13}$/);
      const steps = s.events.map((e: { status: string }) => e.status);
      expect([steps[0], steps.at(-1)]).toEqual(['label_created', 'in_transit']);
    }
    const units = shipments.flatMap((s: { items: { quantity: number }[] }) => s.items);
    expect(units.reduce((n: number, i: { quantity: number }) => n + i.quantity, 0)).toBe(6);
  });
});
