import * as fulfil from '../../../contract/logistics';
import * as ship from '../../../contract/shipments';
import { api, type Out, type QueryOf } from '../../api/api';

// Tags: a change to a fulfillment refetches the fulfilment queue (proposals, list) and the
// shipments (a label starts one, a cancel voids it).
const QUEUE = [
  { type: 'Fulfillment' as const, id: 'LIST' },
  { type: 'Shipment' as const, id: 'LIST' },
];

const logisticsApi = api.injectEndpoints({
  endpoints: (b) => ({
    fulfillmentList: b.query<Out<typeof fulfil.listFulfillments>, QueryOf<typeof fulfil.listFulfillments>>({
      query: (query) => ({ endpoint: fulfil.listFulfillments, query }),
      providesTags: QUEUE,
    }),
    fulfillmentProposals: b.query<Out<typeof fulfil.proposeFulfillments>, void>({
      query: () => ({ endpoint: fulfil.proposeFulfillments, query: {} }),
      providesTags: QUEUE,
    }),
    fulfillmentRates: b.query<Out<typeof fulfil.fulfillmentRates>, number>({
      query: (id) => ({ endpoint: fulfil.fulfillmentRates, params: { id } }),
    }),
    createFulfillment: b.mutation<Out<typeof fulfil.createFulfillment>, number[]>({
      query: (supplierLineIds) => ({ endpoint: fulfil.createFulfillment, body: { supplierLineIds } }),
      invalidatesTags: QUEUE,
    }),
    generateLabel: b.mutation<
      Out<typeof fulfil.generateLabel>,
      { fulfillmentId: number; courier: string; service: string; idempotencyKey: string }
    >({
      query: ({ idempotencyKey, ...body }) => ({
        endpoint: fulfil.generateLabel,
        body,
        headers: { 'idempotency-key': idempotencyKey },
      }),
      invalidatesTags: QUEUE,
    }),
    cancelFulfillment: b.mutation<Out<typeof fulfil.cancelFulfillment>, number>({
      query: (id) => ({ endpoint: fulfil.cancelFulfillment, params: { id }, body: {} }),
      invalidatesTags: QUEUE,
    }),
    orderDelivery: b.query<Out<typeof ship.myOrderDelivery>, number>({
      query: (id) => ({ endpoint: ship.myOrderDelivery, params: { id } }),
      providesTags: [{ type: 'Shipment', id: 'LIST' }],
    }),
    /** Sandbox only: the tracking service scans a parcel up to a status (404 in production). */
    advanceTracking: b.mutation<
      Out<typeof ship.sandboxAdvanceTracking>,
      { trackingNumber: string; status: string }
    >({
      query: (body) => ({ endpoint: ship.sandboxAdvanceTracking, body }),
      invalidatesTags: [...QUEUE, { type: 'Order', id: 'LIST' }],
    }),
  }),
});

export const {
  useFulfillmentListQuery,
  useFulfillmentProposalsQuery,
  useFulfillmentRatesQuery,
  useCreateFulfillmentMutation,
  useGenerateLabelMutation,
  useCancelFulfillmentMutation,
  useOrderDeliveryQuery,
  useAdvanceTrackingMutation,
} = logisticsApi;

/** The URL of the printable 4×6 labels of fulfillments (one PDF). */
export const labelsUrl = (ids: number[]) =>
  `${fulfil.printLabels.path}?${ids.map((id) => `ids[]=${id}`).join('&')}`;
