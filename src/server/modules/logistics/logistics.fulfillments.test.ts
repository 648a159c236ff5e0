import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parcelRateCents } from '../../../domain/shipping';
import { milesBetween } from '../../integrations/geo/zip-geo';
import { caller } from '../../test/admin-client';
import { confirmedOrder, createSupplierUser } from '../../test/factories-logistics';
import { createCompany } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('fulfillments', () => {
  it('proposes confirmed lines, groups them, rates them and buys a label that starts a shipment', async () => {
    const { supplier, orderId, lineIds } = await confirmedOrder(t.app, t.db);
    const proposed = (await supplier('GET', '/api/v1/fulfillment/new')).json().list;
    const group = proposed.find((g: { orderId: number }) => g.orderId === orderId);
    expect(group.lines.map((l: { supplierLineId: number }) => l.supplierLineId)).toEqual(lineIds);

    const created = await supplier('POST', '/api/v1/fulfillment', { supplierLineIds: lineIds });
    expect(created.statusCode).toBe(201);
    const f = created.json().data;
    expect(f).toMatchObject({
      status: 'new',
      orderId,
      packages: 4,
      weightLbs: 100,
      next: ['rated', 'labeled', 'cancelled'],
    });
    expect(f.shipTo.zip).toBe('78701');
    expect(
      (await supplier('GET', '/api/v1/fulfillment/new'))
        .json()
        .list.some((g: { orderId: number }) => g.orderId === orderId),
    ).toBe(false);

    const rates = (await supplier('GET', `/api/v1/fulfillment/${f.fulfillmentId}/rates`)).json();
    expect(rates.list).toHaveLength(6);
    const miles = milesBetween('75201', '78701');
    const ground = rates.list.find(
      (r: { courier: string; service: string }) => r.courier === 'swiftship' && r.service === 'ground',
    );
    expect(ground.rateCents).toBe(4 * parcelRateCents('swiftship', 'ground', { weightLbs: null, miles }));

    const chosen = await supplier('PUT', '/api/v1/fulfillment', {
      fulfillmentId: f.fulfillmentId,
      courier: 'parcelpost',
      service: 'two_day',
    });
    expect(chosen.json().data).toMatchObject({ status: 'rated', courier: 'parcelpost', service: 'two_day' });

    const bought = await supplier('POST', '/api/v1/fulfillment/label/gen', {
      fulfillmentId: f.fulfillmentId,
    });
    expect(bought.statusCode).toBe(201);
    const { data, label } = bought.json();
    expect(label.trackingNumber).toMatch(/^PPX\d{13}$/);
    expect(data).toMatchObject({
      status: 'labeled',
      shipment: { status: 'label_created', trackingNumber: label.trackingNumber },
    });

    const pdf = await supplier('GET', `/api/v1/mts/fulfillments/labels?ids[]=${f.fulfillmentId}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A page per package, each 4×6 inches (288 × 432 points).
    const text = pdf.rawPayload.toString('latin1');
    expect(text.match(/\/Type \/Page\b/g)).toHaveLength(4);
    expect(text).toContain('/MediaBox [0 0 288 432]');

    const labels = await (await caller(t.app, 'support'))('GET', `/api/v1/order/${orderId}/labels`);
    expect(labels.json().list).toEqual([
      expect.objectContaining({
        trackingNumber: label.trackingNumber,
        packages: 4,
        fromZip: '75201',
        toZip: '78701',
        status: 'active',
      }),
    ]);
  });

  it('cancelling voids the label and lets the lines go into a new fulfillment', async () => {
    const { supplier, lineIds } = await confirmedOrder(t.app, t.db);
    const f = (await supplier('POST', '/api/v1/fulfillment', { supplierLineIds: lineIds })).json().data;
    await supplier('POST', '/api/v1/fulfillment/label/gen', {
      fulfillmentId: f.fulfillmentId,
      courier: 'swiftship',
      service: 'ground',
    });
    const again = await supplier('POST', '/api/v1/fulfillment', { supplierLineIds: lineIds });
    expect(again.statusCode).toBe(409);
    const cancelled = await supplier('POST', `/api/v1/fulfillment/${f.fulfillmentId}/cancel`, {
      note: 'wrong tires',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', shipment: null });
    expect(cancelled.json().data.labels[0].status).toBe('voided');
    const twice = await supplier('POST', `/api/v1/fulfillment/${f.fulfillmentId}/cancel`, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'invalid_transition',
      current: 'cancelled',
      wanted: 'cancelled',
    });
    expect((await supplier('POST', '/api/v1/fulfillment', { supplierLineIds: lineIds })).statusCode).toBe(
      201,
    );
  });

  it('checks the address it ships to, and fixes it once labeled', async () => {
    const { supplier, lineIds } = await confirmedOrder(t.app, t.db);
    const f = (await supplier('POST', '/api/v1/fulfillment', { supplierLineIds: lineIds })).json().data;
    const url = `/api/v1/fulfillment/${f.fulfillmentId}/address`;
    const wrong = await supplier('PUT', url, {
      address: { name: 'Dock 4', address1: '1 Main St', city: 'Dallas', state: 'TX', zip: '78701' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].pointer).toBe('/body/address/zip');
    const right = await supplier('PUT', url, {
      address: { name: 'Dock 4', address1: '1 Main St', city: 'x', state: 'tx', zip: '78702' },
    });
    expect(right.json().data.shipTo).toMatchObject({ city: 'Austin', state: 'TX', zip: '78702' });
    await supplier('POST', '/api/v1/fulfillment/label/gen', {
      fulfillmentId: f.fulfillmentId,
      courier: 'swiftship',
      service: 'ground',
    });
    const late = await supplier('PUT', url, {
      address: { name: 'Dock 4', address1: '1 Main St', city: 'x', state: 'TX', zip: '78701' },
    });
    expect(late.statusCode).toBe(409);
  });

  it('refuses bad input (400), lines of two warehouses (400) and a label without a rate (400)', async () => {
    const { supplier, lineIds } = await confirmedOrder(t.app, t.db, [
      { zip: '75201', quantity: 2 },
      { zip: '43215', quantity: 2 },
    ]);
    expect(lineIds).toHaveLength(2);
    expect((await supplier('POST', '/api/v1/fulfillment', { supplierLineIds: [] })).statusCode).toBe(400);
    const mixed = await supplier('POST', '/api/v1/fulfillment', { supplierLineIds: lineIds });
    expect(mixed.statusCode).toBe(400);
    const f = (await supplier('POST', '/api/v1/fulfillment', { supplierLineIds: [lineIds[0]] })).json().data;
    const noRate = await supplier('POST', '/api/v1/fulfillment/label/gen', {
      fulfillmentId: f.fulfillmentId,
    });
    expect(noRate.statusCode).toBe(400);
    const badCourier = await supplier('PUT', '/api/v1/fulfillment', {
      fulfillmentId: f.fulfillmentId,
      courier: 'nope',
      service: 'ground',
    });
    expect(badCourier.statusCode).toBe(400);
  });

  it('keeps each supplier to its own (404), buyers out (403), and lets staff convert an order', async () => {
    const { orderId, lineIds } = await confirmedOrder(t.app, t.db);
    const other = await createSupplierUser(t.app, t.db, (await createCompany(t.db, { kind: 'supplier' })).id);
    expect((await other('POST', '/api/v1/fulfillment', { supplierLineIds: lineIds })).statusCode).toBe(404);
    const clerk = await caller(t.app, 'clerk');
    expect((await clerk('GET', '/api/v1/fulfillment')).statusCode).toBe(403);
    expect((await clerk('POST', '/api/v1/fulfillment', { supplierLineIds: lineIds })).statusCode).toBe(403);
    const sales = await caller(t.app, 'sales');
    expect((await sales('POST', '/api/v1/mts/convert', { orderId })).statusCode).toBe(403);
    const support = await caller(t.app, 'support');
    const converted = await support('POST', '/api/v1/mts/convert', { orderId });
    expect(converted.statusCode).toBe(200);
    const [f] = converted.json().list;
    expect(f.lines.map((l: { supplierLineId: number }) => l.supplierLineId)).toEqual(lineIds);
    expect((await other('GET', `/api/v1/fulfillment/${f.fulfillmentId}`)).statusCode).toBe(404);
    expect((await other('GET', `/api/v1/mts/fulfillments/labels?ids[]=${f.fulfillmentId}`)).statusCode).toBe(
      404,
    );
    expect((await other('GET', '/api/v1/fulfillment')).json().data.list).toEqual([]);
    expect((await support('POST', '/api/v1/mts/convert', { orderId })).statusCode).toBe(409);
    const statuses = (await support('GET', '/api/v1/fulfillment/status')).json();
    expect(statuses.transitions.labeled).toContain('cancelled');
    const fixed = await support('PUT', '/api/v1/mts/fulfillments', {
      fulfillments: [{ fulfillmentId: f.fulfillmentId, status: 'exception', note: 'damaged' }],
    });
    expect(fixed.statusCode).toBe(409);
    expect((await support('GET', `/api/v1/mts/fulfillments?orderId=${orderId}`)).json().data.count).toBe(1);
  });
});
