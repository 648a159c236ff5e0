import type { z } from 'zod';
import type * as api from '../../../contract/reviews';
import type { Review } from '../../../contract/reviews';
import { awaitsModeration, isHidden, isPublished, type ReviewStatus } from '../../../domain/reviews-status';
import type { Db, DbOrTx } from '../../db/connection';
import { definedOnly, pageAnswer } from '../../db/list-page';
import type { Actor } from '../../http/actor';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { queueEmail } from '../../integrations/email/outbox';
import { writeAudit } from '../audit/audit.service';
import { getModel } from '../catalog/catalog.service';
import { linesReceivedBy } from '../orders/orders.service';
import { assertAuthor, canSeeAll, toImage } from './reviews.access';
import * as repo from './reviews.repository';

export { deletePhoto, listPhotos, photoFile, uploadPhotos } from './reviews.photos';

type Body<E extends { body?: z.ZodType }> = z.output<NonNullable<E['body']>>;

function toReview(row: repo.ReviewRow, images: repo.ImageRow[], actor: Actor): Review {
  const r = row.review;
  const mine = r.userId === actor.userId;
  return {
    id: r.id,
    modelId: r.modelId,
    brand: row.brand,
    line: row.line,
    productId: r.productId,
    size: row.size,
    authorName: row.authorName,
    companyName: row.companyName,
    verifiedPurchase: r.orderId !== null,
    ratings: {
      overall: r.ratingOverall,
      dry: r.ratingDry,
      wet: r.ratingWet,
      snow: r.ratingSnow,
      noise: r.ratingNoise,
      treadwear: r.ratingTreadwear,
    },
    milesDriven: r.milesDriven,
    vehicle: r.vehicle,
    title: r.title,
    body: r.body,
    status: r.status as ReviewStatus,
    hiddenReason: mine || canSeeAll(actor) ? r.hiddenReason : null,
    answer: r.answer,
    answeredAt: r.answeredAt?.toISOString() ?? null,
    helpfulCount: r.helpfulCount,
    votedByMe: row.votedByMe,
    mine,
    images: images.filter((i) => i.reviewId === r.id).map(toImage),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

async function withImages(db: Db, rows: repo.ReviewRow[], actor: Actor) {
  const images = await repo.imagesOf(
    db,
    rows.map((r) => r.review.id),
  );
  return rows.map((r) => toReview(r, images, actor));
}

/** A review the caller may read: published, its own, or any for staff; others are not found. */
async function visibleReview(db: Db, actor: Actor, id: number) {
  const row = await repo.findReview(db, id, actor.userId);
  const r = row?.review;
  if (!r || (!isPublished(r.status) && r.userId !== actor.userId && !canSeeAll(actor)))
    throw notFound('Review');
  return row;
}

/** The lines a user may review: those its company received on delivered or completed orders. */
export async function reviewableLines(db: Db, actor: Actor, orderId?: number) {
  const lines = await linesReceivedBy(db, actor.companyId, { orderId });
  const seen = new Set<number>();
  const unique = lines.filter((l) => !seen.has(l.modelId) && seen.add(l.modelId));
  const written = await repo.reviewIdsOf(
    db,
    actor.userId,
    unique.map((l) => l.modelId),
  );
  return unique.map((l) => ({ ...l, reviewId: written.get(l.modelId) ?? null }));
}

/**
 * A verified fleet review: the caller's company must have received the line (the SKU named, when
 * one is), and each user reviews a line once. It waits for moderation before anyone else sees it.
 */
export async function createReview(db: Db, actor: Actor, input: Body<typeof api.createReview>) {
  const { data: model } = await getModel(db, input.modelId);
  const bought = await linesReceivedBy(db, actor.companyId, { modelId: model.id });
  if (!bought.length)
    throw new AppError('forbidden', 'Only a company that received this tire line may review it', {
      reason: 'not_purchased',
    });
  const proof = input.productId ? bought.find((l) => l.productId === input.productId) : bought[0];
  if (!proof)
    throw badRequest('Your company has not received that size of the line', [
      { pointer: '/body/productId', detail: 'was not on a delivered order of your company' },
    ]);
  if ((await repo.reviewIdsOf(db, actor.userId, [model.id])).size)
    throw conflict('You have reviewed this tire line already: edit your review instead', {
      errors: [{ pointer: '/body/modelId', detail: 'is reviewed already' }],
    });
  const row = await repo
    .insertReview(db, {
      modelId: model.id,
      userId: actor.userId,
      companyId: actor.companyId,
      orderId: proof.orderId,
      productId: proof.productId,
      ...writtenColumns(input),
    })
    .catch((error: { code?: string; cause?: { code?: string } }) => {
      if ((error.cause?.code ?? error.code) === '23505')
        throw conflict('You have reviewed this tire line already');
      throw error;
    });
  return getReview(db, actor, row.id);
}

/** Published reviews of a line with its rating summary. */
export async function listPublished(db: Db, actor: Actor, q: repo.PublishedQuery) {
  const page = await repo.listPublished(db, q, actor.userId);
  const [summary] = await ratingSummaries(db, [q.modelId]);
  return { data: { list: await withImages(db, page.list, actor), count: page.count, page: q.page, summary } };
}

/** The rating summary of each line asked for, in the order asked (zero reviews included). */
export async function ratingSummaries(db: Db, modelIds: number[]) {
  const unique = [...new Set(modelIds)];
  const found = new Map((await repo.summaries(db, unique)).map((s) => [s.modelId, s]));
  return unique.map((modelId) => {
    const s = found.get(modelId);
    return {
      modelId,
      average: s?.average ?? null,
      count: s?.count ?? 0,
      stars: s?.stars ?? [0, 0, 0, 0, 0],
      aspects: {
        dry: s?.dry ?? null,
        wet: s?.wet ?? null,
        snow: s?.snow ?? null,
        noise: s?.noise ?? null,
        treadwear: s?.treadwear ?? null,
      },
    };
  });
}

/** Staff see every review (the moderation queue); anyone else their own. */
export async function listQueue(db: Db, actor: Actor, q: repo.QueueQuery) {
  const page = await repo.listQueue(db, q, actor.userId, canSeeAll(actor) ? null : actor.userId);
  return pageAnswer(q, { list: await withImages(db, page.list, actor), count: page.count });
}

export async function getReview(db: Db, actor: Actor, id: number) {
  const [review] = await withImages(db, [await visibleReview(db, actor, id)], actor);
  return review;
}

/** The main API's read: the author and staff only, in any status. */
export async function getOwnOrStaffReview(db: Db, actor: Actor, id: number) {
  const review = await getReview(db, actor, id);
  if (!review.mine && !canSeeAll(actor)) throw notFound('Review');
  return review;
}

type WrittenColumns = Pick<
  repo.ReviewValues,
  | 'ratingOverall'
  | 'ratingDry'
  | 'ratingWet'
  | 'ratingSnow'
  | 'ratingNoise'
  | 'ratingTreadwear'
  | 'milesDriven'
  | 'vehicle'
  | 'title'
  | 'body'
>;

/** The columns of what the author writes: a new review and an edit name them alike. */
function writtenColumns(input: Body<typeof api.createReview>): WrittenColumns;
function writtenColumns(input: Body<typeof api.updateReview>): Partial<WrittenColumns>;
function writtenColumns(input: Body<typeof api.updateReview>): Partial<WrittenColumns> {
  return {
    ratingOverall: input.overall,
    ratingDry: input.dry,
    ratingWet: input.wet,
    ratingSnow: input.snow,
    ratingNoise: input.noise,
    ratingTreadwear: input.treadwear,
    milesDriven: input.milesDriven,
    vehicle: input.vehicle,
    title: input.title,
    body: input.body,
  };
}

/** The author's edit; a published or hidden review goes back to moderation. */
export async function updateReview(db: Db, actor: Actor, id: number, input: Body<typeof api.updateReview>) {
  await db.transaction(async (tx) => {
    const before = await repo.lockReview(tx, id);
    if (!before) throw notFound('Review');
    assertAuthor(actor, before);
    const edit = definedOnly(writtenColumns(input));
    // Pending stays pending; a published or hidden review goes back to moderation.
    if (awaitsModeration(before.status)) await repo.updateReview(tx, id, edit);
    else await repo.setReviewStatus(tx, before, 'pending', edit);
  });
  return getReview(db, actor, id);
}

/**
 * Staff publish or hide a review (the author reads the reason, by mail and on the review) and
 * answer it publicly; every change is audited.
 */
export async function moderateReview(
  db: Db,
  actor: Actor,
  id: number,
  input: Body<typeof api.moderateReview>,
) {
  await db.transaction(async (tx) => {
    const before = await repo.lockReview(tx, id);
    if (!before) throw notFound('Review');
    const set: Partial<Omit<repo.ReviewValues, 'status'>> = {
      moderatedAt: new Date(),
      moderatedBy: actor.userId,
    };
    const moves = input.status !== undefined && input.status !== before.status;
    if (moves) set.hiddenReason = isHidden(input.status) ? input.hiddenReason : null;
    else if (isHidden(input.status) && input.hiddenReason) set.hiddenReason = input.hiddenReason;
    if (input.answer !== undefined) {
      set.answer = input.answer || null;
      set.answeredAt = input.answer ? new Date() : null;
    }
    const after = moves
      ? await repo.setReviewStatus(tx, before, input.status as ReviewStatus, set)
      : await repo.updateReview(tx, id, set);
    await writeAudit(tx, actor, { entity: 'review', entityId: id, action: 'moderate', before, after });
    if (moves) await tellAuthor(tx, after);
  });
  return getReview(db, actor, id);
}

async function tellAuthor(tx: DbOrTx, review: repo.ReviewValues & { id: number }) {
  const author = await repo.authorOf(tx, review.userId);
  const published = isPublished(review.status);
  await queueEmail(tx, {
    to: author.email,
    subject: published ? 'Your tire review is published' : 'Your tire review is not shown',
    text: published
      ? `Hello ${author.name},\n\nyour review "${review.title}" is now shown to other fleets. Thank you.`
      : `Hello ${author.name},\n\nyour review "${review.title}" is not shown: ${review.hiddenReason}\n\nYou may edit it; it will be read again.`,
    kind: 'review_moderated',
    meta: { reviewId: review.id, status: review.status },
  });
}

/** "Was this helpful": once per user, on published reviews of others. */
export async function voteHelpful(db: Db, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    const review = await repo.lockReview(tx, id);
    if (!review || !isPublished(review.status)) throw notFound('Review');
    if (review.userId === actor.userId) throw forbidden('You cannot vote on your own review');
    if (!(await repo.insertVote(tx, id, actor.userId)))
      throw conflict('You have said this review was helpful already');
    return { helpfulCount: await repo.addHelpful(tx, id), votedByMe: true };
  });
}
