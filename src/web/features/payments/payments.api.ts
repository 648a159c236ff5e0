import * as p from '../../../contract/payments';
import * as stripe from '../../../contract/payments-stripe';
import { type ApiArgs, api } from '../../api/api';
import { newIdempotencyKey } from '../../api/client';
import { contractMutation, contractQuery } from '../../api/endpoints';

/** Whose saved cards: the caller's own company, or (finance) a customer's. */
export interface CardOwner {
  companyId: number;
  staff: boolean;
}

// Each own-company endpoint has a finance twin that answers the same customer; the argument's
// `staff` picks the twin through `input`.
const paymentsApi = api.injectEndpoints({
  endpoints: (b) => ({
    savedCards: contractQuery(b, p.getCustomer, {
      input: ({ companyId, staff }: CardOwner): Partial<ApiArgs> =>
        staff
          ? { endpoint: p.staffGetCustomer, params: { customer: companyId } }
          : { params: { id: companyId } },
      provides: ['Payment'],
    }),
    /** Saves a card from a token of the card form; the number never reaches the shop. */
    saveCard: contractMutation(b, p.addCustomerSource, {
      input: ({
        companyId,
        staff,
        ...body
      }: CardOwner & { cardToken: string; makeDefault: boolean }): Partial<ApiArgs> =>
        staff
          ? { endpoint: p.staffAddSource, params: { customer: companyId }, body }
          : { params: { id: companyId }, body },
      invalidates: ['Payment'],
    }),
    removeCard: contractMutation(b, p.deleteCustomerSource, {
      input: ({ companyId, staff, sourceId }: CardOwner & { sourceId: number }): Partial<ApiArgs> =>
        staff
          ? { endpoint: p.staffDeleteSource, params: { customer: companyId, source: sourceId } }
          : { params: { id: companyId, sourceId } },
      invalidates: ['Payment'],
    }),
    /** Stripe's page (mode setup) where the company saves a card; the webhook records it here. */
    openSaveCardPage: contractMutation(b, stripe.saveCardSession, {
      input: (companyId: number) => ({
        params: { id: companyId },
        headers: { 'idempotency-key': newIdempotencyKey() },
      }),
    }),
    /** The company's default card (its own company only). */
    makeDefaultCard: contractMutation(b, p.setCompanyPayment, {
      input: (sourceId: number) => ({ params: { id: sourceId } }),
      invalidates: ['Payment'],
    }),
  }),
});

export const {
  useSavedCardsQuery,
  useSaveCardMutation,
  useRemoveCardMutation,
  useMakeDefaultCardMutation,
  useOpenSaveCardPageMutation,
} = paymentsApi;
