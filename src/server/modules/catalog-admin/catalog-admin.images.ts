import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ModelImage } from '../../../contract/catalog-admin';
import type { Config } from '../../config';
import type { ImageRow } from './catalog-admin.repository';

// Where line images are stored: files under DATA_DIR, named by line and image id. The use cases
// are in catalog-admin.service.ts.

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
export const urlOf = (row: { id: number; modelId: number }) => `/api/v1/model/${row.modelId}/image/${row.id}`;

export function toImage(row: ImageRow): ModelImage {
  const { fileName: _, createdAt: __, ...rest } = row;
  return { ...rest, url: urlOf(row) };
}

export async function saveImageFile(config: Config, row: { id: number; fileName: string }, bytes: Buffer) {
  await mkdir(folder(config), { recursive: true });
  await writeFile(fileOf(config, row), bytes);
}

export const readImageFile = (config: Config, row: { id: number; fileName: string }) =>
  readFile(fileOf(config, row));
