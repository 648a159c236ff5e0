import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type * as api from '../../../contract/reviews';
import { assertReviewTransition, awaitsModeration, type ReviewStatus } from '../../../domain/reviews-status';
import type { DbOrTx } from '../../db/connection';
import { listPage, searchWhere } from '../../db/list-page';
import { writeStatus } from '../../db/write-status';
import {
  companies,
  makes,
  models,
  products,
  reviewImages,
  reviews,
  reviewVotes,
  users,
} from '../../db/schema';

export type PublishedQuery = z.output<typeof api.PublishedQuery>;
export type QueueQuery = z.output<typeof api.MineOrQueueQuery>;
export type ReviewValues = typeof reviews.$inferInsert;
export type ImageRow = typeof reviewImages.$inferSelect;

/** A review with the names it is shown with, and whether `viewerId` voted for it. */
function reviewsFrom(db: DbOrTx, viewerId: number) {
  return db
    .select({
      review: reviews,
      brand: makes.name,
      line: models.name,
      size: products.size,
      authorName: users.name,
      companyName: companies.name,
      votedByMe: sql<boolean>`exists (select 1 from ${reviewVotes} v where v.review_id = ${reviews.id} and v.user_id = ${viewerId})`,
    })
    .from(reviews)
    .innerJoin(models, eq(models.id, reviews.modelId))
    .innerJoin(makes, eq(makes.id, models.makeId))
    .innerJoin(users, eq(users.id, reviews.userId))
    .innerJoin(companies, eq(companies.id, reviews.companyId))
    .leftJoin(products, eq(products.id, reviews.productId))
    .$dynamic();
}
export type ReviewRow = Awaited<ReturnType<typeof reviewsFrom>>[number];

export async function findReview(db: DbOrTx, id: number, viewerId: number) {
  const [row] = await reviewsFrom(db, viewerId).where(eq(reviews.id, id));
  return row;
}

/** Published reviews of a line, filtered by stars and vehicle text, newest or most helpful first. */
export function listPublished(db: DbOrTx, q: PublishedQuery, viewerId: number) {
  const where = and(
    eq(reviews.modelId, q.modelId),
    eq(reviews.status, 'published'),
    q.rating ? eq(reviews.ratingOverall, q.rating) : undefined,
    q.vehicle ? searchWhere(q.vehicle, [reviews.vehicle]) : undefined,
  );
  const order =
    q.sort === 'helpful'
      ? [desc(reviews.helpfulCount), desc(reviews.createdAt), desc(reviews.id)]
      : [desc(reviews.createdAt), desc(reviews.id)];
  return listPage(db, q, () => reviewsFrom(db, viewerId).where(where), order);
}

/** Staff's queue (every review, pending oldest first) or an author's own reviews, newest first. */
export function listQueue(db: DbOrTx, q: QueueQuery, viewerId: number, authorId: number | null) {
  const where = and(
    authorId ? eq(reviews.userId, authorId) : undefined,
    q.status ? eq(reviews.status, q.status) : undefined,
    q.modelId ? eq(reviews.modelId, q.modelId) : undefined,
    searchWhere(q.q, [reviews.title, reviews.body, models.name, makes.name, companies.name]),
  );
  const order = awaitsModeration(q.status)
    ? [asc(reviews.createdAt), asc(reviews.id)]
    : [desc(reviews.createdAt), desc(reviews.id)];
  return listPage(db, q, () => reviewsFrom(db, viewerId).where(where), order);
}

const oneDecimal = (value: SQL) => sql<number | null>`round(avg(${value})::numeric, 1)::float8`;

/** Average and count of the published reviews of each line asked for (lines without any left out). */
export function summaries(db: DbOrTx, modelIds: number[]) {
  if (!modelIds.length) return Promise.resolve([]);
  return db
    .select({
      modelId: reviews.modelId,
      average: oneDecimal(sql`${reviews.ratingOverall}`),
      count: sql<number>`count(*)::int`,
      stars: sql<number[]>`array[${sql.join(
        [1, 2, 3, 4, 5].map((n) => sql`(count(*) filter (where ${reviews.ratingOverall} = ${n}))::int`),
        sql`, `,
      )}]`,
      dry: oneDecimal(sql`${reviews.ratingDry}`),
      wet: oneDecimal(sql`${reviews.ratingWet}`),
      snow: oneDecimal(sql`${reviews.ratingSnow}`),
      noise: oneDecimal(sql`${reviews.ratingNoise}`),
      treadwear: oneDecimal(sql`${reviews.ratingTreadwear}`),
    })
    .from(reviews)
    .where(and(inArray(reviews.modelId, modelIds), eq(reviews.status, 'published')))
    .groupBy(reviews.modelId);
}

/** The user's reviews of these lines: line → review id. */
export async function reviewIdsOf(db: DbOrTx, userId: number, modelIds: number[]) {
  if (!modelIds.length) return new Map<number, number>();
  const rows = await db
    .select({ id: reviews.id, modelId: reviews.modelId })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), inArray(reviews.modelId, modelIds)));
  return new Map(rows.map((r) => [r.modelId, r.id]));
}

export async function insertReview(db: DbOrTx, values: ReviewValues) {
  const [row] = await db.insert(reviews).values(values).returning();
  return row;
}

/** The review row locked for a change (moderation, edit, vote, photos). */
export async function lockReview(db: DbOrTx, id: number) {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id)).for('no key update');
  return row;
}

/** A review's columns other than its status, which only setReviewStatus writes. */
export async function updateReview(db: DbOrTx, id: number, set: Partial<Omit<ReviewValues, 'status'>>) {
  const [row] = await db
    .update(reviews)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(reviews.id, id))
    .returning();
  return row;
}

/** The one write of a review's status, with the columns that change with it; the table decides. */
export async function setReviewStatus(
  db: DbOrTx,
  review: { id: number; status: string },
  to: ReviewStatus,
  set: Partial<Omit<ReviewValues, 'status'>> = {},
) {
  return writeStatus(db, reviews, assertReviewTransition, review, to, { ...set, updatedAt: sql`now()` });
}

/** Records a vote unless the user voted already; answers whether it counted. */
export async function insertVote(db: DbOrTx, reviewId: number, userId: number) {
  const rows = await db
    .insert(reviewVotes)
    .values({ reviewId, userId })
    .onConflictDoNothing()
    .returning({ reviewId: reviewVotes.reviewId });
  return rows.length > 0;
}

export async function addHelpful(db: DbOrTx, reviewId: number) {
  const [row] = await db
    .update(reviews)
    .set({ helpfulCount: sql`${reviews.helpfulCount} + 1` })
    .where(eq(reviews.id, reviewId))
    .returning({ helpfulCount: reviews.helpfulCount });
  return row.helpfulCount;
}

export function imagesOf(db: DbOrTx, reviewIds: number[]) {
  if (!reviewIds.length) return Promise.resolve([] as ImageRow[]);
  return db
    .select()
    .from(reviewImages)
    .where(inArray(reviewImages.reviewId, reviewIds))
    .orderBy(asc(reviewImages.id));
}

export async function countImages(db: DbOrTx, reviewId: number) {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reviewImages)
    .where(eq(reviewImages.reviewId, reviewId));
  return n;
}

export async function insertImage(db: DbOrTx, values: typeof reviewImages.$inferInsert) {
  const [row] = await db.insert(reviewImages).values(values).returning();
  return row;
}

/** A photo with the status and author of its review (who may see or remove it). */
export async function findImage(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ image: reviewImages, status: reviews.status, userId: reviews.userId })
    .from(reviewImages)
    .innerJoin(reviews, eq(reviews.id, reviewImages.reviewId))
    .where(eq(reviewImages.id, id));
  return row;
}

export async function deleteImage(db: DbOrTx, id: number) {
  await db.delete(reviewImages).where(eq(reviewImages.id, id));
}

/** Where to tell an author about its review. */
export async function authorOf(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
