import type { z } from 'zod';
import * as c from '../../../contract/cart';
import * as p from '../../../contract/payments';
import { api } from '../../api/api';

type Out<E extends { response: z.ZodType }> = z.output<E['response']>;
export type ProviderSession = Out<typeof p.cartHostedToken>;

export const cartApi = api.injectEndpoints({
  endpoints: (b) => ({
    companyPayment: b.query<Out<typeof p.getCompanyPayment>, void>({
      query: () => ({ endpoint: p.getCompanyPayment }),
      providesTags: ['Cart'],
    }),
    installers: b.query<Out<typeof c.listInstallerLocations>, { zip?: string }>({
      query: (query) => ({ endpoint: c.listInstallerLocations, query: { ...query, radiusMiles: 500 } }),
    }),
    /** Opens the hosted checkout page of the provider for the cart's total. */
    openHostedPayment: b.mutation<ProviderSession, void>({
      query: () => ({ endpoint: p.cartHostedToken }),
    }),
    /** The card the buyer entered on the hosted page; approves the hosted session. */
    payHostedPayment: b.mutation<ProviderSession, z.input<typeof p.cartHostedTransaction.body>>({
      query: (body) => ({ endpoint: p.cartHostedTransaction, body }),
    }),
    /** Opens a crypto charge for the cart's total: the address the buyer pays to. */
    openCryptoCharge: b.mutation<ProviderSession, z.input<typeof p.cartCryptoCheckout.body>>({
      query: (body) => ({ endpoint: p.cartCryptoCheckout, body }),
    }),
  }),
});

export const {
  useCompanyPaymentQuery,
  useInstallersQuery,
  useOpenHostedPaymentMutation,
  usePayHostedPaymentMutation,
  useOpenCryptoChargeMutation,
} = cartApi;
