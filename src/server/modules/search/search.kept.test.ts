import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { RecentReads } from '../../db/recent-reads';
import { models } from '../../db/schema';
import { createProduct, createWarehouse, stock } from '../../test/factories-catalog';
import { foldFacetDeltas } from './search.counts';
import { buyerSearch } from './search.test-helpers';

const suite = buyerSearch();
const { search } = suite;

/** The SQL texts a search runs. */
async function statementsOf(body: Record<string, unknown>) {
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    const answer = await search(body);
    const texts = spy.mock.calls.map(([q]) => (typeof q === 'string' ? q : (q as { text: string }).text));
    return { answer, texts };
  } finally {
    spy.mockRestore();
  }
}

describe('search answers kept per version of the searchable data', () => {
  it('repeats a search by reading only its page, and follows stock, prices and sell-outs at once', async () => {
    // A size no other test stocks: the answer holds exactly these two SKUs.
    const dims = { size: '305/25R19', width: 305, ratio: 25, rim: 19 };
    const { product: a, make } = await createProduct(suite.t.db, dims);
    const { product: b } = await createProduct(suite.t.db, { ...dims, makeId: make.id });
    const warehouse = await createWarehouse(suite.t.db);
    await stock(suite.t.db, warehouse.id, a.id, 8, 10000);
    await stock(suite.t.db, warehouse.id, b.id, 8, 12000);
    const size = { width: 305, ratio: 25, rim: 19 };
    const ids = (answer: { list: { productId: number }[] }) => answer.list.map((i) => i.productId);

    await foldFacetDeltas(suite.t.db); // until the changes are folded, nothing is kept

    const first = await statementsOf(size);
    expect(ids(first.answer)).toEqual([a.id, b.id]);
    expect(first.texts.some((q) => q.includes('search_items'))).toBe(true);
    const repeat = await statementsOf(size);
    expect(repeat.answer).toEqual(first.answer);
    expect(repeat.texts.some((q) => q.includes('search_items'))).toBe(false);

    // Stock that moves no search row (8 → 3, still purchasable) still changes what an item shows.
    await stock(suite.t.db, warehouse.id, b.id, 3, 12000);
    const fewer = await search(size);
    expect(fewer.list.map((i) => i.available)).toEqual([8, 3]);
    expect(fewer.filters).toEqual(first.answer.filters);

    // A cheaper cost reprices b below a: the order and the price range follow.
    await stock(suite.t.db, warehouse.id, b.id, 3, 5000);
    const repriced = await search(size);
    expect(ids(repriced)).toEqual([b.id, a.id]);
    expect(repriced.filters.price.min).toBe(repriced.list[0].priceCents);

    // Sold out: gone from the list and from every count; after folding, kept again.
    await stock(suite.t.db, warehouse.id, a.id, 0, 10000);
    const soldOut = await search(size);
    expect(ids(soldOut)).toEqual([b.id]);
    expect(soldOut.count).toBe(1);
    expect(soldOut.filters.makes).toEqual([{ value: String(make.id), label: make.name, count: 1 }]);
    await foldFacetDeltas(suite.t.db);
    expect(await search(size)).toEqual(soldOut);

    // A catalogue field only the items show (the line's image), written by any SQL: a trigger
    // marks it; this process sees it after its next write (here: as a route's write would).
    await suite.t.db.update(models).set({ imageUrl: '/img/new.svg' }).where(eq(models.id, b.modelId));
    RecentReads.afterWrite(suite.t.app.db);
    expect((await search(size)).list[0].image).toBe('/img/new.svg');
  });

  it('retires only the answers of the sizes a change touches, before and after the fold', async () => {
    const sizeA = { width: 315, ratio: 35, rim: 21 };
    const sizeB = { width: 325, ratio: 30, rim: 21 };
    const { product: a } = await createProduct(suite.t.db, { ...sizeA, size: '315/35R21' });
    const { product: b } = await createProduct(suite.t.db, { ...sizeB, size: '325/30R21' });
    const warehouse = await createWarehouse(suite.t.db);
    await stock(suite.t.db, warehouse.id, a.id, 8, 10000);
    await stock(suite.t.db, warehouse.id, b.id, 8, 10000);
    await foldFacetDeltas(suite.t.db);
    const searched = (texts: string[]) => texts.some((q) => q.includes('search_items'));

    expect(searched((await statementsOf(sizeA)).texts)).toBe(true);
    expect(searched((await statementsOf(sizeB)).texts)).toBe(true);
    expect(searched((await statementsOf(sizeB)).texts)).toBe(false);

    // A sale that leaves units on the shelf retires nothing: the kept page shows the stock of now.
    await stock(suite.t.db, warehouse.id, a.id, 5, 10000);
    const sold = await statementsOf(sizeA);
    expect(searched(sold.texts)).toBe(false);
    expect(sold.answer.list.map((i) => i.available)).toEqual([5]);

    // A new price of a: its size's answers are computed again at once, b's stay kept.
    await stock(suite.t.db, warehouse.id, a.id, 5, 9000);
    const changed = await statementsOf(sizeA);
    expect(searched(changed.texts)).toBe(true);
    expect(changed.answer.list.map((i) => i.available)).toEqual([5]);
    const other = await statementsOf(sizeB);
    expect(searched(other.texts)).toBe(false);
    expect(other.answer.list.map((i) => i.available)).toEqual([8]);

    // After the fold, a's size is kept again under its new version; b's answer never left.
    await foldFacetDeltas(suite.t.db);
    expect(searched((await statementsOf(sizeA)).texts)).toBe(true);
    expect(searched((await statementsOf(sizeA)).texts)).toBe(false);
    expect(searched((await statementsOf(sizeB)).texts)).toBe(false);

    // Sold out: gone from a's size at once, while b's answer is still the kept one.
    await stock(suite.t.db, warehouse.id, a.id, 0, 9000);
    const soldOut = await statementsOf(sizeA);
    expect(soldOut.answer.count).toBe(0);
    expect(soldOut.answer.list).toEqual([]);
    expect(searched((await statementsOf(sizeB)).texts)).toBe(false);
  });

  it('keeps the suggestions of a search that found nothing until the catalogue changes', async () => {
    // No SKU of this size: the answer is empty and its suggestions scan the other sizes.
    const asked = { width: 395, ratio: 30, rim: 30 };
    await foldFacetDeltas(suite.t.db);
    const searched = (texts: string[]) => texts.some((q) => q.includes('search_items'));
    const labels = (answer: object) =>
      ((answer as { suggestions?: { label: string }[] }).suggestions ?? []).map((s) => s.label);

    const first = await statementsOf(asked);
    expect(first.answer.count).toBe(0);
    expect(searched(first.texts)).toBe(true);
    const repeat = await statementsOf(asked);
    expect(searched(repeat.texts)).toBe(false);
    expect(repeat.answer).toEqual(first.answer);
    expect(labels(first.answer)).not.toContain('385/30R30');

    // A nearby size (within 3 % of the diameter) gets stock: after the fold it is suggested.
    const { product } = await createProduct(suite.t.db, {
      width: 385,
      ratio: 30,
      rim: 30,
      size: '385/30R30',
    });
    const warehouse = await createWarehouse(suite.t.db);
    await stock(suite.t.db, warehouse.id, product.id, 4, 10000);
    await foldFacetDeltas(suite.t.db);
    const after = await statementsOf(asked);
    expect(searched(after.texts)).toBe(true);
    expect(labels(after.answer)).toContain('385/30R30');
  });
});
