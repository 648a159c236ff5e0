import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createMarkupRule, createProduct, createWarehouse, stock } from '../../test/factories-catalog';
import { groupId } from '../../test/factories';
import { refreshProductPrices } from '../catalog/catalog.prices';
import { productsIn, refreshSearchItems } from './search.items';
import { foldFacetDeltas } from './search.counts';
import { buyerSearch } from './search.test-helpers';

const suite = buyerSearch();
const { search } = suite;

/**
 * Stored counts (plus pending deltas) that differ from counting search_items now: the plain
 * counts over every price group, size and the whole catalogue, and the conditional counts (a
 * facet's values among the SKUs with one value of another facet) of this test's size, whose SKUs
 * are this test's alone. One statement, so one snapshot, even while other test files write.
 */
async function driftedCounts() {
  const ours = sql`width = ${size.width} and ratio = ${size.ratio} and rim = ${size.rim}`;
  const checked = sql`(facet not like '%|%|%' or (${ours}))`;
  const { rows } = await suite.t.db.execute<{ key: string }>(sql`
    with stored as (
      select price_group_id, width, ratio, rim, facet, value, label, sum(skus)::int as skus from (
        select price_group_id, width, ratio, rim, facet, value, label, skus from search_facet_counts where ${checked}
        union all
        select price_group_id, width, ratio, rim, facet, value, label, skus from search_facet_deltas where ${checked}) c
      group by 1, 2, 3, 4, 5, 6, 7 having sum(skus) <> 0),
    plain as (
      select si.price_group_id, s.width, s.ratio, s.rim, f.facet, f.value, coalesce(f.label, f.value) as label
      from search_items si
      cross join lateral (values (si.width, si.ratio, si.rim), (0, 0, 0)) s (width, ratio, rim)
      cross join lateral (values ('_total', 'all', 'All'), ('makes', si.f_makes_v, si.f_makes_l),
        ('models', si.f_models_v, si.f_models_l), ('speed', si.f_speed_v, si.f_speed_l),
        ('load', si.f_load_v, si.f_load_l), ('ply', si.f_ply_v, si.f_ply_l), ('utqg', si.f_utqg_v, si.f_utqg_l),
        ('warranty', si.f_warranty_v, si.f_warranty_l), ('sidewall', si.f_sidewall_v, si.f_sidewall_l),
        ('categories', si.f_categories_v, si.f_categories_l), ('specials', si.f_specials_v, si.f_specials_l),
        ('rebates', si.f_rebates_v, si.f_rebates_l)) f (facet, value, label)
      where f.value is not null),
    conditional as (
      select si.price_group_id, k.width, k.ratio, k.rim, k.facet, k.value, k.label
      from search_items si cross join lateral search_item_facets(si) k
      where si.width = ${size.width} and si.ratio = ${size.ratio} and si.rim = ${size.rim}
        and k.width <> 0 and k.facet like '%|%|%'),
    counted as (
      select price_group_id, width, ratio, rim, facet, value, label, count(*)::int as skus
      from (select * from plain union all select * from conditional) c
      group by 1, 2, 3, 4, 5, 6, 7)
    select concat_ws('/', price_group_id, width, ratio, rim, facet, value, label, s.skus, c.skus) as key
    from stored s full join counted c using (price_group_id, width, ratio, rim, facet, value, label)
    where s.skus is distinct from c.skus limit 5`);
  return rows.map((r) => r.key);
}

// A size no seeded SKU and no other test has: its counts are this test's alone.
const size = { width: 395, ratio: 15, rim: 29 };
const ofSize = { size: '395/15R29', width: size.width, ratio: size.ratio, rim: size.rim };

describe('stored facet counts', () => {
  it('follow stock, price and catalogue changes exactly, before and after folding', async () => {
    const warehouse = await createWarehouse(suite.t.db);
    const { product: a, make } = await createProduct(suite.t.db, { ...ofSize, speedIndex: 'H' });
    const { product: b } = await createProduct(suite.t.db, { ...ofSize, makeId: make.id, speedIndex: 'V' });
    const counts = async () => {
      const answer = await search(size);
      const byValue = (facet: string) =>
        Object.fromEntries(answer.filters[facet].map((c) => [c.value, c.count]));
      return { count: answer.count, speed: byValue('speed'), makes: byValue('makes'), answer };
    };
    expect((await counts()).count).toBe(0);

    // In stock: both counted, for the size and for the whole catalogue.
    await stock(suite.t.db, warehouse.id, a.id, 4, 10000);
    await stock(suite.t.db, warehouse.id, b.id, 4, 12000);
    let now = await counts();
    expect(now).toMatchObject({ count: 2, speed: { H: 1, V: 1 }, makes: { [make.id]: 2 } });
    expect(await driftedCounts()).toEqual([]);
    const browsed = await search({ makes: [String(make.id)] });
    expect(browsed.count).toBe(2);

    // Sold out (as checkout or a feed leaves it): no longer counted.
    await stock(suite.t.db, warehouse.id, a.id, 0, 10000);
    now = await counts();
    expect(now).toMatchObject({ count: 1, speed: { V: 1 }, makes: { [make.id]: 1 } });
    expect(now.speed.H).toBeUndefined();

    // Back in stock at another cost, and a markup rule of the group: counts stay, prices move.
    await stock(suite.t.db, warehouse.id, a.id, 2, 20000);
    const standard = await groupId(suite.t.db, 'standard');
    await createMarkupRule(suite.t.db, { priceGroupId: standard, makeId: make.id, basisPoints: 5000 });
    await refreshProductPrices(suite.t.db, [a.id, b.id]);
    now = await counts();
    expect(now).toMatchObject({ count: 2, speed: { H: 1, V: 1 } });
    expect(now.answer.list.map((i) => i.priceCents).sort((x, y) => x - y)).toEqual([18000, 30000]);
    expect(now.answer.filters.price).toEqual({ min: 18000, max: 30000 });

    // A catalogue edit moves a SKU to another facet value.
    await suite.t.db.execute(sql`update products set speed_index = 'W' where id = ${b.id}`);
    await refreshSearchItems(suite.t.db, productsIn([b.id]));
    expect((await counts()).speed).toEqual({ H: 1, W: 1 });

    // Any writer of search_items is counted: the trigger, not the code path, records changes.
    await suite.t.db.execute(sql`delete from search_items where product_id = ${a.id}`);
    expect((await counts()).speed).toEqual({ W: 1 });
    await refreshSearchItems(suite.t.db, productsIn([a.id]));

    expect(await driftedCounts()).toEqual([]);
    await foldFacetDeltas(suite.t.db);
    expect(await driftedCounts()).toEqual([]);
    expect(await counts()).toMatchObject({ count: 2, speed: { H: 1, W: 1 }, makes: { [make.id]: 2 } });
  });

  it('count each value of a stored facet as the list filtered by it, with one facet chosen', async () => {
    const quiet = { width: 205, ratio: 55, rim: 16 };
    const all = await search(quiet);
    const chosen = await search({ ...quiet, speed: ['H', 'V'] });
    // The chosen facet keeps its stored counts; the others sum their counts conditional on H and V.
    expect(chosen.filters.speed).toEqual(all.filters.speed);
    expect(chosen.count).toBe(
      all.filters.speed.filter((s) => ['H', 'V'].includes(s.value)).reduce((n, s) => n + s.count, 0),
    );
    for (const make of chosen.filters.makes.slice(0, 3)) {
      const narrowed = await search({ ...quiet, speed: ['H', 'V'], makes: [make.value] });
      expect(narrowed.count).toBe(make.count);
    }
  });

  it('answer a whole size with one facet chosen as counting its rows would, for every facet and sort', async () => {
    const quiet = { width: 205, ratio: 55, rim: 16 };
    const all = await search(quiet);
    // A price floor of 0 narrows nothing but makes the search count its rows (nothing stored).
    const choices = [
      { speed: ['H', 'V'] },
      ...(all.filters.specials?.length ? [{ specials: ['true'] }] : []),
      { load: all.filters.load.slice(0, 2).map((v) => v.value) },
      { makes: [all.filters.makes[0].value] },
      { models: all.filters.models.slice(0, 3).map((v) => v.value) },
    ];
    for (const choice of choices)
      for (const sort of ['LTH', 'HTL', 'MAZ', 'MZA'] as const) {
        const stored = await search({ ...quiet, ...choice, sort, page: 1 });
        const counted = await search({ ...quiet, ...choice, sort, page: 1, minPrice: 0 });
        expect(stored.count).toBeGreaterThan(0);
        expect({ count: stored.count, list: stored.list, filters: stored.filters }).toEqual({
          count: counted.count,
          list: counted.list,
          filters: counted.filters,
        });
      }
  });

  it('answer the brands and lines a free text names as counting their rows would', async () => {
    for (const query of ['michelin', 'michelin defender', 'bfgoodrich', '205/55R16 michelin', 'defender'])
      for (const sort of ['LTH', 'MAZ'] as const) {
        const stored = await search({ query, sort });
        const counted = await search({ query, sort, minPrice: 0 });
        expect(stored.count, query).toBeGreaterThan(0);
        expect({ count: stored.count, list: stored.list, filters: stored.filters }, query).toEqual({
          count: counted.count,
          list: counted.list,
          filters: counted.filters,
        });
      }
  });
});
