import * as catalog from '../../../contract/catalog';
import * as reviews from '../../../contract/reviews';
import { api, type BodyOf, type Out, type QueryOf } from '../../api/api';

const list = { type: 'Review', id: 'LIST' } as const;

/**
 * Reviews: the product view's list, the form, photos, votes and the staff queue (the result
 * cards' stars are in rating-summaries.ts, without RTK Query).
 */
export const reviewsApi = api.injectEndpoints({
  endpoints: (b) => ({
    publishedReviews: b.query<Out<typeof reviews.listReviews>['data'], QueryOf<typeof reviews.listReviews>>({
      query: (query) => ({ endpoint: reviews.listReviews, query }),
      transformResponse: (r: Out<typeof reviews.listReviews>) => r.data,
      providesTags: [list],
    }),
    reviewQueue: b.query<Out<typeof reviews.listReviewsV1>['data'], QueryOf<typeof reviews.listReviewsV1>>({
      query: (query) => ({ endpoint: reviews.listReviewsV1, query }),
      transformResponse: (r: Out<typeof reviews.listReviewsV1>) => r.data,
      providesTags: [list],
    }),
    reviewable: b.query<reviews.ReviewableLine[], { orderId?: number }>({
      query: (query) => ({ endpoint: reviews.reviewableLines, query }),
      transformResponse: (r: Out<typeof reviews.reviewableLines>) => r.data,
      providesTags: [list],
    }),
    ownReview: b.query<reviews.Review, number>({
      query: (id) => ({ endpoint: reviews.getReviewV1, params: { id } }),
      transformResponse: (r: Out<typeof reviews.getReviewV1>) => r.data,
      providesTags: (_r, _e, id) => [{ type: 'Review', id }],
    }),
    productById: b.query<catalog.Product, number>({
      query: (id) => ({ endpoint: catalog.v1GetProduct, params: { id } }),
      transformResponse: (r: { data: catalog.Product }) => r.data,
    }),
    productByCodeForReviews: b.query<catalog.Product, { code: string; make: string }>({
      query: ({ code, make }) => ({ endpoint: catalog.getProductByCode, params: { code }, query: { make } }),
      transformResponse: (r: { data: catalog.Product }) => r.data,
    }),
    createReview: b.mutation<reviews.Review, BodyOf<typeof reviews.createReview>>({
      query: (body) => ({ endpoint: reviews.createReview, body }),
      transformResponse: (r: Out<typeof reviews.createReview>) => r.data,
      invalidatesTags: [list],
    }),
    updateReview: b.mutation<reviews.Review, { id: number; body: BodyOf<typeof reviews.updateReview> }>({
      query: ({ id, body }) => ({ endpoint: reviews.updateReview, params: { id }, body }),
      transformResponse: (r: Out<typeof reviews.updateReview>) => r.data,
      invalidatesTags: (_r, _e, { id }) => [list, { type: 'Review', id }],
    }),
    uploadPhotos: b.mutation<reviews.ReviewImage[], { id: number; files: File[] }>({
      query: ({ id, files }) => {
        const form = new FormData();
        for (const f of files) form.append('file', f);
        return { endpoint: reviews.uploadReviewImages, params: { id }, body: form };
      },
      transformResponse: (r: Out<typeof reviews.uploadReviewImages>) => r.data,
      invalidatesTags: (_r, _e, { id }) => [list, { type: 'Review', id }],
    }),
    deletePhoto: b.mutation<unknown, { id: number; reviewId: number }>({
      query: ({ id }) => ({ endpoint: reviews.deleteReviewImage, params: { id } }),
      invalidatesTags: (_r, _e, { reviewId }) => [list, { type: 'Review', id: reviewId }],
    }),
    voteHelpful: b.mutation<unknown, number>({
      query: (id) => ({ endpoint: reviews.voteHelpful, params: { id } }),
      invalidatesTags: [list],
    }),
    moderateReview: b.mutation<reviews.Review, { id: number; body: BodyOf<typeof reviews.moderateReview> }>({
      query: ({ id, body }) => ({ endpoint: reviews.moderateReview, params: { id }, body }),
      transformResponse: (r: Out<typeof reviews.moderateReview>) => r.data,
      invalidatesTags: (_r, _e, { id }) => [list, { type: 'Review', id }, { type: 'Audit', id: 'LIST' }],
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
