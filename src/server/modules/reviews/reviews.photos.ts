import { isPublished, MAX_REVIEW_PHOTOS } from '../../../domain/reviews-status';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { AppError, badRequest, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import { assertAuthor, canSeeAll, toImage } from './reviews.access';
import {
  type ResizedPhoto,
  readPhotoFile,
  removePhotoFiles,
  resizePhoto,
  savePhotoFiles,
  widthFor,
} from './reviews.images';
import * as repo from './reviews.repository';

// The photos of a review: the author adds up to six, the author or staff remove them, and they
// are served to whoever may read the review.

/**
 * The author adds photos: each checked and resized before anything is written, then all rows and
 * files together. A published review is read again with its new photos.
 */
export async function uploadPhotos(
  db: Db,
  config: Config,
  actor: Actor,
  reviewId: number,
  uploads: { name: string; bytes: Buffer }[],
) {
  const review = await repo.findReview(db, reviewId, actor.userId);
  if (!review) throw notFound('Review');
  assertAuthor(actor, review.review);
  if (uploads.length > MAX_REVIEW_PHOTOS) throw tooMany(0, uploads.length);
  const resized: ResizedPhoto[] = [];
  for (const u of uploads) resized.push(await resizePhoto(u.bytes, u.name));
  const rows = await db.transaction(async (tx) => {
    const locked = await repo.lockReview(tx, reviewId);
    const has = await repo.countImages(tx, reviewId);
    if (has + resized.length > MAX_REVIEW_PHOTOS) throw tooMany(has, resized.length);
    const saved = [];
    for (const photo of resized) {
      const row = await repo.insertImage(tx, {
        reviewId,
        widths: photo.widths,
        width: photo.width,
        height: photo.height,
        originalBytes: photo.originalBytes,
      });
      await savePhotoFiles(config, row.id, photo.files);
      saved.push(row);
    }
    if (isPublished(locked.status)) await repo.setReviewStatus(tx, locked, 'pending');
    return saved;
  });
  return rows.map(toImage);
}

function tooMany(has: number, adding: number) {
  return badRequest(
    `A review takes at most ${MAX_REVIEW_PHOTOS} photos; it has ${has} and ${adding} were sent`,
    [{ pointer: '/body/file', detail: `at most ${MAX_REVIEW_PHOTOS - has} more` }],
  );
}

/** The photos of a review, for its author and staff. */
export async function listPhotos(db: Db, actor: Actor, reviewId: number) {
  const review = await repo.findReview(db, reviewId, actor.userId);
  if (!review || (review.review.userId !== actor.userId && !canSeeAll(actor))) throw notFound('Review');
  return (await repo.imagesOf(db, [reviewId])).map(toImage);
}

/** The author or staff remove a photo; staff's removals are audited. */
export async function deletePhoto(db: Db, config: Config, actor: Actor, imageId: number) {
  const found = await repo.findImage(db, imageId);
  if (!found) throw notFound('Photo');
  if (found.userId !== actor.userId && !canSeeAll(actor)) {
    assertAuthor(actor, { userId: found.userId, status: found.status });
  }
  await db.transaction(async (tx) => {
    await repo.deleteImage(tx, imageId);
    if (found.userId !== actor.userId)
      await writeAudit(tx, actor, {
        entity: 'review_image',
        entityId: imageId,
        action: 'delete',
        before: found.image,
      });
  });
  await removePhotoFiles(config, imageId, found.image.widths);
}

/** A photo file at the stored width nearest above `wanted`, for whoever may read the review. */
export async function photoFile(db: Db, config: Config, actor: Actor, imageId: number, wanted?: number) {
  const found = await repo.findImage(db, imageId);
  if (!found || (!isPublished(found.status) && found.userId !== actor.userId && !canSeeAll(actor)))
    throw notFound('Photo');
  try {
    return await readPhotoFile(config, imageId, widthFor(found.image.widths, wanted));
  } catch {
    throw new AppError('not_found', 'The photo file is missing');
  }
}
