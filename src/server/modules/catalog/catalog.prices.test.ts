import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPrices } from '../../db/schema';
import { groupId } from '../../test/factories';
import {
  createCategory,
  createMarkupRule,
  createProduct,
  createWarehouse,
  stock,
} from '../../test/factories-catalog';
import { createTestApp, type TestApp } from '../../test/test-app';
import { previewPrices, refreshProductPrices } from './catalog.prices';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function priceOf(productId: number, group: number) {
  const [row] = await t.db
    .select()
    .from(productPrices)
    .where(and(eq(productPrices.productId, productId), eq(productPrices.priceGroupId, group)));
  return row;
}

describe('product prices', () => {
  it('take the cheapest available warehouse cost and the most specific markup rule of each group', async () => {
    const fleet = await groupId(t.db, 'fleet');
    const category = await createCategory(t.db);
    const { product, make } = await createProduct(t.db, { categoryId: category.id });
    await createMarkupRule(t.db, { priceGroupId: fleet, basisPoints: 2000 });
    await createMarkupRule(t.db, { priceGroupId: fleet, categoryId: category.id, basisPoints: 1500 });
    await createMarkupRule(t.db, {
      priceGroupId: fleet,
      makeId: make.id,
      basisPoints: 1000,
      fixedCents: 100,
    });
    const near = await createWarehouse(t.db);
    const far = await createWarehouse(t.db);
    await stock(t.db, near.id, product.id, 4, 10_000);
    await stock(t.db, far.id, product.id, 6, 9_001);

    const price = await priceOf(product.id, fleet);
    expect(price.costCents).toBe(9_001);
    // make rule (weight 4) beats category (2) and the catch-all: 9001 + 10% (900.1 → 900) + 100
    expect(price.priceCents).toBe(9_001 + 900 + 100);
    expect(price.available).toBe(10);
  });

  it('follow stock: a sold-out warehouse no longer sets the cost', async () => {
    const fleet = await groupId(t.db, 'fleet');
    const { product } = await createProduct(t.db);
    const a = await createWarehouse(t.db);
    const b = await createWarehouse(t.db);
    await stock(t.db, a.id, product.id, 0, 5_000);
    await stock(t.db, b.id, product.id, 2, 7_000);
    expect((await priceOf(product.id, fleet)).costCents).toBe(7_000);
    await stock(t.db, b.id, product.id, 0, 7_000);
    await refreshProductPrices(t.db, [product.id]);
    expect((await priceOf(product.id, fleet)).available).toBe(0);
  });

  it('preview a rule without saving it', async () => {
    const wholesale = await groupId(t.db, 'wholesale');
    const { product, make } = await createProduct(t.db);
    await stock(t.db, (await createWarehouse(t.db)).id, product.id, 3, 10_000);
    const before = await priceOf(product.id, wholesale);
    const preview = await previewPrices(t.db, [product.id], {
      priceGroupId: wholesale,
      makeId: make.id,
      categoryId: null,
      minCostCents: null,
      maxCostCents: null,
      basisPoints: 5000,
      fixedCents: 0,
    });
    expect(preview.find((p) => p.priceGroupId === wholesale)?.priceCents).toBe(15_000);
    expect(await priceOf(product.id, wholesale)).toEqual(before);
  });
});
