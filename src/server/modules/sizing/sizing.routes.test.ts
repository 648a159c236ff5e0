import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';
import { forgetVehicleVersion } from '../../db/data-versions';

let t: TestApp;
let cookie: string;
const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });
const values = (res: { json(): { data: { list: { value: string }[] } } }) =>
  res.json().data.list.map((c) => c.value);

beforeAll(async () => {
  t = await createTestApp();
  cookie = await signIn(t.app, 'buyer');
});
afterAll(() => t.close());

describe('size selector chain', () => {
  it('walks width, ratio and rim, each value leading to a purchasable SKU', async () => {
    const widths = await get('/api/v1/sizing/width?channel=4');
    expect(widths.statusCode).toBe(200);
    expect(values(widths)).toContain('225');
    const ratios = await get('/api/v1/sizing/width/225/ratio?channel=4');
    expect(values(ratios).length).toBeGreaterThan(0);
    const ratio = values(ratios)[0];
    const rims = await get(`/api/v1/sizing/width/225/ratio/${ratio}?channel=4`);
    const rim = values(rims)[0];
    const products = await get(`/api/products?size=225/${ratio}R${rim}&pageSize=100`);
    const list = products.json().data.list as { available: number; priceCents: number | null }[];
    expect(list.some((p) => p.available > 0 && p.priceCents !== null)).toBe(true);
  });

  it('lists flotation sizes as diameter, section width and rim', async () => {
    const ratios = await get('/api/v1/sizing/width/33/ratio');
    if (ratios.json().data.list.length) expect(values(ratios)[0]).toMatch(/^\d+\.\d\d$/);
  });

  it('answers with an ETag and a 304 when nothing changed', async () => {
    const widths = await get('/api/v1/sizing/width');
    expect(widths.headers['cache-control']).toContain('max-age');
    expect(widths.headers.etag).toBeTruthy();
    // Years never change within a run (widths may, as other test files stock new SKUs).
    const first = await get('/api/v1/sizing/years');
    const again = await get('/api/v1/sizing/years', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('refuses bad values, unknown channels, other groups and callers without a session', async () => {
    expect((await get('/api/v1/sizing/width/abc/ratio')).statusCode).toBe(400);
    expect((await get('/api/v1/sizing/width?channel=99')).statusCode).toBe(400);
    expect((await get('/api/v1/sizing/width?group=999999')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/sizing/width' })).statusCode).toBe(401);
  });
});

describe('vehicle selector chain', () => {
  it('lists years from the current year down to 1959', async () => {
    const years = values(await get('/api/v1/sizing/years'));
    expect(years[0]).toBe(String(new Date().getFullYear()));
    expect(years.at(-1)).toBe('1959');
    expect(years).toHaveLength(new Date().getFullYear() - 1958);
  });

  it('walks year, make, model and option to the OE size records', async () => {
    const makes = values(await get('/api/v1/sizing/years/2020/makes'));
    expect(makes).toContain('Toyota');
    expect(makes).not.toContain('Datsun');
    const models = values(await get('/api/v1/sizing/years/2020/makes/Toyota/models'));
    expect(models).toContain('Camry');
    const options = values(await get('/api/v1/sizing/years/2020/makes/Toyota/models/Camry/options'));
    expect(options.length).toBeGreaterThan(0);
    const sizes = await get(
      `/api/v1/sizing?year=2020&make=Toyota&model=Camry&option=${encodeURIComponent(options[0])}`,
    );
    expect(sizes.statusCode).toBe(200);
    for (const record of sizes.json().data.list) {
      expect(record).toMatchObject({
        size: expect.any(String),
        loadIndex: expect.any(Number),
        speedIndex: expect.any(String),
      });
    }
  });

  it('answers front and rear records for a staggered vehicle', async () => {
    const res = await get('/api/v1/vehicle/search?make=Chevrolet&model=Corvette&pageSize=100');
    const staggered = res
      .json()
      .data.list.find((v: { sizes: { position: string }[] }) => v.sizes.some((s) => s.position === 'rear'));
    expect(staggered).toBeDefined();
    const q = new URLSearchParams({
      year: staggered.year,
      make: staggered.make,
      model: staggered.model,
      option: staggered.option,
    });
    const positions = (await get(`/api/v1/sizing?${q}`))
      .json()
      .data.list.map((s: { position: string }) => s.position);
    expect(positions).toEqual(expect.arrayContaining(['front', 'rear']));
  });

  it('is a 404 for an unknown vehicle and a 400 for a year before 1959', async () => {
    expect((await get('/api/v1/sizing?year=2020&make=Toyota&model=Camry&option=Nope')).statusCode).toBe(404);
    expect((await get('/api/v1/sizing/years/1958/makes')).statusCode).toBe(400);
  });

  it('keeps vehicle lists in memory until the vehicle data changes, answering 304 meanwhile', async () => {
    // 1961: a year no seed or other test file uses; the vehicle is removed again below.
    const url = '/api/v1/sizing/years/1961/makes';
    const first = await get(url);
    expect(first.headers['cache-control']).toContain('max-age');
    const again = await get(url, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    const make = `Zz Cache ${process.pid}`;
    const slug = `zz-cache-${process.pid}`;
    await t.app.db.execute(
      sql`insert into vehicles (year, make, model, "option", slug) values (1961, ${make}, 'M', 'O', ${slug})`,
    );
    try {
      // A vehicle import forgets the version itself; another process's change shows within a second.
      forgetVehicleVersion(t.app.db);
      const changed = await get(url, { 'if-none-match': String(first.headers.etag) });
      expect(changed.statusCode).toBe(200);
      expect(values(changed)).toContain(make);
    } finally {
      await t.app.db.execute(sql`delete from vehicles where slug = ${slug}`);
      forgetVehicleVersion(t.app.db);
    }
    expect(values(await get(url))).not.toContain(make);
  });
});
