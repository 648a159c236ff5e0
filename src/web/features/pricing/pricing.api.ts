import * as pricing from '../../../contract/pricing';
import { api, type BodyOf } from '../../api/api';
import { contractQuery } from '../../api/endpoints';
import { createMutation, deleteMutation, listQuery, oneQuery, updateMutation } from '../../api/crud';
import type { Picker } from '../../components/EntityPicker';

// A markup rule moves the sell prices and counts in its price group; a price group's name shows
// in the markup rules and the sell prices.
const markup = { tag: 'Markup', also: ['PriceGroup', 'Pricing'] } as const;
const priceGroup = { tag: 'PriceGroup', also: ['Markup', 'Pricing'] } as const;

export const pricingApi = api.injectEndpoints({
  endpoints: (b) => ({
    listMarkups: listQuery(b, pricing.listMarkups, 'Markup', (r) => r.id),
    createMarkup: createMutation(b, pricing.createMarkup, markup),
    updateMarkup: updateMutation(b, pricing.updateMarkup, markup),
    deleteMarkup: deleteMutation(b, pricing.deleteMarkup, markup),
    /** The prices a rule would give (nothing is saved): a read, so it forgets no list. */
    previewMarkup: contractQuery(b, pricing.previewMarkup, {
      input: (body: BodyOf<typeof pricing.previewMarkup>) => ({ body }),
      provides: [{ type: 'Pricing', id: 'LIST' }],
    }),
    listPriceGroups: listQuery(b, pricing.listPriceGroups, 'PriceGroup', (r) => r.id),
    getPriceGroup: oneQuery(b, pricing.getPriceGroup, 'PriceGroup'),
    createPriceGroup: createMutation(b, pricing.createPriceGroup, priceGroup),
    updatePriceGroup: updateMutation(b, pricing.updatePriceGroup, priceGroup),
    listPricing: listQuery(b, pricing.listPricing, 'Pricing', (r) => r.productId),
  }),
});

export const {
  useCreateMarkupMutation,
  useUpdateMarkupMutation,
  useDeleteMarkupMutation,
  usePreviewMarkupQuery,
} = pricingApi;

export const priceGroupPicker: Picker<pricing.PriceGroupView> = {
  list: pricingApi.endpoints.listPriceGroups,
  one: pricingApi.endpoints.getPriceGroup,
  id: (r) => r.id,
  label: (r) => r.name,
  noun: 'price groups',
};
