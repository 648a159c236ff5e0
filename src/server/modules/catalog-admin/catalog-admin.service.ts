import type { z } from 'zod';
import type * as api from '../../../contract/catalog-admin';
import { skuExciseTaxUnitCents } from '../../../domain/sku-excise';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/connection';
import { definedOnly } from '../../db/list-page';
import type { Actor } from '../../http/actor';
import { AppError, conflict, notFound } from '../../http/errors';
import { slugOf } from '../../lib/slug';
import { writeAudit } from '../audit/audit.service';
import { refreshProductPrices } from '../catalog/catalog.service';
import { productsIn, refreshSearchItems } from '../search/search.service';
import { imageTypeOf, readImageFile, saveImageFile, toImage, urlOf } from './catalog-admin.images';
import * as repo from './catalog-admin.repository';

type Body<E extends { body?: z.ZodType }> = z.output<NonNullable<E['body']>>;

/** The largest image upload; reviews' photos share the limit and the content check. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export { imageTypeOf };

/** Unique-index violations (slug, make+sku) become a 409 naming the field. */
async function uniquely<T>(field: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const code =
      (error as { code?: string; cause?: { code?: string } }).cause?.code ??
      (error as { code?: string }).code;
    if (code === '23505')
      throw conflict(`That ${field} is taken`, {
        errors: [{ pointer: `/body/${field}`, detail: 'is taken' }],
      });
    if (code === '23503') throw notFound('Referenced record');
    throw error;
  }
}

/** One create of a catalogue row, audited. */
function createRow<E extends repo.CatalogEntity>(
  db: Db,
  actor: Actor,
  entity: E,
  values: repo.NewRowOf<E>,
  uniqueField: string,
) {
  return db.transaction((tx) =>
    uniquely(uniqueField, async () => {
      const row = await repo.insertRow(tx, entity, values);
      await writeAudit(tx, actor, { entity, entityId: row.id, action: 'create', after: row });
      return row;
    }),
  );
}

/**
 * One update of a catalogue row, audited; absent fields stay. `derive` answers the columns that
 * follow from others (a SKU's excise tax from its size and load), given the row as it will be.
 */
function updateRow<E extends repo.CatalogEntity>(
  db: Db,
  actor: Actor,
  entity: E,
  id: number,
  set: Partial<repo.NewRowOf<E>>,
  uniqueField: string,
  derive?: (next: repo.RowOf<E>) => Partial<repo.NewRowOf<E>>,
) {
  return db.transaction((tx) =>
    uniquely(uniqueField, async () => {
      const before = await repo.findRow(tx, entity, id);
      if (!before) throw notFound(entity);
      const edited = definedOnly(set);
      const changes = derive ? { ...edited, ...derive({ ...before, ...edited }) } : edited;
      const after = Object.keys(changes).length ? await repo.updateRow(tx, entity, id, changes) : before;
      await writeAudit(tx, actor, { entity, entityId: id, action: 'update', before, after });
      return after;
    }),
  );
}

/** A SKU takes its make from its line. */
export async function makeOfModel(db: DbOrTx, modelId: number) {
  const model = await repo.findRow(db, 'model', modelId);
  if (!model) throw notFound('Model');
  return model.makeId;
}

/** A new tire brand (its slug made from the name unless given); a user's body goes to the users module. */
export async function createMake(db: Db, actor: Actor, body: z.output<typeof api.MakeInput>) {
  return createRow(db, actor, 'make', { ...body, slug: body.slug ?? slugOf(body.name) }, 'slug');
}

/** Names and the active flag are searched by: the brand's search rows follow the edit. */
export async function updateMake(db: Db, actor: Actor, id: number, body: Body<typeof api.updateMake>) {
  const row = await updateRow(db, actor, 'make', id, body, 'slug');
  await refreshSearchItems(db, repo.productsOfMake(id));
  return row;
}

/** A new category (its slug made from the name unless given). */
export function createCategory(db: Db, actor: Actor, body: Body<typeof api.createCategory>) {
  return createRow(db, actor, 'category', { ...body, slug: body.slug ?? slugOf(body.name) }, 'slug');
}

/** The category's search rows follow the edit. */
export async function updateCategory(
  db: Db,
  actor: Actor,
  id: number,
  body: Body<typeof api.updateCategory>,
) {
  const row = await updateRow(db, actor, 'category', id, body, 'slug');
  await refreshSearchItems(db, repo.productsOfCategory(id));
  return row;
}

/** A new tire line of a brand (its slug made from the name unless given). */
export function createModel(db: Db, actor: Actor, body: Body<typeof api.createModel>) {
  return createRow(db, actor, 'model', { ...body, slug: body.slug ?? slugOf(body.name) }, 'slug');
}

/**
 * A new category can change which markup rule applies to the line's SKUs: every price is
 * recomputed then; otherwise only the line's search rows follow the edit.
 */
export async function updateModel(db: Db, actor: Actor, id: number, body: Body<typeof api.updateModel>) {
  const row = await updateRow(db, actor, 'model', id, body, 'slug');
  if (body.categoryId !== undefined) await refreshProductPrices(db);
  else await refreshSearchItems(db, repo.productsOfModel(id));
  return row;
}

/** A new SKU of a line; it takes the line's make. A SKU code is unique per make. */
export async function createProduct(db: Db, actor: Actor, body: Body<typeof api.createProduct>) {
  const makeId = await makeOfModel(db, body.modelId);
  return createRow(db, actor, 'product', { ...body, makeId, ...exciseOf(body) }, 'skuCode');
}

/** The excise tax a SKU stores, from the size, construction and load index it has. */
const exciseOf = (sku: Pick<repo.RowOf<'product'>, 'size' | 'construction' | 'loadIndex'>) => ({
  fetUnitCents: skuExciseTaxUnitCents(sku),
});

/** The SKU's search row follows the edit; its excise tax follows its size and load. */
export async function updateProduct(db: Db, actor: Actor, id: number, body: Body<typeof api.updateProduct>) {
  const row = await updateRow(db, actor, 'product', id, body, 'skuCode', exciseOf);
  await refreshSearchItems(db, productsIn([id]));
  return row;
}

/**
 * Stores an image of a line under DATA_DIR; its type is read from its bytes. The row and the file
 * are written together or not at all; a line's first image becomes its main image.
 */
export async function addModelImage(db: Db, config: Config, actor: Actor, modelId: number, bytes: Buffer) {
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError('bad_request', 'The image is larger than 5 MB');
  const kind = imageTypeOf(bytes);
  if (!kind) throw new AppError('bad_request', 'Upload a PNG, JPEG or WebP image');
  return db.transaction(async (tx) => {
    if (!(await repo.findRow(tx, 'model', modelId))) throw notFound('Model');
    const count = await repo.countImages(tx, modelId);
    const row = await repo.insertImage(tx, {
      modelId,
      fileName: '',
      contentType: kind.type,
      sizeBytes: bytes.length,
      position: count,
      isPrimary: count === 0,
    });
    const saved = await repo.updateImage(tx, modelId, row.id, {
      fileName: `${modelId}-${row.id}.${kind.ext}`,
    });
    await saveImageFile(config, saved, bytes);
    if (saved.isPrimary) await repo.setModelImageUrl(tx, modelId, urlOf(saved));
    await writeAudit(tx, actor, { entity: 'model_image', entityId: row.id, action: 'create', after: saved });
    return toImage(saved);
  });
}

/** One main image per line: choosing one demotes the others, and the line shows it. */
export async function updateModelImage(
  db: Db,
  actor: Actor,
  modelId: number,
  imageId: number,
  input: Body<typeof api.updateModelImage>,
) {
  return db.transaction(async (tx) => {
    const before = await repo.findImage(tx, modelId, imageId);
    if (!before) throw notFound('Image');
    if (input.isPrimary) await repo.makePrimary(tx, modelId, imageId);
    const { isPrimary: _, ...rest } = input;
    const after = Object.keys(rest).length
      ? await repo.updateImage(tx, modelId, imageId, rest)
      : (await repo.findImage(tx, modelId, imageId))!;
    if (input.isPrimary) await repo.setModelImageUrl(tx, modelId, urlOf(after));
    await writeAudit(tx, actor, {
      entity: 'model_image',
      entityId: imageId,
      action: 'update',
      before,
      after,
    });
    return toImage(after);
  });
}

/** The stored file of a line's image, with its type. */
export async function readModelImage(db: Db, config: Config, modelId: number, imageId: number) {
  const row = await repo.findImage(db, modelId, imageId);
  if (!row) throw notFound('Image');
  return { bytes: await readImageFile(config, row), contentType: row.contentType };
}
