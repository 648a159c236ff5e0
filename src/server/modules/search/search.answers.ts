// A search's answer before the caller's discounts: one statement (search.sql.ts) for the page, its
// count, the price range and the facets, kept per version of the data it shows and served with the
// stock of its page read afresh.
import { sql } from 'drizzle-orm';
import type { Facets } from '../../../contract/search';
import type { ListPricedProduct } from '../../../contract/catalog';
import { facetFilterKeys, type FacetFilterKey } from '../../../domain/shop-search';
import { speedIndexes } from '../../../domain/tire-size';
import type { Db } from '../../db/connection';
import { KeptByVersion } from '../../db/kept-by-version';
import { productFields, productFrom } from '../../db/product-sql';
import { type SizeScope, searchVersion } from '../../db/data-versions';
import { type SearchPlan, searchStatement } from './search.sql';
import { prepared } from './search.prepared';

export type ListPricedItem = ListPricedProduct & { rear: ListPricedProduct | null };

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

/** The answer of a plan before the caller's discounts: kept per version of its scope unless told not to. */
export async function answerOf(
  db: Db,
  plan: SearchPlan,
  options: { prepare: boolean; keepAnswers: boolean },
) {
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
}
