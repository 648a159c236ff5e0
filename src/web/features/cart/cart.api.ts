import * as buying from '../../../contract/approvals';
import * as c from '../../../contract/cart';
import * as p from '../../../contract/payments';
import * as stripe from '../../../contract/payments-stripe';
import * as sh from '../../../contract/shipping';
import { api, type Out } from '../../api/api';
import { contractMutation, contractQuery } from '../../api/endpoints';

export type ProviderSession = Out<typeof p.cartHostedToken>;

const cartApi = api.injectEndpoints({
  endpoints: (b) => ({
    companyPayment: contractQuery(b, p.getCompanyPayment, {
      // biome-ignore lint/suspicious/noConfusingVoidType: the hook takes no argument (RTK Query's void)
      input: (_: void) => ({}),
      provides: ['Payment'],
    }),
    /** The company's buying rules: whether checkout requires a PO number. */
    buyingSettings: contractQuery(b, buying.getBuyingSettings, {
      // biome-ignore lint/suspicious/noConfusingVoidType: the hook takes no argument (RTK Query's void)
      input: (_: void) => ({}),
      transform: (r) => r.data,
      provides: [{ type: 'Company', id: 'BUYING' }],
    }),
    updateBuyingSettings: contractMutation(b, buying.updateBuyingSettings, {
      transform: (r) => r.data,
      invalidates: [{ type: 'Company', id: 'BUYING' }],
    }),
    installers: contractQuery(b, c.listInstallerLocations, {
      input: (query: { zip?: string }) => ({ query: { ...query, radiusMiles: 500 } }),
    }),
    /** The shop's address rule: valid, corrected (with the suggestion) or invalid (the field at fault). */
    validateAddress: contractMutation(b, sh.validateAddress),
    /** Opens the hosted checkout page of the provider for the cart's total. */
    openHostedPayment: contractMutation(b, p.cartHostedToken, {
      // biome-ignore lint/suspicious/noConfusingVoidType: the hook takes no argument (RTK Query's void)
      input: (_: void) => ({}),
    }),
    /** The card token of the card the buyer entered on the hosted page; approves the hosted session. */
    payHostedPayment: contractMutation(b, p.cartHostedTransaction, {
      input: ({ idempotencyKey, ...body }: { token: string; cardToken: string; idempotencyKey: string }) => ({
        body,
        headers: { 'idempotency-key': idempotencyKey },
      }),
    }),
    /** Stripe's hosted Checkout page for the order a card checkout just placed (CARD_PROVIDER=stripe). */
    openCardCheckout: contractMutation(b, stripe.orderCheckoutSession, {
      input: ({ orderId, idempotencyKey }: { orderId: number; idempotencyKey: string }) => ({
        params: { id: orderId },
        headers: { 'idempotency-key': idempotencyKey },
      }),
    }),
    /** Opens a crypto charge for the cart's total: the address the buyer pays to. */
    openCryptoCharge: contractMutation(b, p.cartCryptoCheckout),
    /**
     * Sandbox stand-in for finpay's application page: finpay approves (or declines) the cart's
     * current total and hands back its token. 404 in production, where the buyer applies at finpay.
     */
    applyForFinancing: contractMutation(b, p.sandboxFinancingApply, {
      input: (body: { decline: boolean }) => ({ body }),
    }),
    /** Binds finpay's approval token to the cart (409 if used, another order's, or the total moved). */
    bindFinancing: contractMutation(b, p.cartFinancingToken, {
      input: (body: { token: string }) => ({ body }),
    }),
  }),
});

export const {
  useCompanyPaymentQuery,
  useBuyingSettingsQuery,
  useUpdateBuyingSettingsMutation,
  useInstallersQuery,
  useValidateAddressMutation,
  useOpenHostedPaymentMutation,
  useOpenCardCheckoutMutation,
  usePayHostedPaymentMutation,
  useOpenCryptoChargeMutation,
  useApplyForFinancingMutation,
  useBindFinancingMutation,
} = cartApi;
