// The demo catalogue, generated deterministically: brands, lines, config.SEED_SKUS
// SKUs, three warehouses of Demo Tire Supply with stock and cost, markup rules per price group,
// sizes and vehicles. Multi-row inserts keep 5,000 SKUs to a few seconds and 200,000 to minutes.
import { eq, sql } from 'drizzle-orm';
import { skuExciseTaxUnitCents } from '../../../domain/sku-excise';
import {
  formatSize,
  overallDiameter,
  parseTireSize,
  sizeSlug,
  type TireSize,
} from '../../../domain/tire-size';
import { refreshProductPrices } from '../../modules/catalog/catalog.service';
import { foldFacetDeltas } from '../../modules/search/search.service';
import type { Db, DbOrTx } from '../connection';
import { categories, companies, makes, markupRules, models, warehouses } from '../schema';
import type { SeedContext } from './seed-context';
import { brandDefs, type CategoryCode, categoryDefs, lineDefs } from './seed-catalog-brands';
import { catalogueSizes, pick, rng, type SkuRow, skuRow } from './seed-catalog-skus';
import { seedVehicles } from './seed-catalog-vehicles';
import { slugOf } from '../../lib/slug';

const BATCH = 2000;
const q = (s: string) => `'${s.replace(/'/g, "''")}'`;

const warrantyMiles: Partial<Record<CategoryCode, number[]>> = {
  AS: [60000, 70000, 80000],
  TR: [65000, 75000, 80000],
  PF: [30000, 40000, 45000],
  HT: [60000, 70000],
  AT: [50000, 60000],
  CM: [50000],
};
const utqgOf = (r: () => number, c: CategoryCode) =>
  (
    ({
      AS: ['600 A B', '700 A A', '740 A B'],
      TR: ['700 A B', '760 A B', '800 A A'],
      PF: ['300 AA A', '340 AA A', '400 A A'],
      HT: ['640 A B', '700 A B'],
      AT: ['500 B B', '600 A B'],
    }) as Partial<Record<CategoryCode, string[]>>
  )[c]?.[Math.floor(r() * 2)] ?? null;

async function seedLines(db: DbOrTx) {
  const catRows = await db
    .insert(categories)
    .values(Object.values(categoryDefs).map((c) => ({ name: c.name, slug: c.slug })))
    .onConflictDoNothing()
    .returning();
  const catId = Object.fromEntries(catRows.map((c) => [c.slug, c.id]));
  const makeRows = await db
    .insert(makes)
    .values(brandDefs.map((b) => ({ name: b.name, slug: slugOf(b.name) })))
    .returning();
  const r = rng(42);
  const lines = lineDefs();
  const modelRows = await db
    .insert(models)
    .values(
      lines.map((l) => ({
        makeId: makeRows[l.brand].id,
        categoryId: catId[categoryDefs[l.category].slug],
        name: l.name,
        slug: slugOf(l.name),
        description: `${brandDefs[l.brand].name} ${l.name}: ${categoryDefs[l.category].name.toLowerCase()} tire.`,
        sidewall: l.category === 'AT' || l.category === 'MT' ? pick(r, ['BSW', 'OWL', 'RWL', 'BSW']) : 'BSW',
        treadWarrantyMiles: warrantyMiles[l.category] ? pick(r, warrantyMiles[l.category] ?? []) : null,
        runFlat: l.runFlat,
        utqg: utqgOf(r, l.category),
      })),
    )
    .returning({ id: models.id });
  // Drawn, not downloaded: the server renders each line's SVG (catalog.images.ts).
  await db.execute(
    sql`update models set image_url = '/api/v1/model/' || id || '/image.svg' where image_url is null`,
  );
  return lines.map((l, i) => ({ ...l, makeId: makeRows[l.brand].id, modelId: modelRows[i].id }));
}

const productColumns =
  'make_id, model_id, sku_code, size, size_type, width, ratio, rim, construction, load_index, load_index_dual, speed_index, ply, load_range, weight_lbs, overall_diameter, specials, rebate_cents, fet_unit_cents';
const productValues = (s: SkuRow) =>
  `(${s.makeId}, ${s.modelId}, ${q(s.skuCode)}, ${q(s.size)}, ${q(s.sizeType)}, ${s.width}, ${s.ratio}, ${s.rim}, ${q(s.construction)}, ${s.loadIndex}, ${s.loadIndexDual ?? 'null'}, ${q(s.speedIndex)}, ${s.ply}, ${q(s.loadRange)}, ${s.weightLbs}, ${s.overallDiameter}, ${s.specials}, ${s.rebateCents}, ${skuExciseTaxUnitCents(s)})`;

/** Stock in some of the warehouses for about nine SKUs in ten, each warehouse its own cost. */
function inventoryValues(r: () => number, productId: number, baseCost: number, warehouseIds: number[]) {
  if (r() < 0.1) return [];
  const held = warehouseIds.filter(() => r() < 0.6);
  return (held.length ? held : [pick(r, warehouseIds)]).map((w) => {
    const quantity = Math.floor(r() * r() * 64) + (r() < 0.85 ? 1 : 0);
    return `(${w}, ${productId}, ${quantity}, ${Math.round(baseCost * (0.96 + r() * 0.08))})`;
  });
}

async function seedSkus(
  db: DbOrTx,
  count: number,
  lines: Awaited<ReturnType<typeof seedLines>>,
  warehouseIds: number[],
) {
  const r = rng(7);
  const progress = seedProgress(count);
  for (let start = 0; start < count; start += BATCH) {
    const end = Math.min(count, start + BATCH);
    const rows: SkuRow[] = [];
    for (let i = start; i < end; i++) {
      const line = lines[Math.floor(r() * lines.length)];
      rows.push(skuRow(i, r, line, brandDefs[line.brand]));
    }
    try {
      const { rows: ids } = await db.execute<{ id: number }>(
        sql.raw(
          `insert into products (${productColumns}) values ${rows.map(productValues).join(',')} returning id`,
        ),
      );
      const stock = rows.flatMap((row, k) =>
        inventoryValues(r, Number(ids[k].id), row.baseCostCents, warehouseIds),
      );
      if (stock.length) {
        await db.execute(
          sql.raw(
            `insert into inventory (warehouse_id, product_id, quantity, cost_cents) values ${stock.join(',')}`,
          ),
        );
      }
    } catch (e) {
      // The driver's error carries the whole multi-row statement (megabytes); say which SKUs and why.
      const reason = e instanceof Error && e.cause instanceof Error ? e.cause.message : String(e);
      throw new Error(`Seeding SKUs ${start + 1}–${end} of ${count} (SEED_SKUS) failed: ${reason}`);
    }
    progress(end);
  }
}

/**
 * One heavy light-truck tire the demo sells from stock, LT325/65R18 with load index 127
 * (3,858 lb): above the 3,500 lb of the federal excise tax, so carts and invoices show it.
 */
async function seedHeavyLightTruck(
  db: DbOrTx,
  lines: Awaited<ReturnType<typeof seedLines>>,
  warehouseIds: number[],
) {
  const line = lines.find((l) => l.name === 'Wrangler DuraTrac') ?? lines[0];
  const size = parseTireSize('LT325/65R18') as TireSize;
  const row: SkuRow = {
    makeId: line.makeId,
    modelId: line.modelId,
    skuCode: `${brandDefs[line.brand].code}-LT3256518`,
    size: formatSize(size),
    sizeType: size.type,
    width: size.width,
    ratio: size.ratio,
    rim: size.rim,
    construction: size.construction,
    loadIndex: 127,
    loadIndexDual: 124,
    speedIndex: 'Q',
    ply: 10,
    loadRange: 'E',
    weightLbs: 71.3,
    overallDiameter: overallDiameter(size),
    specials: false,
    rebateCents: 0,
    baseCostCents: 26500,
  };
  const { rows } = await db.execute<{ id: number }>(
    sql.raw(`insert into products (${productColumns}) values ${productValues(row)} returning id`),
  );
  const stocked = warehouseIds
    .slice(0, 2)
    .map((w, i) => `(${w}, ${Number(rows[0].id)}, ${24 - 8 * i}, ${26500 + 300 * i})`);
  await db.execute(
    sql.raw(
      `insert into inventory (warehouse_id, product_id, quantity, cost_cents) values ${stocked.join(',')}`,
    ),
  );
}

/** On a terminal, one line that counts the SKUs written; elsewhere (CI, tests, logs) nothing. */
function seedProgress(count: number) {
  const out = process.stderr;
  if (!out.isTTY || count < 50_000) return () => {};
  const started = Date.now();
  return (done: number) => {
    const seconds = Math.round((Date.now() - started) / 1000);
    out.write(
      `\rSeeding the catalogue: ${done.toLocaleString('en-US')} of ${count.toLocaleString('en-US')} SKUs (${Math.floor((done * 100) / count)} %, ${seconds} s)`,
    );
    if (done === count) out.write('\n');
  };
}

async function seedSizes(db: DbOrTx) {
  const values = catalogueSizes().map(
    (s) =>
      `(${q(formatSize(s))}, ${q(sizeSlug(s))}, ${q(s.type)}, ${s.width}, ${s.ratio}, ${s.rim}, ${q(s.construction)}, ${overallDiameter(s)})`,
  );
  await db.execute(
    sql.raw(`insert into sizes (size, slug, size_type, width, ratio, rim, construction, overall_diameter)
      values ${values.join(',')} on conflict do nothing`),
  );
  // The spellings SKUs use beyond those (P-metric, ZR) become size records too.
  await db.execute(sql`
    insert into sizes (size, slug, size_type, width, ratio, rim, construction, overall_diameter)
    select distinct on (size) size, lower(translate(size, '/.', '--')), size_type, width, ratio, rim, construction, overall_diameter
    from products order by size
    on conflict do nothing`);
}

async function seedWarehouses(db: DbOrTx) {
  const [supplier] = await db.select().from(companies).where(eq(companies.name, 'Demo Tire Supply'));
  if (!supplier) throw new Error('seed-accounts must run first: Demo Tire Supply is missing');
  const rows = await db
    .insert(warehouses)
    .values([
      { supplierCompanyId: supplier.id, code: 'DTS-DAL', name: 'Demo Tire Supply Dallas', zip: '75201' },
      { supplierCompanyId: supplier.id, code: 'DTS-RNO', name: 'Demo Tire Supply Reno', zip: '89502' },
      { supplierCompanyId: supplier.id, code: 'DTS-CMH', name: 'Demo Tire Supply Columbus', zip: '43215' },
    ])
    .returning({ id: warehouses.id });
  return rows.map((w) => w.id);
}

async function seedMarkups(db: DbOrTx, ctx: SeedContext) {
  const { standard, fleet, wholesale } = ctx.accounts.groups;
  const [michelin] = await db.select().from(makes).where(eq(makes.name, 'Michelin'));
  const [mickey] = await db.select().from(makes).where(eq(makes.name, 'Mickey Thompson'));
  const [winter] = await db.select().from(categories).where(eq(categories.slug, 'winter'));
  await db.insert(markupRules).values([
    { priceGroupId: standard, basisPoints: 3500 },
    { priceGroupId: fleet, basisPoints: 2500 },
    { priceGroupId: wholesale, basisPoints: 1500 },
    { priceGroupId: standard, makeId: michelin.id, basisPoints: 3000 },
    { priceGroupId: fleet, makeId: mickey.id, basisPoints: 2200 },
    { priceGroupId: wholesale, categoryId: winter.id, basisPoints: 1800 },
    // Cheap tires carry a fixed handling amount; expensive ones a smaller share.
    { priceGroupId: standard, maxCostCents: 6000, basisPoints: 3500, fixedCents: 500 },
    { priceGroupId: wholesale, minCostCents: 25000, basisPoints: 1200 },
  ]);
}

/** Seeds the demo catalogue of config.SEED_SKUS SKUs and the vehicle fitments. */
export async function seedCatalog(db: Db, ctx: SeedContext) {
  const lines = await seedLines(db);
  const warehouseIds = await seedWarehouses(db);
  await seedSkus(db, ctx.config.SEED_SKUS, lines, warehouseIds);
  await seedHeavyLightTruck(db, lines, warehouseIds);
  await seedSizes(db);
  await seedMarkups(db, ctx);
  await refreshProductPrices(db);
  await seedVehicles(db);
  // The counts of the new items into search_facet_counts, so searches start with no deltas to add.
  await foldFacetDeltas(db);
  // Fresh statistics, so that the first searches already get index plans sized for the catalogue,
  // and a visibility map, so that index-only scans of search_items need not visit the table (a
  // freshly written table has none until autovacuum comes by: size searches took 3× as long).
  await db.execute(
    sql`vacuum (analyze) products, product_prices, search_items, search_facet_counts, inventory, models, makes, vehicles, vehicle_fitments`,
  );
}
