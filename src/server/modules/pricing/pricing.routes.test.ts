import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPrices } from '../../db/schema';
import { type Caller, caller } from '../../test/admin-client';
import { groupId } from '../../test/factories';
import { createProduct, createWarehouse, stock } from '../../test/factories-catalog';
import { createTestApp, type TestApp, unique } from '../../test/test-app';

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await caller(t.app, 'admin');
});
afterAll(() => t.close());

async function priceOf(productId: number, priceGroupId: number) {
  const [row] = await t.db
    .select()
    .from(productPrices)
    .where(and(eq(productPrices.productId, productId), eq(productPrices.priceGroupId, priceGroupId)));
  return row.priceCents;
}

async function stockedProduct(costCents = 10_000) {
  const { make, product } = await createProduct(t.db);
  const warehouse = await createWarehouse(t.db);
  await stock(t.db, warehouse.id, product.id, 8, costCents);
  return { make, product };
}

describe('markup rules', () => {
  it('previews without saving, then a saved rule moves the price in product_prices; deleting moves it back', async () => {
    const { make, product } = await stockedProduct(10_000);
    const fleet = await groupId(t.db, 'fleet');
    const standard = await groupId(t.db, 'standard');
    // The seeded catalogue has group-wide rules: the new make rule is more specific and wins.
    const before = { fleet: await priceOf(product.id, fleet), standard: await priceOf(product.id, standard) };
    const rule = { priceGroupId: fleet, makeId: make.id, basisPoints: 2500, fixedCents: 100 };
    const preview = await admin('POST', '/api/v1/pricing/markup/preview', rule);
    expect(preview.statusCode).toBe(200);
    const [sample] = preview.json().data;
    expect(sample.productId).toBe(product.id);
    const inFleet = sample.groups.find((g: { priceGroupId: number }) => g.priceGroupId === fleet);
    expect(inFleet).toMatchObject({ currentCents: before.fleet, previewCents: 12_600 });
    expect(await priceOf(product.id, fleet)).toBe(before.fleet);

    const created = await admin('POST', '/api/v1/pricing/markup', rule);
    expect(created.statusCode).toBe(201);
    expect(await priceOf(product.id, fleet)).toBe(12_600);
    expect(await priceOf(product.id, standard)).toBe(before.standard);

    const id = created.json().data.id;
    const updated = await admin('PUT', `/api/v1/pricing/markup/${id}`, { basisPoints: 1000 });
    expect(updated.json().data).toMatchObject({ basisPoints: 1000, fixedCents: 100, makeId: make.id });
    expect(await priceOf(product.id, fleet)).toBe(11_100);

    expect((await admin('DELETE', `/api/v1/pricing/markup/${id}`)).statusCode).toBe(200);
    expect(await priceOf(product.id, fleet)).toBe(before.fleet);
    const audit = (await admin('GET', `/api/v1/audit?entity=markup_rule&entityId=${id}&sort=at`)).json().data
      .list;
    expect(audit.map((a: { action: string }) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('refuses an empty cost band with a pointer', async () => {
    const res = await admin('POST', '/api/v1/pricing/markup', {
      priceGroupId: await groupId(t.db, 'fleet'),
      minCostCents: 500,
      maxCostCents: 100,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].pointer).toBe('/body/maxCostCents');
  });

  it('recomputes every price on PUT /pricing/markup/pricing', async () => {
    const res = await admin('PUT', '/api/v1/pricing/markup/pricing');
    expect(res.statusCode).toBe(200);
    expect(res.json().products).toBeGreaterThan(0);
  });
});

describe('price groups and prices', () => {
  it('creates a price group that is priced at cost at once, renames it, lists prices per group', async () => {
    const { product } = await stockedProduct(7_000);
    const code = unique('grp').toLowerCase();
    const created = await admin('POST', '/api/v1/pricing/group', { code, name: 'Key accounts' });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect(await priceOf(product.id, id)).toBe(7_000);
    expect((await admin('PUT', `/api/v1/pricing/group/${id}`, { name: 'Key' })).json().data).toMatchObject({
      code,
      name: 'Key',
    });
    expect((await admin('POST', '/api/v1/pricing/group', { code, name: 'Again' })).statusCode).toBe(409);
    const prices = (await admin('GET', `/api/v1/pricing/${product.id}`)).json().data;
    expect(prices.some((p: { priceGroupId: number }) => p.priceGroupId === id)).toBe(true);
    const list = await admin('GET', `/api/v1/pricing?priceGroupId=${id}&productId=${product.id}`);
    expect(list.json().data.list).toHaveLength(1);
    expect((await admin('PUT', `/api/v1/pricing/${product.id}`)).statusCode).toBe(200);
  });
});

describe('discounts', () => {
  it('creates, reads, updates, switches off and deletes discounts', async () => {
    const { make } = await createProduct(t.db);
    const body = {
      name: unique('Spring'),
      startsAt: '2026-03-01T00:00:00Z',
      makeId: make.id,
      basisPoints: 1000,
    };
    const created = await admin('POST', '/api/v1/discount', body);
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect((await admin('GET', `/api/v1/discount/${id}`)).json().data.basisPoints).toBe(1000);
    const updated = await admin('PUT', `/api/v1/discount/${id}`, { endsAt: '2026-04-01T00:00:00Z' });
    expect(updated.json().data).toMatchObject({ basisPoints: 1000, endsAt: '2026-04-01T00:00:00.000Z' });
    expect((await admin('PUT', `/api/v1/discount/${id}`, { amountCents: 500 })).statusCode).toBe(400);
    expect((await admin('GET', `/api/v1/discount/${id}`)).json().data.amountCents).toBe(0);
    expect((await admin('PUT', '/api/v1/discount', { ids: [id], active: false })).json().updated).toBe(1);
    expect((await admin('DELETE', `/api/v1/discount?ids[]=${id}`)).json().deleted).toBe(1);
    expect((await admin('GET', `/api/v1/discount/${id}`)).statusCode).toBe(404);
  });

  it('refuses a discount giving both a percent and an amount, or ending before it starts', async () => {
    const both = await admin('POST', '/api/v1/discount', {
      name: 'Both',
      startsAt: '2026-03-01T00:00:00Z',
      basisPoints: 100,
      amountCents: 100,
    });
    expect(both.statusCode).toBe(400);
    const backwards = await admin('POST', '/api/v1/discount', {
      name: 'Back',
      startsAt: '2026-03-01T00:00:00Z',
      endsAt: '2026-02-01T00:00:00Z',
      amountCents: 100,
    });
    expect(backwards.json().errors[0].pointer).toBe('/body/endsAt');
  });
});
