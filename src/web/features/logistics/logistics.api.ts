import type { couriers } from '../../../domain/shipping';
import * as dist from '../../../contract/distributors';
import * as fulfil from '../../../contract/logistics';
import * as ship from '../../../contract/shipments';
import type { Fulfillment } from '../../../contract/logistics';
import { api, type BodyOf, type Out, type QueryOf } from '../../api/api';

// Tags: a change to a fulfillment refetches the fulfilment queue (proposals, list) and the
// shipments (a label starts one, a cancel voids it).
const QUEUE = [
  { type: 'Fulfillment' as const, id: 'LIST' },
  { type: 'Shipment' as const, id: 'LIST' },
];

/** An order's distributor offers and orders follow the order (its unrouted units). */
const orderTag = (id: number) => ({ type: 'Order' as const, id });
const distributorLists = {
  tirewire: dist.tirewireOrder,
  rubberline: dist.rubberlineOrders,
  wheelway: dist.wheelwayOrders,
} as const;

const logisticsApi = api.injectEndpoints({
  endpoints: (b) => ({
    distributorOffers: b.query<Out<typeof dist.distributorOffers>, number>({
      query: (id) => ({ endpoint: dist.distributorOffers, params: { id } }),
      providesTags: (_r, _e, id) => [orderTag(id)],
    }),
    distributorOrders: b.query<
      Out<typeof dist.tirewireOrder>,
      { distributor: keyof typeof distributorLists; orderId: number }
    >({
      query: ({ distributor, orderId }) => ({ endpoint: distributorLists[distributor], query: { orderId } }),
      providesTags: (_r, _e, arg) => [orderTag(arg.orderId)],
    }),
    sendToDistributor: b.mutation<
      Out<typeof dist.sendToDistributor>,
      { id: number } & BodyOf<typeof dist.sendToDistributor>
    >({
      query: ({ id, ...body }) => ({ endpoint: dist.sendToDistributor, params: { id }, body }),
      invalidatesTags: (_r, _e, arg) => [orderTag(arg.id), { type: 'Order', id: 'LIST' }],
    }),
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
    pickupAvailability: b.query<
      Out<typeof fulfil.pickupAvailability>,
      { warehouseId: number; courier?: (typeof couriers)[number] }
    >({
      query: ({ warehouseId, courier }) => ({
        endpoint: fulfil.pickupAvailability,
        params: { id: warehouseId },
        query: courier ? { courier } : {},
      }),
      providesTags: [{ type: 'Fulfillment', id: 'PICKUPS' }],
    }),
    schedulePickup: b.mutation<Out<typeof fulfil.schedulePickup>, BodyOf<typeof fulfil.schedulePickup>>({
      query: (body) => ({ endpoint: fulfil.schedulePickup, body }),
      invalidatesTags: [{ type: 'Fulfillment', id: 'PICKUPS' }],
    }),
    cancelPickup: b.mutation<Out<typeof fulfil.cancelPickup>, number>({
      query: (id) => ({ endpoint: fulfil.cancelPickup, params: { id } }),
      invalidatesTags: [{ type: 'Fulfillment', id: 'PICKUPS' }],
    }),
    // The console: every fulfillment and shipment, and support's corrections.
    staffFulfillments: b.query<
      Out<typeof fulfil.staffFulfillments>,
      QueryOf<typeof fulfil.staffFulfillments>
    >({
      query: (query) => ({ endpoint: fulfil.staffFulfillments, query }),
      providesTags: QUEUE,
    }),
    fulfillment: b.query<Out<typeof fulfil.getFulfillment>, number>({
      query: (id) => ({ endpoint: fulfil.getFulfillment, params: { id } }),
      providesTags: QUEUE,
    }),
    correctFulfillment: b.mutation<
      Out<typeof fulfil.staffUpdateFulfillments>,
      { fulfillmentId: number; status: Fulfillment['status']; note?: string }
    >({
      query: (change) => ({ endpoint: fulfil.staffUpdateFulfillments, body: { fulfillments: [change] } }),
      invalidatesTags: QUEUE,
    }),
    shipmentList: b.query<Out<typeof ship.listShipments>, QueryOf<typeof ship.listShipments>>({
      query: (query) => ({ endpoint: ship.listShipments, query }),
      providesTags: QUEUE,
    }),
    shipment: b.query<Out<typeof ship.getShipment>, number>({
      query: (id) => ({ endpoint: ship.getShipment, params: { id } }),
      providesTags: QUEUE,
    }),
    changeShipmentStatus: b.mutation<
      Out<typeof ship.changeShipmentStatus>,
      { id: number } & BodyOf<typeof ship.changeShipmentStatus>
    >({
      query: ({ id, ...body }) => ({ endpoint: ship.changeShipmentStatus, params: { id }, body }),
      invalidatesTags: [...QUEUE, { type: 'Order', id: 'LIST' }],
    }),
    shipmentAction: b.mutation<
      Out<typeof ship.shipmentAction>,
      { id: number } & BodyOf<typeof ship.shipmentAction>
    >({
      query: ({ id, ...body }) => ({ endpoint: ship.shipmentAction, params: { id }, body }),
      invalidatesTags: [...QUEUE, { type: 'Order', id: 'LIST' }],
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
  useDistributorOffersQuery,
  useDistributorOrdersQuery,
  useSendToDistributorMutation,
  useFulfillmentListQuery,
  useFulfillmentProposalsQuery,
  useFulfillmentRatesQuery,
  useCreateFulfillmentMutation,
  useGenerateLabelMutation,
  useCancelFulfillmentMutation,
  useOrderDeliveryQuery,
  usePickupAvailabilityQuery,
  useSchedulePickupMutation,
  useCancelPickupMutation,
  useStaffFulfillmentsQuery,
  useFulfillmentQuery,
  useCorrectFulfillmentMutation,
  useShipmentListQuery,
  useShipmentQuery,
  useChangeShipmentStatusMutation,
  useShipmentActionMutation,
  useAdvanceTrackingMutation,
} = logisticsApi;

/** The URL of the printable 4×6 labels of fulfillments (one PDF). */
export const labelsUrl = (ids: number[]) =>
  `${fulfil.printLabels.path}?${ids.map((id) => `ids[]=${id}`).join('&')}`;
