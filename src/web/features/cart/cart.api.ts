import * as c from '../../../contract/cart';
import * as p from '../../../contract/payments';
import * as sh from '../../../contract/shipping';
import { api, type BodyOf, type Out } from '../../api/api';

export type ProviderSession = Out<typeof p.cartHostedToken>;
type FinancingApplication = Out<typeof p.sandboxFinancingApply>;

const cartApi = api.injectEndpoints({
  endpoints: (b) => ({
    companyPayment: b.query<Out<typeof p.getCompanyPayment>, void>({
      query: () => ({ endpoint: p.getCompanyPayment }),
      providesTags: ['Payment'],
    }),
    installers: b.query<Out<typeof c.listInstallerLocations>, { zip?: string }>({
      query: (query) => ({ endpoint: c.listInstallerLocations, query: { ...query, radiusMiles: 500 } }),
    }),
    /** The shop's address rule: valid, corrected (with the suggestion) or invalid (the field at fault). */
    validateAddress: b.mutation<Out<typeof sh.validateAddress>, BodyOf<typeof sh.validateAddress>>({
      query: (body) => ({ endpoint: sh.validateAddress, body }),
    }),
    /** Opens the hosted checkout page of the provider for the cart's total. */
    openHostedPayment: b.mutation<ProviderSession, void>({
      query: () => ({ endpoint: p.cartHostedToken }),
    }),
    /** The card token of the card the buyer entered on the hosted page; approves the hosted session. */
    payHostedPayment: b.mutation<
      ProviderSession,
      { token: string; cardToken: string; idempotencyKey: string }
    >({
      query: ({ idempotencyKey, ...body }) => ({
        endpoint: p.cartHostedTransaction,
        body,
        headers: { 'idempotency-key': idempotencyKey },
      }),
    }),
    /** Opens a crypto charge for the cart's total: the address the buyer pays to. */
    openCryptoCharge: b.mutation<ProviderSession, BodyOf<typeof p.cartCryptoCheckout>>({
      query: (body) => ({ endpoint: p.cartCryptoCheckout, body }),
    }),
    /**
     * Sandbox stand-in for finpay's application page: finpay approves (or declines) the cart's
     * current total and hands back its token. 404 in production, where the buyer applies at finpay.
     */
    applyForFinancing: b.mutation<FinancingApplication, { decline: boolean }>({
      query: (body) => ({ endpoint: p.sandboxFinancingApply, body }),
    }),
    /** Binds finpay's approval token to the cart (409 if used, another order's, or the total moved). */
    bindFinancing: b.mutation<ProviderSession, { token: string }>({
      query: (body) => ({ endpoint: p.cartFinancingToken, body }),
    }),
  }),
});

export const {
  useCompanyPaymentQuery,
  useInstallersQuery,
  useValidateAddressMutation,
  useOpenHostedPaymentMutation,
  usePayHostedPaymentMutation,
  useOpenCryptoChargeMutation,
  useApplyForFinancingMutation,
  useBindFinancingMutation,
} = cartApi;
