import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedFailures, feedRuns, inventory } from '../../db/schema';
import { multipart } from '../../test/admin-client';
import { createCompany, createLocation, createUser, FACTORY_PASSWORD } from '../../test/factories';
import { createProduct, createWarehouse } from '../../test/factories-catalog';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

// A small FEED_MAX_BYTES so that the test sends kilobytes, not 50 MB.
const LIMIT = 4_000;
let t: TestApp;
let cookie: string;
let supplierCompanyId: number;
beforeAll(async () => {
  t = await createTestApp({ FEED_MAX_BYTES: LIMIT });
  supplierCompanyId = (await createCompany(t.db, { kind: 'supplier' })).id;
  const location = await createLocation(t.db, supplierCompanyId, { supplierId: supplierCompanyId });
  const user = await createUser(t.db, {
    role: 'supplier',
    companyId: supplierCompanyId,
    locationIds: [location.id],
  });
  cookie = await signIn(t.app, user.username, FACTORY_PASSWORD);
});
afterAll(() => t.close());

function upload(warehouseId: number, csv: string) {
  const { payload, headers } = multipart('file', 'feed.csv', csv);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/supplier/warehouse/${warehouseId}/feed`,
    headers: { ...headers, cookie },
    payload,
  });
}

describe('feed import size limit', () => {
  it('answers a feed above FEED_MAX_BYTES with a 413 problem+json and applies nothing of it', async () => {
    const warehouse = await createWarehouse(t.db, { supplierCompanyId });
    const { product, make } = await createProduct(t.db);
    const good = `${product.skuCode},${make.name},7,50.00`;
    const csv = ['sku,make,quantity,cost', good, ...Array(400).fill('NOPE-1,NoSuchMake,1,1')].join('\n');
    expect(csv.length).toBeGreaterThan(LIMIT);
    const res = await upload(warehouse.id, csv);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().status).toBe(413);
    expect(await t.db.select().from(inventory).where(eq(inventory.warehouseId, warehouse.id))).toEqual([]);
    const runs = await t.db.select().from(feedRuns).where(eq(feedRuns.warehouseId, warehouse.id));
    expect(runs.every((r) => r.status !== 'applied')).toBe(true);

    // Under the limit the same feed applies.
    const small = await upload(warehouse.id, ['sku,make,quantity,cost', good].join('\n'));
    expect(small.statusCode, small.body).toBe(201);
  });

  it('quotes at most 40 characters of a bad cell in the failure reason', async () => {
    const warehouse = await createWarehouse(t.db, { supplierCompanyId });
    const { product, make } = await createProduct(t.db);
    const res = await upload(
      warehouse.id,
      `sku,make,quantity,cost\n${product.skuCode},${make.name},${'9'.repeat(3000)},1\n`,
    );
    expect(res.statusCode, res.body).toBe(201);
    const [failure] = await t.db
      .select()
      .from(feedFailures)
      .where(eq(feedFailures.runId, res.json().data.id));
    expect(failure.reason).toBe(`quantity "${'9'.repeat(40)}…" is not a whole number from 0`);
  });
});
