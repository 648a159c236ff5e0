// Photos of returns (per item) and claims (docs/aftersales.md): checked as catalogue images are
// (at most 5 MB, PNG, JPEG or WebP read from the first bytes), decoded and stored again as WebP
// without their metadata (no camera location), under DATA_DIR/aftersales-photos with a name the
// server makes. They are served only to whoever may read the return or the claim.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { PhotoName } from '../../../contract/aftersales';
import {
  acceptsClaimPhotos,
  acceptsReturnPhotos,
  type ClaimStatus,
  type ReturnStatus,
} from '../../../domain/aftersales-status';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { badRequest, conflict, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import { imageTypeOf, MAX_IMAGE_BYTES } from '../catalog-admin/catalog-admin.service';
import * as repo from './aftersales.repository';
import { assertMayAct, assertSees, writeLog } from './aftersales.rules';

/** At most this many photos per return item and per claim. */
export const MAX_PHOTOS = 6;
/** Decoding bigger pictures is refused: a small file may still expand to gigabytes of pixels. */
const MAX_PIXELS = 40_000_000;
const WIDTH = 1600;

export interface Upload {
  name: string;
  bytes: Buffer;
}

const fileError = (detail: string) => badRequest(detail, [{ pointer: '/body/file', detail }]);

/** One upload checked by its content and re-encoded; a 400 names the file that failed. */
async function encoded(u: Upload) {
  if (u.bytes.length > MAX_IMAGE_BYTES) throw fileError(`${u.name} is larger than 5 MB`);
  if (!imageTypeOf(u.bytes)) throw fileError(`${u.name} is not a PNG, JPEG or WebP image`);
  try {
    return await sharp(u.bytes, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({ width: WIDTH, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw fileError(`${u.name} cannot be read as an image`);
  }
}

const folder = (config: Config) => join(config.DATA_DIR, 'aftersales-photos');

export const returnPhotoUrl = (returnId: number, name: string) => `/api/v1/return/${returnId}/photo/${name}`;
export const claimPhotoUrl = (claimId: number, name: string) => `/api/v1/claim/${claimId}/photo/${name}`;

/** Checks every upload, then writes the files and hands their names to `attach` in one transaction. */
async function store(
  db: Db,
  config: Config,
  kind: 'return' | 'claim',
  id: number,
  uploads: Upload[],
  attach: (tx: Tx, names: string[]) => Promise<void>,
) {
  if (uploads.length > MAX_PHOTOS) throw fileError(`At most ${MAX_PHOTOS} photos at once`);
  const files: Buffer[] = [];
  for (const u of uploads) files.push(await encoded(u));
  await db.transaction(async (tx) => {
    const names = files.map(() => `${kind}-${id}-${randomUUID()}.webp`);
    await attach(tx, names);
    await mkdir(folder(config), { recursive: true });
    await Promise.all(files.map((bytes, i) => writeFile(join(folder(config), names[i]), bytes)));
  });
}

const photosAdded = (n: number) => (n === 1 ? '1 photo added' : `${n} photos added`);

function assertRoom(has: number, adding: number, what: string) {
  if (has + adding > MAX_PHOTOS)
    throw fileError(`${what} takes at most ${MAX_PHOTOS} photos; it has ${has} and ${adding} were sent`);
}

/** The buyer (or support) adds photos to one item of a return until it is settled. */
export async function addReturnPhotos(
  db: Db,
  config: Config,
  actor: Actor,
  returnId: number,
  returnItemId: number,
  uploads: Upload[],
) {
  const seen = await repo.findReturn(db, returnId);
  if (!seen) throw notFound('Return');
  assertSees(actor, seen.companyId, 'Return');
  assertMayAct(actor, seen.companyId, 'add photos to a return', 'support');
  await store(db, config, 'return', returnId, uploads, async (tx, names) => {
    const r = (await repo.findReturn(tx, returnId, true))!;
    if (!acceptsReturnPhotos(r.status as ReturnStatus))
      throw conflict(`A return that is ${r.status} takes no more photos`, { reason: 'not_editable' });
    const item = (await repo.itemsOfReturn(tx, returnId)).find((i) => i.item.id === returnItemId)?.item;
    if (!item) throw notFound('Return item');
    assertRoom(item.photos.length, names.length, 'A returned item');
    await repo.updateReturnItem(tx, item.id, { photos: [...item.photos, ...names] });
    await writeLog(tx, 'return', returnId, actor, r.status, null, photosAdded(names.length));
    await writeAudit(tx, actor, { entity: 'return', entityId: returnId, action: 'photos', after: { names } });
  });
}

/** The buyer (or after-sales staff) adds photos to a claim while it is not decided. */
export async function addClaimPhotos(
  db: Db,
  config: Config,
  actor: Actor,
  claimId: number,
  uploads: Upload[],
) {
  const seen = await repo.findClaim(db, claimId);
  if (!seen) throw notFound('Claim');
  assertSees(actor, seen.companyId, 'Claim');
  assertMayAct(actor, seen.companyId, 'add photos to a claim', 'afterSales');
  await store(db, config, 'claim', claimId, uploads, async (tx, names) => {
    const c = (await repo.findClaim(tx, claimId, true))!;
    if (!acceptsClaimPhotos(c.status as ClaimStatus))
      throw conflict(`A claim that is ${c.status} takes no more photos`, { reason: 'not_editable' });
    assertRoom(c.photos.length, names.length, 'A claim');
    await repo.updateClaim(tx, claimId, { photos: [...c.photos, ...names] });
    await writeLog(tx, 'claim', claimId, actor, c.status, null, photosAdded(names.length));
    await writeAudit(tx, actor, { entity: 'claim', entityId: claimId, action: 'photos', after: { names } });
  });
}

async function readPhoto(config: Config, stored: string[], name: string) {
  // Names are made here and checked against the row before a file is read: no path from outside.
  if (!PhotoName.safeParse(name).success || !stored.includes(name)) throw notFound('Photo');
  return readFile(join(folder(config), name));
}

export async function returnPhotoFile(db: Db, config: Config, actor: Actor, returnId: number, name: string) {
  const r = await repo.findReturn(db, returnId);
  if (!r) throw notFound('Return');
  assertSees(actor, r.companyId, 'Return');
  const items = await repo.itemsOfReturn(db, returnId);
  return readPhoto(
    config,
    items.flatMap((i) => i.item.photos),
    name,
  );
}

export async function claimPhotoFile(db: Db, config: Config, actor: Actor, claimId: number, name: string) {
  const c = await repo.findClaim(db, claimId);
  if (!c) throw notFound('Claim');
  assertSees(actor, c.companyId, 'Claim');
  return readPhoto(config, c.photos, name);
}
