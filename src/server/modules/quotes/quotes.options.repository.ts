// The SQL of a quote's options: the SKUs offered for each line request, at their quoted prices.
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { makes, models, products, quoteOptions } from '../../db/schema';

export type QuoteOptionRow = typeof quoteOptions.$inferSelect;

/** The options of a quote with the SKU's names and service description. */
export function optionsOf(db: DbOrTx, quoteId: number) {
  return db
    .select({
      option: quoteOptions,
      skuCode: products.skuCode,
      size: products.size,
      loadIndex: products.loadIndex,
      speedIndex: products.speedIndex,
      /** What the landed cost reads of the tire: its kind (for the state's fee), rim and excise tax. */
      construction: products.construction,
      rim: products.rim,
      fetUnitCents: products.fetUnitCents,
      makeId: products.makeId,
      modelId: products.modelId,
      makeName: makes.name,
      modelName: models.name,
    })
    .from(quoteOptions)
    .innerJoin(products, eq(products.id, quoteOptions.productId))
    .innerJoin(makes, eq(makes.id, products.makeId))
    .innerJoin(models, eq(models.id, products.modelId))
    .where(eq(quoteOptions.quoteId, quoteId))
    .orderBy(asc(quoteOptions.itemId), asc(quoteOptions.id));
}
export type OptionView = Awaited<ReturnType<typeof optionsOf>>[number];

export async function findOption(db: DbOrTx, optionId: number) {
  const [row] = await db.select().from(quoteOptions).where(eq(quoteOptions.id, optionId));
  return row ?? null;
}

export async function deleteOptions(db: DbOrTx, quoteId: number) {
  await db.delete(quoteOptions).where(eq(quoteOptions.quoteId, quoteId));
}

export async function insertOptions(db: DbOrTx, values: (typeof quoteOptions.$inferInsert)[]) {
  if (values.length) await db.insert(quoteOptions).values(values);
}

export async function updateOption(db: DbOrTx, id: number, set: Partial<typeof quoteOptions.$inferInsert>) {
  await db
    .update(quoteOptions)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(quoteOptions.id, id));
}
