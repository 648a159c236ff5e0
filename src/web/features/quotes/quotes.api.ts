import * as q from '../../../contract/quotes';
import { api, type BodyOf, type Out, type QueryOf } from '../../api/api';

// Tags: {type: 'Quote', id} for one quote, {type: 'Quote', id: 'LIST'} for the lists.
const LIST = { type: 'Quote' as const, id: 'LIST' };
const FLOORS = { type: 'Quote' as const, id: 'FLOORS' };
const MAP = { type: 'Quote' as const, id: 'MAP' };
const one = (id: number) => ({ type: 'Quote' as const, id });
type Detail = Out<typeof q.getQuote>;
/** A change answered with the whole quote refreshes it and the lists. */
const changed = (r: Detail | undefined) => (r ? [one(r.data.id), LIST] : [LIST]);

const quotesApi = api.injectEndpoints({
  endpoints: (b) => ({
    quotes: b.query<Out<typeof q.searchQuotes>, BodyOf<typeof q.searchQuotes>>({
      query: (body) => ({ endpoint: q.searchQuotes, body }),
      providesTags: (r) => [LIST, ...(r?.data.list.map((x) => one(x.id)) ?? [])],
    }),
    quote: b.query<Detail, number>({
      query: (id) => ({ endpoint: q.getQuote, params: { id } }),
      providesTags: (_r, _e, id) => [one(id)],
    }),
    createQuote: b.mutation<Detail, BodyOf<typeof q.createQuote>>({
      query: (body) => ({ endpoint: q.createQuote, body }),
      invalidatesTags: [LIST],
    }),
    updateQuote: b.mutation<Detail, { id: number } & BodyOf<typeof q.updateQuote>>({
      query: ({ id, ...body }) => ({ endpoint: q.updateQuote, params: { id }, body }),
      invalidatesTags: changed,
    }),
    generateOptions: b.mutation<Out<typeof q.generateOptions>, number>({
      query: (id) => ({ endpoint: q.generateOptions, params: { id } }),
    }),
    cancelJob: b.mutation<Out<typeof q.cancelJob>, number>({
      query: (id) => ({ endpoint: q.cancelJob, params: { id } }),
    }),
    overridePrice: b.mutation<Detail, { optionId: number; unitPriceCents: number }>({
      query: ({ optionId, unitPriceCents }) => ({
        endpoint: q.overrideOptionPrice,
        params: { id: optionId },
        body: { unitPriceCents },
      }),
      invalidatesTags: changed,
    }),
    unifiedPricing: b.mutation<Detail, { itemId: number; unitPriceCents: number }>({
      query: ({ itemId, unitPriceCents }) => ({
        endpoint: q.unifiedPricing,
        params: { id: itemId },
        body: { unitPriceCents },
      }),
      invalidatesTags: changed,
    }),
    recalculateOption: b.mutation<Detail, number>({
      query: (id) => ({ endpoint: q.recalculateOption, params: { id } }),
      invalidatesTags: changed,
    }),
    recalculateItem: b.mutation<Detail, number>({
      query: (id) => ({ endpoint: q.recalculateItemPricing, params: { id } }),
      invalidatesTags: changed,
    }),
    finalizeQuote: b.mutation<Detail, { id: number } & BodyOf<typeof q.finalizeQuote>>({
      query: ({ id, ...body }) => ({ endpoint: q.finalizeQuote, params: { id }, body }),
      invalidatesTags: changed,
    }),
    emailQuote: b.mutation<Detail, { id: number; to?: string }>({
      query: ({ id, to }) => ({ endpoint: q.emailQuote, params: { id }, body: to ? { to } : {} }),
      invalidatesTags: changed,
    }),
    acceptQuote: b.mutation<Out<typeof q.acceptQuote>, { id: number } & BodyOf<typeof q.acceptQuote>>({
      query: ({ id, ...body }) => ({ endpoint: q.acceptQuote, params: { id }, body }),
      invalidatesTags: (r) => [LIST, ...(r ? [one(r.data.id), { type: 'Order' as const, id: 'LIST' }] : [])],
    }),
    declineQuote: b.mutation<Detail, number>({
      query: (id) => ({ endpoint: q.declineQuote, params: { id } }),
      invalidatesTags: changed,
    }),
    floors: b.query<Out<typeof q.listFloors>, void>({
      query: () => ({ endpoint: q.listFloors }),
      providesTags: [FLOORS],
    }),
    setFloor: b.mutation<Out<typeof q.setFloor>, { priceGroupId: number; minMarginBasisPoints: number }>({
      query: ({ priceGroupId, minMarginBasisPoints }) => ({
        endpoint: q.setFloor,
        params: { id: priceGroupId },
        body: { minMarginBasisPoints },
      }),
      invalidatesTags: [FLOORS],
    }),
    advertisedMinimums: b.query<
      Out<typeof q.listAdvertisedMinimums>,
      QueryOf<typeof q.listAdvertisedMinimums>
    >({
      query: (query) => ({ endpoint: q.listAdvertisedMinimums, query }),
      providesTags: [MAP],
    }),
    setAdvertisedMinimum: b.mutation<
      Out<typeof q.setAdvertisedMinimum>,
      { productId: number; mapCents: number | null }
    >({
      query: ({ productId, mapCents }) => ({
        endpoint: q.setAdvertisedMinimum,
        params: { id: productId },
        body: { mapCents },
      }),
      invalidatesTags: [MAP],
    }),
  }),
});

export type QuoteSearchBody = QueryOf<typeof q.listQuotes>;

export const {
  useQuotesQuery,
  useQuoteQuery,
  useCreateQuoteMutation,
  useUpdateQuoteMutation,
  useGenerateOptionsMutation,
  useCancelJobMutation,
  useOverridePriceMutation,
  useUnifiedPricingMutation,
  useRecalculateOptionMutation,
  useRecalculateItemMutation,
  useFinalizeQuoteMutation,
  useEmailQuoteMutation,
  useAcceptQuoteMutation,
  useDeclineQuoteMutation,
  useFloorsQuery,
  useSetFloorMutation,
  useAdvertisedMinimumsQuery,
  useSetAdvertisedMinimumMutation,
} = quotesApi;

export const quotePdfUrl = (id: number) => q.quotePdf.path.replace(':id', String(id));
