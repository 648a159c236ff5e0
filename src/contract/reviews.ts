import { z } from 'zod';
import { reviewStatuses } from '../domain/reviews-status';
import { OptionalId, patchOf, Required, Text } from './admin-common';
import { endpoint, Id, Ok, PageQuery, pageOf } from './common';

// Tire line reviews (docs/marketing.md): buyers whose company bought a line review it, staff
// moderate. Storefront calls under /api/reviews, the main API under /api/v1/review.

const Star = z.number().int().min(1, 'From 1 to 5').max(5, 'From 1 to 5');
const OptionalStar = Star.nullable().default(null);

export const ReviewImage = z.object({
  id: z.number().int(),
  reviewId: z.number().int(),
  /** The stored widths (px); `url` serves the largest, `urlOf` + `?w=` the others. */
  widths: z.array(z.number().int()),
  width: z.number().int(),
  height: z.number().int(),
  url: z.string(),
  /** `srcset` text for an <img>: every stored width. */
  srcSet: z.string(),
});
export type ReviewImage = z.infer<typeof ReviewImage>;

export const Ratings = z.object({
  overall: z.number().int(),
  dry: z.number().int().nullable(),
  wet: z.number().int().nullable(),
  snow: z.number().int().nullable(),
  noise: z.number().int().nullable(),
  treadwear: z.number().int().nullable(),
});

export const Review = z.object({
  id: z.number().int(),
  modelId: z.number().int(),
  brand: z.string(),
  line: z.string(),
  productId: z.number().int().nullable(),
  size: z.string().nullable(),
  authorName: z.string(),
  companyName: z.string(),
  /** The company bought the line on a delivered order. */
  verifiedPurchase: z.boolean(),
  ratings: Ratings,
  milesDriven: z.number().int().nullable(),
  vehicle: z.string(),
  title: z.string(),
  body: z.string(),
  status: z.enum(reviewStatuses),
  /** Why staff hid it: shown to its author and to staff only. */
  hiddenReason: z.string().nullable(),
  /** Tread's public answer. */
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  helpfulCount: z.number().int(),
  /** The caller said it was helpful. */
  votedByMe: z.boolean(),
  /** The caller wrote it. */
  mine: z.boolean(),
  images: z.array(ReviewImage),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Review = z.infer<typeof Review>;

export const ReviewInput = z.object({
  modelId: Id,
  /** The SKU bought, when the review comes from an order's invitation. */
  productId: z.number().int().positive().nullable().default(null),
  overall: Star,
  dry: OptionalStar,
  wet: OptionalStar,
  snow: OptionalStar,
  noise: OptionalStar,
  treadwear: OptionalStar,
  milesDriven: z.number().int().min(0).max(1_000_000).nullable().default(null),
  vehicle: Text(120).default(''),
  title: Required('a title', 120),
  body: Required('your review', 5000),
});
export type ReviewInput = z.input<typeof ReviewInput>;
const ReviewChange = patchOf(ReviewInput.omit({ modelId: true, productId: true }));

export const RatingSummary = z.object({
  modelId: z.number().int(),
  /** Average overall stars of published reviews, one decimal; null without any. */
  average: z.number().nullable(),
  count: z.number().int(),
  /** Published reviews per overall star, 1 to 5. */
  stars: z.array(z.number().int()).length(5),
  /** Averages of the other aspects (null when nobody rated it). */
  aspects: z.object({
    dry: z.number().nullable(),
    wet: z.number().nullable(),
    snow: z.number().nullable(),
    noise: z.number().nullable(),
    treadwear: z.number().nullable(),
  }),
});
export type RatingSummary = z.infer<typeof RatingSummary>;

export const reviewSorts = ['newest', 'helpful'] as const;
const IdParams = z.object({ id: Id });
const One = z.object({ data: Review });

export const PublishedQuery = PageQuery.extend({
  modelId: Id,
  rating: z.coerce.number().int().min(1).max(5).optional(),
  /** Part of the vehicle text ("F-150"). */
  vehicle: z.string().trim().max(120).optional(),
  sort: z.enum(reviewSorts).default('newest'),
});

export const createReview = endpoint({
  method: 'POST',
  path: '/api/reviews',
  access: 'shop',
  summary:
    'Review a tire line your company bought on a delivered order (once per line); it waits for moderation',
  body: ReviewInput,
  response: One,
  status: 201,
});

export const listReviews = endpoint({
  method: 'GET',
  path: '/api/reviews',
  access: 'user',
  summary: 'Published reviews of a tire line, with its rating summary; filter by stars or vehicle',
  query: PublishedQuery,
  response: z.object({
    data: z.object({
      list: z.array(Review),
      count: z.number().int(),
      page: z.number().int(),
      summary: RatingSummary,
    }),
  }),
});

export const ratingSummaries = endpoint({
  method: 'GET',
  path: '/api/reviews/summary',
  access: 'user',
  summary: 'Average stars and count of published reviews of up to 100 tire lines (result cards)',
  query: z.object({
    modelIds: z.preprocess((v) => (Array.isArray(v) ? v : v === undefined ? [] : [v]), z.array(Id).max(100)),
  }),
  response: z.object({ data: z.array(RatingSummary) }),
});

export const ReviewableLine = z.object({
  modelId: z.number().int(),
  productId: z.number().int(),
  orderId: z.number().int(),
  orderNumber: z.string().nullable(),
  brand: z.string(),
  line: z.string(),
  size: z.string(),
  /** The caller's review of the line, when written. */
  reviewId: z.number().int().nullable(),
});
export type ReviewableLine = z.infer<typeof ReviewableLine>;

export const reviewableLines = endpoint({
  method: 'GET',
  path: '/api/reviews/reviewable',
  access: 'shop',
  summary: 'Tire lines the caller may review: bought by its company on delivered orders',
  query: z.object({ orderId: OptionalId }),
  response: z.object({ data: z.array(ReviewableLine) }),
});

export const getReview = endpoint({
  method: 'GET',
  path: '/api/reviews/:id',
  access: 'user',
  summary: 'One review: a published one, or your own, or any for staff',
  params: IdParams,
  response: One,
});

export const voteHelpful = endpoint({
  method: 'POST',
  path: '/api/reviews/:id/helpful',
  access: 'shop',
  summary: '"Was this helpful": once per user, never on your own review',
  params: IdParams,
  response: z.object({ data: z.object({ helpfulCount: z.number().int(), votedByMe: z.boolean() }) }),
});

export const reviewImageFile = endpoint({
  method: 'GET',
  path: '/api/reviews/image/:id',
  access: 'user',
  summary: 'A review photo (WebP) at one of its stored widths (`w`, the largest by default)',
  params: IdParams,
  query: z.object({ w: z.coerce.number().int().positive().max(4000).optional() }),
  response: z.unknown(),
});

export const MineOrQueueQuery = PageQuery.extend({
  status: z.enum(reviewStatuses).optional(),
  modelId: OptionalId,
  q: z.string().trim().max(100).optional(),
});

export const listReviewsV1 = endpoint({
  method: 'GET',
  path: '/api/v1/review',
  access: 'user',
  summary: 'Reviews: every one for staff (the moderation queue, oldest pending first), your own for others',
  query: MineOrQueueQuery,
  response: pageOf(Review),
});

export const createReviewV1 = { ...createReview, path: '/api/v1/review' };

export const getReviewV1 = endpoint({
  method: 'GET',
  path: '/api/v1/review/:id',
  access: 'user',
  summary: 'One review in any status, with the reason it was hidden: for its author and staff',
  params: IdParams,
  response: One,
});

export const updateReview = endpoint({
  method: 'PUT',
  path: '/api/v1/review/:id',
  access: 'shop',
  summary: 'The author edits the review; a changed review is moderated again',
  params: IdParams,
  body: ReviewChange,
  response: One,
});

export const moderateReview = endpoint({
  method: 'PUT',
  path: '/api/v1/review/:id/moderation',
  access: 'staff',
  summary: 'Staff publish or hide (with a reason) a review, and answer it publicly',
  params: IdParams,
  body: z
    .object({
      status: z.enum(['published', 'hidden']).optional(),
      hiddenReason: Text(500).optional(),
      /** The public answer; an empty text removes it. */
      answer: Text(2000).optional(),
    })
    .refine((b) => b.status !== 'hidden' || !!b.hiddenReason, {
      message: 'Give the reason the author will read',
      path: ['hiddenReason'],
    })
    .refine((b) => b.status !== undefined || b.answer !== undefined, {
      message: 'Publish, hide or answer',
      path: ['status'],
    }),
  response: One,
});

export const listReviewImages = endpoint({
  method: 'GET',
  path: '/api/v1/review/:id/images',
  access: 'user',
  summary: "A review's photos: for its author and staff",
  params: IdParams,
  response: z.object({ data: z.array(ReviewImage) }),
});

export const uploadReviewImages = endpoint({
  method: 'POST',
  path: '/api/v1/review/:id/images',
  access: 'shop',
  summary:
    'The author adds photos (multipart field `file`, repeatable: PNG, JPEG or WebP, at most 5 MB each, 6 per review)',
  params: IdParams,
  response: z.object({ data: z.array(ReviewImage) }),
  status: 201,
});

export const deleteReviewImage = endpoint({
  method: 'DELETE',
  path: '/api/v1/review/image/:id',
  access: 'user',
  summary: 'Remove a photo: its author or staff',
  params: IdParams,
  response: Ok,
});
