import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

let t: TestApp;
let cookie: string;
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const data = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json().data;
};

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signIn(t.app, 'buyer');
});
afterAll(() => t.close());

describe('catalogue reads', () => {
  it('lists categories, brands and lines on both path styles', async () => {
    expect((await data('/api/categories')).list.map((c: { slug: string }) => c.slug)).toContain('winter');
    expect((await data('/api/makes?pageSize=1')).count).toBeGreaterThanOrEqual(25);
    // Found by name: other test files add brands of their own, which may fill the first page.
    const makes = await data('/api/makes?q=Michelin');
    const michelin = makes.list.find((m: { name: string }) => m.name === 'Michelin');
    expect((await data(`/api/makes/${michelin.id}`)).name).toBe('Michelin');
    expect((await data(`/api/v1/make/${michelin.id}`)).name).toBe('Michelin');
    const lines = await data(`/api/models?makeId=${michelin.id}&pageSize=100`);
    expect(lines.list.every((m: { makeId: number }) => m.makeId === michelin.id)).toBe(true);
    expect((await data('/api/v1/model?pageSize=1')).count).toBeGreaterThanOrEqual(250);
    expect((await data(`/api/v1/category/${(await data('/api/v1/category')).list[0].id}`)).name).toBeTruthy();
  });

  it('finds a SKU by code and make, with the price of the caller and no cost', async () => {
    const [first] = (await data('/api/products?pageSize=1')).list;
    const one = await data(`/api/products/${first.skuCode}?make=${first.makeId}`);
    expect(one.productId).toBe(first.productId);
    expect(one).not.toHaveProperty('costCents');
    expect((await data(`/api/v1/product/${first.productId}`)).skuCode).toBe(first.skuCode);
    expect((await get(`/api/products/${first.skuCode}?make=999999`)).statusCode).toBe(404);
    expect((await get(`/api/products/${first.skuCode}`)).statusCode).toBe(400);
  });

  it('serves sizes, plus-size alternatives within 3% and SKUs by size slug', async () => {
    const [size] = (await data('/api/v1/tire-size/search?q=2254517')).list;
    expect(size.size).toBe('225/45R17');
    expect((await data(`/api/v1/size/${size.id}`)).overallDiameter).toBe(24.97);
    const near = await data(`/api/v1/size/diameter/${size.id}`);
    expect(near.list.length).toBeGreaterThan(0);
    for (const s of near.list) expect(Math.abs(s.overallDiameter - 24.97)).toBeLessThanOrEqual(24.97 * 0.03);
    const skus = await data('/api/v1/product/tireSize/225-45r17');
    expect(skus.list.every((p: { size: string }) => p.size === '225/45R17')).toBe(true);
    expect((await data('/api/v1/size?width=225&ratio=45&rim=17')).count).toBeGreaterThan(0);
    expect((await data('/api/v1/tire-size/search?q=LT265')).list[0].size).toMatch(/^LT265/);
  });

  it('finds vehicles by slug, id and free text', async () => {
    const found = await data('/api/v1/vehicle/search?q=2020%20camry');
    expect(found.list[0]).toMatchObject({ year: 2020, model: 'Camry' });
    expect((await data(`/api/v1/vehicle/${found.list[0].slug}`)).id).toBe(found.list[0].id);
    expect((await data(`/api/v1/vehicle-web/${found.list[0].id}`)).slug).toBe(found.list[0].slug);
    expect(
      (await data('/api/v1/vehicle-web?year=1959')).list.every((v: { year: number }) => v.year === 1959),
    ).toBe(true);
  });

  it('lists channel 4 as the B2B web shop, serves drawn images, and needs a session', async () => {
    expect((await data('/api/v1/channel')).list.find((c: { id: number }) => c.id === 4).code).toBe('b2b-web');
    const image = await get('/api/v1/model/1/image.svg');
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.body).toContain('<svg');
    expect((await t.app.inject({ method: 'GET', url: '/api/products' })).statusCode).toBe(401);
    expect((await get('/api/v1/size/abc')).statusCode).toBe(400);
  });
});
