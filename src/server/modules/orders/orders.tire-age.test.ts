import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartBody, createShopper, stockedProduct } from '../../test/factories-orders';
import { stockOf } from '../../test/orders-checks';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const card = {
  paymentMethod: 'card',
  card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
};

// Codes against today: 0119 is more than six years old, 2321 about five and a half, 4026 a few
// months (the suite's clock is the machine's: these stay so until week 40 of 2027).
const lotsOf = { '0119': 3, '2321': 3, '4026': 2 };

/** A tire stocked in one warehouse: 10 units, 8 of them in DOT-coded lots, 2 of unknown age. */
async function lottedProduct() {
  const p = await stockedProduct(t.db, [{ zip: '78701', quantity: 10 }]);
  for (const [code, quantity] of Object.entries(lotsOf))
    await t.db.execute(sql`insert into inventory_lots (warehouse_id, product_id, dot_code, quantity)
      values (${p.warehouses[0].id}, ${p.product.id}, ${code}, ${quantity})`);
  return p;
}

async function lotsLeft(productId: number) {
  const { rows } = await t.db.execute<{ dot_code: string; quantity: number }>(
    sql`select dot_code, quantity from inventory_lots where product_id = ${productId} order by dot_code`,
  );
  return Object.fromEntries(rows.map((r) => [r.dot_code, Number(r.quantity)]));
}

async function codesHeld(orderId: number) {
  const { rows } = await t.db.execute<{ dot_code: string | null; quantity: number; status: string }>(sql`
    select l.dot_code, sum(h.quantity)::int as quantity, h.status from stock_holds h
    left join stock_hold_lots l on l.hold_id = h.id where h.order_id = ${orderId}
    group by l.dot_code, h.status order by l.dot_code nulls last`);
  return rows.map((r) => ({ dotCode: r.dot_code, quantity: Number(r.quantity), status: r.status }));
}

async function checkout(
  shopper: { cookie: string },
  p: Awaited<ReturnType<typeof lottedProduct>>,
  n: number,
) {
  const add = await t.app.inject({
    method: 'POST',
    url: '/api/cart/item',
    headers: { cookie: shopper.cookie },
    payload: cartBody(p, n),
  });
  expect(add.statusCode, add.body).toBe(200);
  return t.app.inject({
    method: 'POST',
    url: '/api/cart/checkout',
    headers: { cookie: shopper.cookie },
    payload: card,
  });
}

describe('checkout takes tires oldest DOT code first', () => {
  it('without a maximum age: the oldest lots first, never one older than six years, unknown last', async () => {
    const shopper = await createShopper(t.app, t.db);
    const p = await lottedProduct();
    const res = await checkout(shopper, p, 4);
    expect(res.statusCode, res.body).toBe(201);
    expect(await codesHeld(res.json().orderId)).toEqual([
      { dotCode: '2321', quantity: 3, status: 'committed' },
      { dotCode: '4026', quantity: 1, status: 'committed' },
    ]);
    // The order's line names the codes its units took, oldest first; another company's is a 404.
    const codes = await t.app.inject({
      url: `/api/v1/order/${res.json().orderId}/dot-codes`,
      headers: { cookie: shopper.cookie },
    });
    expect(codes.json().data).toEqual([
      {
        orderItemId: expect.any(Number),
        lots: [
          { dotCode: '2321', quantity: 3 },
          { dotCode: '4026', quantity: 1 },
        ],
      },
    ]);
    const stranger = await createShopper(t.app, t.db);
    const hidden = await t.app.inject({
      url: `/api/v1/order/${res.json().orderId}/dot-codes`,
      headers: { cookie: stranger.cookie },
    });
    expect(hidden.statusCode).toBe(404);
    // The sale leaves the shelf and its lots in the same statement.
    expect(await lotsLeft(p.product.id)).toEqual({ '0119': 3, '2321': 0, '4026': 1 });
    expect((await stockOf(t.db, p.product.id))[0]).toMatchObject({ quantity: 6, reserved: 0 });

    // What is left that may be sold: 4026 ×1 and the 2 of unknown age, never the six-year-old lot.
    const next = await checkout(await createShopper(t.app, t.db), p, 4);
    expect(next.statusCode, next.body).toBe(409);
    expect(next.json().available).toBe(3);
  });

  it("with the company's maximum age: only lots within it, a lot of unknown age never", async () => {
    const shopper = await createShopper(t.app, t.db);
    await t.db.execute(
      sql`insert into company_tire_age (company_id, max_age_months) values (${shopper.companyId}, 24)`,
    );
    const p = await lottedProduct();
    const refused = await checkout(shopper, p, 3);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ available: 2 });
    expect(refused.json().detail ?? refused.json().title).toMatch(/within 24 months/);
    // Nothing was taken by the refused checkout.
    expect((await stockOf(t.db, p.product.id))[0]).toMatchObject({ quantity: 10, reserved: 0 });

    // The same cart with as many as the eligible lots hold is placed from them alone.
    await t.db.execute(sql`update order_items set quantity = 2
      where order_id = (select id from orders where user_id = ${shopper.user.id} and status = 'cart')`);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/cart/checkout',
      headers: { cookie: shopper.cookie },
      payload: card,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(await codesHeld(placed.json().orderId)).toEqual([
      { dotCode: '4026', quantity: 2, status: 'committed' },
    ]);
  });

  it('checkouts at once never take more of a lot than it has, nor more than the shelf', async () => {
    const p = await lottedProduct(); // 0119 ×3 (never sold), 2321 ×3, 4026 ×2, unknown ×2: 7 to sell
    const shoppers = await Promise.all(Array.from({ length: 6 }, () => createShopper(t.app, t.db)));
    const answers = await Promise.all(shoppers.map((s) => checkout(s, p, 2)));
    const placed = answers.filter((a) => a.statusCode === 201);
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 409)).toBe(true);
    // 7 units can be sold: three orders of two, the fourth short by one.
    expect(placed).toHaveLength(3);
    const sold = new Map<string | null, number>();
    for (const a of placed)
      for (const h of await codesHeld(a.json().orderId))
        sold.set(h.dotCode, (sold.get(h.dotCode) ?? 0) + h.quantity);
    expect(sold.get('0119')).toBeUndefined();
    expect(sold.get('2321')).toBe(3);
    expect(sold.get('4026')).toBe(2);
    expect(sold.get(null)).toBe(1);
    expect(await lotsLeft(p.product.id)).toEqual({ '0119': 3, '2321': 0, '4026': 0 });
    expect((await stockOf(t.db, p.product.id))[0]).toMatchObject({ quantity: 4, reserved: 0 });
  });
});
