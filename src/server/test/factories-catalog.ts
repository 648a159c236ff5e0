import { eq } from 'drizzle-orm';
import { skuExciseTaxUnitCents } from '../../domain/sku-excise';
import type { DbOrTx } from '../db/connection';
import { categories, inventory, makes, markupRules, models, products, warehouses } from '../db/schema';
import { refreshProductPrices } from '../modules/catalog/catalog.prices';
import { createCompany } from './factories';
import { unique } from './test-app';

/** A brand, a line and a 225/45R17 SKU of it: the smallest catalogue a test needs. */
export async function createProduct(
  db: DbOrTx,
  values: Partial<typeof products.$inferInsert> & { categoryId?: number } = {},
) {
  const [make] = values.makeId
    ? await db.select().from(makes).where(eq(makes.id, values.makeId))
    : await db
        .insert(makes)
        .values({ name: unique('Make'), slug: unique('make') })
        .returning();
  const [model] = values.modelId
    ? await db.select().from(models).where(eq(models.id, values.modelId))
    : await db
        .insert(models)
        .values({
          makeId: make.id,
          name: unique('Line'),
          slug: unique('line'),
          categoryId: values.categoryId ?? null,
        })
        .returning();
  const sku = {
    makeId: make.id,
    modelId: model.id,
    skuCode: unique('SKU'),
    size: '225/45R17',
    sizeType: 'P',
    width: 225,
    ratio: 45,
    rim: 17,
    loadIndex: 94,
    speedIndex: 'W',
    overallDiameter: 24.97,
    ...values,
  };
  const fetUnitCents = skuExciseTaxUnitCents({
    size: sku.size,
    construction: sku.construction ?? 'R',
    loadIndex: sku.loadIndex ?? null,
  });
  const [product] = await db
    .insert(products)
    .values({ ...sku, fetUnitCents })
    .returning();
  return { make, model, product };
}

export async function createCategory(db: DbOrTx) {
  const [row] = await db
    .insert(categories)
    .values({ name: unique('Category'), slug: unique('cat') })
    .returning();
  return row;
}

/** A warehouse of a supplier company (a new one unless given). */
export async function createWarehouse(db: DbOrTx, values: Partial<typeof warehouses.$inferInsert> = {}) {
  const supplierCompanyId = values.supplierCompanyId ?? (await createCompany(db, { kind: 'supplier' })).id;
  const [row] = await db
    .insert(warehouses)
    .values({ supplierCompanyId, code: unique('WH'), name: unique('Warehouse'), zip: '75201', ...values })
    .returning();
  return row;
}

/** Puts stock of a product into a warehouse and refreshes its prices in every group. */
export async function stock(
  db: DbOrTx,
  warehouseId: number,
  productId: number,
  quantity: number,
  costCents: number,
) {
  await db
    .insert(inventory)
    .values({ warehouseId, productId, quantity, costCents })
    .onConflictDoUpdate({
      target: [inventory.warehouseId, inventory.productId],
      set: { quantity, costCents },
    });
  await refreshProductPrices(db, [productId]);
}

export async function createMarkupRule(db: DbOrTx, values: typeof markupRules.$inferInsert) {
  const [row] = await db.insert(markupRules).values(values).returning();
  return row;
}
