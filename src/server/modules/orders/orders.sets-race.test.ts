import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWarehouse, stock as stockUnits } from '../../test/factories-catalog';
import { createCompany } from '../../test/factories';
import { createShopper } from '../../test/factories-orders';
import { soldUnits, stockOf, unallocatedItems } from '../../test/orders-checks';
import { setBody, staggeredPair } from '../../test/factories-sets';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;

/**
 * The server as it runs: PGlite serves one session, so concurrent requests share its one
 * connection; PostgreSQL gets a pool of 10, so the checkouts really race for the same rows.
 */
const createRaceApp = () => createTestApp({}, { poolSize: process.env.TEST_DATABASE_URL ? 10 : 1 });
type Shopper = Awaited<ReturnType<typeof createShopper>>;
const buyers: Shopper[] = [];
const BUYERS = 50;

beforeAll(async () => {
  t = await createRaceApp();
  // Fifty buyers of one company, each at a location of its own (one cart per user and location).
  const company = await createCompany(t.db, { creditLimitCents: 0 });
  for (let i = 0; i < BUYERS; i++) buyers.push(await createShopper(t.app, t.db, { companyId: company.id }));
}, 300_000);
afterAll(() => t.close());

const card = {
  paymentMethod: 'card',
  card: { number: '4242424242424242', expMonth: 1, expYear: 2041, cvc: '123' },
};

describe('staggered sets sold in a race', () => {
  it('sells 50 buyers of one company exactly the 20 sets the stock allows: no half set, no deadlock', async () => {
    // 2 front + 2 rear a set. The front has 45 units and the rear 40 (each in two warehouses):
    // the rear runs out at 20 sets, and a checkout that took fronts without rears would show as
    // fewer than 5 fronts left.
    const { front, rear } = await staggeredPair(t.db, 25, 20);
    const more = await createCompany(t.db, { kind: 'supplier' });
    const dallas = await createWarehouse(t.db, { supplierCompanyId: more.id, zip: '75201' });
    await stockUnits(t.db, dallas.id, front.product.id, 20, 10_000);
    await stockUnits(t.db, dallas.id, rear.product.id, 20, 10_000);

    for (const b of buyers) {
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/cart/set',
        headers: { cookie: b.cookie },
        payload: setBody(front, rear),
      });
      expect(added.statusCode, added.body).toBe(200);
    }
    const answers = await Promise.all(
      buyers.map((b) =>
        t.app.inject({
          method: 'POST',
          url: '/api/cart/checkout',
          headers: { cookie: b.cookie },
          payload: card,
        }),
      ),
    );
    const placed = answers.filter((r) => r.statusCode === 201).map((r) => r.json());
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(refused.filter((r) => r.statusCode !== 409).map((r) => r.body)).toEqual([]);
    expect(refused.filter((r) => r.json().code === 'concurrent_update').map((r) => r.body)).toEqual([]);
    expect(placed).toHaveLength(20);
    expect(refused).toHaveLength(BUYERS - 20);

    // Every order placed is one whole set: its front and rear lines, both routed in full.
    for (const order of placed) {
      const lines = order.orderItems as {
        orderItemProductId: number;
        orderItemQuantity: number;
        set: { setId: number };
      }[];
      expect(lines.map((l) => [l.orderItemProductId, l.orderItemQuantity])).toEqual([
        [front.product.id, 2],
        [rear.product.id, 2],
      ]);
      expect(lines[0].set.setId).toBe(lines[1].set.setId);
    }
    expect(
      await unallocatedItems(
        t.db,
        placed.map((o) => o.orderId as number),
      ),
    ).toEqual([]);
    // Stock reconciles per size: what was sold plus what is left is what there was; nothing stays reserved.
    for (const [tire, initial] of [
      [front, 45],
      [rear, 40],
    ] as const) {
      const rows = await stockOf(t.db, tire.product.id);
      expect(rows.every((r) => r.quantity >= 0 && r.reserved === 0)).toBe(true);
      const left = rows.reduce((n, r) => n + r.quantity, 0);
      expect(await soldUnits(t.db, tire.product.id)).toBe(40);
      expect(left).toBe(initial - 40);
    }
    // A refused buyer's cart still holds the whole set, and nothing of it was sold.
    const refusedBuyer = buyers[answers.findIndex((r) => r.statusCode !== 201)];
    const cart = (
      await t.app.inject({ method: 'GET', url: '/api/cart', headers: { cookie: refusedBuyer.cookie } })
    ).json();
    expect(cart.orderItems.map((l: { set: { position: string } }) => l.set.position)).toEqual([
      'front',
      'rear',
    ]);
  }, 600_000);
});
