import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createWarehouse, stock } from '../../test/factories-catalog';
import { createTestApp, signIn, type TestApp, unique } from '../../test/test-app';
import { searcher } from '../search/search.test-helpers';

let t: TestApp;
let admin: string;
let buyer: string;
const search = searcher(
  () => t,
  () => buyer,
);
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, 'admin');
  buyer = await signIn(t.app, 'buyer');
});
afterAll(() => t.close());

const put = (url: string, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: { cookie: admin }, payload });

// The search reads stored rows (search_items): catalogue edits must reach them at once.
describe('search follows catalogue edits', () => {
  it('shows a renamed line and brand, a changed SKU, and hides what is deactivated', async () => {
    const { make, model, product } = await createProduct(t.db, { skuCode: unique('EDT') });
    await stock(t.db, (await createWarehouse(t.db)).id, product.id, 4, 9000);
    const find = async () =>
      (await search({ query: product.skuCode })).list.find((i) => i.productId === product.id);
    expect(await find()).toMatchObject({ line: model.name, brand: make.name });

    const line = unique('Renamed Line');
    expect((await put(`/api/v1/model/${model.id}`, { name: line })).statusCode).toBe(200);
    const brand = unique('Renamed Brand');
    expect((await put(`/api/v1/make/${make.id}`, { name: brand })).statusCode).toBe(200);
    const answer = await search({ query: product.skuCode });
    expect(answer.filters.models.map((m) => m.label)).toContain(line);
    expect(answer.filters.makes.map((m) => m.label)).toContain(brand);

    expect((await put(`/api/v1/product/${product.id}`, { speedIndex: 'Y' })).statusCode).toBe(200);
    expect((await search({ query: product.skuCode, speed: ['Y'] })).count).toBe(1);

    expect((await put(`/api/v1/make/${make.id}`, { active: false })).statusCode).toBe(200);
    expect(await find()).toBeUndefined();
    expect((await put(`/api/v1/make/${make.id}`, { active: true })).statusCode).toBe(200);
    expect((await put(`/api/v1/product/${product.id}`, { active: false })).statusCode).toBe(200);
    expect(await find()).toBeUndefined();
  });
});
