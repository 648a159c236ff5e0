import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../test/admin-client';
import { createCompany } from '../../test/factories';
import { createTestApp, signIn, type TestApp, unique } from '../../test/test-app';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'tread-images-')) });
  cookie = await signIn(t.app, 'admin');
});
afterAll(() => t.close());

const as = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);

function upload(modelId: number, bytes: Buffer, type = 'image/png') {
  const { payload, headers } = multipart('file', 'tread.png', bytes, type);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/model/${modelId}/image`,
    headers: { ...headers, cookie },
    payload,
  });
}

describe('catalogue writes', () => {
  it('creates a user through POST /api/v1/make given a username, as one client does', async () => {
    const username = unique('made');
    const company = await createCompany(t.db);
    const user = { username, name: 'Made', email: 'made@example.com', role: 'buyer', companyId: company.id };
    const bad = await as('POST', '/api/v1/make', { ...user, email: 'not-mail' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { pointer: string }) => e.pointer)).toEqual(['/body/email']);
    expect((await as('GET', `/api/v1/make?q=Made`)).json().data.list).toEqual([]);

    const made = await as('POST', '/api/v1/make', { ...user, password: 'long-enough-1' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({ userName: username, role: 'buyer', companyId: company.id });
    expect((await as('GET', `/api/v1/user/${made.json().data.userId}`)).json().data.userName).toBe(username);
    // A bare body is still read as a make: the pointer names the make's field.
    const bare = await as('POST', '/api/v1/make', {});
    expect(bare.json().errors.map((e: { pointer: string }) => e.pointer)).toEqual(['/body/name']);
  });

  it('creates and updates a make, category, line and SKU; a taken slug or SKU is a 409', async () => {
    const name = unique('Roadking');
    const make = await as('POST', '/api/v1/make', { name });
    expect(make.statusCode).toBe(201);
    expect(make.json().data.slug).toBe(name.toLowerCase());
    expect((await as('POST', '/api/v1/make', { name })).statusCode).toBe(409);
    const makeId = make.json().data.id;
    expect((await as('PUT', `/api/v1/make/${makeId}`, { active: false })).json().data).toMatchObject({
      active: false,
      name,
    });

    const category = await as('POST', '/api/v1/category', { name: unique('All Season') });
    expect(category.statusCode).toBe(201);
    const categoryId = category.json().data.id;
    expect((await as('PUT', `/api/v1/category/${categoryId}`, { name: 'All-season' })).json().data.name).toBe(
      'All-season',
    );

    const model = await as('POST', '/api/v1/model', { makeId, categoryId, name: unique('Cruiser') });
    expect(model.statusCode).toBe(201);
    const modelId = model.json().data.id;
    expect((await as('PUT', `/api/v1/model/${modelId}`, { runFlat: true })).json().data).toMatchObject({
      runFlat: true,
      categoryId,
    });

    const sku = {
      modelId,
      skuCode: unique('RK'),
      size: '225/45R17',
      width: 225,
      ratio: 45,
      rim: 17,
      overallDiameter: 24.97,
    };
    const product = await as('POST', '/api/v1/product', sku);
    expect(product.statusCode).toBe(201);
    expect(product.json().data.makeId).toBe(makeId);
    expect((await as('POST', '/api/v1/product', sku)).statusCode).toBe(409);
    const productId = product.json().data.id;
    expect(
      (await as('PUT', `/api/v1/product/${productId}`, { loadIndex: 94, speedIndex: 'W' })).json().data,
    ).toMatchObject({
      loadIndex: 94,
      speedIndex: 'W',
    });
    expect((await as('PUT', '/api/v1/product/999999999', { loadIndex: 94 })).statusCode).toBe(404);
    expect((await as('POST', '/api/v1/product', { ...sku, modelId: 999999999 })).statusCode).toBe(404);
  });

  it('stores the federal excise tax of a SKU from its load index and construction, on create and on edit', async () => {
    const make = (await as('POST', '/api/v1/make', { name: unique('Fetmake') })).json().data;
    const model = (await as('POST', '/api/v1/model', { makeId: make.id, name: unique('Fetline') })).json()
      .data;
    const sku = {
      modelId: model.id,
      skuCode: unique('FET'),
      size: 'LT325/65R18',
      sizeType: 'LT',
      width: 325,
      ratio: 65,
      rim: 18,
      loadIndex: 127,
      overallDiameter: 34.63,
    };
    // LI 127 = 3,858 lb: (3,858 − 3,500) × 9.45 ¢ / 10 lb = 338 ¢ a tire.
    const created = (await as('POST', '/api/v1/product', sku)).json().data;
    expect(created.fetUnitCents).toBe(338);
    // A bias tire of the same load pays half; a load at or below 3,500 lb nothing.
    const bias = await as('PUT', `/api/v1/product/${created.id}`, { construction: 'D' });
    expect(bias.json().data.fetUnitCents).toBe(169);
    const light = await as('PUT', `/api/v1/product/${created.id}`, { loadIndex: 121 });
    expect(light.json().data.fetUnitCents).toBe(0);
    // An edit that names neither keeps what the row's size and load give.
    const renamed = await as('PUT', `/api/v1/product/${created.id}`, { loadIndex: 127, speedIndex: 'Q' });
    expect(renamed.json().data.fetUnitCents).toBe(169);
  });

  it('stores a model image checked by its bytes, serves it, and makes the first one the main image', async () => {
    const make = (await as('POST', '/api/v1/make', { name: unique('Imgmake') })).json().data;
    const model = (await as('POST', '/api/v1/model', { makeId: make.id, name: unique('Imgline') })).json()
      .data;
    const first = await upload(model.id, png);
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      isPrimary: true,
      contentType: 'image/png',
      sizeBytes: png.length,
    });
    const file = await as('GET', first.json().data.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(png)).toBe(true);

    const second = (await upload(model.id, png)).json().data;
    expect(second.isPrimary).toBe(false);
    const promoted = await as('PUT', `/api/v1/model/${model.id}/image/${second.id}`, {
      isPrimary: true,
      altText: 'Side',
    });
    expect(promoted.json().data).toMatchObject({ isPrimary: true, altText: 'Side' });

    const fake = await upload(model.id, Buffer.from('<script>alert(1)</script>'), 'image/png');
    expect(fake.statusCode).toBe(400);
    const big = await upload(model.id, Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
  });
});

describe('second user-creation path', () => {
  it('answers POST /api/v1/make with a username through the one user-creation handler', async () => {
    const company = await createCompany(t.db);
    const body = (username: string) => ({
      username,
      name: 'Alias',
      email: 'alias@example.com',
      role: 'buyer',
      companyId: company.id,
      password: 'long-enough-1',
    });
    const viaUser = await as('POST', '/api/v1/user', body(unique('viauser')));
    const viaMake = await as('POST', '/api/v1/make', body(unique('viamake')));
    for (const res of [viaUser, viaMake]) {
      expect(res.statusCode, res.body).toBe(201);
      // Both name the created user's resource, so a client or a log reader sees what was made.
      expect(res.headers['content-location']).toBe(`/api/v1/user/${res.json().data.userId}`);
      const audit = (await as('GET', `/api/v1/audit?entity=user&entityId=${res.json().data.userId}`)).json()
        .data.list;
      expect(audit.map((a: { action: string }) => a.action)).toEqual(['create']);
    }
    const sales = await signIn(t.app, 'sales');
    const asSales = await t.app.inject({
      method: 'POST',
      url: '/api/v1/make',
      headers: { cookie: sales },
      payload: body(unique('salesmade')),
    });
    expect(asSales.statusCode).toBe(403);
  });
});
