import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compRecords } from '../../db/schema';
import { buyByCard, createCompPlan, createShopper, stockedProduct } from '../../test/factories-orders';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('compensation accrual at checkout', () => {
  it('a placed order accrues the plan of its company on the merchandise total', async () => {
    const shopper = await createShopper(t.app, t.db);
    const { earner } = await createCompPlan(t.app, t.db, shopper.companyId, 500);
    const p = await stockedProduct(t.db, [{ zip: '78701', quantity: 4 }], 10_000);
    const placed = await buyByCard(t.app, shopper.cookie, p, 2);
    expect(placed.statusCode).toBe(201);
    const records = await t.db
      .select()
      .from(compRecords)
      // Only this earner's: plans of other tests or the demo data may accrue on the order too.
      .where(and(eq(compRecords.orderId, placed.json().orderId), eq(compRecords.userId, earner.id)));
    // 2 tires at cost (10,000 each, see stockedProduct): 5% of 20,000.
    expect(records).toEqual([
      expect.objectContaining({ userId: earner.id, baseCents: 20_000, amountCents: 1_000 }),
    ]);
  });
});
