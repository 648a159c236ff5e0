import { type SQL, sql } from 'drizzle-orm';
import type { FacetFilterKey, SortCode } from '../../../domain/shop-search';
import { and } from '../catalog/catalog.product-sql';
import { facetKeys, facets } from './search.facets';

/** A search resolved to SQL-ready conditions (search.service.ts builds it from the filters). */
export interface SearchPlan {
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

const like = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

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
  const arms = [...new Set([t.text, t.text.toUpperCase()])].map(
    (x) => sql`si.sku_code like ${`${like(x)}%`}`,
  );
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
    plan.minPrice !== undefined && sql`si.price_cents >= ${plan.minPrice}`,
    plan.maxPrice !== undefined && sql`si.price_cents <= ${plan.maxPrice}`,
    plan.specialsOnly && sql`si.f_specials_v is not null`,
    plan.runFlat && sql`si.run_flat`,
    r &&
      sql`exists (select 1 from search_items r where r.price_group_id = si.price_group_id and r.model_id = si.model_id
                    and r.width = ${r.width} and r.ratio = ${r.ratio} and r.rim = ${r.rim})`,
  ]);
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
 * filter (miss = 0) or fails only k's own; grouping sets give every facet its own groups.
 */
function facetRowsOf(): SQL {
  const v = (k: string) => sql.raw(`e_${k}_v`);
  const l = (k: string) => sql.raw(`e_${k}_l`);
  const effective = facetKeys.map((k, bit) => {
    const counts = sql`miss = 0 or miss = ${1 << bit}`;
    return sql`case when ${counts} then ${sql.raw(`f_${k}_v`)} end as ${v(k)}, case when ${counts} then ${sql.raw(`f_${k}_l`)} end as ${l(k)}`;
  });
  const which = facetKeys.map((k) => sql`when grouping(${v(k)}) = 0 then ${k}::text`);
  const label = facetKeys.map((k) => sql`when grouping(${v(k)}) = 0 then min(${l(k)})`);
  const values = sql.join(
    facetKeys.map((k) => v(k)),
    sql`, `,
  );
  return sql`
    select * from (
      select case ${sql.join(which, sql` `)} end as facet, coalesce(${values}) as value,
             case ${sql.join(label, sql` `)} end as label, count(*)::int as count
      from (select ${sql.join(effective, sql`, `)} from base) e
      group by grouping sets (${sql.join(
        facetKeys.map((k) => sql`(${v(k)})`),
        sql`, `,
      )})) g
    where value is not null`;
}

/** The facet columns as stored in search_items (search.facets.ts computed them). */
const storedFacets = sql.raw(facetKeys.map((k) => `si.f_${k}_v, si.f_${k}_l`).join(', '));

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

/**
 * One statement answers the page, the count, the price range and every facet: facet k counts
 * the rows that pass all filters but its own (several values of a facet are alternatives), so
 * rows failing two or more facet filters are dropped from the start.
 */
export function searchStatement(plan: SearchPlan, productFields: SQL, productFrom: SQL): SQL {
  const facetRows = facetRowsOf();
  const r = plan.rear;
  const rearItem = r
    ? sql`(select row_to_json(x) from (select ${productFields} ${productFrom}
         where p.model_id = page.model_id and p.width = ${r.width} and p.ratio = ${r.ratio} and p.rim = ${r.rim}
           and pp.available > 0 and p.active order by pp.price_cents, p.id limit 1) x)`
    : sql`null`;
  return sql`
    with base as materialized (
      select * from (
        select si.product_id as id, si.model_id, si.price_cents as price, si.size as size_text, ${storedFacets},
               ${missMask(plan)} as miss
        from search_items si
        where ${baseWhere(plan)} offset 0) s
      where (miss & (miss - 1)) = 0),
    hits as (select * from base where miss = 0),
    page as (select id, model_id from hits
             order by ${orderBy[plan.sort]} limit ${plan.pageSize} offset ${plan.page * plan.pageSize}),
    facet_rows as (${facetRows})
    select
      (select count(*)::int from hits) as count,
      (select min(price)::int from hits) as min_price,
      (select max(price)::int from hits) as max_price,
      (select coalesce(json_agg(item order by ${itemOrder[plan.sort]}), '[]') from (
         select ${productFields}, ${rearItem} as rear
         from page join products p on p.id = page.id
         join models m on m.id = p.model_id join makes mk on mk.id = p.make_id
         left join categories c on c.id = m.category_id
         join product_prices pp on pp.product_id = p.id and pp.price_group_id = ${plan.priceGroupId}) item) as list,
      (select coalesce(json_agg(facet_rows), '[]') from facet_rows) as facets`;
}

/** Browsing the whole catalogue: the page by the price index, counts from the stored summary. */
export function browseStatement(plan: SearchPlan, productFields: SQL): SQL {
  const desc = plan.sort === 'HTL';
  const order = desc
    ? sql`si.price_cents desc, si.product_id asc`
    : sql`si.price_cents asc, si.product_id asc`;
  const alpha = plan.sort === 'MAZ' || plan.sort === 'MZA';
  const dir = sql.raw(plan.sort === 'MZA' ? 'desc' : 'asc');
  const pageOrder = alpha
    ? sql`si.f_makes_l ${dir}, si.f_models_l ${dir}, si.size ${dir}, si.product_id ${dir}`
    : order;
  return sql`
    with page as (
      select si.product_id as id from search_items si
      where si.price_group_id = ${plan.priceGroupId}
      order by ${pageOrder} limit ${plan.pageSize} offset ${plan.page * plan.pageSize})
    select
      (select skus from catalog_facet_counts where price_group_id = ${plan.priceGroupId} and facet = '_total') as count,
      (select skus from catalog_facet_counts where price_group_id = ${plan.priceGroupId} and facet = '_price' and value = 'min') as min_price,
      (select skus from catalog_facet_counts where price_group_id = ${plan.priceGroupId} and facet = '_price' and value = 'max') as max_price,
      (select coalesce(json_agg(item order by ${itemOrder[plan.sort]}), '[]') from (
         select ${productFields}, null as rear
         from page join products p on p.id = page.id
         join models m on m.id = p.model_id join makes mk on mk.id = p.make_id
         left join categories c on c.id = m.category_id
         join product_prices pp on pp.product_id = p.id and pp.price_group_id = ${plan.priceGroupId}) item) as list,
      (select coalesce(json_agg(json_build_object('facet', facet, 'value', value, 'label', label, 'count', skus)), '[]')
         from catalog_facet_counts where price_group_id = ${plan.priceGroupId} and facet not like '\\_%') as facets`;
}

export { facets };
