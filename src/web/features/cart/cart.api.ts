import type { z } from 'zod';
import * as c from '../../../contract/cart';
import * as p from '../../../contract/payments';
import { api } from '../../api/api';

type Out<E extends { response: z.ZodType }> = z.output<E['response']>;

export const cartApi = api.injectEndpoints({
  endpoints: (b) => ({
    companyPayment: b.query<Out<typeof p.getCompanyPayment>, void>({
      query: () => ({ endpoint: p.getCompanyPayment }),
      providesTags: ['Cart'],
    }),
    installers: b.query<Out<typeof c.listInstallerLocations>, { zip?: string }>({
      query: (query) => ({ endpoint: c.listInstallerLocations, query: { ...query, radiusMiles: 500 } }),
    }),
  }),
});

export const { useCompanyPaymentQuery, useInstallersQuery } = cartApi;
