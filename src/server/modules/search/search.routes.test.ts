import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { RecentReads } from '../../db/recent-reads';
import { parseTireSize, type TireSize } from '../../../domain/tire-size';
import { foldFacetDeltas } from './search.counts';
import { buyerSearch } from './search.test-helpers';

const suite = buyerSearch();
const { search } = suite;
const size = { width: 225, ratio: 45, rim: 17 };

describe('shop search by size', () => {
  it('answers purchasable SKUs of the size with the caller price, facets and a count', async () => {
    const answer = await search(size);
    expect(answer.count).toBeGreaterThan(0);
    expect(answer.list.length).toBe(Math.min(15, answer.count));
    for (const item of answer.list) {
      expect(item).toMatchObject({ width: 225, ratio: 45, rim: 17, skuCode: expect.any(String) });
      expect(item.available).toBeGreaterThan(0);
      expect(item.priceCents).toBeGreaterThan(0);
    }
    expect(answer.filters.makes.length).toBeGreaterThan(0);
    expect(answer.applied).toMatchObject(size);
  });

  // 205/55R16: a size no factory of a parallel test file creates, so counts hold still.
  const quiet = { width: 205, ratio: 55, rim: 16 };

  it('counts each facet value as the list filtered by that value', async () => {
    const answer = await search(quiet);
    for (const facet of ['makes', 'speed', 'categories', 'load', 'sidewall', 'ply']) {
      for (const value of answer.filters[facet].slice(0, 3)) {
        const filtered = await search({ ...quiet, [facet]: [value.value] });
        expect(filtered.count, `${facet}=${value.value}`).toBe(value.count);
      }
    }
  });

  it('keeps the other values of a facet while one is chosen', async () => {
    const answer = await search(quiet);
    const [first, second] = answer.filters.makes;
    const chosen = await search({ ...quiet, makes: [first.value] });
    expect(chosen.filters.makes.find((m) => m.value === second.value)?.count).toBe(second.count);
    expect(chosen.list.every((i) => String(i.makeId) === first.value)).toBe(true);
  });

  it('sorts by each sort code', async () => {
    const prices = (await search({ ...size, sort: 'LTH', pageSize: 50 })).list.map((i) => i.priceCents);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const high = (await search({ ...size, sort: 'HTL', pageSize: 50 })).list.map((i) => i.priceCents);
    expect(high).toEqual([...high].sort((a, b) => b - a));
    const az = (await search({ ...size, sort: 'MAZ', pageSize: 50 })).list.map((i) => i.brand);
    expect(az).toEqual([...az].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const za = (await search({ ...size, sort: 'MZA', pageSize: 50 })).list.map((i) => i.brand);
    expect(za).toEqual([...za].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
  });

  it('visits every result exactly once when paging', async () => {
    const first = await search({ width: 205, ratio: 55, rim: 16, pageSize: 7 });
    const seen: number[] = [];
    for (let page = 0; page * 7 < first.count; page++) {
      seen.push(
        ...(await search({ width: 205, ratio: 55, rim: 16, pageSize: 7, page })).list.map((i) => i.productId),
      );
    }
    expect(seen.length).toBe(first.count);
    expect(new Set(seen).size).toBe(first.count);
  });

  it('applies runFlat, specialsOnly and the price bounds', async () => {
    const all = await search({ pageSize: 100, minPrice: 10000, maxPrice: 20000 });
    expect(all.list.every((i) => i.priceCents >= 10000 && i.priceCents <= 20000)).toBe(true);
    expect((await search({ runFlat: true, pageSize: 50 })).list.every((i) => i.runFlat)).toBe(true);
    const specials = await search({ specialsOnly: true, pageSize: 50 });
    expect(specials.count).toBeGreaterThan(0);
    expect(specials.list.every((i) => i.specials)).toBe(true);
  });

  it('browses the whole catalogue with stored counts equal to the facet sums', async () => {
    const answer = await search({});
    expect(answer.count).toBeGreaterThan(1000);
    const byMake = answer.filters.makes.reduce((s, c) => s + c.count, 0);
    expect(byMake).toBe(answer.count);
    expect(answer.filters.price.min).toBeLessThanOrEqual(answer.filters.price.max);
  });
});

describe('shop search by text and vehicle', () => {
  it('finds an MPN and its prefix', async () => {
    const [item] = (await search({ width: 225, ratio: 45, rim: 17 })).list;
    expect((await search({ query: item.skuCode })).list.map((i) => i.productId)).toContain(item.productId);
    const prefix = item.skuCode.slice(0, 6);
    const byPrefix = await search({ query: prefix, pageSize: 100 });
    expect(byPrefix.list.every((i) => i.skuCode.startsWith(prefix))).toBe(true);
  });

  it('reads a brand with a typo and a size together', async () => {
    const answer = await search({ query: 'michlin 225/45r17', pageSize: 100 });
    expect(answer.applied.interpreted).toMatchObject({ size: '225/45R17', terms: [] });
    expect(answer.count).toBeGreaterThan(0);
    expect(
      answer.list.every((i) => i.brand === 'Michelin' && i.width === 225 && i.ratio === 45 && i.rim === 17),
    ).toBe(true);
    for (const text of ['2254517', '225-45-17', '225 45 17']) {
      expect((await search({ query: text })).count).toBe((await search(size)).count);
    }
  });

  it('searches a vehicle by its first OE size', async () => {
    const found = await suite.t.app.inject({
      method: 'GET',
      url: '/api/v1/vehicle/search?q=2020%20camry',
      headers: { cookie: suite.cookie },
    });
    const v = found.json().data.list[0];
    const front = parseTireSize(v.sizes[0].size) as TireSize;
    const answer = await search({ year: v.year, vmake: v.make, vmodel: v.model, option: v.option });
    expect(
      answer.list.every((i) => i.width === front.width && i.ratio === front.ratio && i.rim === front.rim),
    ).toBe(true);
    const bySize = await search({
      size: `${v.sizes[0].size} ${v.sizes[0].loadIndex}${v.sizes[0].speedIndex}`,
    });
    expect(bySize.count).toBe(answer.count);
  });

  it('refuses bad filter values and callers without a session', async () => {
    for (const body of [
      { sort: 'XYZ' },
      { speed: ['K'] },
      { width: 'abc' },
      { size: 'nonsense' },
      { page: -1 },
      { makes: ['x'] },
    ]) {
      const res = await suite.t.app.inject({
        method: 'POST',
        url: '/api/search/items',
        headers: { cookie: suite.cookie },
        payload: body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await suite.t.app.inject({ method: 'POST', url: '/api/search/items', payload: {} })).statusCode,
    ).toBe(401);
  });

  it('refuses a page number past any list the data can hold with a 400 naming the field', async () => {
    const res = await suite.t.app.inject({
      method: 'POST',
      url: '/api/search/items',
      headers: { cookie: suite.cookie },
      payload: { page: 1_000_000_000_000_000 },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ pointer: '/body/page' })]);
  });

  it('keeps its response documented in OpenAPI (trusted responses skip only the runtime check)', async () => {
    const docs = (await suite.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const ok = docs.paths['/api/search/items'].post.responses['200'];
    expect(JSON.stringify(ok)).toContain('skuCode');
  });

  it('runs the same small number of SQL statements whatever the page size', async () => {
    await search({ ...size, query: 'michelin' });
    await foldFacetDeltas(suite.t.app.db);
    // Not the search's: the server's background folding (search.counts.ts) and the session's
    // idle clock (touched once a minute), which may run meanwhile.
    const background =
      /as pending|pg_try_advisory_xact_lock|delete from search_facet|update search_counts_state|update "sessions"|^(begin|commit|rollback)$/i;
    const spy = vi.spyOn(pg.Client.prototype, 'query');
    const statementsOf = async (body: Record<string, unknown>) => {
      // Nothing read recently is trusted: the count holds every read a search may make.
      RecentReads.afterWrite(suite.t.app.db);
      spy.mockClear();
      await search(body);
      return spy.mock.calls
        .map(([q]) => (typeof q === 'string' ? q : String((q as { text?: string }).text)))
        .filter((q) => !background.test(q.trim()));
    };
    const small = await statementsOf({ ...size, query: 'michelin', pageSize: 1 });
    const large = await statementsOf({
      ...size,
      query: 'michelin',
      pageSize: 100,
      makes: ['1', '2'],
      speed: ['H'],
    });
    spy.mockRestore();
    expect(small.length, JSON.stringify({ small, large }, null, 1)).toBe(large.length);
    // The session, the brand and line names, the data version, the caller's discounts, and the
    // one search statement (on PostgreSQL with its transaction's plan setting); within a second
    // of each other, a search reads only what it must.
    expect(small.length).toBeLessThanOrEqual(6);
  });
});
