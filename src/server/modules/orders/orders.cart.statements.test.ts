import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RecentReads } from '../../db/recent-reads';
import { cartBody, createShopper, stockedProduct } from '../../test/factories-orders';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * The SQL an add to cart runs, without the session's idle-clock touch, transaction control and
 * the search's background folding (a poll on the same driver, at any moment).
 */
async function statementsOfAdd(cookie: string, body: object) {
  RecentReads.afterWrite(t.app.db);
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart/item',
      headers: { cookie },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    return spy.mock.calls
      .map(([q]) => (typeof q === 'string' ? q : (q as { text: string }).text))
      .filter((q) => !/^\s*(begin|commit|rollback|savepoint|release)/i.test(q))
      .filter((q) => !/from "sessions"|update "sessions"/i.test(q))
      .filter((q) => !/search_facet_deltas|search_facet_counts|search_counts_state|pg_try_advisory/.test(q));
  } finally {
    spy.mockRestore();
  }
}

async function cartOf(lines: number) {
  const shopper = await createShopper(t.app, t.db);
  for (let i = 0; i < lines; i++) {
    const p = await stockedProduct(t.db, [{ zip: '75201', quantity: 20 }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/cart/item',
      headers: { cookie: shopper.cookie },
      payload: cartBody(p, 1),
    });
    expect(res.statusCode).toBe(200);
  }
  return shopper;
}

describe('re-pricing reads each thing once', () => {
  it('adds to a cart of one line and of eight lines with the same statements', async () => {
    const small = await cartOf(1);
    const large = await cartOf(8);
    const p = await stockedProduct(t.db, [{ zip: '75201', quantity: 20 }]);
    const one = await statementsOfAdd(small.cookie, cartBody(p, 1));
    const eight = await statementsOfAdd(large.cookie, cartBody(p, 1));
    expect(eight.length, eight.join('\n---\n')).toBe(one.length);
    // Product, cart, lines, insert, lines again, discounts, warehouses, totals, open payments
    // (and the changed lines' new prices with their taxes, when any change), and the landed
    // cost's seven: the delivery location's state, the ZIP's state (a factory location names
    // none), then the tax terms of that place (state rate, ZIP rate, taxability, tire fees and the
    // company's certificate, each read once: tax.service.ts taxTermsFor).
    expect(one.length, one.join('\n---\n')).toBeLessThanOrEqual(17);
  });
});
