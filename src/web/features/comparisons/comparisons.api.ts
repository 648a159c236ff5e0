import * as comparisons from '../../../contract/comparisons';
import { api } from '../../api/api';
import { byId, contractMutation, contractQuery } from '../../api/endpoints';

const list = { type: 'Comparison', id: 'LIST' } as const;

export const comparisonsApi = api.injectEndpoints({
  endpoints: (b) => ({
    compareTable: contractQuery(b, comparisons.compareProducts, {
      input: (productIds: number[]) => ({ query: { productIds } }),
      transform: (r) => r.data,
    }),
    savedComparisons: contractQuery(b, comparisons.listComparisons, {
      // biome-ignore lint/suspicious/noConfusingVoidType: the hook takes no argument (RTK Query's void)
      input: (_: void) => ({ query: { pageSize: 100 } }),
      transform: (r) => r.data,
      provides: [list],
    }),
    savedComparison: contractQuery(b, comparisons.getComparison, {
      input: byId,
      transform: (r) => r.data,
      provides: (_r, _e, id) => [{ type: 'Comparison', id }],
    }),
    saveComparison: contractMutation(b, comparisons.createComparison, {
      transform: (r) => r.data,
      invalidates: [list],
    }),
    renameComparison: contractMutation(b, comparisons.updateComparison, {
      input: ({ id, name }: { id: number; name: string }) => ({ params: { id }, body: { name } }),
      transform: (r) => r.data,
      invalidates: (_r, _e, { id }) => [list, { type: 'Comparison', id }],
    }),
    deleteComparison: contractMutation(b, comparisons.deleteComparison, { input: byId, invalidates: [list] }),
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
