import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventory, productPrices, users } from '../../db/schema';
import { type Caller, caller, multipart } from '../../test/admin-client';
import { createCompany, createLocation, createUser, FACTORY_PASSWORD } from '../../test/factories';
import { createProduct, createWarehouse, stock } from '../../test/factories-catalog';
import { createTestApp, signIn, type TestApp, unique } from '../../test/test-app';
import { importFeed } from './inventory.service';

let t: TestApp;
let admin: Caller;
let supplierCookie: string;
let supplierCompanyId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await caller(t.app, 'admin');
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

const asSupplier = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: supplierCookie }, ...(payload && { payload }) });

function upload(warehouseId: number, csv: string, cookie = supplierCookie) {
  const { payload, headers } = multipart('file', 'feed.csv', csv);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/supplier/warehouse/${warehouseId}/feed`,
    headers: { ...headers, cookie },
    payload,
  });
}

async function stockOf(warehouseId: number, productId: number) {
  const [row] = await t.db
    .select()
    .from(inventory)
    .where(and(eq(inventory.warehouseId, warehouseId), eq(inventory.productId, productId)));
  return row ?? null;
}

describe('warehouses', () => {
  it('lets a supplier create, read, update and list its own warehouses only', async () => {
    const code = unique('WH');
    const created = await asSupplier('POST', '/api/v1/supplier/warehouse', {
      code,
      name: 'Main',
      zip: '75201',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.supplierCompanyId).toBe(supplierCompanyId);
    const id = created.json().data.id;
    expect(
      (await asSupplier('PUT', `/api/v1/supplier/warehouse/${id}`, { type: 'store' })).json().data,
    ).toMatchObject({ type: 'store', name: 'Main' });
    expect((await asSupplier('GET', `/api/v1/supplier/warehouse/${id}`)).statusCode).toBe(200);
    const list = (await asSupplier('GET', '/api/v1/supplier/warehouse?pageSize=100')).json().data.list;
    expect(list.every((w: { supplierCompanyId: number }) => w.supplierCompanyId === supplierCompanyId)).toBe(
      true,
    );
    expect((await asSupplier('GET', '/api/v1/supplier/warehouse/type')).json().data).toContain('dropship');
  });

  it("answers 404 for another supplier's warehouse, its feed and its stock", async () => {
    const other = await createWarehouse(t.db);
    expect((await asSupplier('GET', `/api/v1/supplier/warehouse/${other.id}`)).statusCode).toBe(404);
    expect(
      (await asSupplier('PUT', `/api/v1/supplier/warehouse/${other.id}`, { name: 'Mine' })).statusCode,
    ).toBe(404);
    expect((await upload(other.id, 'sku,make,quantity,cost\n')).statusCode).toBe(404);
    const { product } = await createProduct(t.db);
    const set = await asSupplier('POST', '/api/v1/inventory', {
      warehouseId: other.id,
      productId: product.id,
      quantity: 1,
      costCents: 1,
    });
    expect(set.statusCode).toBe(404);
    expect((await admin('GET', `/api/v1/supplier/warehouse/${other.id}`)).statusCode).toBe(200);
  });
});

describe('inventory feed', () => {
  it('applies the good rows, lists the bad ones with line and reason, and re-prices', async () => {
    const warehouse = await createWarehouse(t.db, { supplierCompanyId });
    const a = await createProduct(t.db);
    const b = await createProduct(t.db);
    const csv = [
      'sku,make,quantity,cost',
      `${a.product.skuCode},${a.make.name},12,80.00`,
      `${b.product.skuCode},${b.make.slug},3,"1,020.5"`,
      'NOPE-1,NoSuchMake,5,10',
      `${a.product.skuCode},${a.make.name},99,1`,
      `${b.product.skuCode},${b.make.name},-2,10`,
      '',
    ].join('\r\n');
    const res = await upload(warehouse.id, csv);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'applied', goodRows: 2, badRows: 3, processedRows: 5 });
    expect(await stockOf(warehouse.id, a.product.id)).toMatchObject({ quantity: 12, costCents: 8000 });
    expect(await stockOf(warehouse.id, b.product.id)).toMatchObject({ quantity: 3, costCents: 102050 });
    const [price] = await t.db.select().from(productPrices).where(eq(productPrices.productId, a.product.id));
    expect(price.costCents).toBe(8000);

    const failed = await asSupplier(
      'GET',
      `/api/v1/supplier/warehouse/failed?runId=${res.json().data.id}&sort=line`,
    );
    const rows = failed.json().data.list.map((r: { line: number; reason: string }) => [r.line, r.reason]);
    expect(rows).toEqual([
      [4, expect.stringContaining('No product with sku NOPE-1')],
      [5, 'Same product as line 2'],
      [6, expect.stringContaining('quantity')],
    ]);
    const runs = (await asSupplier('GET', `/api/v1/supplier/warehouse/${warehouse.id}/feed`)).json().data;
    expect(runs[0]).toMatchObject({ status: 'applied', filename: 'feed.csv' });
  });

  it('reads quoted cells with line breaks and commas as one row, and names rows by the line they start on', async () => {
    const warehouse = await createWarehouse(t.db, { supplierCompanyId });
    const a = await createProduct(t.db);
    const b = await createProduct(t.db);
    const csv = [
      'sku,make,quantity,cost,note',
      `${a.product.skuCode},"${a.make.name}",7,"1,080.00","first line`,
      'second line, with a comma"',
      'NOPE-2,NoSuchMake,5,10,',
      `"${b.product.skuCode}",${b.make.slug},4,12.5,"say ""hi"""`,
      `${b.product.skuCode},${b.make.slug},9,"12.50`,
      'the quote above is never closed',
    ].join('\n');
    const res = await upload(warehouse.id, csv);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'applied', goodRows: 2, badRows: 2, processedRows: 4 });
    expect(await stockOf(warehouse.id, a.product.id)).toMatchObject({ quantity: 7, costCents: 108000 });
    expect(await stockOf(warehouse.id, b.product.id)).toMatchObject({ quantity: 4, costCents: 1250 });

    const failed = await asSupplier(
      'GET',
      `/api/v1/supplier/warehouse/failed?runId=${res.json().data.id}&sort=line`,
    );
    expect(failed.json().data.list.map((r: { line: number; reason: string; raw: string }) => r)).toEqual([
      expect.objectContaining({ line: 4, raw: 'NOPE-2,NoSuchMake,5,10,' }),
      expect.objectContaining({
        line: 6,
        reason: 'A quote is not closed',
        raw: `${b.product.skuCode},${b.make.slug},9,"12.50\nthe quote above is never closed`,
      }),
    ]);
    expect(failed.json().data.list[0].reason).toContain('No product with sku NOPE-2');
  });

  it('writes nothing for a feed without the required columns and records the failed run', async () => {
    const warehouse = await createWarehouse(t.db, { supplierCompanyId });
    const { make, product } = await createProduct(t.db);
    const res = await upload(warehouse.id, `sku,make,qty\n${product.skuCode},${make.name},4\n`);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toContain('quantity, cost');
    expect(await stockOf(warehouse.id, product.id)).toBeNull();
    const runs = (await asSupplier('GET', `/api/v1/supplier/warehouse/${warehouse.id}/feed`)).json().data;
    expect(runs[0]).toMatchObject({ status: 'failed', goodRows: 0 });
  });

  it('applies nothing of a feed that breaks off, and records the failed run', async () => {
    const warehouse = await createWarehouse(t.db, { supplierCompanyId });
    const { make, product } = await createProduct(t.db);
    // The first read gets a line, then the upload breaks off.
    let sent = false;
    const stream = new Readable({
      read() {
        if (sent) return;
        sent = true;
        this.push(`sku,make,quantity,cost\n${product.skuCode},${make.name},4,50\n`);
        setTimeout(() => this.destroy(new Error('connection reset')), 10);
      },
    });
    const [user] = await t.db.select().from(users).where(eq(users.username, 'admin'));
    const actor = {
      userId: user.id,
      username: 'admin',
      companyId: user.companyId,
      role: 'admin' as const,
      locationId: null,
      supplierId: 0,
      installer: 0,
      priceGroupId: null,
      via: 'session' as const,
      sessionIdHash: null,
    };
    await expect(importFeed(t.db, actor, warehouse.id, { filename: 'broken.csv', stream })).rejects.toThrow(
      /broke off/,
    );
    expect(await stockOf(warehouse.id, product.id)).toBeNull();
    const runs = (await admin('GET', `/api/v1/supplier/warehouse/${warehouse.id}/feed`)).json().data;
    expect(runs[0]).toMatchObject({ status: 'failed', error: 'The upload broke off; nothing was imported' });
  });

  it('refuses to set stock below the reserved units', async () => {
    const warehouse = await createWarehouse(t.db, { supplierCompanyId });
    const { make, product } = await createProduct(t.db);
    await stock(t.db, warehouse.id, product.id, 10, 5000);
    await t.db.update(inventory).set({ reserved: 4 }).where(eq(inventory.productId, product.id));
    const set = await asSupplier('POST', '/api/v1/inventory', {
      warehouseId: warehouse.id,
      productId: product.id,
      quantity: 3,
      costCents: 5000,
    });
    expect(set.statusCode).toBe(409);
    const res = await upload(warehouse.id, `sku,make,quantity,cost\n${product.skuCode},${make.name},2,50\n`);
    expect(res.json().data).toMatchObject({ goodRows: 0, badRows: 1 });
    expect(await stockOf(warehouse.id, product.id)).toMatchObject({ quantity: 10, reserved: 4 });
    const ok = await asSupplier('POST', '/api/v1/inventory', {
      warehouseId: warehouse.id,
      productId: product.id,
      quantity: 6,
      costCents: 4500,
    });
    expect(ok.json().data).toMatchObject({ quantity: 6, reserved: 4, costCents: 4500 });
    const list = await asSupplier('GET', `/api/v1/inventory?warehouseId=${warehouse.id}`);
    expect(list.json().data.count).toBe(1);
  });
});

describe('supplier companies', () => {
  it('creates, reads, updates and lists supplier companies', async () => {
    const name = unique('Supplier');
    const created = await admin('POST', '/api/v1/supplier/company', { name });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject({ kind: 'supplier', warehouses: 0 });
    expect(
      (await admin('PUT', `/api/v1/supplier/company/${id}`, { phone: '555-0100' })).json().data.phone,
    ).toBe('555-0100');
    expect(
      (await admin('GET', `/api/v1/supplier/company?q=${encodeURIComponent(name)}`)).json().data.count,
    ).toBe(1);
    expect((await admin('GET', '/api/v1/supplier/company/1')).statusCode).toBe(404);
  });
});
