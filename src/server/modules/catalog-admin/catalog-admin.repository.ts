import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/connection';
import { type categories, type makes, modelImages, models, type products } from '../../db/schema';

// SQL of the catalogue writes. Makes, categories, lines and SKUs are written alike, through one
// generic insert and update: Drizzle cannot type a value for a table chosen at run time, hence
// the casts, kept to this file.

export type CatalogTable = typeof makes | typeof categories | typeof models | typeof products;

export async function findRow<T extends CatalogTable>(db: DbOrTx, table: T, id: number) {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id));
  return (row ?? null) as T['$inferSelect'] | null;
}

export async function insertRow<T extends CatalogTable>(db: DbOrTx, table: T, values: T['$inferInsert']) {
  const [row] = (await db
    .insert(table)
    .values(values as never)
    .returning()) as T['$inferSelect'][];
  return row;
}

export async function updateRow<T extends CatalogTable>(
  db: DbOrTx,
  table: T,
  id: number,
  set: Partial<T['$inferInsert']>,
) {
  const [row] = (await db
    .update(table)
    .set(set as never)
    .where(eq(table.id, id))
    .returning()) as unknown as T['$inferSelect'][];
  return row;
}

// Which search rows follow an edit (search.service.ts refreshSearchItems, over `p` and `m`).
export const productsOfMake = (makeId: number): SQL => sql`p.make_id = ${makeId}`;
export const productsOfCategory = (categoryId: number): SQL => sql`m.category_id = ${categoryId}`;
export const productsOfModel = (modelId: number): SQL => sql`p.model_id = ${modelId}`;

export type ImageRow = typeof modelImages.$inferSelect;

const ofModel = (modelId: number, imageId: number) =>
  and(eq(modelImages.id, imageId), eq(modelImages.modelId, modelId));

export function countImages(db: DbOrTx, modelId: number) {
  return db.$count(modelImages, eq(modelImages.modelId, modelId));
}

export async function insertImage(db: DbOrTx, values: typeof modelImages.$inferInsert) {
  const [row] = await db.insert(modelImages).values(values).returning();
  return row;
}

export async function findImage(db: DbOrTx, modelId: number, imageId: number) {
  const [row] = await db.select().from(modelImages).where(ofModel(modelId, imageId));
  return row ?? null;
}

export async function updateImage(
  db: DbOrTx,
  modelId: number,
  imageId: number,
  set: Partial<typeof modelImages.$inferInsert>,
) {
  const [row] = await db.update(modelImages).set(set).where(ofModel(modelId, imageId)).returning();
  return row;
}

/** Makes one image the line's main one and every other image of the line not. */
export async function makePrimary(db: DbOrTx, modelId: number, imageId: number) {
  await db
    .update(modelImages)
    .set({ isPrimary: sql`id = ${imageId}` })
    .where(eq(modelImages.modelId, modelId));
}

/** The picture a line shows. */
export async function setModelImageUrl(db: DbOrTx, modelId: number, imageUrl: string) {
  await db.update(models).set({ imageUrl }).where(eq(models.id, modelId));
}
