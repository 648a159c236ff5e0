import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../test/admin-client';
import { cartBody, createShopper, stockedProduct } from '../../test/factories-orders';
import { createTestApp, type TestApp, unique } from '../../test/test-app';

// A discount made in the back office moves the price the shop shows (search and product detail)
// and the cart's price, for the company it names only, and only while it is in force. Every
// discount here names a factory product and a factory company, so no other test sees it.

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await caller(t.app, 'admin');
});
afterAll(() => t.close());

type Stocked = Awaited<ReturnType<typeof stockedProduct>>;
const hour = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

async function shopper(p: Stocked) {
  const { companyId, cookie } = await createShopper(t.app, t.db);
  const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
  const searched = async () => {
    const res = await as('POST', '/api/search/items', { query: p.product.skuCode });
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json().data.list.find((i: { productId: number }) => i.productId === p.product.id);
    return {
      priceCents: item.priceCents,
      listPriceCents: item.listPriceCents,
      discountCents: item.discountCents,
    };
  };
  const detail = async () => {
    const res = await as('GET', `/api/products/${encodeURIComponent(p.product.skuCode)}?make=${p.make.id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.priceCents;
  };
  const cartDiscount = async () => {
    const cart = (await as('GET', '/api/cart')).json();
    return cart.orderItems.find((l: { orderItemProductId: number }) => l.orderItemProductId === p.product.id)
      .unitDiscountCents;
  };
  expect((await as('POST', '/api/cart', cartBody(p, 1))).statusCode).toBe(200);
  return { companyId, searched, detail, cartDiscount };
}

// The factory SKUs sell at cost, so any discount takes them under their floor: admin approves each
// as it makes it.
async function discount(body: object) {
  const res = await admin('POST', '/api/v1/discount', {
    name: unique('Shop price'),
    approveBelowFloor: true,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

describe('discounts in the shop price', () => {
  it("shows a company's discount in search, product detail and cart, for that company only", async () => {
    const p = await stockedProduct(t.db, [{ zip: '78701', quantity: 10 }], 10_000);
    const [mine, other] = [await shopper(p), await shopper(p)];
    const undiscounted = { priceCents: 10_000, listPriceCents: 10_000, discountCents: 0 };
    expect(await mine.searched()).toEqual(undiscounted);

    await discount({
      startsAt: at(-hour),
      productId: p.product.id,
      companyId: mine.companyId,
      basisPoints: 1000,
    });
    expect(await mine.searched()).toEqual({
      priceCents: 9_000,
      listPriceCents: 10_000,
      discountCents: 1_000,
    });
    expect(await mine.detail()).toBe(9_000);
    expect(await mine.cartDiscount()).toBe(1_000);
    expect(await other.searched()).toEqual(undiscounted);
    expect(await other.detail()).toBe(10_000);
    expect(await other.cartDiscount()).toBe(0);

    // They never stack: a larger amount off replaces the percent, in the shop as in the cart.
    await discount({ startsAt: at(-hour), makeId: p.make.id, companyId: mine.companyId, amountCents: 1_500 });
    expect((await mine.searched()).priceCents).toBe(8_500);
    expect(await mine.cartDiscount()).toBe(1_500);
  });

  it('applies a discount only between its start and its end', async () => {
    const p = await stockedProduct(t.db, [{ zip: '78701', quantity: 10 }], 10_000);
    const mine = await shopper(p);
    const target = { productId: p.product.id, companyId: mine.companyId };
    await discount({ ...target, startsAt: at(-48 * hour), endsAt: at(-24 * hour), basisPoints: 5000 });
    await discount({ ...target, startsAt: at(24 * hour), basisPoints: 4000 });
    expect((await mine.searched()).priceCents).toBe(10_000);
    expect(await mine.cartDiscount()).toBe(0);

    const running = await discount({ ...target, startsAt: at(-hour), amountCents: 2_000 });
    expect((await mine.searched()).priceCents).toBe(8_000);
    expect(await mine.detail()).toBe(8_000);
    expect(await mine.cartDiscount()).toBe(2_000);

    // Ended in the back office: the shop and the cart drop it at once.
    const ended = await admin('PUT', `/api/v1/discount/${running}`, {
      endsAt: at(-1_000),
      approveBelowFloor: true,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(await mine.searched()).toEqual({ priceCents: 10_000, listPriceCents: 10_000, discountCents: 0 });
    expect(await mine.detail()).toBe(10_000);
    expect(await mine.cartDiscount()).toBe(0);
  });
});
