// The bill run pays an installer company the services (mount and balance, valve kit, disposal)
// its mounted orders were sold with, as their own item beside the mounting labour, each order
// once (docs/aftersales.md, bills; docs/installer.md). The services per tire are what the order's
// lines stored at pricing (order_items.services_unit_cents); the test writes them as pricing would.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems } from '../../db/schema';
import { type Caller, caller } from '../../test/admin-client';
import { createCompany, createLocation, createUser, FACTORY_PASSWORD } from '../../test/factories';
import { cartBody, createShopper, stockedProduct } from '../../test/factories-orders';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Item = {
  kind: string;
  orderId: number | null;
  quantity: number;
  unitCents: number;
  amountCents: number;
};

let t: TestApp;
let finance: Caller;
beforeAll(async () => {
  t = await createTestApp();
  finance = await caller(t.app, 'finance');
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);

async function createInstaller() {
  const company = await createCompany(t.db, { kind: 'installer' });
  const bay = await createLocation(t.db, company.id, {
    installer: 1,
    zip: '85004',
    city: 'Phoenix',
    state: 'AZ',
  });
  const user = await createUser(t.db, { role: 'installer', companyId: company.id, locationIds: [bay.id] });
  const cookie = await signIn(t.app, user.username, FACTORY_PASSWORD);
  const as = (method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
  return { company, bay, as };
}

/** A buyer orders `tires` to the bay and pays; its lines carry `servicesUnitCents` per tire. */
async function orderToBay(bayId: number, tires: number, servicesUnitCents: number) {
  const shopper = await createShopper(t.app, t.db);
  const p = await stockedProduct(t.db, [{ zip: '85004', quantity: 10 }]);
  const as = (method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: shopper.cookie }, ...(payload && { payload }) });
  await as('POST', '/api/cart', cartBody(p, tires));
  expect(
    (await as('PUT', '/api/cart/shipping', { kind: 'installer', installerLocationId: bayId })).statusCode,
  ).toBe(200);
  const placed = await as('POST', '/api/cart/checkout', {
    paymentMethod: 'card',
    card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const orderId = placed.json().orderId as number;
  await t.db.update(orderItems).set({ servicesUnitCents }).where(eq(orderItems.orderId, orderId));
  return orderId;
}

const billRun = (companyId: number) =>
  finance('POST', '/api/v1/bill', { companyId, periodStart: '2020-01-01', periodEnd: today() });

const ofOrders = (bill: { items: Item[] }) => bill.items.filter((i) => i.orderId !== null);

describe('installer services on the bill run', () => {
  it("bills a mounted order's services as their own item beside its labour, once; unmounted or service-free orders are not", async () => {
    const { company, bay, as } = await createInstaller();
    const mount = async (orderId: number, labourCents: number) => {
      for (const body of [{ status: 'received' }, { status: 'mounted', labourCents }]) {
        const res = await as('PUT', '/api/installer/order', { orderId, ...body });
        expect(res.statusCode, res.body).toBe(200);
      }
    };
    const mounted = await orderToBay(bay.id, 4, 3_650);
    await mount(mounted, 2_000);
    // Services sold but the tires not mounted yet: not billed.
    const waiting = await orderToBay(bay.id, 2, 3_650);
    // Mounted without services sold (none published then): only its labour.
    const plain = await orderToBay(bay.id, 2, 0);
    await mount(plain, 1_500);

    const first = await billRun(company.id);
    expect(first.statusCode, first.body).toBe(201);
    const bill = first.json().data;
    expect(
      ofOrders(bill).map((i: Item) => [i.kind, i.orderId, i.quantity, i.unitCents, i.amountCents]),
    ).toEqual([
      ['labour', mounted, 1, 2_000, 2_000],
      ['labour', plain, 1, 1_500, 1_500],
      ['services', mounted, 4, 3_650, 14_600],
    ]);
    expect(bill.items.find((i: Item) => i.kind === 'services').description).toMatch(
      /^Installer services on order .+ \(4 tires\)$/,
    );
    expect(bill).toMatchObject({ labourCents: 3_500, servicesCents: 14_600, totalCents: 18_100 });

    // Mounted later: the next run bills its services, and never the first order's again.
    await mount(waiting, 1_000);
    const second = (await billRun(company.id)).json().data;
    expect(ofOrders(second).map((i: Item) => [i.kind, i.orderId, i.amountCents])).toEqual([
      ['labour', waiting, 1_000],
      ['services', waiting, 7_300],
    ]);
    const refreshed = await finance('PUT', `/api/v1/bill/${bill.billId}`, { refresh: true });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(ofOrders(refreshed.json().data)).toHaveLength(3);

    // Voiding the first bill releases its labour and its services: the next run bills both again.
    expect((await finance('POST', `/api/v1/bill/${bill.billId}`, { action: 'void' })).statusCode).toBe(200);
    const again = (await billRun(company.id)).json().data;
    expect(ofOrders(again).map((i: Item) => [i.kind, i.orderId])).toEqual([
      ['labour', mounted],
      ['labour', plain],
      ['services', mounted],
    ]);
  });
});
