import { describe, expect, it } from 'vitest';
import { discounts } from '../../db/schema';
import { createProduct, createWarehouse, stock } from '../../test/factories-catalog';
import { createCompany, createLocation, createUser, FACTORY_PASSWORD, groupId } from '../../test/factories';
import { signIn } from '../../test/test-app';
import { buyerSearch, searcher } from './search.test-helpers';

// The search box: the free text read into filters, its parts as removable chips, the Sizes facet,
// suggestions when nothing is found, and the buyer's prices in bounds, range and price sorts.

const suite = buyerSearch();
const { search } = suite;
type Chip = { kind: string; label: string; text: string; query: string };
type Suggestion = {
  kind: string;
  label: string;
  count: number;
  query: string;
  width?: number;
  ratio?: number;
  rim?: number;
};
type Box = Awaited<ReturnType<typeof search>> & {
  sizes: { width: number; ratio: number; rim: number; label: string; count: number; oe: boolean }[];
  suggestions: Suggestion[];
};
const box = async (body: Record<string, unknown>) => (await search(body)) as Box;
const chips = (a: Box) => (a.applied.interpreted as { parts: Chip[] }).parts;

describe('the search box reads partial and mixed queries', () => {
  it('reads “225” as width 225 and offers its ratios and rims as a Sizes facet', async () => {
    const answer = await box({ query: '225', pageSize: 100 });
    expect(answer.count).toBeGreaterThan(0);
    expect(answer.list.every((i) => i.width === 225)).toBe(true);
    expect(chips(answer)).toEqual([{ kind: 'size', label: 'Width 225', text: '225', query: '' }]);
    expect(new Set(answer.sizes.map((s) => s.ratio)).size).toBeGreaterThan(1);
    expect(answer.sizes.every((s) => s.width === 225 && !s.oe)).toBe(true);
    expect(answer.sizes.reduce((n, s) => n + s.count, 0)).toBe(answer.count);
    // Narrowing through the 'sizes' filter type: the explicit size wins over the text's.
    const [first] = answer.sizes;
    const narrowed = await box({ query: '225', width: first.width, ratio: first.ratio, rim: first.rim });
    expect(narrowed.count).toBe(first.count);
    expect(chips(narrowed)).toEqual([]);
  });

  it('shows each part as a chip; removing one keeps the others', async () => {
    const answer = await box({ query: 'all season 225/45r17', pageSize: 100 });
    expect(
      answer.list.every(
        (i) => (i as { category?: string }).category === 'All-Season' && i.size.endsWith('225/45R17'),
      ),
    ).toBe(true);
    const [category, size] = chips(answer);
    expect(category).toMatchObject({ kind: 'category', label: 'Category: All-Season', query: '225/45r17' });
    expect(size).toMatchObject({ kind: 'size', label: 'Size 225/45R17', query: 'all season' });
    const withoutCategory = await box({ query: category.query });
    expect(withoutCategory.count).toBe((await box({ width: 225, ratio: 45, rim: 17 })).count);
    expect(withoutCategory.count).toBeGreaterThan(answer.count);

    const brandAndWidth = await box({ query: 'michelin 225' });
    const sizeChip = chips(brandAndWidth).find((c) => c.kind === 'size') as Chip;
    const brandOnly = await box({ query: sizeChip.query, pageSize: 100 });
    expect(sizeChip.query).toBe('michelin');
    expect(brandOnly.list.every((i) => i.brand === 'Michelin')).toBe(true);
    expect(brandOnly.count).toBeGreaterThan(brandAndWidth.count);
  });

  it('joins the text’s facet values to those the sidebar chose', async () => {
    const answer = await box({ query: 'winter 205/55r16' });
    const winter = answer.filters.categories.find((c) => c.label === 'Winter');
    expect(answer.count).toBe(winter?.count);
    // The category facet still counts the other categories of the size (a facet counts without its own filter).
    expect(answer.filters.categories.length).toBeGreaterThan(1);
  });

  it('refuses a text longer than 100 characters with a pointer', async () => {
    const res = await suite.t.app.inject({
      method: 'POST',
      url: '/api/search/items',
      headers: { cookie: suite.cookie },
      payload: { query: 'x'.repeat(101) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });
});

describe('no dead ends', () => {
  it('suggests the nearest sizes with stock within 3 % diameter, each leading to results', async () => {
    const answer = await box({ query: 'michelin 225/50r16' });
    expect(answer.count).toBe(0);
    const sizes = answer.suggestions.filter((s) => s.kind === 'size');
    expect(sizes.length).toBeGreaterThan(0);
    for (const s of sizes) {
      expect(s.query).toBe('michelin');
      const d = (s.rim as number) + ((s.width as number) * (s.ratio as number)) / 1270;
      expect(Math.abs(d - (16 + (225 * 50) / 1270)) / (16 + (225 * 50) / 1270)).toBeLessThanOrEqual(0.03);
      const followed = await box({
        query: s.query,
        width: s.width,
        ratio: s.ratio,
        rim: s.rim,
        pageSize: 100,
      });
      expect(followed.count).toBe(s.count);
      expect(followed.list.every((i) => i.brand === 'Michelin')).toBe(true);
    }
    expect(answer.suggestions.some((s) => s.kind === 'drop' && s.query === '225/50r16')).toBe(false);
  });

  it('keeps load and speed at or above the asked ones', async () => {
    const answer = await box({ query: '225/50r16 94v' });
    expect(answer.count).toBe(0);
    const sizes = answer.suggestions.filter((s) => s.kind === 'size');
    expect(sizes.length).toBeGreaterThan(0);
    for (const s of sizes) {
      const followed = await box({ width: s.width, ratio: s.ratio, rim: s.rim, pageSize: 100 });
      const fits = followed.list.filter(
        (i) =>
          ((i as { loadIndex?: number }).loadIndex ?? 0) >= 94 && ['V', 'W', 'Y', 'Z'].includes(i.speedIndex),
      );
      expect(fits.length, s.label).toBeGreaterThan(0);
    }
  });

  it('suggests the query without its least certain part, and a corrected spelling', async () => {
    const dropped = await box({ query: 'bridgestone xyzzy' });
    expect(dropped.count).toBe(0);
    const drop = dropped.suggestions.find((s) => s.kind === 'drop');
    expect(drop?.query).toBe('bridgestone');
    expect((await box({ query: drop?.query })).count).toBe(drop?.count);

    const misspelt = await box({ query: 'hakapelita' });
    expect(misspelt.count).toBe(0);
    const spelling = misspelt.suggestions.find((s) => s.kind === 'spelling');
    expect(spelling?.query).toMatch(/^Hakkapeliitta/);
    expect((await box({ query: spelling?.query })).count).toBe(spelling?.count);
  });

  it('gives no suggestions when something is found', async () => {
    expect((await box({ query: '205/55r16' })).suggestions).toEqual([]);
  });
});

describe("the buyer's prices in the search", () => {
  it('bounds, ranges and sorts by the price after the company discount', async () => {
    const db = suite.t.db;
    const warehouse = await createWarehouse(db);
    // A size of its own (no demo SKU has it): three SKUs, the dearest then discounted by half.
    const size = { size: '215/45R13', width: 215, ratio: 45, rim: 13, overallDiameter: 20.62 };
    const made = [];
    for (const cost of [10000, 12000, 14000]) {
      const { product } = await createProduct(db, size);
      await stock(db, warehouse.id, product.id, 4, cost);
      made.push(product);
    }
    const [cheap, , dear] = made;
    const company = await createCompany(db);
    const location = await createLocation(db, company.id, { priceGroupId: await groupId(db, 'standard') });
    const user = await createUser(db, {
      role: 'company_admin',
      companyId: company.id,
      locationIds: [location.id],
    });
    await db.insert(discounts).values({
      name: 'Half off the dear one',
      startsAt: new Date(Date.now() - 60_000),
      productId: dear.id,
      companyId: company.id,
      basisPoints: 5000,
    });
    const cookie = await signIn(suite.t.app, user.username, FACTORY_PASSWORD);
    const asBuyer = searcher(
      () => suite.t,
      () => cookie,
    );
    const dims = { width: 215, ratio: 45, rim: 13 };
    const low = await asBuyer({ ...dims, sort: 'LTH' });
    expect(low.list.map((i) => i.productId)).toEqual([dear.id, cheap.id, made[1].id]);
    const prices = low.list.map((i) => i.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(low.filters.price.min).toBe(low.list[0].priceCents);
    expect(low.filters.price.max).toBe(low.list[2].priceCents);
    const high = await asBuyer({ ...dims, sort: 'HTL' });
    expect(high.list.map((i) => i.productId)).toEqual([made[1].id, cheap.id, dear.id]);
    // The bound is on the buyer's price: only the discounted tire is at or under its price.
    const bounded = await asBuyer({ ...dims, maxPrice: low.list[0].priceCents });
    expect(bounded.list.map((i) => i.productId)).toEqual([dear.id]);
    // Another company has no discount: the dear tire is last for it.
    const other = await search({ ...dims, sort: 'LTH' });
    expect(other.list.map((i) => i.productId)).toEqual([cheap.id, made[1].id, dear.id]);
  });
});

describe('type-ahead', () => {
  const ahead = async (q: string, cookie = suite.cookie) =>
    suite.t.app.inject({
      method: 'GET',
      url: `/api/search/typeahead?q=${encodeURIComponent(q)}`,
      headers: { cookie },
    });
  const list = async (q: string) =>
    (await ahead(q)).json().data.list as { kind: string; label: string; query: string; count: number }[];

  it('completes a size being typed, with counts that match the search', async () => {
    const sizes = await list('225/4');
    expect(sizes.length).toBeGreaterThan(0);
    expect(sizes.length).toBeLessThanOrEqual(8);
    expect(sizes.every((s) => s.kind === 'size' && s.label.startsWith('225/4'))).toBe(true);
    const [first] = sizes;
    expect((await box({ query: first.query })).count).toBe(first.count);
  });

  it('completes brands, categories, lines and MPNs', async () => {
    const brands = await list('mich');
    expect(brands[0]).toMatchObject({ kind: 'make', label: 'Michelin', query: 'Michelin' });
    expect((await box({ query: brands[0].query })).count).toBe(brands[0].count);
    expect((await list('all-s')).map((x) => x.label)).toContain('All-Season');
    expect((await list('blizz')).some((x) => x.kind === 'model' && x.label.includes('Blizzak'))).toBe(true);
    const [item] = (await box({ width: 225, ratio: 45, rim: 17 })).list;
    const mpns = await list(item.skuCode.slice(0, 5));
    expect(mpns.length).toBeGreaterThan(0);
    expect(mpns.every((m) => m.kind === 'mpn' && m.query.startsWith(item.skuCode.slice(0, 5)))).toBe(true);
  });

  it('answers nothing for nothing known, 400 for an empty text and 401 without a session', async () => {
    expect(await list('zzzzqq')).toEqual([]);
    expect((await ahead('')).statusCode).toBe(400);
    expect((await ahead('225', '')).statusCode).toBe(401);
  });
});
