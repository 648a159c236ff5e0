import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The migration's statement that gave the SKUs already in the catalogue their excise tax. */
const backfill = readFileSync(
  new URL('../../../migrations/core/0002_sku_excise_tax.sql', import.meta.url),
  'utf8',
)
  .split('--> statement-breakpoint')
  .find((s) => /UPDATE "products"/.test(s)) as string;

describe('the excise tax backfill of existing SKUs', () => {
  it('gives every demo SKU what the seed stored through the one rule (the SQL table is the domain table)', async () => {
    const read = () =>
      t.db.execute<{ id: number; fet: number }>(
        sql`select id, fet_unit_cents::int as fet from products order by id`,
      );
    const before = (await read()).rows;
    expect(before.some((r) => r.fet > 0)).toBe(true);
    await t.db.execute(sql`update products set fet_unit_cents = 0`);
    await t.db.execute(sql.raw(backfill));
    expect((await read()).rows).toEqual(before);
  });

  it('carries the demo heavy light-truck tire, LT325/65R18 load index 127, at 338 cents', async () => {
    const { rows } = await t.db.execute<{ fet: number; stock: number }>(sql`
      select p.fet_unit_cents::int as fet, (select sum(quantity)::int from inventory i where i.product_id = p.id) as stock
        from products p where p.size = 'LT325/65R18' and p.load_index = 127`);
    expect(rows).toEqual([{ fet: 338, stock: 40 }]);
  });
});
