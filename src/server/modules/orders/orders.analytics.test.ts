import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartBody, createShopper, stockedProduct } from '../../test/factories-orders';
import { createTestApp, signIn, type TestApp, unique } from '../../test/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, 'admin');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (cookie: string, method: Method, url: string, payload?: object, headers: object = {}) =>
  t.app.inject({ method, url, headers: { cookie, ...headers }, ...(payload && { payload }) });

const card = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };
async function checkout(cookie: string) {
  const res = await call(
    cookie,
    'POST',
    '/api/cart/checkout',
    { paymentMethod: 'card', card },
    { 'idempotency-key': unique('k') },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { orderId: number; totals: Record<string, number> };
}

const locationId = async (name: string) =>
  Number((await t.db.execute<{ id: number }>(sql`select id from locations where name = ${name}`)).rows[0].id);

/** A demo tire (its make sold already in the demo orders, so no new make enters the lists). */
async function demoTire(size: string) {
  const { rows } = await t.db.execute<{ id: number; make_id: number; model_id: number }>(
    sql`select id, make_id, model_id from products where size = ${size} order by id limit 1`,
  );
  const [p] = rows;
  return {
    product: { id: Number(p.id) },
    make: { id: Number(p.make_id) },
    model: { id: Number(p.model_id) },
  };
}

/** Orders with every landed-cost part: Austin sales tax and road hazard, a California tire fee,
 * the Phoenix installer's services, and the excise tax of a heavy LT tire. */
async function placeLandedOrders() {
  const placed = [];
  const austin = await signIn(t.app, 'buyer');
  const p = await stockedProduct(t.db, [{ zip: '75201', quantity: 40 }], 12_345);
  await call(austin, 'POST', '/api/cart/item', { ...cartBody(p, 3), orderItemRoadHazard: true });
  placed.push(await checkout(austin));

  const la = await createShopper(t.app, t.db);
  await call(la.cookie, 'POST', '/api/cart/item', cartBody(p, 4));
  const address = {
    name: 'LA Yard',
    address1: '200 N Spring St',
    city: 'Los Angeles',
    state: 'CA',
    zip: '90012',
  };
  expect((await call(la.cookie, 'PUT', '/api/cart/shipping', { kind: 'address', address })).statusCode).toBe(
    200,
  );
  placed.push(await checkout(la.cookie));

  const phoenix = await createShopper(t.app, t.db);
  await call(phoenix.cookie, 'POST', '/api/cart/item', cartBody(p, 4));
  const bay = await locationId('Install Bay Phoenix');
  const to = { kind: 'installer', installerLocationId: bay };
  expect((await call(phoenix.cookie, 'PUT', '/api/cart/shipping', to)).statusCode).toBe(200);
  placed.push(await checkout(phoenix.cookie));

  const heavy = await createShopper(t.app, t.db);
  await call(heavy.cookie, 'POST', '/api/cart/item', cartBody(await demoTire('LT325/65R18'), 2));
  placed.push(await checkout(heavy.cookie));
  return placed;
}

interface Analytics {
  totals: Record<string, number>;
  byDay: Record<string, number>[];
  byMake: { salesCents: number; units: number }[];
  byCompany: { salesCents: number }[];
}
const analytics = async (query = '') =>
  (await call(admin, 'GET', `/api/v1/order/analytics${query}`)).json() as Analytics;

const passThrough = ['fetCents', 'tireFeeCents', 'servicesCents', 'taxCents'] as const;
const collected = ['roadHazardCents', 'shippingCents', ...passThrough, 'totalCents'] as const;
const sumOf = <T>(rows: T[], f: (r: T) => number) => rows.reduce((s, r) => s + f(r), 0);

describe('order analytics: sales are the tires after discounts, on every axis', () => {
  it("adds an order's tires after discounts to sales, and its tax, excise tax, tire fee and services each to its own figure", async () => {
    const before = await analytics();
    const orders = await placeLandedOrders();
    const after = await analytics();
    const delta = (k: string) => (after.totals[k] ?? 0) - (before.totals[k] ?? 0);
    const of = (k: string) => sumOf(orders, (o) => o.totals[k] ?? 0);
    expect(delta('orders')).toBe(orders.length);
    expect(delta('salesCents')).toBe(of('subtotalCents') - of('discountCents'));
    for (const k of collected) expect(delta(k), k).toBe(of(k));
    // Each part is really there, so the sales cannot have taken any of them in.
    for (const k of [...passThrough, 'roadHazardCents', 'shippingCents']) expect(of(k), k).toBeGreaterThan(0);
  });

  it('gives the same sales by day, by make, by company and in the totals, and the pass-through totals are the orders’ stored ones', async () => {
    const a = await analytics();
    expect(a.byMake.length).toBeLessThan(20); // every make is listed, so the make list adds up to all
    expect(a.byCompany.length).toBeLessThanOrEqual(20);
    expect(sumOf(a.byDay, (d) => d.salesCents)).toBe(a.totals.salesCents);
    expect(sumOf(a.byMake, (m) => m.salesCents)).toBe(a.totals.salesCents);
    expect(sumOf(a.byMake, (m) => m.units)).toBe(a.totals.units);
    expect(sumOf(a.byDay, (d) => d.units)).toBe(a.totals.units);
    if (a.byCompany.length < 20) expect(sumOf(a.byCompany, (c) => c.salesCents)).toBe(a.totals.salesCents);
    for (const k of collected)
      expect(
        sumOf(a.byDay, (d) => d[k] ?? 0),
        k,
      ).toBe(a.totals[k]);

    const { rows } = await t.db.execute<Record<string, number>>(sql`
      select coalesce(sum(tax_cents), 0)::bigint as "taxCents", coalesce(sum(fet_cents), 0)::bigint as "fetCents",
             coalesce(sum(tire_fee_cents), 0)::bigint as "tireFeeCents",
             coalesce(sum(services_cents), 0)::bigint as "servicesCents",
             coalesce(sum(shipping_cents), 0)::bigint as "shippingCents",
             coalesce(sum(road_hazard_cents), 0)::bigint as "roadHazardCents",
             coalesce(sum(total_cents), 0)::bigint as "totalCents", count(*)::int as orders
      from orders where status not in ('cart', 'cancelled')`);
    const stored = rows[0] as Record<string, number>;
    for (const k of [...collected, 'orders']) expect(a.totals[k], k).toBe(Number(stored[k]));
    // Sales plus what was collected besides is what the orders charged.
    expect(
      a.totals.salesCents +
        sumOf(
          [...collected].filter((k) => k !== 'totalCents'),
          (k) => a.totals[k] ?? 0,
        ),
    ).toBe(a.totals.totalCents);
  });

  it('leaves a cancelled order out of the sales and of every collected figure', async () => {
    const { cookie } = await createShopper(t.app, t.db);
    await call(cookie, 'POST', '/api/cart/item', cartBody(await demoTire('LT325/65R18'), 2));
    const before = await analytics();
    const order = await checkout(cookie);
    const cancel = await call(admin, 'POST', `/api/v1/order/${order.orderId}/cancel`, { note: 'test' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const after = await analytics();
    for (const k of ['orders', 'salesCents', 'units', ...collected])
      expect(after.totals[k], k).toBe(before.totals[k]);
  });
});
