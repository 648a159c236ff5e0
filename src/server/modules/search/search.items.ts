import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { foldSoon } from './search.counts';
import { facetColumns, facetKeys, searchJoins } from './search.facets';

/** The columns of search_items, in the order of the select below. */
const columns = [
  'price_group_id',
  'product_id',
  'width',
  'ratio',
  'rim',
  'price_cents',
  'make_id',
  'model_id',
  'sku_code',
  'size',
  'run_flat',
  ...facetKeys.flatMap((k) => [`f_${k}_v`, `f_${k}_l`]),
];
const list = (prefix: string) => sql.raw(columns.map((c) => `${prefix}${c}`).join(', '));

/**
 * Brings search_items in line with prices, stock and the catalogue for the products `which`
 * selects (a condition over `p` products and `m` models): purchasable rows are written, the
 * others removed. One statement, so a search never sees half of a refresh. The products are
 * chosen first (`targets`): a sale's refresh of one product then reads its prices and its search
 * rows by their product indexes, where a condition inside the delete's EXISTS scanned every
 * search row (87 ms on 200,000 SKUs; docs/performance.md).
 */
export async function refreshSearchItems(db: DbOrTx, which: SQL = sql`true`) {
  await db.execute(sql`
    with targets as materialized (
      select p.id from products p join models m on m.id = p.model_id where ${which}),
    fresh as (
      select pp.price_group_id, p.id as product_id, p.width, p.ratio, p.rim, pp.price_cents, p.make_id,
             p.model_id, p.sku_code, p.size, m.run_flat, ${facetColumns()}
      from targets t join products p on p.id = t.id
      join product_prices pp on pp.product_id = p.id ${searchJoins}
      where pp.available > 0 and p.active and m.active and mk.active),
    gone as (
      delete from search_items si
      where si.product_id in (select id from targets)
        and not exists (select 1 from fresh f where f.price_group_id = si.price_group_id and f.product_id = si.product_id))
    insert into search_items (${list('')}) select ${list('')} from fresh
    on conflict (price_group_id, product_id) do update set (${list('')}) = (${list('excluded.')})
      where (${list('search_items.')}) is distinct from (${list('excluded.')})`);
  // A trigger on search_items recorded the changes of the facet counts; fold them in soon.
  foldSoon();
}

/** The products of an id list, as a condition for refreshSearchItems (one array parameter). */
export const productsIn = (productIds: number[]) =>
  sql`p.id = any(${`{${productIds.map(Number).join(',')}}`}::bigint[])`;
