import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartBody, createShopper, stockedProduct } from '../../test/factories-orders';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await createShopper(t.app, t.db));
});
afterAll(() => t.close());

const check = (payload: unknown, headers: Record<string, string> = { cookie }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/shipping/validate-address',
    headers,
    payload: payload as object,
  });

describe('POST /api/v1/shipping/validate-address', () => {
  it('normalizes a valid address and keeps a given ZIP+4', async () => {
    const res = await check({
      address1: '100 congress avenue',
      city: 'AUSTIN',
      state: 'tx',
      zip: '78701-1234',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      status: 'valid',
      address: {
        address1: '100 Congress Ave',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        zipPlus4: '78701-1234',
      },
    });
  });

  it('suggests the city of the ZIP', async () => {
    const res = await check({ address1: '100 Congress Ave', city: 'Austn', state: 'TX', zip: '78701' });
    expect(res.json().data).toMatchObject({
      status: 'corrected',
      corrected: ['city'],
      suggestion: { city: 'Austin' },
    });
  });

  it('names the ZIP at fault when it belongs to another city', async () => {
    const res = await check({ address1: '1 Main St', city: 'Dallas', state: 'TX', zip: '78701' });
    expect(res.json().data).toMatchObject({ status: 'invalid', field: 'zip' });
  });

  it('400 on a malformed body, 401 without a session', async () => {
    const bad = await check({ address1: '1 Main St', city: 'Austin', state: 'TX', zip: '7870' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].pointer).toContain('zip');
    expect(
      (await check({ address1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' }, {})).statusCode,
    ).toBe(401);
  });

  it('the cart takes a correction and refuses an invalid address on the field at fault', async () => {
    const put = (address: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/cart/shipping',
        headers: { cookie },
        payload: { kind: 'address', address },
      });
    const p = await stockedProduct(t.db, [{ zip: '75201', quantity: 8 }]);
    await t.app.inject({ method: 'POST', url: '/api/cart', headers: { cookie }, payload: cartBody(p, 4) });
    const ok = await put({
      name: 'Ann',
      address1: '100 congress avenue',
      city: 'Austn',
      state: 'TX',
      zip: '78701',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().delivery.address).toMatchObject({ address1: '100 Congress Ave', city: 'Austin' });
    const bad = await put({ name: 'Ann', address1: '1 Main St', city: 'Dallas', state: 'TX', zip: '78701' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].pointer).toBe('/body/address/zip');
  });
});
