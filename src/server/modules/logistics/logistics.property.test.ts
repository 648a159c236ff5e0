// Property (issue "Logistics"): for random orders split across warehouses, every unit ends in
// exactly one fulfillment, and the order is delivered exactly when all its units are.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../test/admin-client';
import { confirmedOrder } from '../../test/factories-logistics';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const zips = ['75201', '43215', '30301', '85004'];

const scenario = fc.record({
  // Stock per warehouse (1–4 warehouses); the order takes part of the total.
  stock: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 4 }),
  take: fc.double({ min: 0.2, max: 1, noNaN: true }),
  // Which fulfillments are grouped by line (true) or converted by support (false).
  bySupplier: fc.boolean(),
  // For each fulfillment, how far its parcel gets.
  reach: fc.array(fc.constantFrom('in_transit', 'delivered', 'delivered'), { minLength: 4, maxLength: 4 }),
});

describe('units, fulfillments and delivery (property)', () => {
  it('puts every unit in exactly one fulfillment and delivers the order exactly when every unit arrived', async () => {
    const support = await caller(t.app, 'support');
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const total = s.stock.reduce((a, b) => a + b, 0);
        const quantity = Math.max(1, Math.round(total * s.take));
        const o = await confirmedOrder(
          t.app,
          t.db,
          s.stock.map((q, i) => ({ zip: zips[i], quantity: q })),
          quantity,
        );
        let fulfillments: { fulfillmentId: number; lines: { supplierLineId: number; quantity: number }[] }[];
        if (s.bySupplier) {
          fulfillments = [];
          for (const g of (await o.supplier('GET', `/api/v1/fulfillment/new?orderId=${o.orderId}`)).json()
            .list) {
            const ids = g.lines.map((l: { supplierLineId: number }) => l.supplierLineId);
            fulfillments.push(
              (await o.supplier('POST', '/api/v1/fulfillment', { supplierLineIds: ids })).json().data,
            );
          }
        } else {
          fulfillments = (await support('POST', '/api/v1/mts/convert', { orderId: o.orderId })).json().list;
        }
        // Every line in exactly one fulfillment, and the units add up to the order.
        const held = fulfillments.flatMap((f) => f.lines.map((l) => l.supplierLineId)).sort((a, b) => a - b);
        expect(held).toEqual([...o.lineIds].sort((a, b) => a - b));
        expect(fulfillments.flatMap((f) => f.lines).reduce((n, l) => n + l.quantity, 0)).toBe(quantity);
        // Nothing is left to propose, and a second conversion finds nothing.
        expect((await o.supplier('GET', `/api/v1/fulfillment/new?orderId=${o.orderId}`)).json().list).toEqual(
          [],
        );
        expect((await support('POST', '/api/v1/mts/convert', { orderId: o.orderId })).statusCode).toBe(409);

        const reached: string[] = [];
        for (const [i, f] of fulfillments.entries()) {
          const label = await o.supplier('POST', '/api/v1/fulfillment/label/gen', {
            fulfillmentId: f.fulfillmentId,
            courier: 'swiftship',
            service: 'ground',
          });
          const status = s.reach[i % s.reach.length];
          await t.app.inject({
            method: 'POST',
            url: '/api/sandbox/trackhub/advance',
            headers: { cookie: o.shopper.cookie },
            payload: { trackingNumber: label.json().label.trackingNumber, status },
          });
          reached.push(status);
          const order = (
            await t.app.inject({ url: `/api/order/${o.orderId}`, headers: { cookie: o.shopper.cookie } })
          ).json();
          const allDelivered = i === fulfillments.length - 1 && reached.every((r) => r === 'delivered');
          expect(order.status === 'delivered').toBe(allDelivered);
        }
        const delivery = (
          await t.app.inject({
            url: `/api/order/${o.orderId}/shipments`,
            headers: { cookie: o.shopper.cookie },
          })
        ).json();
        const delivered = fulfillments
          .filter((_f, i) => reached[i] === 'delivered')
          .flatMap((f) => f.lines)
          .reduce((n, l) => n + l.quantity, 0);
        expect(delivery.units).toEqual({ ordered: quantity, left: quantity, delivered });
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 8), endOnFailure: true },
    );
  }, 240_000);
});
