// Property (docs/logistics.md): for random orders split across warehouses, where one warehouse
// may cancel its line so its units go to a distributor, every unit ends in exactly one
// fulfillment or distributor order, and the order is delivered exactly when all its units are.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueOf, distributors } from '../../integrations/distributors/distributor-sandbox';
import { caller } from '../../test/admin-client';
import { createSupplierUser } from '../../test/factories-logistics';
import { buyByCard, createShopper, stockedProduct } from '../../test/factories-orders';
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
  reach: fc.array(fc.constantFrom('in_transit', 'delivered', 'delivered'), { minLength: 5, maxLength: 5 }),
  // The warehouse (index, wrapped) that cannot fill its line, or none; its units go to a distributor.
  cancel: fc.option(fc.nat({ max: 3 }), { nil: null }),
});

/**
 * A paid order sent to the supplier; its warehouses confirm their lines, except `cancel`'s, which
 * cancels: the order takes every unit in stock then, so no other warehouse can take them and they
 * stay unrouted. Only products a distributor carries.
 */
async function splitOrder(stock: number[], take: number, cancel: number | null) {
  const perWarehouse = stock.map((q, i) => ({ zip: zips[i], quantity: q }));
  let p = await stockedProduct(t.db, perWarehouse);
  while (!distributors.some((d) => catalogueOf(d, p.product.id)))
    p = await stockedProduct(t.db, perWarehouse);
  const total = stock.reduce((a, b) => a + b, 0);
  const quantity = cancel === null ? Math.max(1, Math.round(total * take)) : total;
  const shopper = await createShopper(t.app, t.db);
  const placed = await buyByCard(t.app, shopper.cookie, p, quantity);
  expect(placed.statusCode).toBeLessThan(300);
  const orderId: number = placed.json().orderId;
  const sales = await caller(t.app, 'sales');
  expect((await sales('POST', `/api/v1/order/${orderId}/submit`)).statusCode).toBe(200);
  const supplier = await createSupplierUser(t.app, t.db, p.supplier.id);
  const lines = (
    (await supplier('GET', '/api/supplier/fulfillments?status=sent')).json().data.list as {
      supplierLineId: number;
      orderId: number;
    }[]
  ).filter((l) => l.orderId === orderId);
  const dropped = cancel === null ? null : lines[cancel % lines.length].supplierLineId;
  const kept = lines.filter((l) => l.supplierLineId !== dropped).map((l) => l.supplierLineId);
  const changes = [
    ...kept.map((id) => ({ supplierLineId: id, status: 'confirmed' })),
    ...(dropped ? [{ supplierLineId: dropped, status: 'cancelled' }] : []),
  ];
  expect((await supplier('PUT', '/api/supplier/fulfillments', { lines: changes })).statusCode).toBe(200);
  const distributor = distributors.find((d) => catalogueOf(d, p.product.id));
  return { shopper, supplier, sales, orderId, quantity, lineIds: kept, distributor };
}

describe('units, fulfillments and delivery (property)', () => {
  it('puts every unit in exactly one fulfillment or distributor order and delivers the order exactly when every unit arrived', async () => {
    const support = await caller(t.app, 'support');
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const o = await splitOrder(s.stock, s.take, s.cancel);
        const quantity = o.quantity;
        // The units no warehouse holds go to a distributor; none are left unrouted.
        const waiting = (await o.sales('GET', `/api/v1/order/${o.orderId}/distributors`)).json().list as {
          orderItemId: number;
          unrouted: number;
        }[];
        const sentUnits = waiting.reduce((n, i) => n + i.unrouted, 0);
        const sent = sentUnits
          ? (
              await o.sales('POST', `/api/v1/order/${o.orderId}/distributors`, {
                distributor: o.distributor,
                items: waiting
                  .filter((i) => i.unrouted)
                  .map((i) => ({ orderItemId: i.orderItemId, quantity: i.unrouted })),
              })
            ).json()
          : null;
        if (sent) expect(sent.status).toBe('submitted');
        expect(
          (await o.sales('GET', `/api/v1/order/${o.orderId}/distributors`))
            .json()
            .list.map((i: { unrouted: number }) => i.unrouted),
        ).toEqual(waiting.map(() => 0));
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
          // Nothing confirmed (the one warehouse cancelled): nothing to convert.
          fulfillments = o.lineIds.length
            ? (await support('POST', '/api/v1/mts/convert', { orderId: o.orderId })).json().list
            : [];
        }
        // Every line in exactly one fulfillment, and the units add up to the order.
        const held = fulfillments.flatMap((f) => f.lines.map((l) => l.supplierLineId)).sort((a, b) => a - b);
        expect(held).toEqual([...o.lineIds].sort((a, b) => a - b));
        expect(fulfillments.flatMap((f) => f.lines).reduce((n, l) => n + l.quantity, 0) + sentUnits).toBe(
          quantity,
        );
        // Nothing is left to propose, and a second conversion finds nothing.
        expect((await o.supplier('GET', `/api/v1/fulfillment/new?orderId=${o.orderId}`)).json().list).toEqual(
          [],
        );
        expect((await support('POST', '/api/v1/mts/convert', { orderId: o.orderId })).statusCode).toBe(409);

        // Each parcel (a fulfillment's label, or the distributor's ship confirmation) gets as far as
        // the scenario says; the order is delivered exactly when every one of them arrived.
        const parcels: { units: number; tracking: () => Promise<string> }[] = [
          ...fulfillments.map((f) => ({
            units: f.lines.reduce((n, l) => n + l.quantity, 0),
            tracking: async () =>
              (
                await o.supplier('POST', '/api/v1/fulfillment/label/gen', {
                  fulfillmentId: f.fulfillmentId,
                  courier: 'swiftship',
                  service: 'ground',
                })
              ).json().label.trackingNumber as string,
          })),
          ...(sent
            ? [
                {
                  units: sentUnits,
                  tracking: async () =>
                    (
                      await o.sales('POST', '/api/sandbox/distributors/advance', {
                        reference: sent.reference,
                        status: 'shipped',
                      })
                    ).json().trackingNumber as string,
                },
              ]
            : []),
        ];
        const reached: string[] = [];
        for (const [i, parcel] of parcels.entries()) {
          const status = s.reach[i % s.reach.length];
          await t.app.inject({
            method: 'POST',
            url: '/api/sandbox/trackhub/advance',
            headers: { cookie: o.shopper.cookie },
            payload: { trackingNumber: await parcel.tracking(), status },
          });
          reached.push(status);
          const order = (
            await t.app.inject({ url: `/api/order/${o.orderId}`, headers: { cookie: o.shopper.cookie } })
          ).json();
          const allDelivered = i === parcels.length - 1 && reached.every((r) => r === 'delivered');
          expect(order.status === 'delivered').toBe(allDelivered);
        }
        const delivery = (
          await t.app.inject({
            url: `/api/order/${o.orderId}/shipments`,
            headers: { cookie: o.shopper.cookie },
          })
        ).json();
        const delivered = parcels
          .filter((_p, i) => reached[i] === 'delivered')
          .reduce((n, p) => n + p.units, 0);
        expect(delivery.units).toEqual({ ordered: quantity, left: quantity, delivered });
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 8), endOnFailure: true },
    );
  }, 240_000);
});
