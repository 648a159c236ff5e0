import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments } from '../../db/schema';
import { buyByCard, createShopper, stockedProduct } from '../../test/factories-orders';
import { createTestApp, type TestApp } from '../../test/test-app';
import { readOrder } from './orders.detail.repository';
import { listCompanyOrders } from './orders.lists.repository';
import { listLog } from './orders.log.repository';
import { listSubOrderLines } from './orders.routing.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('an order read in one statement', () => {
  it('answers the rows the list queries answer, mapped the same way (dates, numbers, JSON)', async () => {
    const shopper = await createShopper(t.app, t.db);
    // Two warehouses: the order is split into two sub-orders.
    const p = await stockedProduct(t.db, [
      { zip: '78701', quantity: 2 },
      { zip: '75201', quantity: 2 },
    ]);
    const res = await buyByCard(t.app, shopper.cookie, p, 3);
    expect(res.statusCode, res.body).toBe(201);
    const orderId: number = res.json().orderId;
    // An address as JSON, so that a jsonb column goes through the mapping too.
    await t.db
      .update(orders)
      .set({
        deliveryAddress: {
          name: 'Fleet HQ',
          address1: '1 Main St',
          city: 'Austin',
          state: 'TX',
          zip: '78701',
        },
      })
      .where(eq(orders.id, orderId));

    const read = await readOrder(t.db, orderId);
    const listed = await listCompanyOrders(t.db, shopper.companyId, { page: 0, pageSize: 10 });
    expect(read?.summary).toEqual(listed.list.find((r) => r.order.id === orderId));
    expect(read?.summary.order.placedAt).toBeInstanceOf(Date);
    expect(read?.subLines).toEqual(await listSubOrderLines(t.db, orderId));
    expect(read?.subLines).toHaveLength(2);
    expect(read?.payments).toEqual(
      await t.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id)),
    );
    expect(read?.log).toEqual(await listLog(t.db, orderId));
    expect(await readOrder(t.db, 0)).toBeNull();
  });
});
