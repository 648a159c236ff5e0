import type { RatingSummary } from '../../../contract/reviews';
import { api, type Out } from '../../api/api';
import { reviewRoutes } from '../../api/routes';

/**
 * The result cards' stars, apart from reviews.api.ts and through a route of api/routes.ts: the
 * results page's first load takes no Zod and no schema of the contract (docs/performance-web.md).
 * Reviews written or moderated invalidate the same `Review` list.
 */
export const { useRatingSummariesQuery } = api.injectEndpoints({
  endpoints: (b) => ({
    ratingSummaries: b.query<RatingSummary[], number[]>({
      query: (modelIds) => ({ endpoint: reviewRoutes.ratingSummaries, query: { modelIds } }),
      transformResponse: (r: Out<typeof reviewRoutes.ratingSummaries>) => r.data,
      providesTags: [{ type: 'Review', id: 'LIST' }],
    }),
  }),
});
