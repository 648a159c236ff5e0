import * as comparisons from '../../../contract/comparisons';
import { api, type BodyOf, type Out } from '../../api/api';

const list = { type: 'Comparison', id: 'LIST' } as const;

export const comparisonsApi = api.injectEndpoints({
  endpoints: (b) => ({
    compareTable: b.query<comparisons.ComparisonTable, number[]>({
      query: (productIds) => ({ endpoint: comparisons.compareProducts, query: { productIds } }),
      transformResponse: (r: Out<typeof comparisons.compareProducts>) => r.data,
    }),
    savedComparisons: b.query<Out<typeof comparisons.listComparisons>['data'], void>({
      query: () => ({ endpoint: comparisons.listComparisons, query: { pageSize: 100 } }),
      transformResponse: (r: Out<typeof comparisons.listComparisons>) => r.data,
      providesTags: [list],
    }),
    savedComparison: b.query<Out<typeof comparisons.getComparison>['data'], number>({
      query: (id) => ({ endpoint: comparisons.getComparison, params: { id } }),
      transformResponse: (r: Out<typeof comparisons.getComparison>) => r.data,
      providesTags: (_r, _e, id) => [{ type: 'Comparison', id }],
    }),
    saveComparison: b.mutation<comparisons.Comparison, BodyOf<typeof comparisons.createComparison>>({
      query: (body) => ({ endpoint: comparisons.createComparison, body }),
      transformResponse: (r: Out<typeof comparisons.createComparison>) => r.data,
      invalidatesTags: [list],
    }),
    renameComparison: b.mutation<comparisons.Comparison, { id: number; name: string }>({
      query: ({ id, name }) => ({ endpoint: comparisons.updateComparison, params: { id }, body: { name } }),
      transformResponse: (r: Out<typeof comparisons.updateComparison>) => r.data,
      invalidatesTags: (_r, _e, { id }) => [list, { type: 'Comparison', id }],
    }),
    deleteComparison: b.mutation<unknown, number>({
      query: (id) => ({ endpoint: comparisons.deleteComparison, params: { id } }),
      invalidatesTags: [list],
    }),
  }),
});

export const {
  useCompareTableQuery,
  useSavedComparisonsQuery,
  useSavedComparisonQuery,
  useSaveComparisonMutation,
  useRenameComparisonMutation,
  useDeleteComparisonMutation,
} = comparisonsApi;
