import * as catalog from '../../../contract/catalog';
import { api } from '../../api/api';
import { contractQuery } from '../../api/endpoints';

/** Catalogue reads of the shop: one SKU for the product view. */
const searchApi = api.injectEndpoints({
  endpoints: (b) => ({
    productByCode: contractQuery(b, catalog.getProductByCode, {
      input: ({ code, make }: { code: string; make: string }) => ({ params: { code }, query: { make } }),
      transform: (r) => r.data,
    }),
  }),
});

export const { useProductByCodeQuery } = searchApi;
