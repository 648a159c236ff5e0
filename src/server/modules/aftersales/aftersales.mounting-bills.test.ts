// The bill run pays an installer company the mounting labour of the orders it mounted, each order
// once (docs/aftersales.md, bills; docs/installer.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../test/admin-client';
import { createCompany, createLocation, createUser, FACTORY_PASSWORD } from '../../test/factories';
import { cartBody, createShopper, stockedProduct } from '../../test/factories-orders';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Item = { kind: string; orderId: number | null; amountCents: number; description: string };

let t: TestApp;
let finance: Caller;
let support: Caller;
let sales: Caller;
beforeAll(async () => {
  t = await createTestApp();
  finance = await caller(t.app, 'finance');
  support = await caller(t.app, 'support');
  sales = await caller(t.app, 'sales');
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);

/** A new installer company with one bay in Phoenix and a signed-in installer working there. */
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

/** A buyer orders two tires to the bay and pays by card; answers the order's id. */
async function orderToBay(bayId: number) {
  const shopper = await createShopper(t.app, t.db);
  const p = await stockedProduct(t.db, [{ zip: '85004', quantity: 10 }]);
  const as = (method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: shopper.cookie }, ...(payload && { payload }) });
  await as('POST', '/api/cart', cartBody(p, 2));
  expect(
    (await as('PUT', '/api/cart/shipping', { kind: 'installer', installerLocationId: bayId })).statusCode,
  ).toBe(200);
  const placed = await as('POST', '/api/cart/checkout', {
    paymentMethod: 'card',
    card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().orderId as number;
}

const billRun = (companyId: number) =>
  finance('POST', '/api/v1/bill', { companyId, periodStart: '2020-01-01', periodEnd: today() });

const mountingItems = (bill: { items: Item[] }) => bill.items.filter((i) => i.orderId !== null);

describe('mounting labour on the bill run', () => {
  it("bills each mounted order's labour once to its installer; cancelled or unmounted orders are not billed", async () => {
    const mine = await createInstaller();
    const other = await createInstaller();
    const step = async (as: typeof mine.as, orderId: number, body: object) => {
      const res = await as('PUT', '/api/installer/order', { orderId, ...body });
      expect(res.statusCode, res.body).toBe(200);
    };

    // Mounted with labour: billed.
    const mounted = await orderToBay(mine.bay.id);
    await step(mine.as, mounted, { status: 'received' });
    await step(mine.as, mounted, { status: 'mounted', labourCents: 8_000 });
    // Cancelled by the installer before mounting: not billed.
    const dropped = await orderToBay(mine.bay.id);
    await step(mine.as, dropped, { status: 'received' });
    await step(mine.as, dropped, { status: 'cancelled', note: 'Customer never came' });
    // Mounted, then undone by support: not billed (its labour stays on the row).
    const undone = await orderToBay(mine.bay.id);
    await step(mine.as, undone, { status: 'received' });
    await step(mine.as, undone, { status: 'mounted', labourCents: 5_000 });
    const correction = await support('PUT', '/api/v1/mts/installer/order', {
      orderId: undone,
      status: 'received',
      note: 'Mounted on the wrong order',
    });
    expect(correction.statusCode, correction.body).toBe(200);
    // The shop order cancelled: never reaches the bay, not billed.
    const gone = await orderToBay(mine.bay.id);
    expect(
      (await sales('POST', `/api/v1/order/${gone}/cancel`, { reason: 'Customer changed plans' })).statusCode,
    ).toBe(200);
    // Another installer's mount: on its own bill only.
    const elsewhere = await orderToBay(other.bay.id);
    await step(other.as, elsewhere, { status: 'received' });
    await step(other.as, elsewhere, { status: 'mounted', labourCents: 3_000 });

    const first = await billRun(mine.company.id);
    expect(first.statusCode, first.body).toBe(201);
    const bill = first.json().data;
    expect(mountingItems(bill)).toEqual([
      expect.objectContaining({
        kind: 'labour',
        orderId: mounted,
        quantity: 1,
        unitCents: 8_000,
        amountCents: 8_000,
      }),
    ]);
    expect(mountingItems(bill)[0].description).toMatch(/^Mounting labour on order /);
    expect(bill).toMatchObject({ labourCents: 8_000, totalCents: 8_000 });

    // A second run, and a refresh of the first bill, do not bill it again.
    const second = await billRun(mine.company.id);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data.items).toEqual([]);
    const refreshed = await finance('PUT', `/api/v1/bill/${bill.billId}`, { refresh: true });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(mountingItems(refreshed.json().data)).toHaveLength(1);

    // The other installer's bill carries only its own mount.
    const theirs = (await billRun(other.company.id)).json().data;
    expect(mountingItems(theirs).map((i: Item) => [i.orderId, i.amountCents])).toEqual([[elsewhere, 3_000]]);

    // Voiding the bill releases the labour: the next run bills it again, once.
    expect((await finance('POST', `/api/v1/bill/${bill.billId}`, { action: 'void' })).statusCode).toBe(200);
    const again = (await billRun(mine.company.id)).json().data;
    expect(mountingItems(again).map((i: Item) => i.orderId)).toEqual([mounted]);
  });
});
