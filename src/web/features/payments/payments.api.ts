import type { z } from 'zod';
import * as p from '../../../contract/payments';
import { type ApiArgs, api } from '../../api/api';

type Customer = z.output<typeof p.Customer>;

/** Whose saved cards: the caller's own company, or (finance) a customer's. */
export interface CardOwner {
  companyId: number;
  staff: boolean;
}

const paymentsApi = api.injectEndpoints({
  endpoints: (b) => ({
    savedCards: b.query<Customer, CardOwner>({
      query: ({ companyId, staff }): ApiArgs =>
        staff
          ? { endpoint: p.staffGetCustomer, params: { customer: companyId } }
          : { endpoint: p.getCustomer, params: { id: companyId } },
      providesTags: ['Payment'],
    }),
    /** Saves a card from a token of the card form; the number never reaches the shop. */
    saveCard: b.mutation<Customer, CardOwner & { cardToken: string; makeDefault: boolean }>({
      query: ({ companyId, staff, ...body }): ApiArgs =>
        staff
          ? { endpoint: p.staffAddSource, params: { customer: companyId }, body }
          : { endpoint: p.addCustomerSource, params: { id: companyId }, body },
      invalidatesTags: ['Payment'],
    }),
    removeCard: b.mutation<Customer, CardOwner & { sourceId: number }>({
      query: ({ companyId, staff, sourceId }): ApiArgs =>
        staff
          ? { endpoint: p.staffDeleteSource, params: { customer: companyId, source: sourceId } }
          : { endpoint: p.deleteCustomerSource, params: { id: companyId, sourceId } },
      invalidatesTags: ['Payment'],
    }),
    /** The company's default card (its own company only). */
    makeDefaultCard: b.mutation<z.output<typeof p.setCompanyPayment.response>, number>({
      query: (sourceId) => ({ endpoint: p.setCompanyPayment, params: { id: sourceId } }),
      invalidatesTags: ['Payment'],
    }),
  }),
});

export const { useSavedCardsQuery, useSaveCardMutation, useRemoveCardMutation, useMakeDefaultCardMutation } =
  paymentsApi;
