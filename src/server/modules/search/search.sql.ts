import { type SQL, sql } from 'drizzle-orm';
import type { FacetFilterKey, SortCode } from '../../../domain/shop-search';
import { and } from '../../db/product-sql';
import { buyerPrice, type PlanDiscount } from './search.buyer-price';
import { type CountScope, conditionalFacetRows, storedFacetRows } from './search.counts';
import { type FacetKey, facetKeys } from './search.facets';
import { type InterpretedConditions, interpretedNarrows, interpretedWhere } from './search.interpreted';

/** A search resolved to SQL-ready conditions (search.service.ts builds it from the filters). */
export interface SearchPlan extends InterpretedConditions {
  priceGroupId: number;
  dims?: { width: number; ratio: number; rim: number } | { width?: number; ratio?: number; rim?: number };
  rear?: { width: number; ratio: number; rim: number };
  makeIds: number[];
  modelIds: number[];
  terms: TermMatch[];
  minPrice?: number;
  maxPrice?: number;
  specialsOnly: boolean;
  runFlat: boolean;
  facetFilters: Partial<Record<FacetFilterKey, (string | number)[]>>;
  sort: SortCode;
  page: number;
  pageSize: number;
  /** The company's discounts in force: prices, bounds and price sorts are the buyer's. */
  discounts?: PlanDiscount[];
}

const inList = (column: SQL, values: (string | number)[]) =>
  sql`${column} in (${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;

/** Facet filters over a search_items row `si`; stored values are text, as the facets count them. */
const asText = (values: (string | number)[]) => values.map(String);
const facetCondition: Record<FacetFilterKey, (values: (string | number)[]) => SQL> = {
  makes: (v) => inList(sql`si.make_id`, v),
  models: (v) => inList(sql`si.model_id`, v),
  speed: (v) => inList(sql`si.f_speed_v`, asText(v)),
  load: (v) => inList(sql`si.f_load_v`, asText(v)),
  ply: (v) => inList(sql`si.f_ply_v`, asText(v)),
  utqg: (v) => inList(sql`si.f_utqg_v`, asText(v)),
  warranty: (v) => inList(sql`si.f_warranty_v`, asText(v)),
  sidewall: (v) => inList(sql`si.f_sidewall_v`, asText(v)),
  categories: (v) => inList(sql`si.f_categories_v`, asText(v)),
  specials: () => sql`si.f_specials_v is not null`,
  rebates: () => sql`si.f_rebates_v is not null`,
};

/**
 * Codes starting with a prefix, case-insensitively, as a range of lower(sku_code) in byte order
 * (text_pattern_ops): the upper bound is the prefix with its last character one higher. A
 * range stays an index condition in a prepared statement's generic plan, where LIKE $1 does not.
 */
function codePrefix(prefix: string): SQL {
  const lower = prefix.toLowerCase();
  const last = lower.codePointAt(lower.length - 1) ?? 0;
  const head = lower.slice(0, lower.length - String.fromCodePoint(last).length);
  const upper = `${head}${String.fromCodePoint(last + 1 === 0xd800 ? 0xe000 : last + 1)}`;
  return sql`(lower(si.sku_code) ~>=~ ${lower} and lower(si.sku_code) ~<~ ${upper})`;
}

/** A leftover word of the free text: an MPN prefix, or part of line and brand names. */
export interface TermMatch {
  text: string;
  modelIds: number[];
  makeIds: number[];
}

/**
 * The SKUs a word names (sku_code prefix, model ids, make ids), so that the planner combines
 * three index scans of search_items instead of scanning the price group.
 */
function termCondition(t: TermMatch): SQL {
  const arms = [codePrefix(t.text)];
  if (t.modelIds.length) arms.push(inList(sql`si.model_id`, t.modelIds));
  if (t.makeIds.length) arms.push(inList(sql`si.make_id`, t.makeIds));
  return sql`(${sql.join(arms, sql` or `)})`;
}

/**
 * The conditions that are not facets: they bound the rows every facet count is taken over.
 * search_items holds only purchasable SKUs (in stock, product, line and brand active).
 */
function baseWhere(plan: SearchPlan): SQL {
  const d = plan.dims ?? {};
  const r = plan.rear;
  return and([
    sql`si.price_group_id = ${plan.priceGroupId}`,
    d.width !== undefined && sql`si.width = ${d.width}`,
    d.ratio !== undefined && sql`si.ratio = ${d.ratio}`,
    d.rim !== undefined && sql`si.rim = ${d.rim}`,
    plan.makeIds.length > 0 && inList(sql`si.make_id`, plan.makeIds),
    plan.modelIds.length > 0 && inList(sql`si.model_id`, plan.modelIds),
    ...plan.terms.map(termCondition),
    ...interpretedWhere(plan),
    plan.minPrice !== undefined && sql`${buyerPrice(plan.discounts)} >= ${plan.minPrice}`,
    plan.maxPrice !== undefined && sql`${buyerPrice(plan.discounts)} <= ${plan.maxPrice}`,
    plan.specialsOnly && sql`si.f_specials_v is not null`,
    plan.runFlat && sql`si.run_flat`,
    r &&
      sql`exists (select 1 from search_items r where r.price_group_id = si.price_group_id and r.model_id = si.model_id
                    and r.width = ${r.width} and r.ratio = ${r.ratio} and r.rim = ${r.rim})`,
  ]);
}

/** Every condition of the plan, facets included: the rows of its results (search.sizes.ts). */
export function hitsWhere(plan: SearchPlan): SQL {
  const facets = facetKeys.flatMap((k) => {
    const values = plan.facetFilters[k];
    return values?.length ? [facetCondition[k](values)] : [];
  });
  return and([baseWhere(plan), ...facets]);
}

/** Bit k set when the row fails the filter of facet k. */
function missMask(plan: SearchPlan): SQL {
  const parts = facetKeys.flatMap((k, bit) => {
    const values = plan.facetFilters[k];
    if (!values?.length) return [];
    return [sql`(case when ${facetCondition[k](values)} then 0 else ${1 << bit} end)`];
  });
  return parts.length ? sql.join(parts, sql` + `) : sql`0`;
}

/**
 * Facet counts in one pass over `base`: a row counts for facet k when it passes every facet
 * filter (miss = 0) or fails only k's own; grouping sets give every facet its own groups. Only
 * values are grouped: their labels come from the price group's stored counts of the whole
 * catalogue (`labels`), which hold every value a purchasable SKU has.
 */
function facetRowsOf(priceGroupId: number): SQL {
  const keys = facetKeys;
  const v = (k: string) => sql.raw(`e_${k}_v`);
  const effective = keys.map((k) => {
    const counts = sql`miss = 0 or miss = ${1 << facetKeys.indexOf(k)}`;
    return sql`case when ${counts} then ${sql.raw(`f_${k}_v`)} end as ${v(k)}`;
  });
  const which = keys.map((k) => sql`when grouping(${v(k)}) = 0 then ${k}::text`);
  const values = sql.join(
    keys.map((k) => v(k)),
    sql`, `,
  );
  return sql`
    select g.facet, g.value, l.label, g.count from (
      select case ${sql.join(which, sql` `)} end as facet, coalesce(${values}) as value, count(*)::int as count
      from (select ${sql.join(effective, sql`, `)} from base) e
      group by grouping sets (${sql.join(
        keys.map((k) => sql`(${v(k)})`),
        sql`, `,
      )})) g
    join (select facet, value, min(label) as label from (${storedFacetRows({ priceGroupId })}) s
          group by facet, value) l on l.facet = g.facet and l.value = g.value`;
}

/** The facet values as stored in search_items (search.facets.ts), and the labels A–Z sorts by. */
const storedFacets = sql.raw(
  [...facetKeys.map((k) => `si.f_${k}_v`), 'si.f_makes_l', 'si.f_models_l'].join(', '),
);

/** The same orders over the answered items, to keep the page in order inside json_agg. */
const itemOrder: Record<SortCode, SQL> = {
  LTH: sql`"priceCents" asc, "productId" asc`,
  HTL: sql`"priceCents" desc, "productId" asc`,
  MAZ: sql`brand asc, line asc, size asc, "productId" asc`,
  MZA: sql`brand desc, line desc, size desc, "productId" desc`,
};

const orderBy: Record<SortCode, SQL> = {
  LTH: sql`price asc, id asc`,
  HTL: sql`price desc, id asc`,
  MAZ: sql`f_makes_l asc, f_models_l asc, size_text asc, id asc`,
  MZA: sql`f_makes_l desc, f_models_l desc, size_text desc, id desc`,
};

/** The stored values of a facet filter: specials and rebates are one value, 'true'. */
const storedValues = (k: FacetKey, values: (string | number)[]) =>
  k === 'specials' || k === 'rebates' ? ['true'] : asText(values);

/**
 * The one facet a stored answer is conditional on: a facet chosen (`narrows` false: that facet
 * still shows every value, as it counts without its own filter), or the brands or lines the
 * free text named (`narrows` true: the facet shows the named values only). The free text's lines
 * are all of its named brands (src/domain/search-query.ts), so its rows are those of its lines.
 */
export interface StoredGiven {
  facet: FacetKey;
  values: string[];
  narrows: boolean;
}

/**
 * What stored counts (search.counts.ts) can answer. A search bounded by nothing but a whole size
 * (or by nothing) reads every facet stored. With one facet filter more, or the brands or lines
 * of a free text instead, that facet reads its plain counts and the others their counts
 * conditional on its values. Anything else narrows the set: every facet is counted per request.
 */
export function storedCountsOf(plan: SearchPlan): { scope: CountScope; given?: StoredGiven } | null {
  const d = plan.dims;
  const size =
    d?.width !== undefined && d.ratio !== undefined && d.rim !== undefined
      ? { width: d.width, ratio: d.ratio, rim: d.rim }
      : undefined;
  const narrowed =
    (d !== undefined && !size) ||
    plan.rear !== undefined ||
    plan.terms.length > 0 ||
    plan.minPrice !== undefined ||
    plan.maxPrice !== undefined ||
    plan.specialsOnly ||
    plan.runFlat ||
    interpretedNarrows(plan);
  const named: StoredGiven[] = plan.modelIds.length
    ? [{ facet: 'models', values: plan.modelIds.map(String), narrows: true }]
    : plan.makeIds.length
      ? [{ facet: 'makes', values: plan.makeIds.map(String), narrows: true }]
      : [];
  const chosen: StoredGiven[] = facetKeys.flatMap((k) => {
    const values = plan.facetFilters[k];
    return values?.length ? [{ facet: k, values: storedValues(k, values), narrows: false }] : [];
  });
  const given = [...named, ...chosen];
  if (narrowed || given.length > 1) return null;
  return { scope: { priceGroupId: plan.priceGroupId, dims: size }, given: given[0] };
}

/**
 * LIMIT and OFFSET as literals (whole numbers the contract bounded): a prepared statement's
 * generic plan takes a parameter there for a tenth of the rows and sorts the whole price group
 * instead of reading the first rows of a price index (browsing was 5× slower on generic plans).
 */
function pageWindow(plan: SearchPlan): SQL {
  const [limit, offset] = [plan.pageSize, plan.page * plan.pageSize];
  if (!Number.isSafeInteger(limit) || !Number.isSafeInteger(offset) || limit < 0 || offset < 0)
    throw new Error(`bad page window ${limit}/${offset}`);
  return sql.raw(`limit ${limit} offset ${offset}`);
}

/** The page's items as JSON, in the sort order; `page` is a CTE of product ids and model ids. */
function listOf(plan: SearchPlan, productFields: SQL, rearItem: SQL): SQL {
  return sql`(select coalesce(json_agg(item order by ${itemOrder[plan.sort]}), '[]') from (
         select ${productFields}, ${rearItem} as rear
         from page join products p on p.id = page.id
         join models m on m.id = p.model_id join makes mk on mk.id = p.make_id
         left join categories c on c.id = m.category_id
         join product_prices pp on pp.product_id = p.id and pp.price_group_id = ${plan.priceGroupId}) item)`;
}

/** For staggered sets: the cheapest purchasable rear-size SKU of the page item's tire line. */
function rearItemOf(plan: SearchPlan, productFields: SQL, productFrom: SQL): SQL {
  const r = plan.rear;
  if (!r) return sql`null`;
  return sql`(select row_to_json(x) from (select ${productFields} ${productFrom}
         where p.model_id = page.model_id and p.width = ${r.width} and p.ratio = ${r.ratio} and p.rim = ${r.rim}
           and pp.available > 0 and p.active order by pp.price_cents, p.id limit 1) x)`;
}

/**
 * A whole size or the whole catalogue, with at most one facet given (StoredGiven): the page by
 * an index of search_items, the price range by the ends of that index, and the count and every
 * facet from the stored counts. The given facet's counts are its plain stored ones (only its
 * given values when the text named them), the others are the sums of their counts conditional on
 * the given values, and the count is the given values' own. Nothing here reads as many rows as
 * the size has SKUs.
 */
function storedStatement(
  plan: SearchPlan,
  scope: CountScope,
  given: StoredGiven | undefined,
  productFields: SQL,
): SQL {
  const where =
    given && !given.narrows
      ? and([baseWhere(plan), facetCondition[given.facet](plan.facetFilters[given.facet] ?? [])])
      : baseWhere(plan);
  const inGiven = given
    ? sql`value in (${sql.join(
        given.values.map((v) => sql`${v}`),
        sql`, `,
      )})`
    : sql`true`;
  const facetRows = given
    ? sql`select * from stored where facet = ${given.facet}${given.narrows ? sql` and ${inGiven}` : sql``}
          union all select * from (${conditionalFacetRows(
            scope,
            given.facet,
            given.values,
            facetKeys.filter((k) => k !== given.facet),
          )}) c`
    : sql`select * from stored where facet <> '_total'`;
  const count = given
    ? sql`(select coalesce(sum(count), 0)::int from stored where facet = ${given.facet} and ${inGiven})`
    : sql`(select coalesce(sum(count), 0)::int from stored where facet = '_total')`;
  // No hits (a facet value the size does not carry): nothing to read in search_items. The count
  // is known first, and the reads of search_items below are skipped when it is 0 (a one-time
  // filter), where they would walk the whole size in price order looking for a first hit.
  const found = sql`(select n from counted) > 0`;
  const price = buyerPrice(plan.discounts);
  // The price range: for a whole size or a facet, the two ends of the size's price index. For
  // the brands or lines of a text, their own rows (by the line or brand index): a line's price
  // band is far from the catalogue's ends, and the price index would be walked up to it.
  const range = given?.narrows
    ? sql`select min(price)::int as lo, max(price)::int as hi from (
            select ${price} as price from search_items si where ${where} and ${found} offset 0) r`
    : sql`select (select min(${price})::int from search_items si where ${where} and ${found}) as lo,
                 (select max(${price})::int from search_items si where ${where} and ${found}) as hi`;
  return sql`
    with stored as (${storedFacetRows(scope, given ? [given.facet] : undefined)}),
    facet_rows as (${facetRows}),
    counted as (select ${count} as n),
    range as (${range}),
    page as (
      select id, model_id from (
        select si.product_id as id, si.model_id, ${price} as price, si.size as size_text,
               si.f_makes_l, si.f_models_l
        from search_items si where ${where} and ${found}) s
      order by ${orderBy[plan.sort]} ${pageWindow(plan)})
    select
      (select n from counted) as count,
      (select lo from range) as min_price,
      (select hi from range) as max_price,
      ${listOf(plan, productFields, sql`null`)} as list,
      (select coalesce(json_agg(facet_rows), '[]') from facet_rows) as facets`;
}

/**
 * One statement answers the page, the count, the price range and every facet: facet k counts
 * the rows that pass all filters but its own (several values of a facet are alternatives), so
 * rows failing two or more facet filters are dropped from the start. What stored counts answer
 * (storedCountsOf) is read instead (storedStatement).
 */
export function searchStatement(plan: SearchPlan, productFields: SQL, productFrom: SQL): SQL {
  const stored = storedCountsOf(plan);
  if (stored) return storedStatement(plan, stored.scope, stored.given, productFields);
  return sql`
    with base as materialized (
      select * from (
        select si.product_id as id, si.model_id, ${buyerPrice(plan.discounts)} as price, si.size as size_text, ${storedFacets},
               ${missMask(plan)} as miss
        from search_items si
        where ${baseWhere(plan)} offset 0) s
      where (miss & (miss - 1)) = 0),
    -- read in place (not copied into a second store) by the count, the price range and the page
    hits as not materialized (select * from base where miss = 0),
    page as (select id, model_id from hits
             order by ${orderBy[plan.sort]} ${pageWindow(plan)}),
    facet_rows as (${facetRowsOf(plan.priceGroupId)})
    select
      (select count(*)::int from hits) as count,
      (select min(price)::int from hits) as min_price,
      (select max(price)::int from hits) as max_price,
      ${listOf(plan, productFields, rearItemOf(plan, productFields, productFrom))} as list,
      (select coalesce(json_agg(facet_rows), '[]') from facet_rows) as facets`;
}
