import type { couriers } from '../../../domain/shipping';
import * as dist from '../../../contract/distributors';
import * as fulfil from '../../../contract/logistics';
import * as ship from '../../../contract/shipments';
import type { Fulfillment } from '../../../contract/logistics';
import { api, type BodyOf } from '../../api/api';
import { byId, contractMutation, contractQuery } from '../../api/endpoints';

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
    distributorOffers: contractQuery(b, dist.distributorOffers, {
      input: byId,
      provides: (_r, _e, id) => [orderTag(id)],
    }),
    distributorOrders: contractQuery(b, dist.tirewireOrder, {
      // The three distributors answer the same shape; the argument names which one.
      input: ({ distributor, orderId }: { distributor: keyof typeof distributorLists; orderId: number }) => ({
        endpoint: distributorLists[distributor],
        query: { orderId },
      }),
      provides: (_r, _e, arg) => [orderTag(arg.orderId)],
    }),
    sendToDistributor: contractMutation(b, dist.sendToDistributor, {
      input: ({ id, ...body }: { id: number } & BodyOf<typeof dist.sendToDistributor>) => ({
        params: { id },
        body,
      }),
      invalidates: (_r, _e, arg) => [orderTag(arg.id), { type: 'Order', id: 'LIST' }],
    }),
    fulfillmentList: contractQuery(b, fulfil.listFulfillments, { provides: QUEUE }),
    fulfillmentProposals: contractQuery(b, fulfil.proposeFulfillments, {
      // biome-ignore lint/suspicious/noConfusingVoidType: the hook takes no argument (RTK Query's void)
      input: (_: void) => ({ query: {} }),
      provides: QUEUE,
    }),
    fulfillmentRates: contractQuery(b, fulfil.fulfillmentRates, { input: byId }),
    createFulfillment: contractMutation(b, fulfil.createFulfillment, {
      input: (supplierLineIds: number[]) => ({ body: { supplierLineIds } }),
      invalidates: QUEUE,
    }),
    generateLabel: contractMutation(b, fulfil.generateLabel, {
      input: ({
        idempotencyKey,
        ...body
      }: {
        fulfillmentId: number;
        courier: string;
        service: string;
        idempotencyKey: string;
      }) => ({
        body,
        headers: { 'idempotency-key': idempotencyKey },
      }),
      invalidates: QUEUE,
    }),
    cancelFulfillment: contractMutation(b, fulfil.cancelFulfillment, {
      input: (id: number) => ({ params: { id }, body: {} }),
      invalidates: QUEUE,
    }),
    pickupAvailability: contractQuery(b, fulfil.pickupAvailability, {
      input: ({ warehouseId, courier }: { warehouseId: number; courier?: (typeof couriers)[number] }) => ({
        params: { id: warehouseId },
        query: courier ? { courier } : {},
      }),
      provides: [{ type: 'Fulfillment', id: 'PICKUPS' }],
    }),
    schedulePickup: contractMutation(b, fulfil.schedulePickup, {
      invalidates: [{ type: 'Fulfillment', id: 'PICKUPS' }],
    }),
    cancelPickup: contractMutation(b, fulfil.cancelPickup, {
      input: byId,
      invalidates: [{ type: 'Fulfillment', id: 'PICKUPS' }],
    }),
    // The console: every fulfillment and shipment, and support's corrections.
    staffFulfillments: contractQuery(b, fulfil.staffFulfillments, {
      transform: (r) => r.data,
      provides: QUEUE,
    }),
    fulfillment: contractQuery(b, fulfil.getFulfillment, { input: byId, provides: QUEUE }),
    correctFulfillment: contractMutation(b, fulfil.staffUpdateFulfillments, {
      input: (change: { fulfillmentId: number; status: Fulfillment['status']; note?: string }) => ({
        body: { fulfillments: [change] },
      }),
      invalidates: QUEUE,
    }),
    shipmentList: contractQuery(b, ship.listShipments, { transform: (r) => r.data, provides: QUEUE }),
    shipment: contractQuery(b, ship.getShipment, { input: byId, provides: QUEUE }),
    changeShipmentStatus: contractMutation(b, ship.changeShipmentStatus, {
      input: ({ id, ...body }: { id: number } & BodyOf<typeof ship.changeShipmentStatus>) => ({
        params: { id },
        body,
      }),
      invalidates: [...QUEUE, { type: 'Order', id: 'LIST' }],
    }),
    shipmentAction: contractMutation(b, ship.shipmentAction, {
      input: ({ id, ...body }: { id: number } & BodyOf<typeof ship.shipmentAction>) => ({
        params: { id },
        body,
      }),
      invalidates: [...QUEUE, { type: 'Order', id: 'LIST' }],
    }),
    orderDelivery: contractQuery(b, ship.myOrderDelivery, {
      input: byId,
      provides: [{ type: 'Shipment', id: 'LIST' }],
    }),
    /** Sandbox only: the tracking service scans a parcel up to a status (404 in production). */
    advanceTracking: contractMutation(b, ship.sandboxAdvanceTracking, {
      input: (body: { trackingNumber: string; status: string }) => ({ body }),
      invalidates: [...QUEUE, { type: 'Order', id: 'LIST' }],
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
