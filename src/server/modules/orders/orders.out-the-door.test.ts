import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cart } from '../../../contract/order-shapes';
import type { DeliveryTerms } from '../../../contract/cart';
import type { SearchItem } from '../../../contract/search';
import { type CardTire, outTheDoorOf } from '../../../domain/out-the-door';
import { skuExciseTaxUnitCents } from '../../../domain/sku-excise';
import { cartBody, createShopper, stockedProduct } from '../../test/factories-orders';
import { createTestApp, signIn, type TestApp, unique } from '../../test/test-app';

let t: TestApp;
let admin: string;
let bay: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, 'admin');
  bay = await locationId('Install Bay Phoenix');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (cookie: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });

async function locationId(name: string) {
  const { rows } = await t.db.execute<{ id: number }>(sql`select id from locations where name = ${name}`);
  return Number(rows[0].id);
}

/** A line of the cart's answer, as the contract shapes it. */
type Line = Cart['orderItems'][number];

const heavyFet = skuExciseTaxUnitCents({ size: 'LT325/65R18', construction: 'R', loadIndex: 127 });

/** A stocked tire, made the demo's heavy LT tire (LT325/65R18, LI 127) when asked. */
async function tire(costCents: number, heavy: boolean) {
  const p = await stockedProduct(t.db, [{ zip: '75201', quantity: 20 }], costCents);
  if (heavy)
    await t.db.execute(
      sql`update products set size = 'LT325/65R18', rim = 18, load_index = 127, fet_unit_cents = ${heavyFet} where id = ${p.product.id}`,
    );
  return p;
}

/** The result card of a SKU, as the shop's search answers it (found by its MPN). */
async function cardOf(cookie: string, skuCode: string): Promise<SearchItem> {
  const res = await call(cookie, 'POST', '/api/search/items', { query: skuCode });
  expect(res.statusCode, res.body).toBe(200);
  const item = (res.json().data.list as SearchItem[]).find((i) => i.skuCode === skuCode);
  if (!item) throw new Error(`${skuCode} is not in the search answer`);
  return item;
}

const cardTire = (item: SearchItem): CardTire => ({
  ...item,
  listPriceCents: item.listPriceCents ?? 0,
});

async function terms(cookie: string): Promise<DeliveryTerms> {
  const res = await call(cookie, 'GET', '/api/cart/terms');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A shopper of a new company whose cart goes to Install Bay Phoenix. */
async function phoenixShopper() {
  const shopper = await createShopper(t.app, t.db);
  const res = await call(shopper.cookie, 'PUT', '/api/cart/shipping', {
    kind: 'installer',
    installerLocationId: bay,
  });
  expect(res.statusCode, res.body).toBe(200);
  return shopper;
}

/** The card's figure for `quantity` tires and the cart line those tires became agree to the cent. */
function expectCardIsCartLine(card: ReturnType<typeof outTheDoorOf>, line: Line) {
  const q = line.orderItemQuantity;
  expect(card.goodsCents).toBe(line.lineTotalCents);
  expect(card.fetCents).toBe(q * line.fetUnitCents);
  expect(card.tireFeeCents).toBe(q * line.tireFeeUnitCents);
  expect(card.servicesCents).toBe(q * line.servicesUnitCents);
  expect(card.taxCents).toBe(line.taxCents);
  // Arizona does not tax the separately stated delivery: the cart adds its shipping and nothing more.
  expect(card.totalCents + line.shippingCents).toBe(
    line.lineTotalCents +
      q * (line.fetUnitCents + line.tireFeeUnitCents + line.servicesUnitCents) +
      line.shippingCents +
      line.taxCents,
  );
}

describe("the result card's out-the-door figure", () => {
  it("answers the terms of a cart delivered to Install Bay Phoenix: Phoenix's rate, Arizona's fee, the bay's price list", async () => {
    const { cookie } = await phoenixShopper();
    const answer = await terms(cookie);
    expect(answer.delivery).toMatchObject({
      kind: 'installer',
      name: 'Install Bay Phoenix',
      installerLocationId: bay,
    });
    expect(answer.state).toBe('AZ');
    expect(answer.rule).toMatchObject({ ratePpm: 91_000, shippingTaxable: false, fetTaxable: true });
    expect(answer.tireFees.map((f) => f.percentPpm)).toEqual([20_000]);
    expect(answer.services?.mountBalance.length).toBeGreaterThan(0);
    expect(answer.certificate).toBeNull();
  });

  it('answers the location for a buyer without a cart, and the certificate that exempts a delivery', async () => {
    const buyer = await createShopper(t.app, t.db);
    const austin = await terms(buyer.cookie);
    expect(austin).toMatchObject({
      delivery: { kind: 'location', zip: '78701' },
      state: 'TX',
      services: null,
    });
    expect(austin.rule.ratePpm).toBe(82_500);
    const reseller = await signIn(t.app, 'reseller');
    expect(
      (await call(reseller, 'PUT', '/api/location', { locationId: await locationId('Resale Houston') }))
        .statusCode,
    ).toBe(200);
    const houston = await terms(reseller);
    expect(houston.rule.ratePpm).toBe(0);
    expect(houston.certificate).toMatchObject({ kind: 'resale', number: '1-23-4567890-1' });
  });

  it('carries the excise tax of the heavy LT tire in the search answer, for the card to show', async () => {
    const { cookie } = await createShopper(t.app, t.db);
    const p = await tire(15_000, true);
    expect((await cardOf(cookie, p.product.skuCode)).fetUnitCents).toBe(338);
  });

  it('card figure for a quantity = the cart line of that quantity, to the cent, for random tires and quantities', async () => {
    const { cookie } = await phoenixShopper();
    const delivery = await terms(cookie);
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 4_000, max: 60_000 }),
        fc.integer({ min: 1, max: 8 }),
        fc.boolean(),
        async (costCents, quantity, heavy) => {
          const p = await tire(costCents, heavy);
          const card = outTheDoorOf(cardTire(await cardOf(cookie, p.product.skuCode)), quantity, delivery);
          expect((await call(cookie, 'POST', '/api/cart/item', cartBody(p, quantity))).statusCode).toBe(200);
          const cart = (await call(cookie, 'GET', '/api/cart')).json();
          const line = (cart.orderItems as Line[]).find((l) => l.orderItemProductId === p.product.id);
          expectCardIsCartLine(card, line as Line);
        },
      ),
      { numRuns: 5 },
    );
  });

  it("follows the buyer's discount: the fee is a share of the discounted price, the excise tax is not discounted", async () => {
    const { cookie, companyId } = await phoenixShopper();
    const p = await tire(21_999, true);
    const discount = await call(admin, 'POST', '/api/v1/discount', {
      name: unique('Heavy LT'),
      approveBelowFloor: true,
      startsAt: new Date(Date.now() - 3_600_000).toISOString(),
      productId: p.product.id,
      companyId,
      basisPoints: 2000,
    });
    expect(discount.statusCode, discount.body).toBe(201);
    const item = await cardOf(cookie, p.product.skuCode);
    expect(item.discountCents).toBeGreaterThan(0);
    const card = outTheDoorOf(cardTire(item), 4, await terms(cookie));
    expect(card.fetCents).toBe(4 * 338);
    expect((await call(cookie, 'POST', '/api/cart/item', cartBody(p, 4))).statusCode).toBe(200);
    const cart = (await call(cookie, 'GET', '/api/cart')).json();
    const [line] = cart.orderItems as Line[];
    expectCardIsCartLine(card, line);
  });
});
