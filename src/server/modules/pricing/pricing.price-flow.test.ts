import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locations } from '../../db/schema';
import { type Caller, caller } from '../../test/admin-client';
import { cartBody, createShopper, stockedProduct } from '../../test/factories-orders';
import { createTestApp, type TestApp, unique } from '../../test/test-app';

// End to end: a markup change and a discount change made in the back office move the
// prices a buyer of that group sees, in the shop's search and in the cart.

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await caller(t.app, 'admin');
});
afterAll(() => t.close());

async function buyerOfGroup(groupId: number) {
  const shopper = await createShopper(t.app, t.db);
  await t.db.update(locations).set({ priceGroupId: groupId }).where(eq(locations.id, shopper.location.id));
  const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: shopper.cookie }, ...(payload && { payload }) });
  return { ...shopper, as };
}

describe('back-office price changes reach the shop and the cart', () => {
  it('moves the search price and the cart price with a markup and with a discount', async () => {
    const p = await stockedProduct(t.db, [{ zip: '78701', quantity: 10 }], 8_000);
    const groupId = (await admin('GET', '/api/v1/pricing/group'))
      .json()
      .data.list.find((g: { code: string }) => g.code === 'fleet').id;
    const buyer = await buyerOfGroup(groupId);
    const shopPrice = async () => {
      const res = await buyer.as('POST', '/api/search/items', { makes: [p.make.id] });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.list.find((i: { productId: number }) => i.productId === p.product.id)
        ?.priceCents;
    };
    const cartLine = async () => {
      const cart = (await buyer.as('GET', '/api/cart')).json();
      return cart.orderItems.find(
        (l: { orderItemProductId: number }) => l.orderItemProductId === p.product.id,
      );
    };
    expect(await shopPrice()).toBe(8_000);
    expect((await buyer.as('POST', '/api/cart', cartBody(p, 2))).statusCode).toBe(200);
    expect(await cartLine()).toMatchObject({ unitPriceCents: 8_000, unitDiscountCents: 0 });

    // The seeded factory rule of this make sells at cost; the admin raises it to 25 % for the group.
    const rules = (
      await admin('GET', `/api/v1/pricing/markup?makeId=${p.make.id}&priceGroupId=${groupId}`)
    ).json().data.list;
    const saved = await admin('PUT', `/api/v1/pricing/markup/${rules[0].id}`, { basisPoints: 2500 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await shopPrice()).toBe(10_000);
    expect(await cartLine()).toMatchObject({ unitPriceCents: 10_000, lineTotalCents: 20_000 });

    const discount = await admin('POST', '/api/v1/discount', {
      name: unique('Spring'),
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      makeId: p.make.id,
      // Scoped to this buyer's company so that no other test's search sees the factory make cheaper.
      companyId: buyer.companyId,
      basisPoints: 1000,
      // The other price groups sell this make at cost: 10 % off is under their floor, admin approves.
      approveBelowFloor: true,
    });
    expect(discount.statusCode, discount.body).toBe(201);
    expect(await shopPrice()).toBe(9_000);
    expect(await cartLine()).toMatchObject({
      unitPriceCents: 10_000,
      unitDiscountCents: 1_000,
      lineTotalCents: 18_000,
    });

    const changed = await admin('PUT', `/api/v1/discount/${discount.json().data.id}`, {
      basisPoints: 2000,
      approveBelowFloor: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await cartLine()).toMatchObject({ unitDiscountCents: 2_000, lineTotalCents: 16_000 });
    expect(await shopPrice()).toBe(8_000);
  });
});

describe('negative prices from markups', () => {
  it('floors the price at half of cost, whatever the negative share and fixed amount', async () => {
    const p = await stockedProduct(t.db, [{ zip: '78701', quantity: 10 }], 8_001);
    const groupId = (await admin('GET', '/api/v1/pricing/group'))
      .json()
      .data.list.find((g: { code: string }) => g.code === 'fleet').id;
    const buyer = await buyerOfGroup(groupId);
    const rules = (
      await admin('GET', `/api/v1/pricing/markup?makeId=${p.make.id}&priceGroupId=${groupId}`)
    ).json().data.list;
    const saved = await admin('PUT', `/api/v1/pricing/markup/${rules[0].id}`, {
      basisPoints: -5000,
      fixedCents: -100_000,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await buyer.as('POST', '/api/search/items', { makes: [p.make.id] });
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json().data.list.find((i: { productId: number }) => i.productId === p.product.id);
    // cost 8 001 → floor 4 001 (half, rounded up); without the floor it would be −96 000.
    expect(item.priceCents).toBe(4_001);
  });
});
