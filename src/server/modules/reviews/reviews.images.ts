import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import type { Config } from '../../config';
import { AppError } from '../../http/errors';
import { imageTypeOf, MAX_IMAGE_BYTES } from '../catalog-admin/catalog-admin.service';

// Review photos on disk: DATA_DIR/review-images/<id>-<width>.webp, one file per stored width.

/** The widths a photo is stored at (never larger than the original). */
export const PHOTO_WIDTHS = [320, 800, 1600] as const;
/** Decoding bigger pictures is refused: a small file may still expand to gigabytes of pixels. */
const MAX_PIXELS = 40_000_000;

export interface ResizedPhoto {
  widths: number[];
  width: number;
  height: number;
  originalBytes: number;
  files: { width: number; bytes: Buffer }[];
}

/**
 * Checks a photo as catalogue images are checked (size, PNG/JPEG/WebP by its first bytes), then
 * decodes it with sharp, turns it upright and stores WebP copies at the widths it can fill.
 */
export async function resizePhoto(bytes: Buffer, name: string): Promise<ResizedPhoto> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError('bad_request', `${name} is larger than 5 MB`);
  if (!imageTypeOf(bytes)) throw new AppError('bad_request', `${name} is not a PNG, JPEG or WebP image`);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).rotate().metadata();
  } catch {
    throw new AppError('bad_request', `${name} cannot be read as an image`);
  }
  const upright = (meta.orientation ?? 1) >= 5;
  const fullWidth = (upright ? meta.height : meta.width) ?? 0;
  const fullHeight = (upright ? meta.width : meta.height) ?? 0;
  if (!fullWidth || !fullHeight) throw new AppError('bad_request', `${name} has no picture in it`);
  const fitting = PHOTO_WIDTHS.filter((w) => w <= fullWidth);
  const widths = fitting.length ? [...fitting] : [fullWidth];
  const files = await Promise.all(
    widths.map(async (width) => ({
      width,
      bytes: await sharp(bytes, { limitInputPixels: MAX_PIXELS })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer(),
    })),
  );
  const largest = widths[widths.length - 1];
  return {
    widths,
    width: largest,
    height: Math.round((fullHeight * largest) / fullWidth),
    originalBytes: bytes.length,
    files,
  };
}

const folder = (config: Config) => join(config.DATA_DIR, 'review-images');
const fileOf = (config: Config, id: number, width: number) => join(folder(config), `${id}-${width}.webp`);

export async function savePhotoFiles(config: Config, id: number, files: ResizedPhoto['files']) {
  await mkdir(folder(config), { recursive: true });
  await Promise.all(files.map((f) => writeFile(fileOf(config, id, f.width), f.bytes)));
}

export const readPhotoFile = (config: Config, id: number, width: number) =>
  readFile(fileOf(config, id, width));

export async function removePhotoFiles(config: Config, id: number, widths: readonly number[]) {
  await Promise.all(widths.map((w) => rm(fileOf(config, id, w), { force: true })));
}

/** The stored width that serves a request for `wanted` px: the smallest at least as wide. */
export function widthFor(widths: readonly number[], wanted?: number) {
  const largest = widths[widths.length - 1];
  if (!wanted) return largest;
  return widths.find((w) => w >= wanted) ?? largest;
}
