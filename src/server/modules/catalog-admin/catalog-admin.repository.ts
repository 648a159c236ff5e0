import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/connection';
import { categories, makes, modelImages, models, products } from '../../db/schema';

// SQL of the catalogue writes. Makes, categories, lines and SKUs are written alike, through one
// generic find, insert and update by entity: Drizzle cannot type a value for a table chosen at
// run time, hence the casts, kept to this file.

const tables = { make: makes, category: categories, model: models, product: products };
export type CatalogEntity = keyof typeof tables;
export type RowOf<E extends CatalogEntity> = (typeof tables)[E]['$inferSelect'];
export type NewRowOf<E extends CatalogEntity> = (typeof tables)[E]['$inferInsert'];

export async function findRow<E extends CatalogEntity>(db: DbOrTx, entity: E, id: number) {
  const table = tables[entity];
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id));
  return (row ?? null) as RowOf<E> | null;
}

export async function insertRow<E extends CatalogEntity>(db: DbOrTx, entity: E, values: NewRowOf<E>) {
  const [row] = (await db
    .insert(tables[entity])
    .values(values as never)
    .returning()) as RowOf<E>[];
  return row;
}

export async function updateRow<E extends CatalogEntity>(
  db: DbOrTx,
  entity: E,
  id: number,
  set: Partial<NewRowOf<E>>,
) {
  const table = tables[entity];
  const [row] = (await db
    .update(table)
    .set(set as never)
    .where(eq(table.id, id))
    .returning()) as unknown as RowOf<E>[];
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
