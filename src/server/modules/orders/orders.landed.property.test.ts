import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '../../../domain/money';
import { skuExciseTaxUnitCents } from '../../../domain/sku-excise';
import { cartBody, createShopper, stockedProduct } from '../../test/factories-orders';
import { pdfTexts } from '../../test/pdf-text';
import { createTestApp, type TestApp, unique } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (cookie: string, method: Method, url: string, payload?: object, headers: object = {}) =>
  t.app.inject({ method, url, headers: { cookie, ...headers }, ...(payload && { payload }) });

interface Line {
  orderItemId: number;
  orderItemProductId: number;
  orderItemQuantity: number;
  orderItemRoadHazard: boolean;
  unitPriceCents: number;
  unitDiscountCents: number;
  roadHazardUnitCents: number;
  lineTotalCents: number;
  fetUnitCents: number;
  tireFeeUnitCents: number;
  servicesUnitCents: number;
  shippingCents: number;
  taxCents: number;
}

/** What a line charges in all: tires and cover, excise tax, fee, services, shipping and tax. */
const charged = (l: Line) =>
  l.lineTotalCents +
  l.orderItemQuantity * (l.fetUnitCents + l.tireFeeUnitCents + l.servicesUnitCents) +
  l.shippingCents +
  l.taxCents;

/** A 3,858 lb tire's excise tax, through the rule every SKU write uses. */
const heavyFet = skuExciseTaxUnitCents({ size: 'LT325/65R18', construction: 'R', loadIndex: 127 });

const basket = fc.array(
  fc.record({
    costCents: fc.integer({ min: 4_000, max: 60_000 }),
    quantity: fc.integer({ min: 1, max: 4 }),
    roadHazard: fc.boolean(),
    heavy: fc.boolean(),
  }),
  { minLength: 1, maxLength: 3 },
);

describe('one price from the card to the invoice', () => {
  it('card price × quantity = cart line = order line = invoice line; the line taxes add up to the order tax', async () => {
    await fc.assert(
      fc.asyncProperty(basket, async (wanted) => {
        const { cookie } = await createShopper(t.app, t.db);
        const cardPrices = new Map<number, number>();
        for (const w of wanted) {
          const p = await stockedProduct(t.db, [{ zip: '75201', quantity: 10 }], w.costCents);
          // Some tires above 3,500 lb: their excise tax rides along as its own amount.
          if (w.heavy)
            await t.db.execute(
              `update products set size = 'LT325/65R18', load_index = 127, fet_unit_cents = ${heavyFet} where id = ${p.product.id}`,
            );
          const shown = await call(
            cookie,
            'GET',
            `/api/products/${encodeURIComponent(p.product.skuCode)}?make=${p.make.id}`,
          );
          cardPrices.set(p.product.id, shown.json().data.priceCents);
          const added = await call(cookie, 'POST', '/api/cart/item', {
            ...cartBody(p, w.quantity),
            orderItemRoadHazard: w.roadHazard,
          });
          expect(added.statusCode, added.body).toBe(200);
        }
        const cart = (await call(cookie, 'GET', '/api/cart')).json();
        for (const l of cart.orderItems as Line[]) {
          const card = cardPrices.get(l.orderItemProductId) ?? -1;
          const cover = l.orderItemRoadHazard ? l.roadHazardUnitCents : 0;
          expect(l.lineTotalCents).toBe(l.orderItemQuantity * (card + cover));
        }
        expect(cart.totals.taxCents).toBe(cart.orderItems.reduce((s: number, l: Line) => s + l.taxCents, 0));
        expect(cart.totals.totalCents).toBe(
          cart.orderItems.reduce((s: number, l: Line) => s + charged(l), 0),
        );

        const placed = await call(
          cookie,
          'POST',
          '/api/cart/checkout',
          {
            paymentMethod: 'card',
            card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
          },
          { 'idempotency-key': unique('prop') },
        );
        expect(placed.statusCode, placed.body).toBe(201);
        const order = placed.json();
        const strip = ({ available: _a, ...l }: Line & { available?: number }) => l;
        expect(
          order.orderItems.map((l: Line & { unroutedQuantity?: number }) => {
            const { unroutedQuantity: _u, ...rest } = l;
            return rest;
          }),
        ).toEqual(cart.orderItems.map(strip));
        expect(order.totals).toEqual(cart.totals);

        const invoice = await call(cookie, 'GET', `/api/order/${order.orderId}/invoice`);
        expect(invoice.statusCode).toBe(200);
        const texts = pdfTexts(invoice.rawPayload);
        for (const l of order.orderItems as Line[]) {
          expect(texts).toContain(formatCents(charged(l)));
          expect(texts).toContain(formatCents(l.taxCents));
        }
        expect(texts.some((x) => x.includes(formatCents(order.totals.taxCents)))).toBe(true);
        expect(texts.some((x) => x.includes(`Total: ${formatCents(order.totals.totalCents)}`))).toBe(true);
      }),
      { numRuns: 4 },
    );
  });
});
