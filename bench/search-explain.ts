import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { productFields, productFrom } from '../src/server/db/product-sql';
import { type SearchPlan, searchStatement } from '../src/server/modules/search/search.sql';

/** EXPLAIN ANALYZE of the searches of the bench: a popular size with a facet (the slowest) and without, the catalogue, an MPN prefix. */
export async function explainSlowest(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  pool.on('error', () => {});
  const db = drizzle(pool);
  const { rows: groups } = await db.execute<{ id: number }>(
    sql`select id from price_groups where code = 'standard'`,
  );
  const plan: SearchPlan = {
    priceGroupId: Number(groups[0].id),
    dims: { width: 205, ratio: 55, rim: 16 },
    makeIds: [],
    modelIds: [],
    terms: [],
    specialsOnly: false,
    runFlat: false,
    facetFilters: { speed: ['H', 'V'] },
    sort: 'LTH',
    page: 0,
    pageSize: 15,
  };
  for (const [title, statement] of [
    [
      'size search 205/55R16 with a speed facet',
      searchStatement(plan, productFields, productFrom(plan.priceGroupId)),
    ],
    [
      'size search 205/55R16, every facet stored',
      searchStatement({ ...plan, facetFilters: {} }, productFields, productFrom(plan.priceGroupId)),
    ],
    [
      'browse the whole catalogue',
      searchStatement(
        { ...plan, dims: undefined, facetFilters: {} },
        productFields,
        productFrom(plan.priceGroupId),
      ),
    ],
    [
      'MPN prefix MIC-12',
      searchStatement(
        {
          ...plan,
          dims: undefined,
          facetFilters: {},
          terms: [{ text: 'MIC-12', modelIds: [], makeIds: [] }],
        },
        productFields,
        productFrom(plan.priceGroupId),
      ),
    ],
  ] as const) {
    const { rows } = await db.execute<{ 'QUERY PLAN': string }>(sql`explain (analyze, buffers) ${statement}`);
    console.log(`\nEXPLAIN ANALYZE: ${title}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
  await pool.end();
}
