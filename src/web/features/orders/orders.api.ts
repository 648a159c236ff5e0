import type { z } from 'zod';
import * as o from '../../../contract/orders';
import * as pay from '../../../contract/payments';
import { api } from '../../api/api';
import type { OrderStatus, SupplierLineStatus } from '../../../contract/order-shapes';

type Out<E extends { response: z.ZodType }> = z.output<E['response']>;

export const ordersApi = api.injectEndpoints({
  endpoints: (b) => ({
    myOrders: b.query<Out<typeof o.listMyOrders>, { page: number; pageSize?: number }>({
      query: (query) => ({ endpoint: o.listMyOrders, query }),
      providesTags: ['Order'],
    }),
    myOrder: b.query<Out<typeof o.getMyOrder>, number>({
      query: (id) => ({ endpoint: o.getMyOrder, params: { id } }),
      providesTags: ['Order'],
    }),
    reorder: b.mutation<Out<typeof o.reorder>, number>({
      query: (id) => ({ endpoint: o.reorder, params: { id } }),
      invalidatesTags: ['Cart'],
    }),
    /** Asks the crypto provider whether the order's charge is confirmed; the sandbox confirms it. */
    confirmCryptoPayment: b.mutation<Out<typeof pay.orderCryptoCheckout>, number>({
      query: (id) => ({ endpoint: pay.orderCryptoCheckout, params: { id } }),
      invalidatesTags: ['Order'],
    }),
    staffOrders: b.query<Out<typeof o.listOrders>, z.input<typeof o.StaffOrderQuery>>({
      query: (query) => ({ endpoint: o.listOrders, query }),
      providesTags: ['Order'],
    }),
    staffOrder: b.query<Out<typeof o.getOrder>, number>({
      query: (id) => ({ endpoint: o.getOrder, params: { id } }),
      providesTags: ['Order'],
    }),
    analytics: b.query<Out<typeof o.orderAnalytics>, { from?: string; to?: string }>({
      query: (query) => ({ endpoint: o.orderAnalytics, query }),
      providesTags: ['Order'],
    }),
    changeStatus: b.mutation<
      Out<typeof o.changeStatus>,
      { id: number; status: z.infer<typeof OrderStatus>; note?: string }
    >({
      query: ({ id, ...body }) => ({ endpoint: o.changeStatus, params: { id }, body }),
      invalidatesTags: ['Order'],
    }),
    orderCommand: b.mutation<
      Out<typeof o.getOrder>,
      { id: number; command: 'cancel' | 'submit' | 'hold' | 'release' | 'resend' | 'paid'; note?: string }
    >({
      query: ({ id, command, note }) => {
        if (command === 'cancel') return { endpoint: o.cancelOrder, params: { id }, body: { note } };
        if (command === 'submit') return { endpoint: o.submitOrder, params: { id } };
        if (command === 'paid')
          return { endpoint: o.updatePayment, params: { id }, body: { paymentStatus: 'paid', note } };
        return { endpoint: o.orderAction, params: { id }, body: { action: command, note } };
      },
      invalidatesTags: ['Order'],
    }),
    addComment: b.mutation<Out<typeof o.addComment>, { id: number; body: string }>({
      query: ({ id, body }) => ({ endpoint: o.addComment, params: { id }, body: { body } }),
      invalidatesTags: ['Order'],
    }),
    setTracking: b.mutation<Out<typeof o.updateShipping>, { id: number; trackingNumber: string }>({
      query: ({ id, trackingNumber }) => ({
        endpoint: o.updateShipping,
        params: { id },
        body: { trackingNumber },
      }),
      invalidatesTags: ['Order'],
    }),
    routeUnits: b.mutation<
      Out<typeof o.createSubOrder>,
      { id: number; warehouseId: number; items: { orderItemId: number; quantity: number }[] }
    >({
      query: ({ id, ...body }) => ({ endpoint: o.createSubOrder, params: { id }, body }),
      invalidatesTags: ['Order'],
    }),
    lineAction: b.mutation<
      Out<typeof o.getOrder>,
      { o: number; i: number; s: number; action: 'route' | (typeof o.lineActions)[number] }
    >({
      query: ({ action, ...params }) => ({
        endpoint: action === 'route' ? o.routeLine : o.lineAction(action),
        params,
        body: {},
      }),
      invalidatesTags: ['Order'],
    }),
    fulfillments: b.query<
      Out<typeof o.listFulfillments>,
      { page: number; status?: z.infer<typeof SupplierLineStatus> }
    >({
      query: (query) => ({ endpoint: o.listFulfillments, query }),
      providesTags: ['Order'],
    }),
    updateFulfillment: b.mutation<
      Out<typeof o.updateFulfillments>,
      { supplierLineId: number; status: 'confirmed' | 'exception' | 'cancelled' }
    >({
      query: (line) => ({ endpoint: o.updateFulfillments, body: { lines: [line] } }),
      invalidatesTags: ['Order'],
    }),
  }),
});

export const {
  useMyOrdersQuery,
  useMyOrderQuery,
  useReorderMutation,
  useConfirmCryptoPaymentMutation,
  useStaffOrdersQuery,
  useStaffOrderQuery,
  useAnalyticsQuery,
  useChangeStatusMutation,
  useOrderCommandMutation,
  useAddCommentMutation,
  useSetTrackingMutation,
  useLineActionMutation,
  useRouteUnitsMutation,
  useFulfillmentsQuery,
  useUpdateFulfillmentMutation,
} = ordersApi;
