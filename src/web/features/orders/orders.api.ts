import type { z } from 'zod';
import type { OrderStatus, OrderSummary, SupplierLineStatus } from '../../../contract/order-shapes';
import * as buyer from '../../../contract/orders';
import * as staff from '../../../contract/orders-staff';
import * as staffEdit from '../../../contract/orders-staff-edit';
import * as supplierLines from '../../../contract/orders-supplier';
import * as pay from '../../../contract/payments';
import { api, type BodyOf, type Out, type QueryOf } from '../../api/api';

// Tags: {type: 'Order', id} for one order, {type: 'Order', id: 'LIST'} for every list and total
// that orders make up. A change to one order refetches that order and, when its summary or a
// total moves (status, payment, tracking), the lists; a comment refetches only its order.
const LIST = { type: 'Order' as const, id: 'LIST' };
const one = (id: number) => ({ type: 'Order' as const, id });
const listed = (result: { data: { list: Pick<OrderSummary, 'orderId'>[] } } | undefined) => [
  LIST,
  ...(result?.data.list.map((r) => one(r.orderId)) ?? []),
];
/** The order and the lists: its summary or a total changed. */
const orderAndLists = (_r: unknown, _e: unknown, arg: { id: number } | number) => [
  one(typeof arg === 'number' ? arg : arg.id),
  LIST,
];

/** A call that moves money carries the attempt's Idempotency-Key. */
interface Money {
  idempotencyKey: string;
}
const keyed = (m: Money) => ({ 'idempotency-key': m.idempotencyKey });

const ordersApi = api.injectEndpoints({
  endpoints: (b) => ({
    myOrders: b.query<Out<typeof buyer.listMyOrders>, { page: number; pageSize?: number }>({
      query: (query) => ({ endpoint: buyer.listMyOrders, query }),
      providesTags: listed,
    }),
    myOrder: b.query<Out<typeof buyer.getMyOrder>, number>({
      query: (id) => ({ endpoint: buyer.getMyOrder, params: { id } }),
      providesTags: (_r, _e, id) => [one(id)],
    }),
    reorder: b.mutation<Out<typeof buyer.reorder>, number>({
      query: (id) => ({ endpoint: buyer.reorder, params: { id } }),
    }),
    /**
     * Sandbox only: the chain confirms the order's crypto charge (`reference`: the coinpay
     * token) and the provider sends its signed webhook. 404 in production.
     */
    sandboxConfirmCrypto: b.mutation<Out<typeof pay.sandboxCryptoConfirm>, { id: number; reference: string }>(
      {
        query: ({ reference }) => ({ endpoint: pay.sandboxCryptoConfirm, params: { reference } }),
        invalidatesTags: orderAndLists,
      },
    ),
    /** Pays an unpaid order by card: a token of the card form, or a saved card (`sourceId`). */
    payOrderByCard: b.mutation<
      Out<typeof pay.payOrderByCard>,
      Money & { id: number; cardToken?: string; sourceId?: number }
    >({
      query: ({ id, idempotencyKey, ...body }) => ({
        endpoint: pay.payOrderByCard,
        params: { id },
        body,
        headers: keyed({ idempotencyKey }),
      }),
      invalidatesTags: orderAndLists,
    }),
    /** Finance records the money of an order as received (PUT /order/{id}/payment). */
    recordPayment: b.mutation<Out<typeof staff.updatePayment>, Money & { id: number; note?: string }>({
      query: ({ id, note, idempotencyKey }) => ({
        endpoint: staff.updatePayment,
        params: { id },
        body: { paymentStatus: 'paid', note },
        headers: keyed({ idempotencyKey }),
      }),
      invalidatesTags: orderAndLists,
    }),
    /** Finance settles an unpaid order on the company's account terms (PUT /order/{id}/checkout). */
    settleOnAccount: b.mutation<Out<typeof staff.checkoutOrder>, Money & { id: number }>({
      query: ({ id, idempotencyKey }) => ({
        endpoint: staff.checkoutOrder,
        params: { id },
        headers: keyed({ idempotencyKey }),
      }),
      invalidatesTags: orderAndLists,
    }),
    staffOrders: b.query<Out<typeof staff.listOrders>, QueryOf<typeof staff.listOrders>>({
      query: (query) => ({ endpoint: staff.listOrders, query }),
      providesTags: listed,
    }),
    staffOrder: b.query<Out<typeof staff.getOrder>, number>({
      query: (id) => ({ endpoint: staff.getOrder, params: { id } }),
      providesTags: (_r, _e, id) => [one(id)],
    }),
    analytics: b.query<Out<typeof staff.orderAnalytics>, { from?: string; to?: string }>({
      query: (query) => ({ endpoint: staff.orderAnalytics, query }),
      providesTags: [LIST],
    }),
    changeStatus: b.mutation<
      Out<typeof staff.changeStatus>,
      { id: number; status: z.infer<typeof OrderStatus>; note?: string }
    >({
      query: ({ id, ...body }) => ({ endpoint: staff.changeStatus, params: { id }, body }),
      invalidatesTags: orderAndLists,
    }),
    orderCommand: b.mutation<
      Out<typeof staff.getOrder>,
      { id: number; command: 'cancel' | 'submit' | 'hold' | 'release' | 'resend'; note?: string }
    >({
      query: ({ id, command, note }) => {
        if (command === 'cancel') return { endpoint: staff.cancelOrder, params: { id }, body: { note } };
        if (command === 'submit') return { endpoint: staff.submitOrder, params: { id } };
        return { endpoint: staff.orderAction, params: { id }, body: { action: command, note } };
      },
      invalidatesTags: orderAndLists,
    }),
    addComment: b.mutation<Out<typeof staff.addComment>, { id: number; body: string }>({
      query: ({ id, body }) => ({ endpoint: staff.addComment, params: { id }, body: { body } }),
      invalidatesTags: (_r, _e, { id }) => [one(id)],
    }),
    /** Redirects an order that has not left; its open fulfillments follow (logistics). */
    redirectOrder: b.mutation<
      Out<typeof staff.updateShipping>,
      { id: number } & BodyOf<typeof staff.updateShipping>
    >({
      query: ({ id, ...body }) => ({ endpoint: staff.updateShipping, params: { id }, body }),
      invalidatesTags: orderAndLists,
    }),
    routeUnits: b.mutation<
      Out<typeof staffEdit.createSubOrder>,
      { id: number; warehouseId: number; items: { orderItemId: number; quantity: number }[] }
    >({
      query: ({ id, ...body }) => ({ endpoint: staffEdit.createSubOrder, params: { id }, body }),
      invalidatesTags: orderAndLists,
    }),
    lineAction: b.mutation<
      Out<typeof staff.getOrder>,
      { o: number; i: number; s: number; action: 'route' | (typeof staff.lineActions)[number] }
    >({
      query: ({ action, ...params }) => ({
        endpoint: action === 'route' ? staff.routeLine : staff.lineAction(action),
        params,
        body: {},
      }),
      // A line's move can move its order (processing, shipped): the order and the lists.
      invalidatesTags: (_r, _e, arg) => [one(arg.o), LIST],
    }),
    fulfillments: b.query<
      Out<typeof supplierLines.listFulfillments>,
      { page: number; status?: z.infer<typeof SupplierLineStatus> }
    >({
      query: (query) => ({ endpoint: supplierLines.listFulfillments, query }),
      providesTags: (result) => [LIST, ...(result?.data.list.map((l) => one(l.orderId)) ?? [])],
    }),
    updateFulfillment: b.mutation<
      Out<typeof supplierLines.updateFulfillments>,
      { supplierLineId: number; status: 'confirmed' | 'exception' | 'cancelled' }
    >({
      query: (line) => ({ endpoint: supplierLines.updateFulfillments, body: { lines: [line] } }),
      invalidatesTags: (result) => [LIST, ...(result?.list.map((l) => one(l.orderId)) ?? [])],
    }),
  }),
});

export const {
  useMyOrdersQuery,
  useMyOrderQuery,
  useReorderMutation,
  useSandboxConfirmCryptoMutation,
  usePayOrderByCardMutation,
  useRecordPaymentMutation,
  useSettleOnAccountMutation,
  useStaffOrdersQuery,
  useStaffOrderQuery,
  useAnalyticsQuery,
  useChangeStatusMutation,
  useOrderCommandMutation,
  useAddCommentMutation,
  useRedirectOrderMutation,
  useLineActionMutation,
  useRouteUnitsMutation,
  useFulfillmentsQuery,
  useUpdateFulfillmentMutation,
} = ordersApi;
