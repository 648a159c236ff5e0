import * as catalog from '../../../contract/catalog';
import { api } from '../../api/api';

/** Catalogue reads of the shop: one SKU for the product view. */
const searchApi = api.injectEndpoints({
  endpoints: (b) => ({
    productByCode: b.query<catalog.Product, { code: string; make: string }>({
      query: ({ code, make }) => ({ endpoint: catalog.getProductByCode, params: { code }, query: { make } }),
      transformResponse: (r: { data: catalog.Product }) => r.data,
    }),
  }),
});

export const { useProductByCodeQuery } = searchApi;
