import { type SQL, sql } from 'drizzle-orm';
import type { FacetFilterKey, SortCode } from '../../../domain/shop-search';
import { and } from '../catalog/catalog.product-sql';
import { facetColumns, facetKeys, facets } from './search.facets';

/** A search resolved to SQL-ready conditions (search.service.ts builds it from the filters). */
export interface SearchPlan {
  priceGroupId: number;
  dims?: { width: number; ratio: number; rim: number } | { width?: number; ratio?: number; rim?: number };
  rear?: { width: number; ratio: number; rim: number };
  makeIds: number[];
  modelIds: number[];
  terms: string[];
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

const facetCondition: Record<FacetFilterKey, (values: (string | number)[]) => SQL> = {
  makes: (v) => inList(sql`p.make_id`, v),
  models: (v) => inList(sql`p.model_id`, v),
  speed: (v) => inList(sql`p.speed_index`, v),
  load: (v) => inList(sql`p.load_index`, v),
  ply: (v) => inList(sql`p.ply`, v),
  utqg: (v) => inList(sql`m.utqg`, v),
  warranty: (v) => inList(sql`m.tread_warranty_miles`, v),
  sidewall: (v) => inList(sql`m.sidewall`, v),
  categories: (v) => inList(sql`m.category_id`, v),
  specials: () => sql`p.specials`,
  rebates: () => sql`p.rebate_cents > 0`,
};

const like = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * SKUs a word names: an MPN or its prefix, or part of a line or brand name. A union of indexed
 * lookups (sku_code prefix, model, make), never an OR across joined tables that would scan.
 */
function termIds(t: string): SQL {
  const prefixes = [...new Set([t, t.toUpperCase()])].map((x) => sql`sku_code like ${`${like(x)}%`}`);
  const contains = `%${like(t)}%`;
  return sql`
    select id from products where ${sql.join(prefixes, sql` or `)}
    union select id from products where model_id in (select id from models where name ilike ${contains})
    union select id from products where make_id in (select id from makes where name ilike ${contains})`;
}

const purchasable = (group: number, alias = 'pp', p = 'p') =>
  sql`${sql.raw(alias)}.price_group_id = ${group} and ${sql.raw(alias)}.available > 0 and ${sql.raw(p)}.active`;

/** The conditions that are not facets: they bound the rows every facet count is taken over. */
function baseWhere(plan: SearchPlan): SQL {
  const d = plan.dims ?? {};
  const r = plan.rear;
  return and([
    purchasable(plan.priceGroupId),
    sql`m.active and mk.active`,
    d.width !== undefined && sql`p.width = ${d.width}`,
    d.ratio !== undefined && sql`p.ratio = ${d.ratio}`,
    d.rim !== undefined && sql`p.rim = ${d.rim}`,
    plan.makeIds.length > 0 && inList(sql`p.make_id`, plan.makeIds),
    plan.modelIds.length > 0 && inList(sql`p.model_id`, plan.modelIds),
    ...plan.terms.map((t) => sql`p.id in (${termIds(t)})`),
    plan.minPrice !== undefined && sql`pp.price_cents >= ${plan.minPrice}`,
    plan.maxPrice !== undefined && sql`pp.price_cents <= ${plan.maxPrice}`,
    plan.specialsOnly && sql`p.specials`,
    plan.runFlat && sql`m.run_flat`,
    r &&
      sql`exists (select 1 from products r join product_prices rp on rp.product_id = r.id
                  where r.model_id = p.model_id and r.width = ${r.width} and r.ratio = ${r.ratio} and r.rim = ${r.rim}
                    and ${purchasable(plan.priceGroupId, 'rp', 'r')})`,
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
        select p.id, p.model_id, pp.price_cents as price, p.size as size_text, ${facetColumns()}, ${missMask(plan)} as miss
        from product_prices pp join products p on p.id = pp.product_id
        join models m on m.id = p.model_id join makes mk on mk.id = p.make_id left join categories c on c.id = m.category_id
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
    ? sql`pp.price_cents desc, pp.product_id asc`
    : sql`pp.price_cents asc, pp.product_id asc`;
  const alpha = plan.sort === 'MAZ' || plan.sort === 'MZA';
  const dir = sql.raw(plan.sort === 'MZA' ? 'desc' : 'asc');
  const pageOrder = alpha ? sql`mk.name ${dir}, m.name ${dir}, p.size ${dir}, p.id ${dir}` : order;
  return sql`
    with page as (
      select p.id
      from product_prices pp join products p on p.id = pp.product_id
      join models m on m.id = p.model_id join makes mk on mk.id = p.make_id
      where ${purchasable(plan.priceGroupId)} and m.active and mk.active
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
