import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPrices } from '../../db/schema';
import { roadHazardOffer } from '../../integrations/warranty/roadguard';
import { createTestApp, type TestApp } from '../../test/test-app';
import { cartBody, createShopper, stockedProduct } from '../../test/factories-orders';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function priceOf(priceGroupId: number, productId: number) {
  const [row] = await t.db
    .select()
    .from(productPrices)
    .where(and(eq(productPrices.priceGroupId, priceGroupId), eq(productPrices.productId, productId)));
  return row.priceCents;
}

const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });

describe('the cart', () => {
  it('answers an empty cart before anything is added', async () => {
    const { cookie } = await createShopper(t.app, t.db);
    const res = await call(cookie, 'GET', '/api/cart');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ orderId: null, orderItems: [], totals: { totalCents: 0 } });
  });

  it('prices lines from the server and ignores a price the client sends', async () => {
    const { cookie, location } = await createShopper(t.app, t.db);
    const p = await stockedProduct(t.db, [{ zip: '75201', quantity: 8 }]);
    const price = await priceOf(location.priceGroupId, p.product.id);
    const hazard = roadHazardOffer(price).unitCents;
    const res = await call(cookie, 'POST', '/api/cart', {
      ...cartBody(p, 2),
      orderItemRoadHazard: true,
      unitPriceCents: 1,
      orderItemPrice: 1,
    });
    expect(res.statusCode).toBe(200);
    const cart = res.json();
    expect(cart.orderItems).toHaveLength(1);
    const [line] = cart.orderItems;
    expect(line.unitPriceCents).toBe(price);
    expect(line.roadHazardUnitCents).toBe(hazard);
    expect(line.lineTotalCents).toBe(2 * (price + hazard));
    expect(cart.totals.subtotalCents).toBe(2 * price);
    expect(cart.totals.roadHazardCents).toBe(2 * hazard);
    expect(cart.totals.shippingCents).toBeGreaterThan(0);
    // Delivered to Austin (ZIP 78701, 8.25 %), which taxes the tires, their road hazard cover and
    // the shipping: the tax is that share of them, rounded half up, and the total includes it.
    expect(cart.tax).toEqual({ state: 'TX', ratePpm: 82_500, certificate: null });
    const taxable = 2 * price + 2 * hazard + cart.totals.shippingCents;
    expect(cart.totals.taxCents).toBe(Math.floor((taxable * 82_500 + 500_000) / 1_000_000));
    expect(line.taxCents).toBe(cart.totals.taxCents);
    expect(cart.totals.totalCents).toBe(taxable + cart.totals.taxCents);
    const session = await call(cookie, 'GET', '/api/session');
    expect(session.json()).toMatchObject({ cart_count: 1, order: { orderId: cart.orderId } });
  });

  it('refuses more than the available stock with a 409 naming what is available', async () => {
    const { cookie } = await createShopper(t.app, t.db);
    const p = await stockedProduct(t.db, [
      { zip: '75201', quantity: 3 },
      { zip: '78701', quantity: 2 },
    ]);
    const res = await call(cookie, 'POST', '/api/cart/item', cartBody(p, 6));
    expect(res.statusCode).toBe(409);
    expect(res.json().available).toBe(5);
    expect((await call(cookie, 'POST', '/api/cart/item', cartBody(p, 5))).statusCode).toBe(200);
  });

  it('rejects a non-positive or fractional quantity with a 400', async () => {
    const { cookie } = await createShopper(t.app, t.db);
    const p = await stockedProduct(t.db, [{ zip: '75201', quantity: 3 }]);
    for (const q of [0, -1, 1.5]) {
      const res = await call(cookie, 'POST', '/api/cart', cartBody(p, q));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].pointer).toBe('/body/orderItemQuantity');
    }
  });

  it('updates quantities, removes an item at 0, and keeps another user out of the item', async () => {
    const { cookie } = await createShopper(t.app, t.db);
    const other = await createShopper(t.app, t.db);
    const p = await stockedProduct(t.db, [{ zip: '75201', quantity: 10 }]);
    const q = await stockedProduct(t.db, [{ zip: '75201', quantity: 10 }]);
    await call(cookie, 'POST', '/api/cart/item', cartBody(p, 1));
    const cart = (await call(cookie, 'POST', '/api/cart/item', cartBody(q, 1))).json();
    const [first, second] = cart.orderItems;
    const updated = await call(cookie, 'PUT', '/api/cart', {
      orderItems: [{ orderItemId: first.orderItemId, orderItemQuantity: 4 }],
    });
    expect(updated.json().orderItems[0].orderItemQuantity).toBe(4);
    expect(
      (await call(other.cookie, 'PUT', `/api/cart/item/${second.orderItemId}`, { orderItemQuantity: 2 }))
        .statusCode,
    ).toBe(404);
    const removed = await call(cookie, 'PUT', `/api/cart/item/${second.orderItemId}`, {
      orderItemQuantity: 0,
    });
    expect(removed.json().orderItems).toHaveLength(1);
  });

  it('delivers to a validated address or an installer, and prices road hazard per tire', async () => {
    const { cookie, location } = await createShopper(t.app, t.db);
    const p = await stockedProduct(t.db, [{ zip: '75201', quantity: 10 }]);
    await call(cookie, 'POST', '/api/cart', cartBody(p, 1));
    const bad = await call(cookie, 'PUT', '/api/cart/shipping', {
      kind: 'address',
      address: { name: 'Yard', address1: '1 Main', city: 'X', state: 'CA', zip: '78701' },
    });
    expect(bad.statusCode).toBe(400);
    const good = await call(cookie, 'PUT', '/api/cart/shipping', {
      kind: 'address',
      address: { name: 'Yard', address1: '1 Main', city: 'X', state: 'CO', zip: '80202' },
    });
    expect(good.json().delivery).toMatchObject({ kind: 'address', zip: '80202' });
    const installers = await call(cookie, 'GET', '/api/installer/locations?zip=85004&radiusMiles=100');
    expect(installers.statusCode).toBe(200);
    const zip = await call(cookie, 'POST', '/api/zip', { zip: '78701' });
    expect(zip.json()).toMatchObject({ city: 'Austin', state: 'TX' });
    const offer = await call(cookie, 'GET', `/api/v1/vendor/roadguard/offer?productId=${p.product.id}`);
    const unitCents = roadHazardOffer(await priceOf(location.priceGroupId, p.product.id)).unitCents;
    expect(offer.json()).toMatchObject({ provider: 'roadguard', unitCents });
  });
});
