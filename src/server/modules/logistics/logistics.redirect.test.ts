import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../test/admin-client';
import { confirmedOrder } from '../../test/factories-logistics';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const denver = {
  kind: 'address',
  address: { name: 'Yard', address1: '1 blake street', city: 'denver', state: 'CO', zip: '80202' },
};

describe('PUT /api/v1/order/:id/shipping', () => {
  it('redirects a paid order that has not left; its open fulfillment ships to the new address, charged shipping stays', async () => {
    const { supplier, orderId, lineIds } = await confirmedOrder(t.app, t.db);
    const f = (await supplier('POST', '/api/v1/fulfillment', { supplierLineIds: lineIds })).json().data;
    const sales = await caller(t.app, 'sales');
    const before = (await sales('GET', `/api/v1/order/${orderId}`)).json();
    const res = await sales('PUT', `/api/v1/order/${orderId}/shipping`, denver);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().delivery).toMatchObject({
      kind: 'address',
      zip: '80202',
      address: { address1: '1 Blake St', city: 'Denver' },
    });
    expect(res.json().totals.totalCents).toBe(before.totals.totalCents);
    const moved = (await supplier('GET', `/api/v1/fulfillment/${f.fulfillmentId}`)).json().data;
    expect(moved.shipTo).toMatchObject({ zip: '80202', city: 'Denver' });
  });

  it('400 on an address at fault or a bad kind, 403 for buyers and finance, 404 unknown order', async () => {
    const { orderId, shopper } = await confirmedOrder(t.app, t.db);
    const sales = await caller(t.app, 'sales');
    const url = `/api/v1/order/${orderId}/shipping`;
    const bad = await sales('PUT', url, {
      kind: 'address',
      address: { ...denver.address, city: 'Dallas', state: 'TX' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].pointer).toBe('/body/address/zip');
    expect((await sales('PUT', url, { kind: 'drone' })).statusCode).toBe(400);
    const buyer = await t.app.inject({
      method: 'PUT',
      url,
      headers: { cookie: shopper.cookie },
      payload: denver,
    });
    expect(buyer.statusCode).toBe(403);
    expect((await (await caller(t.app, 'finance'))('PUT', url, denver)).statusCode).toBe(403);
    expect((await sales('PUT', '/api/v1/order/999999999/shipping', denver)).statusCode).toBe(404);
  });

  it('409 once a label carries the old address', async () => {
    const { supplier, orderId, lineIds } = await confirmedOrder(t.app, t.db);
    const f = (await supplier('POST', '/api/v1/fulfillment', { supplierLineIds: lineIds })).json().data;
    const label = await supplier('POST', '/api/v1/fulfillment/label/gen', {
      fulfillmentId: f.fulfillmentId,
      courier: 'swiftship',
      service: 'ground',
    });
    expect(label.statusCode).toBeLessThan(300);
    const sales = await caller(t.app, 'support');
    const res = await sales('PUT', `/api/v1/order/${orderId}/shipping`, denver);
    expect(res.statusCode).toBe(409);
    expect((await sales('GET', `/api/v1/order/${orderId}`)).json().delivery.zip).toBe('78701');
  });
});
