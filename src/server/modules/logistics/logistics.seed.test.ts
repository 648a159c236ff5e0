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
});
