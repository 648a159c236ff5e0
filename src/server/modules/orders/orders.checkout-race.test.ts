import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { cartBody, createShopper, stockedProduct } from '../../test/factories-orders';
import { soldUnits, stockOf, unallocatedItems } from '../../test/orders-checks';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;

/**
 * The server as it runs: PGlite serves one session, so concurrent requests share its one
 * connection; PostgreSQL gets a pool of 10, so reservations really race.
 */
const createRaceApp = () =>
  createTestApp(process.env.RACE_LOG ? { LOG_LEVEL: 'error' } : {}, {
    poolSize: process.env.TEST_DATABASE_URL ? 10 : 1,
  });
type Shopper = Awaited<ReturnType<typeof createShopper>>;
const shoppers: Shopper[] = [];

beforeAll(async () => {
  t = await createRaceApp();
  for (let i = 0; i < Number(process.env.RACE_BUYERS ?? 200); i++)
    shoppers.push(await createShopper(t.app, t.db));
}, 300_000);
afterAll(() => t.close());

const payment = {
  paymentMethod: 'card',
  card: { number: '4242424242424242', expMonth: 1, expYear: 2041, cvc: '123' },
};

async function emptyCarts(list: Shopper[]) {
  await t.db.delete(orders).where(
    and(
      inArray(
        orders.userId,
        list.map((s) => s.user.id),
      ),
      eq(orders.status, 'cart'),
    ),
  );
}

type Product = Awaited<ReturnType<typeof stockedProduct>>;

/** Fills a shopper's cart; `split` puts the units on two lines of the same product. */
async function fill(s: Shopper, p: Product, quantity: number, split: boolean) {
  const post = (q: number, roadHazard: boolean) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cart/item',
      headers: { cookie: s.cookie },
      payload: { ...cartBody(p, q), orderItemRoadHazard: roadHazard },
    });
  if (split && quantity > 1) {
    expect((await post(1, false)).statusCode).toBe(200);
    expect((await post(quantity - 1, true)).statusCode).toBe(200);
  } else expect((await post(quantity, false)).statusCode).toBe(200);
}

const checkout = (s: Shopper) =>
  t.app.inject({
    method: 'POST',
    url: '/api/cart/checkout',
    headers: { cookie: s.cookie },
    payload: payment,
  });

/** Stock and orders reconcile: nothing negative, nothing left reserved, every order fully routed. */
async function assertReconciled(p: Product, initial: number, placed: { orderId: number; units: number }[]) {
  const stock = await stockOf(t.db, p.product.id);
  expect(stock.every((s) => s.quantity >= 0 && s.reserved === 0)).toBe(true);
  const left = stock.reduce((n, s) => n + s.quantity, 0);
  const sold = placed.reduce((n, o) => n + o.units, 0);
  expect(sold + left).toBe(initial);
  expect(await soldUnits(t.db, p.product.id)).toBe(sold);
  expect(
    await unallocatedItems(
      t.db,
      placed.map((o) => o.orderId),
    ),
  ).toEqual([]);
  return { sold, left };
}

describe('the last units', () => {
  it('sells exactly the stock to 200 buyers racing for 50 units in three warehouses, round after round', async () => {
    for (let round = 0; round < 2; round++) {
      await emptyCarts(shoppers);
      const p = await stockedProduct(t.db, [
        { zip: '78701', quantity: 17 },
        { zip: '75201', quantity: 17 },
        { zip: '80202', quantity: 16 },
      ]);
      // A quarter want two units on two lines of the same tire, a quarter three, half one.
      const wants = shoppers.map((_, i) => (i % 4 === 0 ? 2 : i % 4 === 1 ? 3 : 1));
      for (const [i, s] of shoppers.entries()) await fill(s, p, wants[i], i % 4 === 0);
      const answers = await Promise.all(shoppers.map(checkout));
      const placed = answers
        .map((res, i) => ({ res, units: wants[i] }))
        .filter(({ res }) => res.statusCode === 201)
        .map(({ res, units }) => ({ orderId: res.json().orderId as number, units }));
      expect(answers.filter((r) => r.statusCode !== 201 && r.statusCode !== 409).map((r) => r.body)).toEqual(
        [],
      );
      const { sold, left } = await assertReconciled(p, 50, placed);
      expect(sold).toBe(50);
      expect(left).toBe(0);
    }
  }, 600_000);

  it('never oversells whatever order concurrent reservations run in (fast-check scheduler)', async () => {
    const few = shoppers.slice(0, 6);
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.tuple(fc.nat(4), fc.nat(4), fc.nat(4)),
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 6, maxLength: 6 }),
        async (s, stock, wants) => {
          const initial = stock[0] + stock[1] + stock[2];
          fc.pre(initial > 0);
          await emptyCarts(few);
          const p = await stockedProduct(t.db, [
            { zip: '78701', quantity: stock[0] },
            { zip: '75201', quantity: stock[1] },
            { zip: '80202', quantity: stock[2] },
          ]);
          const buyers = few.map((b, i) => ({ b, q: Math.min(wants[i], initial) }));
          for (const [i, { b, q }] of buyers.entries()) await fill(b, p, q, i % 2 === 0);
          const runs = buyers.map(({ b, q }) =>
            s.schedule(Promise.resolve(b)).then(async (who) => ({ res: await checkout(who), q })),
          );
          await s.waitAll();
          const answers = await Promise.all(runs);
          const placed = answers
            .filter((a) => a.res.statusCode === 201)
            .map((a) => ({ orderId: a.res.json().orderId as number, units: a.q }));
          const { left } = await assertReconciled(p, initial, placed);
          for (const a of answers.filter((x) => x.res.statusCode !== 201)) {
            expect(a.res.statusCode).toBe(409);
            expect(left).toBeLessThan(a.q);
          }
        },
      ),
      { numRuns: 8 },
    );
  }, 600_000);
});
