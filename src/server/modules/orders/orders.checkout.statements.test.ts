import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RecentReads } from '../../db/recent-reads';
import { cartBody, createShopper, stockedProduct } from '../../test/factories-orders';
import { stockOf } from '../../test/orders-checks';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const card = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };

/**
 * The SQL a card checkout runs (docs/performance.md), without transaction control and the
 * search's background folding (a poll on the same driver, at any moment).
 */
async function statementsOfCheckout(cookie: string, key: string) {
  RecentReads.afterWrite(t.app.db);
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart/checkout',
      headers: { cookie, 'idempotency-key': key },
      payload: { paymentMethod: 'card', card },
    });
    expect(res.statusCode, res.body).toBe(201);
    const statements = spy.mock.calls
      .map(([q]) => (typeof q === 'string' ? q : (q as { text: string }).text))
      .filter((q) => !/^\s*(begin|commit|rollback|savepoint|release)/i.test(q))
      .filter((q) => !/search_facet_deltas|search_facet_counts|search_counts_state|pg_try_advisory/.test(q));
    return { order: res.json(), statements };
  } finally {
    spy.mockRestore();
  }
}

/** A shopper whose cart has `lines` tires, each `quantity` units split over two warehouses. */
async function cartOf(lines: number, quantity: number) {
  const shopper = await createShopper(t.app, t.db);
  const products = [];
  for (let i = 0; i < lines; i++) {
    // 2 units in Austin and 2 in Dallas: no warehouse fills a line of 3, which is split over both.
    const p = await stockedProduct(t.db, [
      { zip: '78701', quantity: 2 },
      { zip: '75201', quantity: 2 },
    ]);
    products.push(p);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart/item',
      headers: { cookie: shopper.cookie },
      payload: cartBody(p, quantity),
    });
    expect(res.statusCode).toBe(200);
  }
  return { ...shopper, products };
}

describe('checkout reads and writes each thing once', () => {
  it('places a cart of one line and of four split lines with the same statements', async () => {
    const small = await cartOf(1, 1);
    const large = await cartOf(4, 3);
    const one = await statementsOfCheckout(small.cookie, 'statements-one');
    const four = await statementsOfCheckout(large.cookie, 'statements-four');
    expect(four.statements.length, four.statements.join('\n---\n')).toBe(one.statements.length);
    // Session, key claim, cart, stock, lines, discounts (the totals the cart already stores are
    // not written again), reservation and holds, filing, payment (voiding the open ones it
    // replaces), sale, prices, placed order (with its log and the compensation plans), the
    // answer's one read (orders.detail.repository.ts; the lines are those just written), the key's
    // answer, kept in the same transaction as the order (docs/security.md, "Idempotency and crash
    // safety"); no savepoint besides (inTransaction). The landed cost adds seven reads, the same
    // for any number of lines: the delivery location's state, the ZIP's state (a factory location
    // names none) and the tax terms of that place (state rate, ZIP rate, taxability, tire fees,
    // the company's certificate); the lines' taxes the cart stored are not written again. The
    // delivery promise is one statement more: an insert … select that reads the warehouses'
    // cut-offs and calendars and writes a row per item and warehouse (docs/domain.md, "Delivery
    // promise"). The webhook events of the placed order and its invoice are one statement more
    // (nothing is written when no endpoint of the company wants them: docs/webhooks.md). A
    // checkout without a PO number reads whether the company requires one (one more; none with).
    expect(one.statements.length, one.statements.join('\n---\n')).toBeLessThanOrEqual(24);

    // The answer shows the lines the transaction priced and wrote: what the order reads later.
    for (const [shopper, placed] of [
      [small, one],
      [large, four],
    ] as const) {
      const read = await t.app.inject({
        url: `/api/order/${placed.order.orderId}`,
        headers: { cookie: shopper.cookie },
      });
      expect(read.json()).toEqual(placed.order);
    }

    // What the statements did: every unit sold from the warehouses it was routed to, a sub-order
    // per warehouse with a supplier line per line, the two log entries of placing and paying.
    expect(four.order).toMatchObject({ status: 'placed', paymentStatus: 'paid' });
    expect(four.order.subOrders).toHaveLength(8);
    expect(four.order.subOrders.flatMap((s: { lines: unknown[] }) => s.lines)).toHaveLength(8);
    expect(four.order.orderItems.every((i: { unroutedQuantity: number }) => i.unroutedQuantity === 0)).toBe(
      true,
    );
    // Both log entries are written; the buyer's view of the log carries no notes (docs/security.md).
    expect(four.order.log.map((e: { to: string; note: string }) => [e.to, e.note])).toEqual([
      ['placed', null],
      ['placed', null],
    ]);
    for (const p of large.products)
      expect(await stockOf(t.db, p.product.id)).toEqual([
        { warehouseId: p.warehouses[0].id, quantity: 0, reserved: 0 },
        { warehouseId: p.warehouses[1].id, quantity: 1, reserved: 0 },
      ]);
  });
});
