import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippingChargeCents } from '../../../domain/shipping';
import { milesBetween } from '../../integrations/geo/zip-geo';
import { cartBody, createShopper, stockedProduct } from '../../test/factories-orders';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const estimate = (cookie: string, q: Record<string, string | number>) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/shipping/estimate?${new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]))}`,
    headers: { cookie },
  });

describe('GET /api/v1/shipping/estimate', () => {
  it('answers what the cart charges for the same tire, quantity and ZIP', async () => {
    const { cookie } = await createShopper(t.app, t.db);
    const p = await stockedProduct(t.db, [
      { zip: '75201', quantity: 2 },
      { zip: '43215', quantity: 10 },
    ]);
    const res = await estimate(cookie, {
      make: p.make.id,
      code: p.product.skuCode,
      quantity: 4,
      zip: '78701',
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    // Dallas holds only 2: the 4 come whole from Columbus, as checkout would route them.
    expect(data.warehouseZip).toBe('43215');
    expect(data.amountCents).toBe(
      shippingChargeCents(4, { weightLbs: null, miles: milesBetween('78701', '43215') }),
    );
    const cart = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { cookie },
      payload: cartBody(p, 4),
    });
    expect(cart.json().totals.shippingCents).toBe(data.amountCents);
  });

  it('uses the tire weight of the catalogue', async () => {
    const { cookie } = await createShopper(t.app, t.db);
    const light = await stockedProduct(t.db, [{ zip: '75201', quantity: 4 }]);
    const res = await estimate(cookie, {
      make: light.make.id,
      code: light.product.skuCode,
      quantity: 1,
      zip: '78701',
    });
    const heavy = await stockedProduct(t.db, [{ zip: '75201', quantity: 4 }]);
    await t.db.execute(`update products set weight_lbs = 60 where id = ${heavy.product.id}`);
    const res2 = await estimate(cookie, {
      make: heavy.make.id,
      code: heavy.product.skuCode,
      quantity: 1,
      zip: '78701',
    });
    expect(res2.json().data.amountCents).toBeGreaterThan(res.json().data.amountCents);
  });

  it('refuses an unknown ZIP (400), an unknown tire (404) and more than the stock (409)', async () => {
    const { cookie } = await createShopper(t.app, t.db);
    const p = await stockedProduct(t.db, [{ zip: '75201', quantity: 3 }]);
    const q = { make: p.make.id, code: p.product.skuCode, quantity: 2, zip: '78701' };
    expect((await estimate(cookie, { ...q, zip: '00000' })).statusCode).toBe(400);
    expect((await estimate(cookie, { ...q, zip: 'abc' })).statusCode).toBe(400);
    expect((await estimate(cookie, { ...q, code: 'NO-SUCH-SKU' })).statusCode).toBe(404);
    expect((await estimate(cookie, { ...q, quantity: 4 })).statusCode).toBe(409);
  });
});
