import * as discounts from '../../../contract/discounts';
import { api } from '../../api/api';
import { createMutation, deleteMutation, listQuery, updateMutation } from '../../api/crud';

const discount = { tag: 'Discount' } as const;

export const discountsApi = api.injectEndpoints({
  endpoints: (b) => ({
    listDiscounts: listQuery(b, discounts.listDiscounts, 'Discount', (r) => r.id),
    createDiscount: createMutation(b, discounts.createDiscount, discount),
    updateDiscount: updateMutation(b, discounts.updateDiscount, discount),
    deleteDiscount: deleteMutation(b, discounts.deleteDiscount, discount),
  }),
});
