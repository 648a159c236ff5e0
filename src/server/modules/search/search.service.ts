import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import type { z } from 'zod';
import type { Facets, SearchFilters, SearchItem, SearchSuggestion } from '../../../contract/search';
import type { SearchItems } from './search.types';
import type { ListPricedProduct } from '../../../contract/catalog';
import type { DiscountRule } from '../../../domain/discounts';
import { type Vocabulary, interpretQuery } from '../../../domain/search-query';
import { facetFilterKeys, type FacetFilterKey } from '../../../domain/shop-search';
import { formatSize, parseTireSize, speedIndexes } from '../../../domain/tire-size';
import type { Db } from '../../db/connection';
import { KeptByVersion } from '../../db/kept-by-version';
import { RecentReads } from '../../db/recent-reads';
import type { Actor } from '../../http/actor';
import { badRequest } from '../../http/errors';
import { productFields, productFrom } from '../../db/product-sql';
import { discounterOf, recentDiscounts } from '../discounts/discounts.service';
import { type SizeScope, searchVersion, vehicleVersion } from '../../db/data-versions';
import { inBuyerOrder, type PlanDiscount, planDiscounts } from './search.buyer-price';
import { interpretedFacets, queryChips, textFilters } from './search.reading';
import { sizeOptions, vehicleSizes } from './search.sizes';
import { type SearchPlan, searchStatement, type TermMatch } from './search.sql';
import { countHits, suggestionsFor } from './search.suggestions';

type Filters = z.output<typeof SearchFilters>;

// Brand and line names for reading free text: read again after a minute or any write here.
const vocabularies = new RecentReads<Vocabulary>(60_000, { forgetOnWrite: true });

function vocabulary(db: Db): Promise<Vocabulary> {
  return vocabularies.through(db, 'names', async () => {
    const { rows } = await db.execute<{ kind: string; id: number; make_id: number | null; name: string }>(sql`
      select 'make' as kind, id, null::bigint as make_id, name from makes where active
      union all select 'model', id, make_id, name from models where active
      union all select 'category', id, null, name from categories`);
    return {
      makes: rows.filter((r) => r.kind === 'make').map((r) => ({ id: Number(r.id), name: r.name })),
      categories: rows.filter((r) => r.kind === 'category').map((r) => ({ id: Number(r.id), name: r.name })),
      models: rows
        .filter((r) => r.kind === 'model')
        .map((r) => ({ id: Number(r.id), makeId: Number(r.make_id), name: r.name })),
    };
  });
}

type Fitment = { front_size: string; rear_size: string | null };
const fitments = new KeptByVersion<Fitment | null>(5000);

/**
 * The OE size of a chosen vehicle (its first fitment), when the search names one without a size;
 * kept per version of the vehicle data, like the vehicle dropdowns.
 */
async function vehicleDims(db: Db, f: Filters) {
  const key = JSON.stringify([f.year, f.vmake, f.vmodel, f.option]);
  const fitment = await fitments.through(db, key, await vehicleVersion(db), async () => {
    const { rows } = await db.execute<Fitment>(sql`
      select fi.front_size, fi.rear_size from vehicles v join vehicle_fitments fi on fi.vehicle_id = v.id
      where v.year = ${f.year} and v.make = ${f.vmake} and v.model = ${f.vmodel} and v."option" = ${f.option}
      order by fi.position limit 1`);
    return rows[0] ?? null;
  });
  if (!fitment)
    throw badRequest('No such vehicle', [
      { pointer: '/body/option', detail: 'is not an option of that vehicle' },
    ]);
  const front = parseTireSize(fitment.front_size);
  const rear = fitment.rear_size ? parseTireSize(fitment.rear_size) : null;
  return { front, rear };
}

/** A leftover word may still be part of a line or brand name ("ko2", "grappler"). */
function termMatch(text: string, vocab: Vocabulary): TermMatch {
  const needle = text.toLowerCase();
  const hit = (name: string) => needle.length >= 2 && name.toLowerCase().includes(needle);
  return {
    text,
    modelIds: vocab.models.filter((m) => hit(m.name)).map((m) => m.id),
    makeIds: vocab.makes.filter((m) => hit(m.name)).map((m) => m.id),
  };
}

type Reading = { interpretation: ReturnType<typeof interpretQuery>; terms: TermMatch[] };
const MAX_READINGS = 5000;
// Typo-tolerant matching compares every word with every name: worked out once per text while
// the vocabulary holds (a new vocabulary is a new object, with no readings yet).
const readings = new WeakMap<Vocabulary, Map<string, Reading>>();

/** How a free text reads: sizes, brands, lines and the words left over. */
function readingOf(text: string, vocab: Vocabulary): Reading {
  const known = readings.get(vocab) ?? new Map<string, Reading>();
  readings.set(vocab, known);
  const hit = known.get(text);
  if (hit) return hit;
  const interpretation = interpretQuery(text, vocab);
  const reading = { interpretation, terms: interpretation.terms.map((t) => termMatch(t, vocab)) };
  if (known.size >= MAX_READINGS) known.clear();
  known.set(text, reading);
  return reading;
}

const dimsOf = (s: { width: number; ratio: number; rim: number } | null) =>
  s ? { width: s.width, ratio: s.ratio, rim: s.rim } : undefined;

/** Turns validated filters into a plan; reads the free text and the vehicle when given. */
async function planOf(db: Db, actor: Actor, f: Filters, discounts: PlanDiscount[] = []) {
  const vocab = f.query ? await vocabulary(db) : null;
  const reading = f.query && vocab ? readingOf(f.query, vocab) : null;
  const interpretation = reading?.interpretation ?? null;
  let dims: SearchPlan['dims'] =
    f.width !== undefined || f.ratio !== undefined || f.rim !== undefined
      ? { width: f.width, ratio: f.ratio, rim: f.rim }
      : undefined;
  let rear =
    f.rearWidth !== undefined && f.rearRatio !== undefined && f.rearRim !== undefined
      ? { width: f.rearWidth, ratio: f.rearRatio, rim: f.rearRim }
      : undefined;
  if (!dims && f.size) dims = dimsOf(parseTireSize(f.size));
  if (!dims && f.year && f.vmake && f.vmodel && f.option) {
    const vehicle = await vehicleDims(db, f);
    dims = dimsOf(vehicle.front);
    rear ??= dimsOf(vehicle.rear);
  }
  const text = interpretation && !dims ? textFilters(interpretation) : null;
  dims ??= text?.dims;
  const facetFilters: SearchPlan['facetFilters'] = {};
  for (const k of facetFilterKeys) {
    const values = [
      ...new Set([...f[k], ...(interpretation ? (interpretedFacets(interpretation)[k] ?? []) : [])]),
    ];
    if (values.length) facetFilters[k] = values;
  }
  const plan: SearchPlan = {
    priceGroupId: actor.priceGroupId ?? 0,
    dims,
    rear,
    makeIds: interpretation?.makeIds ?? [],
    modelIds: interpretation?.modelIds ?? [],
    terms: reading?.terms ?? [],
    minPrice: f.minPrice,
    maxPrice: f.maxPrice,
    specialsOnly: f.specialsOnly,
    runFlat: f.runFlat || (interpretation?.runFlat ?? false),
    facetFilters,
    sort: f.sort,
    page: f.page,
    pageSize: f.pageSize,
    ...(text?.sizeType ? { sizeType: text.sizeType } : {}),
    ...(interpretation?.loadRanges.length ? { loadRanges: interpretation.loadRanges } : {}),
    ...(discounts.length ? { discounts } : {}),
  };
  return { plan, interpretation, vocab, sizeFromText: text !== null && text.dims !== undefined };
}

const numeric = new Set<FacetFilterKey>(['load', 'ply', 'warranty']);
function facetsOf(
  rows: { facet: FacetFilterKey; value: string; label: string; count: number }[],
  min: number | null,
  max: number | null,
): Facets {
  const out = Object.fromEntries(facetFilterKeys.map((k) => [k, [] as Facets['makes']])) as Omit<
    Facets,
    'price'
  >;
  for (const r of rows) out[r.facet]?.push({ value: r.value, label: r.label, count: Number(r.count) });
  for (const k of facetFilterKeys) {
    out[k].sort((a, b) =>
      numeric.has(k)
        ? Number(a.value) - Number(b.value)
        : k === 'speed'
          ? speedIndexes.indexOf(a.value as never) - speedIndexes.indexOf(b.value as never)
          : a.label.localeCompare(b.label),
    );
  }
  return {
    ...out,
    price: { min: min === null ? null : Number(min), max: max === null ? null : Number(max) },
  };
}

/** What was applied: the filters that carry a value, and how the free text was read. */
function appliedOf(
  f: Filters,
  interpretation: ReturnType<typeof interpretQuery> | null,
  sizeFromText: boolean,
) {
  const applied: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(f)) {
    if (v === undefined || v === false || (Array.isArray(v) && v.length === 0)) continue;
    applied[k] = v;
  }
  if (interpretation) {
    applied.interpreted = {
      size: interpretation.size ? formatSize(interpretation.size) : null,
      makes: interpretation.makeIds,
      models: interpretation.modelIds,
      terms: interpretation.terms,
      parts: queryChips(f.query ?? '', interpretation, sizeFromText),
    };
  }
  return applied as SearchItems['applied'];
}

const dialect = new PgDialect();

/**
 * On PostgreSQL, runs a search statement as a named (prepared) statement: each connection plans a
 * statement text once and reuses the plan, instead of spending more time planning than
 * executing. The name follows the text, which depends only on the shape of the search (filters,
 * sort, page). Its transaction asks for the generic plan at once: by default PostgreSQL first
 * plans five executions per connection afresh (~13 ms each), which made cold searches about
 * twice as slow. SET LOCAL keeps the setting in the transaction: no session setting leaks into
 * the pool, and PgBouncer refuses startup options (docs/decisions.md).
 */
async function prepared<T extends Record<string, unknown>>(db: Db, statement: SQL, prepare: boolean) {
  if (!prepare) return db.execute<T>(statement);
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const name = `search_${createHash('sha1').update(text).digest('base64url')}`;
  // drizzle(pool) keeps the pool as $client; Db's type leaves it out.
  const client = await (db as Db & { $client: Pool }).$client.connect();
  try {
    await client.query('begin read only; set local plan_cache_mode = force_generic_plan');
    const result = await client.query<T>({ name, text, values: params });
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

type ListPricedItem = ListPricedProduct & { rear: ListPricedProduct | null };

/**
 * The caller's company discounts applied to a page of results after the query (the cart's rule).
 * The statement already bounds, ranges and sorts by the same buyer's price (search.buyer-price.ts);
 * folding discounts into the precomputed search rows would multiply those rows by company.
 */
function discountedList(list: ListPricedItem[], discounts: DiscountRule[], companyId: number): SearchItem[] {
  const price = discounterOf(discounts, companyId);
  return list.map((item) => ({ ...price(item), rear: item.rear && price(item.rear) }));
}

/**
 * A search's answer before the caller's discounts: kept per version of the searchable data,
 * which every change of what it shows moves (db/data-versions.ts searchVersion).
 */
interface Found {
  count: number;
  filters: Facets;
  list: ListPricedItem[];
}

/**
 * How an answer is kept: the page as its JSON text (a third of the memory of the parsed
 * objects; parsed again per request, about 0.1 ms), the facets shared with every other answer
 * that has the same ones (every sort and page of a size with the same filters).
 */
interface KeptFound {
  count: number;
  filters: Facets;
  listJson: string;
}

/**
 * Answers kept per process: enough for every size of the dropdowns with each sort, the first
 * pages and a few facets (93 sizes × 4 sorts × 3 pages × 4 facet choices = 4,464 in
 * bench:search), at about 10 KB each.
 */
const KEPT_ANSWERS = 6000;
const found = new KeptByVersion<KeptFound>(KEPT_ANSWERS);
/** Suggestions of searches that found nothing (page 0), kept like the answers. */
const keptSuggestions = new KeptByVersion<SearchSuggestion[]>(2000);
const FACET_SETS = 1000;
const facetSets = new Map<string, Facets>();

function keptForm({ count, filters, list }: Found): KeptFound {
  const key = JSON.stringify(filters);
  let shared = facetSets.get(key);
  if (!shared) {
    if (facetSets.size >= FACET_SETS) facetSets.clear();
    facetSets.set(key, filters);
    shared = filters;
  }
  return { count, filters: shared, listJson: JSON.stringify(list) };
}

type SearchRow = {
  count: number | null;
  min_price: number | null;
  max_price: number | null;
  list: ListPricedItem[];
  facets: { facet: FacetFilterKey; value: string; label: string; count: number }[];
};

/**
 * The whole size a search reads nothing beyond, or none: a search of one size (with any facet,
 * text, price bound or sort) reads only that size's rows, so only changes of that size retire
 * it; anything else (browsing, text alone, a partial size, a staggered rear size) may show any
 * row of the price group.
 */
function sizeScopeOf(plan: SearchPlan): SizeScope | undefined {
  const d = plan.dims;
  if (plan.rear || d?.width === undefined || d.ratio === undefined || d.rim === undefined) return undefined;
  return { width: d.width, ratio: d.ratio, rim: d.rim };
}

/** Pages whose statements are prepared: the text holds the page, so deeper ones stay one-off. */
const PREPARED_PAGES = 5;

/** One statement: the page, its count, the price range and every facet (search.sql.ts). */
async function computed(db: Db, plan: SearchPlan, prepare: boolean): Promise<Found> {
  const statement = searchStatement(plan, productFields, productFrom(plan.priceGroupId));
  const row = (await prepared<SearchRow>(db, statement, prepare && plan.page < PREPARED_PAGES)).rows[0];
  return {
    count: Number(row.count ?? 0),
    filters: facetsOf(row.facets, row.min_price, row.max_price),
    list: row.list,
  };
}

/**
 * A kept page with the stock of its items as it is now (one read by primary key): a sale that
 * leaves units on the shelf then retires no kept answer (its product_prices marker is left only
 * for a new price or stock crossing zero, migrations/catalog/0010), yet every answer shows the
 * units available at this moment. Items are fresh objects (parsed from the kept JSON).
 */
async function withStockNow(db: Db, priceGroupId: number, list: ListPricedItem[]) {
  const items = list.flatMap((i) => (i.rear ? [i, i.rear] : [i]));
  if (!items.length) return list;
  const ids = `{${items.map((i) => Number(i.productId)).join(',')}}`;
  const { rows } = await db.execute<{ product_id: number; available: number }>(sql`
    select product_id, available from product_prices
    where price_group_id = ${priceGroupId} and product_id = any(${ids}::bigint[])`);
  const available = new Map(rows.map((r) => [Number(r.product_id), Number(r.available)]));
  for (const item of items) item.available = available.get(item.productId) ?? 0;
  return list;
}

/**
 * The shop search: one page of purchasable SKUs with the caller's prices, facets and count.
 * The same search of the same price group is answered from memory while its data version
 * holds; the company's discounts are applied to every answer.
 */
export async function searchItems(
  db: Db,
  actor: Actor,
  filters: Filters,
  options = { prepare: false, keepAnswers: true },
): Promise<SearchItems> {
  // The discounts first: they are part of the plan (the buyer's prices bound, range and sort).
  const discounts = await recentDiscounts(db, actor.companyId);
  const { plan, interpretation, vocab, sizeFromText } = await planOf(
    db,
    actor,
    filters,
    planDiscounts(discounts, actor.companyId),
  );
  const answer = async () => {
    if (!options.keepAnswers) return computed(db, plan, options.prepare);
    const version = await searchVersion(db, plan.priceGroupId, sizeScopeOf(plan));
    const kept = await found.through(db, JSON.stringify(plan), version, async () =>
      keptForm(await computed(db, plan, options.prepare)),
    );
    const list = JSON.parse(kept.listJson) as ListPricedItem[];
    return {
      count: kept.count,
      filters: kept.filters,
      list: await withStockNow(db, plan.priceGroupId, list),
    };
  };
  const [{ count, filters: facets, list }, sizes] = await Promise.all([
    answer(),
    vehicleSizes(db, filters).then((oe) => sizeOptions(db, plan, oe)),
  ]);
  const suggest = () =>
    suggestionsFor({
      db,
      plan,
      query: filters.query,
      interpretation,
      vocabulary: vocab,
      countOf: async (query) =>
        countHits(db, (await planOf(db, actor, { ...filters, query }, plan.discounts)).plan),
    });
  // Suggestions count hits beyond the asked size (nearby sizes scan the price group's rows):
  // kept per version of the whole catalogue, and per text (they quote it).
  const suggestions =
    count === 0 && plan.page === 0
      ? options.keepAnswers
        ? await keptSuggestions.through(
            db,
            JSON.stringify([plan, filters.query ?? null]),
            await searchVersion(db, plan.priceGroupId),
            suggest,
          )
        : await suggest()
      : [];
  return {
    list: inBuyerOrder(discountedList(list, discounts, actor.companyId), plan.sort),
    filters: facets,
    applied: appliedOf(filters, interpretation, sizeFromText),
    count,
    page: plan.page,
    sizes,
    suggestions,
  };
}

// The public entry of the search for other modules: the stored search rows and their counts.
export { foldFacetDeltas, foldSoon } from './search.counts';
export { productsIn, refreshSearchItems } from './search.items';
export { typeaheadOf } from './search.typeahead';
