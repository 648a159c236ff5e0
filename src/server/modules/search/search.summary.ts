import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { facetColumns, facetKeys, searchJoins } from './search.facets';

const purchasable = sql`pp.available > 0 and p.active and m.active and mk.active`;

/**
 * Rebuilds the stored counts that browsing and the sizing dropdowns read: purchasable SKUs per
 * price group and size, and whole-catalogue facet counts per price group.
 */
export async function rebuildCatalogSummary(db: DbOrTx, onlyIfStale = false) {
  await db.transaction(async (tx) => {
    // One rebuild at a time; a waiting one sees the finished work and may skip its own.
    const { rows } = await tx.execute<{ stale: boolean }>(
      sql`select stale from catalog_summary_state where id = 1 for update`,
    );
    if (onlyIfStale && !rows[0]?.stale) return;
    await tx.execute(sql`delete from catalog_size_counts`);
    await tx.execute(sql`
      insert into catalog_size_counts (price_group_id, width, ratio, rim, skus)
      select pp.price_group_id, p.width, p.ratio, p.rim, count(*)::int
      from product_prices pp join products p on p.id = pp.product_id ${searchJoins}
      where ${purchasable}
      group by 1, 2, 3, 4`);
    await tx.execute(sql`delete from catalog_facet_counts`);
    const perFacet = facetKeys.map(
      (k) => sql`select g, ${k}::text, ${sql.raw(`f_${k}_v`)}, min(${sql.raw(`f_${k}_l`)}), count(*)::int
                 from rows where ${sql.raw(`f_${k}_v`)} is not null group by 1, 3`,
    );
    await tx.execute(sql`
      insert into catalog_facet_counts (price_group_id, facet, value, label, skus)
      with rows as materialized (
        select pp.price_group_id as g, pp.price_cents as price, ${facetColumns()}
        from product_prices pp join products p on p.id = pp.product_id ${searchJoins}
        where ${purchasable})
      ${sql.join(perFacet, sql` union all `)}
      union all select g, '_total', 'all', 'All', count(*)::int from rows group by 1
      union all select g, '_price', 'min', 'Lowest price', min(price)::int from rows group by 1
      union all select g, '_price', 'max', 'Highest price', max(price)::int from rows group by 1`);
    await tx.execute(sql`update catalog_summary_state set stale = false, rebuilt_at = now() where id = 1`);
  });
}

/** Rebuilds the summaries when prices or stock changed since the last rebuild. */
export async function ensureCatalogSummary(db: DbOrTx) {
  const { rows } = await db.execute<{ stale: boolean }>(
    sql`select stale from catalog_summary_state where id = 1`,
  );
  if (rows[0]?.stale) await rebuildCatalogSummary(db, true);
}
