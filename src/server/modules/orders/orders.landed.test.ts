import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installerServicesFor } from '../installer-services/installer-services.service';
import { cartBody, createShopper, stockedProduct } from '../../test/factories-orders';
import { createTestApp, signIn, type TestApp, unique } from '../../test/test-app';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, 'admin');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (cookie: string, method: Method, url: string, payload?: object, headers: object = {}) =>
  t.app.inject({ method, url, headers: { cookie, ...headers }, ...(payload && { payload }) });

/** A ppm share of an amount, half up: the rounding of every line's tax (docs/domain.md). */
const taxOf = (taxableCents: number, ppm: number) => Math.floor((taxableCents * ppm + 500_000) / 1_000_000);

interface Line {
  orderItemQuantity: number;
  unitPriceCents: number;
  unitDiscountCents: number;
  lineTotalCents: number;
  fetUnitCents: number;
  tireFeeUnitCents: number;
  servicesUnitCents: number;
  shippingCents: number;
  taxCents: number;
}
const sum = (lines: Line[], f: (l: Line) => number) => lines.reduce((s, l) => s + f(l), 0);

/** Every total is the sum of its lines, and the total is the sum of the parts. */
function expectAddsUp(totals: Record<string, number>, lines: Line[]) {
  expect(totals.taxCents).toBe(sum(lines, (l) => l.taxCents));
  expect(totals.fetCents).toBe(sum(lines, (l) => l.orderItemQuantity * l.fetUnitCents));
  expect(totals.tireFeeCents).toBe(sum(lines, (l) => l.orderItemQuantity * l.tireFeeUnitCents));
  expect(totals.servicesCents).toBe(sum(lines, (l) => l.orderItemQuantity * l.servicesUnitCents));
  expect(totals.shippingCents).toBe(sum(lines, (l) => l.shippingCents));
  expect(totals.totalCents).toBe(
    totals.subtotalCents -
      totals.discountCents +
      totals.roadHazardCents +
      totals.fetCents +
      totals.tireFeeCents +
      totals.servicesCents +
      totals.shippingCents +
      totals.taxCents,
  );
}

const card = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };
const checkout = (cookie: string) =>
  call(
    cookie,
    'POST',
    '/api/cart/checkout',
    { paymentMethod: 'card', card },
    { 'idempotency-key': unique('k') },
  );

/** The demo heavy light-truck tire: LT325/65R18, load index 127 (3,858 lb). */
async function heavyTire() {
  const { rows } = await t.db.execute<{ id: number; make_id: number; model_id: number }>(
    sql`select id, make_id, model_id from products where size = 'LT325/65R18' and load_index = 127`,
  );
  const [p] = rows;
  return {
    product: { id: Number(p.id) },
    make: { id: Number(p.make_id) },
    model: { id: Number(p.model_id) },
  };
}

const locationId = async (name: string) =>
  Number((await t.db.execute<{ id: number }>(sql`select id from locations where name = ${name}`)).rows[0].id);

describe('landed cost of a delivery', () => {
  it('taxes a delivery to Fleet HQ Austin at the Austin ZIP rate, line by line, and the order keeps it', async () => {
    const buyer = await signIn(t.app, 'buyer');
    const p = await stockedProduct(t.db, [{ zip: '75201', quantity: 10 }], 12_345);
    expect(
      (await call(buyer, 'POST', '/api/cart/item', { ...cartBody(p, 3), orderItemRoadHazard: true }))
        .statusCode,
    ).toBe(200);
    const cart = (await call(buyer, 'GET', '/api/cart')).json();
    // Austin's combined rate (8.25 %), not the Texas base rate (6.25 %); Texas taxes the shipping
    // and the road hazard cover with the tires.
    expect(cart.tax).toEqual({ state: 'TX', ratePpm: 82_500, certificate: null });
    for (const l of cart.orderItems as (Line & {
      orderItemRoadHazard: boolean;
      roadHazardUnitCents: number;
    })[]) {
      const taxable = l.lineTotalCents + l.shippingCents + l.orderItemQuantity * l.fetUnitCents;
      expect(l.taxCents).toBe(taxOf(taxable, 82_500));
    }
    expect(cart.totals.taxCents).toBeGreaterThan(0);
    expectAddsUp(cart.totals, cart.orderItems);

    const placed = await checkout(buyer);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json();
    expect(order.totals).toEqual(cart.totals);
    expect(order.tax).toEqual(cart.tax);
    expect(order.payments[0].amountCents).toBe(cart.totals.totalCents);
    const { rows } = await t.db.execute<{ state: string; zip: number | null; ppm: number }>(
      sql`select tax_state as state, tax_zip_rate_id as zip, tax_rate_ppm as ppm from orders where id = ${order.orderId}`,
    );
    expect(rows[0]).toMatchObject({ state: 'TX', ppm: 82_500 });
    expect(rows[0].zip).not.toBeNull();
  });

  it('does not tax the same basket for Resale Houston, which holds a verified Texas resale certificate; the order names it', async () => {
    const reseller = await signIn(t.app, 'reseller');
    const houston = await locationId('Resale Houston');
    expect((await call(reseller, 'PUT', '/api/location', { locationId: houston })).statusCode).toBe(200);
    const p = await stockedProduct(t.db, [{ zip: '75201', quantity: 10 }], 12_345);
    expect(
      (await call(reseller, 'POST', '/api/cart/item', { ...cartBody(p, 3), orderItemRoadHazard: true }))
        .statusCode,
    ).toBe(200);
    const cart = (await call(reseller, 'GET', '/api/cart')).json();
    expect(cart.tax).toMatchObject({
      state: 'TX',
      ratePpm: 0,
      certificate: { kind: 'resale', number: '1-23-4567890-1' },
    });
    expect(cart.totals.taxCents).toBe(0);
    expect(cart.orderItems.every((l: Line) => l.taxCents === 0)).toBe(true);
    const placed = await checkout(reseller);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().tax.certificate).toEqual(cart.tax.certificate);
    const { rows } = await t.db.execute<{ id: number | null }>(
      sql`select exemption_certificate_id as id from orders where id = ${placed.json().orderId}`,
    );
    expect(Number(rows[0].id)).toBe(cart.tax.certificate.id);
  });

  it('carries the excise tax of the LT tire above 3,500 lb as its own amount, which a discount never lowers', async () => {
    const { cookie, companyId } = await createShopper(t.app, t.db);
    const tire = await heavyTire();
    expect((await call(cookie, 'POST', '/api/cart/item', cartBody(tire, 2))).statusCode).toBe(200);
    const before = (await call(cookie, 'GET', '/api/cart')).json();
    const [line] = before.orderItems;
    expect(line.fetUnitCents).toBe(338);
    expect(before.totals.fetCents).toBe(676);
    // 20 % off that tire for this company: the price falls, the excise tax stays.
    const discount = await call(admin, 'POST', '/api/v1/discount', {
      name: unique('Heavy LT'),
      approveBelowFloor: true,
      startsAt: new Date(Date.now() - 3_600_000).toISOString(),
      productId: tire.product.id,
      companyId,
      basisPoints: 2000,
    });
    expect(discount.statusCode, discount.body).toBe(201);
    const after = (await call(cookie, 'GET', '/api/cart')).json();
    const [discounted] = after.orderItems;
    expect(discounted.unitDiscountCents).toBeGreaterThan(0);
    expect(discounted.fetUnitCents).toBe(338);
    expect(after.totals.fetCents).toBe(676);
    expect(after.totals.discountCents).toBe(2 * discounted.unitDiscountCents);
    expectAddsUp(after.totals, after.orderItems);
  });

  it('charges the California tire fee on a delivery into Los Angeles, and taxes it at the Los Angeles rate', async () => {
    const { cookie } = await createShopper(t.app, t.db);
    const p = await stockedProduct(t.db, [{ zip: '89502', quantity: 10 }], 10_000);
    expect((await call(cookie, 'POST', '/api/cart/item', cartBody(p, 4))).statusCode).toBe(200);
    const address = {
      name: 'LA Yard',
      address1: '200 N Spring St',
      city: 'Los Angeles',
      state: 'CA',
      zip: '90012',
    };
    const res = await call(cookie, 'PUT', '/api/cart/shipping', { kind: 'address', address });
    expect(res.statusCode, res.body).toBe(200);
    const cart = res.json();
    expect(cart.tax).toMatchObject({ state: 'CA', ratePpm: 97_500, certificate: null });
    const [line] = cart.orderItems;
    expect(line.tireFeeUnitCents).toBe(175);
    expect(cart.totals.tireFeeCents).toBe(700);
    // California taxes the tires (and the excise tax), not the separately stated delivery or its own fee.
    expect(line.taxCents).toBe(taxOf(line.lineTotalCents + 4 * line.fetUnitCents, 97_500));
    expectAddsUp(cart.totals, cart.orderItems);
  });

  it("adds the Phoenix installer's services per tire to a delivery to Install Bay Phoenix: the out-the-door total", async () => {
    const { cookie } = await createShopper(t.app, t.db);
    const p = await stockedProduct(t.db, [{ zip: '75201', quantity: 10 }], 10_000);
    expect((await call(cookie, 'POST', '/api/cart/item', cartBody(p, 4))).statusCode).toBe(200);
    const bay = await locationId('Install Bay Phoenix');
    const res = await call(cookie, 'PUT', '/api/cart/shipping', {
      kind: 'installer',
      installerLocationId: bay,
    });
    expect(res.statusCode, res.body).toBe(200);
    const cart = res.json();
    const services = await installerServicesFor(t.db, bay, 17);
    expect(services?.unitCents).toBeGreaterThan(0);
    const [line] = cart.orderItems;
    expect(line.servicesUnitCents).toBe(services?.unitCents);
    expect(cart.totals.servicesCents).toBe(4 * (services?.unitCents ?? 0));
    expect(cart.tax.state).toBe('AZ');
    // Arizona's waste tire fee: 2 % of the $100.00 tire, under its cap.
    expect(line.tireFeeUnitCents).toBe(200);
    expectAddsUp(cart.totals, cart.orderItems);
  });

  it('keeps the rate a placed order was taxed at; a staff edit of the unpaid order taxes it again at the rate in force', async () => {
    const shopper = await createShopper(t.app, t.db);
    const sales = await signIn(t.app, 'sales');
    const p = await stockedProduct(t.db, [{ zip: '75201', quantity: 10 }], 10_000);
    const created = await call(sales, 'POST', '/api/v1/order', {
      companyId: shopper.companyId,
      locationId: shopper.location.id,
      items: [cartBody(p, 2)],
    });
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json();
    expect(order.tax.ratePpm).toBe(82_500);
    // Austin's rate rises from today: the placed order does not move.
    const today = new Date().toISOString().slice(0, 10);
    await t.db.execute(sql`
      insert into tax_zip_rates (state, zip, region_name, combined_ppm, state_ppm, county_ppm, city_ppm, special_ppm, effective_from, source)
      values ('TX', '78701', 'AUSTIN', 90000, 62500, 0, 17500, 10000, ${today}, 'test')`);
    const read = (await call(sales, 'GET', `/api/v1/order/${order.orderId}`)).json();
    expect(read.totals).toEqual(order.totals);
    expect(read.tax.ratePpm).toBe(82_500);
    // Sales change the quantity: the order is re-priced and taxed at 9 % now.
    const itemId = order.orderItems[0].orderItemId;
    const edited = await call(sales, 'PUT', `/api/v1/order/${order.orderId}/item/${itemId}`, {
      orderItemQuantity: 3,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json();
    expect(after.tax.ratePpm).toBe(90_000);
    const [line] = after.orderItems;
    expect(line.taxCents).toBe(taxOf(line.lineTotalCents + line.shippingCents, 90_000));
    expect(after.totalCents).toBe(after.totals.totalCents);
    expectAddsUp(after.totals, after.orderItems);
  });
});
