import * as discounts from '../../../contract/discounts';
import { api } from '../../api/api';
import { createMutation, deleteMutation, listQuery, updateMutation, written } from '../../api/crud';

const discount = { tag: 'Discount' } as const;

export const discountsApi = api.injectEndpoints({
  endpoints: (b) => ({
    listDiscounts: listQuery(b, discounts.listDiscounts, 'Discount', (r) => r.id),
    createDiscount: createMutation(b, discounts.createDiscount, discount),
    updateDiscount: updateMutation(b, discounts.updateDiscount, discount),
    deleteDiscount: deleteMutation(b, discounts.deleteDiscount, discount),
    approveDiscount: b.mutation<unknown, number>({
      query: (id) => ({ endpoint: discounts.approveDiscount, params: { id } }),
      invalidatesTags: (_r, _e, id) => written(discount, id),
    }),
  }),
});

export const { useApproveDiscountMutation } = discountsApi;
