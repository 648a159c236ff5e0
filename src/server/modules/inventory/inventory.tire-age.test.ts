import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../test/admin-client';
import { createCompany, createLocation, createUser, FACTORY_PASSWORD } from '../../test/factories';
import { createProduct, createWarehouse } from '../../test/factories-catalog';
import { createShopper } from '../../test/factories-orders';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

let t: TestApp;
let supplierCookie: string;
let supplierCompanyId: number;
beforeAll(async () => {
  t = await createTestApp();
  supplierCompanyId = (await createCompany(t.db, { kind: 'supplier' })).id;
  const location = await createLocation(t.db, supplierCompanyId, { supplierId: supplierCompanyId });
  const user = await createUser(t.db, {
    role: 'supplier',
    companyId: supplierCompanyId,
    locationIds: [location.id],
  });
  supplierCookie = await signIn(t.app, user.username, FACTORY_PASSWORD);
});
afterAll(() => t.close());

const as = (cookie: string) => (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });

function upload(warehouseId: number, csv: string) {
  const { payload, headers } = multipart('file', 'feed.csv', csv);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/supplier/warehouse/${warehouseId}/feed`,
    headers: { ...headers, cookie: supplierCookie },
    payload,
  });
}

/** A week that has not come yet: next year's week 01. */
const nextYear = `01${String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0')}`;

describe('DOT codes of the stock', () => {
  it('a feed with a dot column imports a lot per line, the row their sum, and refuses bad codes by line', async () => {
    const warehouse = await createWarehouse(t.db, { supplierCompanyId });
    const a = await createProduct(t.db);
    const b = await createProduct(t.db);
    const csv = [
      'sku,make,quantity,cost,dot',
      `${a.product.skuCode},${a.make.name},4,80.00,2324`,
      `${a.product.skuCode},${a.make.name},2,80.00,0119`,
      `${a.product.skuCode},${a.make.name},1,80.00,`,
      `${b.product.skuCode},${b.make.name},3,50.00,0024`,
      `${b.product.skuCode},${b.make.name},3,50.00,5424`,
      `${b.product.skuCode},${b.make.name},3,50.00,${nextYear}`,
      `${a.product.skuCode},${a.make.name},9,80.00,2324`,
      '',
    ].join('\n');
    const res = await upload(warehouse.id, csv);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ goodRows: 3, badRows: 4 });
    const failed = await as(supplierCookie)(
      'GET',
      `/api/v1/supplier/warehouse/failed?runId=${res.json().data.id}&sort=line`,
    );
    expect(failed.json().data.list.map((r: { line: number; reason: string }) => [r.line, r.reason])).toEqual([
      [5, expect.stringContaining('week 00')],
      [6, expect.stringContaining('week 54')],
      [7, expect.stringContaining('has not come yet')],
      [8, 'Same product and DOT code 2324 as line 2'],
    ]);
    // The supplier's page lists the row with its lots oldest first, the six-year-old one flagged.
    const list = await as(supplierCookie)(
      'GET',
      `/api/v1/inventory?warehouseId=${warehouse.id}&productId=${a.product.id}`,
    );
    const [row] = list.json().data.list;
    expect(row).toMatchObject({ quantity: 7 });
    expect(
      row.lots.map((l: { dotCode: string; quantity: number; tooOld: boolean }) => [
        l.dotCode,
        l.quantity,
        l.tooOld,
      ]),
    ).toEqual([
      ['0119', 2, true],
      ['2324', 4, false],
    ]);
  });

  it('setting a stock row takes its lots; bad codes and lots over the quantity are 400s with pointers', async () => {
    const warehouse = await createWarehouse(t.db, { supplierCompanyId });
    const { product } = await createProduct(t.db);
    const set = (lots: object[], quantity = 5) =>
      as(supplierCookie)('POST', '/api/v1/inventory', {
        warehouseId: warehouse.id,
        productId: product.id,
        quantity,
        costCents: 1000,
        lots,
      });
    const bad = await set([
      { dotCode: '0025', quantity: 1 },
      { dotCode: nextYear, quantity: 1 },
      { dotCode: '23x4', quantity: 1 },
    ]);
    expect(bad.statusCode).toBe(400);
    const pointers = bad.json().errors.map((e: { pointer: string }) => e.pointer);
    expect(pointers).toEqual(
      expect.arrayContaining(['/body/lots/0/dotCode', '/body/lots/1/dotCode', '/body/lots/2/dotCode']),
    );
    const over = await set([{ dotCode: '2324', quantity: 6 }]);
    expect(over.statusCode).toBe(400);
    expect(over.json().errors.map((e: { pointer: string }) => e.pointer)).toContain('/body/lots');
    const twice = await set([
      { dotCode: '2324', quantity: 1 },
      { dotCode: '2324', quantity: 1 },
    ]);
    expect(twice.json().errors.map((e: { pointer: string }) => e.pointer)).toContain('/body/lots/1/dotCode');

    const ok = await set([
      { dotCode: '2324', quantity: 2 },
      { dotCode: '1022', quantity: 1 },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.lots.map((l: { dotCode: string }) => l.dotCode)).toEqual(['1022', '2324']);
  });
});

describe("the company's maximum tire age", () => {
  it('the company admin sets it, any user of the company reads it, below a month is a 400 with a pointer', async () => {
    const admin = await createShopper(t.app, t.db);
    const clerk = await createUser(t.db, {
      role: 'buyer',
      companyId: admin.companyId,
      locationIds: [admin.location.id],
    });
    const clerkCall = as(await signIn(t.app, clerk.username, FACTORY_PASSWORD));
    const adminCall = as(admin.cookie);
    expect((await clerkCall('GET', '/api/v1/company/tire-age')).json()).toEqual({
      data: { maxAgeMonths: null },
    });
    expect((await clerkCall('PUT', '/api/v1/company/tire-age', { maxAgeMonths: 24 })).statusCode).toBe(403);
    for (const months of [0, -3, 1.5, 73]) {
      const bad = await adminCall('PUT', '/api/v1/company/tire-age', { maxAgeMonths: months });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].pointer).toBe('/body/maxAgeMonths');
    }
    expect((await adminCall('PUT', '/api/v1/company/tire-age', { maxAgeMonths: 24 })).json()).toEqual({
      data: { maxAgeMonths: 24 },
    });
    expect((await clerkCall('GET', '/api/v1/company/tire-age')).json()).toEqual({
      data: { maxAgeMonths: 24 },
    });
    // Another company sees its own (none).
    const other = await createShopper(t.app, t.db);
    expect((await as(other.cookie)('GET', '/api/v1/company/tire-age')).json()).toEqual({
      data: { maxAgeMonths: null },
    });
    expect((await adminCall('PUT', '/api/v1/company/tire-age', { maxAgeMonths: null })).json()).toEqual({
      data: { maxAgeMonths: null },
    });
  });
});
