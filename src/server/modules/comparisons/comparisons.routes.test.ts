import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../test/factories-catalog';
import { createShopper, stockedProduct } from '../../test/factories-orders';
import { createTestApp, type TestApp, unique } from '../../test/test-app';

let t: TestApp;
let buyer: Awaited<ReturnType<typeof createShopper>>;
let tires: number[];
beforeAll(async () => {
  t = await createTestApp();
  buyer = await createShopper(t.app, t.db);
  const first = await stockedProduct(t.db, [{ zip: '78701', quantity: 5 }], 10_000);
  // 2.4 % taller than the first (within the rule), then 4 % taller (outside it).
  const near = await stockedProduct(t.db, [{ zip: '78701', quantity: 2 }], 12_000);
  const far = await createProduct(t.db, { overallDiameter: 25.97, size: '245/45R17', width: 245 });
  const { products } = await import('../../db/schema');
  const { eq } = await import('drizzle-orm');
  await t.db.update(products).set({ overallDiameter: 25.57 }).where(eq(products.id, near.product.id));
  tires = [first.product.id, near.product.id, far.product.id];
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (cookie: string) => (method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
const query = (ids: number[]) => ids.map((id) => `productIds[]=${id}`).join('&');

describe('the side-by-side', () => {
  it('answers each tire with the caller price, stock, review scores and the 3 % rule against the first', async () => {
    const res = await as(buyer.cookie)('GET', `/api/comparisons/table?${query(tires)}`);
    expect(res.statusCode, res.body).toBe(200);
    const { columns, missingProductIds } = res.json().data;
    expect(missingProductIds).toEqual([]);
    expect(columns.map((c: { product: { productId: number } }) => c.product.productId)).toEqual(tires);
    expect(columns[0]).toMatchObject({
      diameterDifferencePercent: null,
      withinThreePercent: true,
      product: { priceCents: 10_000, available: 5, loadIndex: 94, speedIndex: 'W' },
      rating: { average: null, count: 0 },
    });
    expect(columns[1]).toMatchObject({ diameterDifferencePercent: 2.4, withinThreePercent: true });
    expect(columns[2]).toMatchObject({ diameterDifferencePercent: 4, withinThreePercent: false });
  });

  it('refuses fewer than 2, more than 4 and repeated tires', async () => {
    const me = as(buyer.cookie);
    expect((await me('GET', `/api/comparisons/table?${query([tires[0]])}`)).statusCode).toBe(400);
    expect((await me('GET', `/api/comparisons/table?${query([1, 2, 3, 4, 5])}`)).statusCode).toBe(400);
    expect((await me('GET', `/api/comparisons/table?${query([tires[0], tires[0]])}`)).statusCode).toBe(400);
    expect((await me('GET', '/api/comparisons/table')).statusCode).toBe(400);
  });
});

describe('saved comparisons', () => {
  it('saves, lists, reopens, renames, changes and deletes a named comparison', async () => {
    const me = as(buyer.cookie);
    const name = unique('Trucks');
    const created = await me('POST', '/api/v1/comparisons', { name, productIds: tires });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject({ name, productIds: tires });

    const listed = (await me('GET', '/api/comparisons')).json().data;
    expect(listed.list.map((c: { id: number }) => c.id)).toContain(id);
    expect((await me('GET', '/api/v1/comparisons')).json().data.count).toBe(listed.count);

    const opened = (await me('GET', `/api/v1/comparisons/${id}`)).json().data;
    expect(opened.table.columns).toHaveLength(3);

    const renamed = await me('PUT', `/api/v1/comparisons/${id}`, {
      name: `${name} 2`,
      productIds: tires.slice(0, 2),
    });
    expect(renamed.json().data).toMatchObject({ name: `${name} 2`, productIds: tires.slice(0, 2) });

    expect((await me('DELETE', `/api/v1/comparisons/${id}`)).statusCode).toBe(200);
    expect((await me('GET', `/api/v1/comparisons/${id}`)).statusCode).toBe(404);
    expect((await me('DELETE', `/api/v1/comparisons/${id}`)).statusCode).toBe(404);
  });

  it('answers 400 for an empty or too long name and unknown tires, 409 for a name taken', async () => {
    const me = as(buyer.cookie);
    const empty = await me('POST', '/api/v1/comparisons', { name: ' ', productIds: tires });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].pointer).toBe('/body/name');
    expect(
      (await me('POST', '/api/v1/comparisons', { name: 'x'.repeat(81), productIds: tires })).statusCode,
    ).toBe(400);
    const unknown = await me('POST', '/api/v1/comparisons', {
      name: unique('C'),
      productIds: [tires[0], 999_999_999],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { pointer: '/body/productIds/1', detail: 'is not a tire we sell' },
    ]);
    const name = unique('Same');
    expect((await me('POST', '/api/v1/comparisons', { name, productIds: tires })).statusCode).toBe(201);
    const again = await me('POST', '/api/v1/comparisons', { name: name.toUpperCase(), productIds: tires });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([{ pointer: '/body/name', detail: 'is taken' }]);
  });

  it("keeps each user's comparisons to that user: another's is 404 to read, change or delete", async () => {
    const created = await as(buyer.cookie)('POST', '/api/v1/comparisons', {
      name: unique('Mine'),
      productIds: tires,
    });
    const id = created.json().data.id;
    const other = as((await createShopper(t.app, t.db, { companyId: buyer.companyId })).cookie);
    expect((await other('GET', `/api/v1/comparisons/${id}`)).statusCode).toBe(404);
    expect((await other('PUT', `/api/v1/comparisons/${id}`, { name: 'Taken over' })).statusCode).toBe(404);
    expect((await other('DELETE', `/api/v1/comparisons/${id}`)).statusCode).toBe(404);
    expect((await other('GET', '/api/comparisons')).json().data.count).toBe(0);
    expect((await t.app.inject({ url: '/api/comparisons' })).statusCode).toBe(401);
  });
});
