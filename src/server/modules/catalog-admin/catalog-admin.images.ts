import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { ModelImage } from '../../../contract/catalog-admin';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { modelImages, models } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { AppError, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';

const MAX_BYTES = 5 * 1024 * 1024;

/** The type is read from the file's first bytes, never trusted from the upload's header. */
export function imageTypeOf(bytes: Buffer): { type: string; ext: string } | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return { type: 'image/png', ext: 'png' };
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { type: 'image/jpeg', ext: 'jpg' };
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return { type: 'image/webp', ext: 'webp' };
  return null;
}

const folder = (config: Config) => join(config.DATA_DIR, 'model-images');
const fileOf = (config: Config, row: { id: number; fileName: string }) => join(folder(config), row.fileName);
const urlOf = (row: { id: number; modelId: number }) => `/api/v1/model/${row.modelId}/image/${row.id}`;

export function toImage(row: typeof modelImages.$inferSelect): ModelImage {
  const { fileName: _, createdAt: __, ...rest } = row;
  return { ...rest, url: urlOf(row) };
}

/** Stores an image under DATA_DIR; the row and the file are written together or not at all. */
export async function addModelImage(db: Db, config: Config, actor: Actor, modelId: number, bytes: Buffer) {
  if (bytes.length > MAX_BYTES) throw new AppError('bad_request', 'The image is larger than 5 MB');
  const kind = imageTypeOf(bytes);
  if (!kind) throw new AppError('bad_request', 'Upload a PNG, JPEG or WebP image');
  await mkdir(folder(config), { recursive: true });
  return db.transaction(async (tx) => {
    const [model] = await tx.select().from(models).where(eq(models.id, modelId));
    if (!model) throw notFound('Model');
    const count = await tx.$count(modelImages, eq(modelImages.modelId, modelId));
    const [row] = await tx
      .insert(modelImages)
      .values({
        modelId,
        fileName: '',
        contentType: kind.type,
        sizeBytes: bytes.length,
        position: count,
        isPrimary: count === 0,
      })
      .returning();
    const fileName = `${modelId}-${row.id}.${kind.ext}`;
    const [saved] = await tx
      .update(modelImages)
      .set({ fileName })
      .where(eq(modelImages.id, row.id))
      .returning();
    await writeFile(fileOf(config, saved), bytes);
    if (saved.isPrimary)
      await tx
        .update(models)
        .set({ imageUrl: urlOf(saved) })
        .where(eq(models.id, modelId));
    await writeAudit(tx, actor, { entity: 'model_image', entityId: row.id, action: 'create', after: saved });
    return toImage(saved);
  });
}

export async function updateModelImage(
  db: Db,
  actor: Actor,
  modelId: number,
  imageId: number,
  input: { altText?: string; position?: number; isPrimary?: boolean },
) {
  return db.transaction(async (tx) => {
    const where = and(eq(modelImages.id, imageId), eq(modelImages.modelId, modelId));
    const [before] = await tx.select().from(modelImages).where(where);
    if (!before) throw notFound('Image');
    // One main image per line: choosing one demotes the others, and the line shows it.
    if (input.isPrimary)
      await tx
        .update(modelImages)
        .set({ isPrimary: sql`id = ${imageId}` })
        .where(eq(modelImages.modelId, modelId));
    const { isPrimary: _, ...rest } = input;
    const [after] = Object.keys(rest).length
      ? await tx.update(modelImages).set(rest).where(where).returning()
      : await tx.select().from(modelImages).where(where);
    if (input.isPrimary)
      await tx
        .update(models)
        .set({ imageUrl: urlOf(after) })
        .where(eq(models.id, modelId));
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

export async function readModelImage(db: Db, config: Config, modelId: number, imageId: number) {
  const [row] = await db
    .select()
    .from(modelImages)
    .where(and(eq(modelImages.id, imageId), eq(modelImages.modelId, modelId)));
  if (!row) throw notFound('Image');
  return { bytes: await readFile(fileOf(config, row)), contentType: row.contentType };
}

/** Test helper and cleanup path: removes the stored file of an image. */
export async function removeImageFile(config: Config, row: { id: number; fileName: string }) {
  await unlink(fileOf(config, row)).catch(() => {});
}
