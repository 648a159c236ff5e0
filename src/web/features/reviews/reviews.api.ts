import * as catalog from '../../../contract/catalog';
import * as reviews from '../../../contract/reviews';
import { api, type BodyOf } from '../../api/api';
import { byId, contractMutation, contractQuery } from '../../api/endpoints';

const list = { type: 'Review', id: 'LIST' } as const;

/**
 * Reviews: the product view's list, the form, photos, votes and the staff queue (the result
 * cards' stars are in rating-summaries.ts, without RTK Query).
 */
export const reviewsApi = api.injectEndpoints({
  endpoints: (b) => ({
    publishedReviews: contractQuery(b, reviews.listReviews, { transform: (r) => r.data, provides: [list] }),
    reviewQueue: contractQuery(b, reviews.listReviewsV1, { transform: (r) => r.data, provides: [list] }),
    reviewable: contractQuery(b, reviews.reviewableLines, {
      input: (query: { orderId?: number }) => ({ query }),
      transform: (r) => r.data,
      provides: [list],
    }),
    ownReview: contractQuery(b, reviews.getReviewV1, {
      input: byId,
      transform: (r) => r.data,
      provides: (_r, _e, id) => [{ type: 'Review', id }],
    }),
    productById: contractQuery(b, catalog.v1GetProduct, { input: byId, transform: (r) => r.data }),
    productByCodeForReviews: contractQuery(b, catalog.getProductByCode, {
      input: ({ code, make }: { code: string; make: string }) => ({ params: { code }, query: { make } }),
      transform: (r) => r.data,
    }),
    createReview: contractMutation(b, reviews.createReview, {
      transform: (r) => r.data,
      invalidates: [list],
    }),
    updateReview: contractMutation(b, reviews.updateReview, {
      input: ({ id, body }: { id: number; body: BodyOf<typeof reviews.updateReview> }) => ({
        params: { id },
        body,
      }),
      transform: (r) => r.data,
      invalidates: (_r, _e, { id }) => [list, { type: 'Review', id }],
    }),
    uploadPhotos: contractMutation(b, reviews.uploadReviewImages, {
      input: ({ id, files }: { id: number; files: File[] }) => {
        const form = new FormData();
        for (const f of files) form.append('file', f);
        return { params: { id }, body: form };
      },
      transform: (r) => r.data,
      invalidates: (_r, _e, { id }) => [list, { type: 'Review', id }],
    }),
    deletePhoto: contractMutation(b, reviews.deleteReviewImage, {
      input: ({ id }: { id: number; reviewId: number }) => ({ params: { id } }),
      invalidates: (_r, _e, { reviewId }) => [list, { type: 'Review', id: reviewId }],
    }),
    voteHelpful: contractMutation(b, reviews.voteHelpful, { input: byId, invalidates: [list] }),
    moderateReview: contractMutation(b, reviews.moderateReview, {
      input: ({ id, body }: { id: number; body: BodyOf<typeof reviews.moderateReview> }) => ({
        params: { id },
        body,
      }),
      transform: (r) => r.data,
      invalidates: (_r, _e, { id }) => [list, { type: 'Review', id }, { type: 'Audit', id: 'LIST' }],
    }),
  }),
});

export const {
  usePublishedReviewsQuery,
  useReviewQueueQuery,
  useReviewableQuery,
  useOwnReviewQuery,
  useProductByIdQuery,
  useProductByCodeForReviewsQuery,
  useCreateReviewMutation,
  useUpdateReviewMutation,
  useUploadPhotosMutation,
  useDeletePhotoMutation,
  useVoteHelpfulMutation,
  useModerateReviewMutation,
} = reviewsApi;
