import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/connection';
import { type Caller, caller } from '../../test/admin-client';
import { createCompany, createLocation, createUser, FACTORY_PASSWORD } from '../../test/factories';
import { confirmedOrder, createSupplierUser } from '../../test/factories-logistics';
import { cartBody, createShopper, stockedProduct } from '../../test/factories-orders';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let t: TestApp;
let support: Caller;
let sales: Caller;
beforeAll(async () => {
  t = await createTestApp();
  support = await caller(t.app, 'support');
  sales = await caller(t.app, 'sales');
});
afterAll(() => t.close());

/** A new installer company with one bay in Phoenix and a signed-in installer working there. */
async function createInstaller(app: FastifyInstance, db: DbOrTx) {
  const company = await createCompany(db, { kind: 'installer' });
  const bay = await createLocation(db, company.id, {
    installer: 1,
    zip: '85004',
    city: 'Phoenix',
    state: 'AZ',
  });
  const user = await createUser(db, { role: 'installer', companyId: company.id, locationIds: [bay.id] });
  const cookie = await signIn(app, user.username, FACTORY_PASSWORD);
  const as = (method: Method, url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
  return { company, bay, as };
}

/** A buyer of a new company orders four tires to the installer's bay and pays by card. */
async function orderToBay(bayId: number, quantity = 4) {
  const shopper = await createShopper(t.app, t.db);
  const p = await stockedProduct(t.db, [{ zip: '85004', quantity: 10 }]);
  const as = (method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: shopper.cookie }, ...(payload && { payload }) });
  await as('POST', '/api/cart', cartBody(p, quantity));
  const ship = await as('PUT', '/api/cart/shipping', { kind: 'installer', installerLocationId: bayId });
  expect(ship.statusCode, ship.body).toBe(200);
  const placed = await as('POST', '/api/cart/checkout', {
    paymentMethod: 'card',
    card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return { orderId: placed.json().orderId as number, shopper, as, product: p };
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

describe('GET /api/installer/order', () => {
  it("lists the bay's incoming orders with customer, tires and shipment state, and only its own", async () => {
    const mine = await createInstaller(t.app, t.db);
    const other = await createInstaller(t.app, t.db);
    const { orderId } = await orderToBay(mine.bay.id);
    await orderToBay(other.bay.id);

    const res = await mine.as('GET', '/api/installer/order');
    expect(res.statusCode, res.body).toBe(200);
    const { list, count } = res.json().data;
    expect(count).toBe(1);
    expect(list[0]).toMatchObject({
      orderId,
      status: 'incoming',
      next: ['scheduled', 'received', 'cancelled'],
      installerLocationId: mine.bay.id,
      labourCents: 0,
      shipment: { state: 'not_shipped', unitsOrdered: 4, unitsDelivered: 0 },
      customer: { contactName: 'Test User' },
    });
    expect(list[0].tires).toHaveLength(1);
    expect(list[0].tires[0]).toMatchObject({ quantity: 4, delivered: 0 });

    const one = await mine.as('GET', `/api/installer/order?orderId=${orderId}`);
    expect(one.json().data.list.map((o: { orderId: number }) => o.orderId)).toEqual([orderId]);
  });

  it("answers 404 for another bay's order, 403 to a buyer, a supplier or an installer away from a bay, 400 for a bad filter", async () => {
    const mine = await createInstaller(t.app, t.db);
    const other = await createInstaller(t.app, t.db);
    const { orderId, as: buyer } = await orderToBay(mine.bay.id);
    expect((await other.as('GET', `/api/installer/order?orderId=${orderId}`)).statusCode).toBe(404);
    expect((await buyer('GET', '/api/installer/order')).statusCode).toBe(403);
    const supplier = await createSupplierUser(
      t.app,
      t.db,
      (await createCompany(t.db, { kind: 'supplier' })).id,
    );
    expect((await supplier('GET', '/api/installer/order')).statusCode).toBe(403);
    // An installer user whose current location has no installer flag.
    const company = await createCompany(t.db, { kind: 'installer' });
    const office = await createLocation(t.db, company.id, { installer: 0 });
    const user = await createUser(t.db, {
      role: 'installer',
      companyId: company.id,
      locationIds: [office.id],
    });
    const cookie = await signIn(t.app, user.username, FACTORY_PASSWORD);
    const away = await t.app.inject({ url: '/api/installer/order', headers: { cookie } });
    expect(away.statusCode).toBe(403);
    const bad = await mine.as('GET', '/api/installer/order?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].pointer).toBe('/querystring/status');
    expect((await t.app.inject({ url: '/api/installer/order' })).statusCode).toBe(401);
  });
});

describe('PUT /api/installer/order', () => {
  it('schedules, receives and mounts with the labour, logging each step; staff see the same', async () => {
    const { bay, as } = await createInstaller(t.app, t.db);
    const { orderId } = await orderToBay(bay.id);
    const at = tomorrow();
    const scheduled = await as('PUT', '/api/installer/order', {
      orderId,
      status: 'scheduled',
      appointmentAt: at,
      vehicle: '2020 Toyota Tacoma',
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json().data).toMatchObject({
      status: 'scheduled',
      appointmentAt: new Date(at).toISOString(),
      vehicle: '2020 Toyota Tacoma',
      next: ['received', 'cancelled'],
    });
    const received = await as('PUT', '/api/installer/order', { orderId, status: 'received' });
    expect(received.json().data.status).toBe('received');
    expect(received.json().data.receivedAt).not.toBeNull();
    const mounted = await as('PUT', '/api/installer/order', {
      orderId,
      status: 'mounted',
      labourCents: 8_000,
      note: 'Balanced and torqued',
    });
    expect(mounted.statusCode, mounted.body).toBe(200);
    expect(mounted.json().data).toMatchObject({ status: 'mounted', labourCents: 8_000, next: [] });
    expect(mounted.json().data.mountedAt).not.toBeNull();
    expect(mounted.json().data.log.map((l: { toStatus: string }) => l.toStatus)).toEqual([
      'scheduled',
      'received',
      'mounted',
    ]);
    // Staff see the same order in the console list.
    const staff = await support('GET', `/api/v1/mts/installer/order?orderId=${orderId}`);
    expect(staff.json().data.list[0]).toMatchObject({
      status: 'mounted',
      labourCents: 8_000,
      next: ['received'],
    });
  });

  it('answers 409 on an illegal move and on a cancelled order, 400 for missing appointment or labour', async () => {
    const { bay, as } = await createInstaller(t.app, t.db);
    const { orderId } = await orderToBay(bay.id);
    const skip = await as('PUT', '/api/installer/order', { orderId, status: 'mounted', labourCents: 5_000 });
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toMatchObject({ code: 'invalid_transition', current: 'incoming', wanted: 'mounted' });

    const noDate = await as('PUT', '/api/installer/order', { orderId, status: 'scheduled' });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().errors).toEqual([
      { pointer: '/body/appointmentAt', detail: 'is needed to schedule' },
    ]);
    const past = await as('PUT', '/api/installer/order', {
      orderId,
      status: 'scheduled',
      appointmentAt: '2020-01-01T10:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    const early = await as('PUT', '/api/installer/order', { orderId, labourCents: 100 });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors[0].pointer).toBe('/body/labourCents');

    await as('PUT', '/api/installer/order', { orderId, status: 'received' });
    const noLabour = await as('PUT', '/api/installer/order', { orderId, status: 'mounted' });
    expect(noLabour.statusCode).toBe(400);
    const negative = await as('PUT', '/api/installer/order', { orderId, status: 'mounted', labourCents: -5 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errors[0].pointer).toBe('/body/labourCents');

    // Nothing was half-written: the order is still received, with no labour.
    const seen = (await as('GET', `/api/installer/order?orderId=${orderId}`)).json().data.list[0];
    expect(seen).toMatchObject({ status: 'received', labourCents: 0, mountedAt: null });

    // The installer cancels its installation: nothing more may change on it.
    const dropped = await orderToBay(bay.id);
    const cancelled = await as('PUT', '/api/installer/order', {
      orderId: dropped.orderId,
      status: 'cancelled',
    });
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', next: [] });
    const after = await as('PUT', '/api/installer/order', { orderId: dropped.orderId, vehicle: 'Van' });
    expect(after.statusCode).toBe(409);

    const gone = await orderToBay(bay.id);
    const cancel = await sales('POST', `/api/v1/order/${gone.orderId}/cancel`, {
      reason: 'Customer changed plans',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const late = await as('PUT', '/api/installer/order', { orderId: gone.orderId, status: 'received' });
    expect(late.statusCode).toBe(409);
  });

  it("answers 404 for another bay's or an unknown order and 403 to a buyer or a supplier", async () => {
    const mine = await createInstaller(t.app, t.db);
    const other = await createInstaller(t.app, t.db);
    const { orderId, as: buyer } = await orderToBay(mine.bay.id);
    const body = { orderId, status: 'received' };
    expect((await other.as('PUT', '/api/installer/order', body)).statusCode).toBe(404);
    expect((await mine.as('PUT', '/api/installer/order', { ...body, orderId: 999_999_999 })).statusCode).toBe(
      404,
    );
    expect((await buyer('PUT', '/api/installer/order', body)).statusCode).toBe(403);
    const supplier = await createSupplierUser(
      t.app,
      t.db,
      (await createCompany(t.db, { kind: 'supplier' })).id,
    );
    expect((await supplier('PUT', '/api/installer/order', body)).statusCode).toBe(403);
    // An order delivered elsewhere is not an installer order.
    const elsewhere = await confirmedOrder(t.app, t.db);
    expect(
      (await support('PUT', '/api/v1/mts/installer/order', { ...body, orderId: elsewhere.orderId }))
        .statusCode,
    ).toBe(404);
    expect((await mine.as('GET', `/api/installer/order?orderId=${orderId}`)).json().data.list[0].status).toBe(
      'incoming',
    );
  });
});

describe('/api/v1/mts/installer/order', () => {
  it('lets support undo a mistaken mount and filter by bay; sales may read but not correct; an installer may not', async () => {
    const { bay, as } = await createInstaller(t.app, t.db);
    const { orderId } = await orderToBay(bay.id);
    await as('PUT', '/api/installer/order', { orderId, status: 'received' });
    await as('PUT', '/api/installer/order', { orderId, status: 'mounted', labourCents: 6_000 });
    const undone = await support('PUT', '/api/v1/mts/installer/order', {
      orderId,
      status: 'received',
      note: 'Mounted on the wrong order',
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().data).toMatchObject({ status: 'received', mountedAt: null, labourCents: 6_000 });
    const fixed = await support('PUT', '/api/v1/mts/installer/order', { orderId, labourCents: 0 });
    expect(fixed.json().data.labourCents).toBe(0);

    const byBay = await sales('GET', `/api/v1/mts/installer/order?installerLocationId=${bay.id}`);
    expect(byBay.json().data).toMatchObject({ count: 1 });
    expect(
      (await sales('PUT', '/api/v1/mts/installer/order', { orderId, status: 'mounted' })).statusCode,
    ).toBe(403);
    expect((await as('GET', '/api/v1/mts/installer/order')).statusCode).toBe(403);
    expect(
      (await support('PUT', '/api/v1/mts/installer/order', { orderId, status: 'lost' })).statusCode,
    ).toBe(400);
    expect((await support('GET', '/api/v1/mts/installer/order?orderId=999999999')).statusCode).toBe(404);
    const illegal = await support('PUT', '/api/v1/mts/installer/order', { orderId, status: 'incoming' });
    expect(illegal.statusCode).toBe(409);
    expect(illegal.json()).toMatchObject({
      code: 'invalid_transition',
      current: 'received',
      wanted: 'incoming',
    });
  });
});

describe('the demo installer', () => {
  it('has two orders of Demo Fleet Services, one of them scheduled', async () => {
    const installer = await caller(t.app, 'installer');
    const res = await installer('GET', '/api/installer/order');
    const list = res.json().data.list as { status: string; customer: { companyName: string } }[];
    expect(list).toHaveLength(2);
    expect(list.map((o) => o.customer.companyName)).toEqual(['Demo Fleet Services', 'Demo Fleet Services']);
    expect(list.map((o) => o.status).sort()).toEqual(['incoming', 'scheduled']);
  });
});
