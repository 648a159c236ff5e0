import { listInstallerLocations } from '../../../contract/cart';
import * as q from '../../../contract/quotes';
import { api, type BodyOf, type Out, type QueryOf } from '../../api/api';
import { byId, contractMutation, contractQuery } from '../../api/endpoints';

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
    quotes: contractQuery(b, q.searchQuotes, {
      input: (body: BodyOf<typeof q.searchQuotes>) => ({ body }),
      provides: (r) => [LIST, ...(r?.data.list.map((x) => one(x.id)) ?? [])],
    }),
    quote: contractQuery(b, q.getQuote, { input: byId, provides: (_r, _e, id) => [one(id)] }),
    /** Installer bays a quote may deliver to, nearest the buyer's current location (up to 1,000 miles). */
    quoteInstallers: contractQuery(b, listInstallerLocations, {
      // biome-ignore lint/suspicious/noConfusingVoidType: the hook takes no argument (RTK Query's void)
      input: (_: void) => ({ query: { radiusMiles: 1000 } }),
    }),
    createQuote: contractMutation(b, q.createQuote, { invalidates: [LIST] }),
    updateQuote: contractMutation(b, q.updateQuote, {
      input: ({ id, ...body }: { id: number } & BodyOf<typeof q.updateQuote>) => ({ params: { id }, body }),
      invalidates: changed,
    }),
    generateOptions: contractMutation(b, q.generateOptions, { input: byId }),
    cancelJob: contractMutation(b, q.cancelJob, { input: byId }),
    overridePrice: contractMutation(b, q.overrideOptionPrice, {
      input: ({ optionId, unitPriceCents }: { optionId: number; unitPriceCents: number }) => ({
        params: { id: optionId },
        body: { unitPriceCents },
      }),
      invalidates: changed,
    }),
    unifiedPricing: contractMutation(b, q.unifiedPricing, {
      input: ({ itemId, unitPriceCents }: { itemId: number; unitPriceCents: number }) => ({
        params: { id: itemId },
        body: { unitPriceCents },
      }),
      invalidates: changed,
    }),
    recalculateOption: contractMutation(b, q.recalculateOption, { input: byId, invalidates: changed }),
    recalculateItem: contractMutation(b, q.recalculateItemPricing, { input: byId, invalidates: changed }),
    finalizeQuote: contractMutation(b, q.finalizeQuote, {
      input: ({ id, ...body }: { id: number } & BodyOf<typeof q.finalizeQuote>) => ({ params: { id }, body }),
      invalidates: changed,
    }),
    emailQuote: contractMutation(b, q.emailQuote, {
      input: ({ id, to }: { id: number; to?: string }) => ({ params: { id }, body: to ? { to } : {} }),
      invalidates: changed,
    }),
    acceptQuote: contractMutation(b, q.acceptQuote, {
      input: ({ id, ...body }: { id: number } & BodyOf<typeof q.acceptQuote>) => ({ params: { id }, body }),
      invalidates: (r) => [LIST, ...(r ? [one(r.data.id), { type: 'Order' as const, id: 'LIST' }] : [])],
    }),
    declineQuote: contractMutation(b, q.declineQuote, { input: byId, invalidates: changed }),
    floors: contractQuery(b, q.listFloors, {
      // biome-ignore lint/suspicious/noConfusingVoidType: the hook takes no argument (RTK Query's void)
      input: (_: void) => ({}),
      provides: [FLOORS],
    }),
    setFloor: contractMutation(b, q.setFloor, {
      input: ({
        priceGroupId,
        minMarginBasisPoints,
      }: {
        priceGroupId: number;
        minMarginBasisPoints: number;
      }) => ({
        params: { id: priceGroupId },
        body: { minMarginBasisPoints },
      }),
      invalidates: [FLOORS],
    }),
    advertisedMinimums: contractQuery(b, q.listAdvertisedMinimums, { provides: [MAP] }),
    setAdvertisedMinimum: contractMutation(b, q.setAdvertisedMinimum, {
      input: ({ productId, mapCents }: { productId: number; mapCents: number | null }) => ({
        params: { id: productId },
        body: { mapCents },
      }),
      invalidates: [MAP],
    }),
  }),
});

export type QuoteSearchBody = QueryOf<typeof q.listQuotes>;

export const {
  useQuotesQuery,
  useQuoteQuery,
  useQuoteInstallersQuery,
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
