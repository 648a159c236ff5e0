import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyByCard, createShopper, stockedProduct } from '../test/factories-orders';
import { soldUnits, stockOf } from '../test/orders-checks';
import { createTestApp, signIn, type TestApp } from '../test/test-app';

// Two servers on one PostgreSQL database, as production runs them behind a load balancer
// (docs/security.md): a session made on one works on the other, a sign-out on one holds on the
// other at once, the global rate limit is one count for both, and 200 buyers racing for the
// last tires across both servers oversell nothing. PGlite is one process: skipped there.

const postgres = Boolean(process.env.TEST_DATABASE_URL);
if (!postgres)
  console.log(
    'two-instance suite skipped: it needs PostgreSQL (TEST_DATABASE_URL); PGlite serves one process',
  );

describe.skipIf(!postgres)('two instances on one PostgreSQL', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    one = await createTestApp({}, { poolSize: 10 });
    two = await createTestApp({}, { poolSize: 10 });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
  });

  it('a session made on one instance works on the other, and a sign-out on one holds on the other at once', async () => {
    const cookie = await signIn(one.app, 'buyer');
    expect((await two.app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(200);
    const out = await two.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { cookie },
      payload: {},
    });
    expect(out.statusCode).toBeLessThan(300);
    expect((await one.app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(401);
  });

  it('shares the rate limit: one count for both instances', async () => {
    const limited = {
      RATE_LIMIT_MAX: 10,
      RATE_LIMIT_WINDOW_SECONDS: 60,
      RATE_LIMIT_STORE: 'database' as const,
    };
    const a = await createTestApp(limited);
    const b = await createTestApp(limited);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const app = i % 2 ? b.app : a.app;
        statuses.push((await app.inject({ url: '/api/session', remoteAddress: '203.0.113.9' })).statusCode);
      }
      // Ten answers in all (five from each), then 429 from whichever instance is asked.
      expect(statuses.slice(0, 10).every((s) => s !== 429)).toBe(true);
      expect(statuses.slice(10)).toEqual([429, 429]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('200 buyers racing across both instances for 50 tires oversell nothing', {
    timeout: 120_000,
  }, async () => {
    const tire = await stockedProduct(one.db, [{ zip: '78701', quantity: 50 }]);
    const buyers = [];
    for (let i = 0; i < 200; i++) buyers.push(await createShopper(i % 2 ? two.app : one.app, one.db));
    const answers = await Promise.all(
      buyers.map((b, i) => buyByCard(i % 2 ? one.app : two.app, b.cookie, tire, 1)),
    );
    const placed = answers.filter((r) => r.statusCode === 201).length;
    expect(answers.every((r) => r.statusCode < 500)).toBe(true);
    expect(placed).toBeLessThanOrEqual(50);
    expect(placed).toBeGreaterThan(0);
    const [stock] = await stockOf(one.db, tire.product.id);
    expect(await soldUnits(one.db, tire.product.id)).toBe(placed);
    expect(stock.quantity + placed).toBe(50);
  });
});
