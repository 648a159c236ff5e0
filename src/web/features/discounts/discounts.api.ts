import * as discounts from '../../../contract/discounts';
import { api } from '../../api/api';
import { byId, contractMutation } from '../../api/endpoints';
import { createMutation, deleteMutation, listQuery, updateMutation, written } from '../../api/crud';

const discount = { tag: 'Discount' } as const;

export const discountsApi = api.injectEndpoints({
  endpoints: (b) => ({
    listDiscounts: listQuery(b, discounts.listDiscounts, 'Discount', (r) => r.id),
    createDiscount: createMutation(b, discounts.createDiscount, discount),
    updateDiscount: updateMutation(b, discounts.updateDiscount, discount),
    deleteDiscount: deleteMutation(b, discounts.deleteDiscount, discount),
    approveDiscount: contractMutation(b, discounts.approveDiscount, {
      input: byId,
      invalidates: (_r, _e, id) => written(discount, id),
    }),
  }),
});

export const { useApproveDiscountMutation } = discountsApi;
