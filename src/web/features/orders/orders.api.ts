import type { z } from 'zod';
import type { OrderStatus, OrderSummary, SupplierLineStatus } from '../../../contract/order-shapes';
import * as buyer from '../../../contract/orders';
import * as staff from '../../../contract/orders-staff';
import * as staffEdit from '../../../contract/orders-staff-edit';
import * as supplierLines from '../../../contract/orders-supplier';
import * as pay from '../../../contract/payments';
import { api, type BodyOf } from '../../api/api';
import { byId, contractMutation, contractQuery } from '../../api/endpoints';

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
    myOrders: contractQuery(b, buyer.listMyOrders, {
      input: (query: { page: number; pageSize?: number }) => ({ query }),
      provides: listed,
    }),
    myOrder: contractQuery(b, buyer.getMyOrder, { input: byId, provides: (_r, _e, id) => [one(id)] }),
    reorder: contractMutation(b, buyer.reorder, { input: byId }),
    /**
     * Sandbox only: the chain confirms the order's crypto charge (`reference`: the coinpay
     * token) and the provider sends its signed webhook. 404 in production.
     */
    sandboxConfirmCrypto: contractMutation(b, pay.sandboxCryptoConfirm, {
      input: ({ reference }: { id: number; reference: string }) => ({ params: { reference } }),
      invalidates: orderAndLists,
    }),
    /** Pays an unpaid order by card: a token of the card form, or a saved card (`sourceId`). */
    payOrderByCard: contractMutation(b, pay.payOrderByCard, {
      input: ({
        id,
        idempotencyKey,
        ...body
      }: Money & { id: number; cardToken?: string; sourceId?: number }) => ({
        params: { id },
        body,
        headers: keyed({ idempotencyKey }),
      }),
      invalidates: orderAndLists,
    }),
    /** Finance records the money of an order as received (PUT /order/{id}/payment). */
    recordPayment: contractMutation(b, staff.updatePayment, {
      input: ({ id, note, idempotencyKey }: Money & { id: number; note?: string }) => ({
        params: { id },
        body: { paymentStatus: 'paid', note },
        headers: keyed({ idempotencyKey }),
      }),
      invalidates: orderAndLists,
    }),
    /** Finance settles an unpaid order on the company's account terms (PUT /order/{id}/checkout). */
    settleOnAccount: contractMutation(b, staff.checkoutOrder, {
      input: ({ id, idempotencyKey }: Money & { id: number }) => ({
        params: { id },
        headers: keyed({ idempotencyKey }),
      }),
      invalidates: orderAndLists,
    }),
    staffOrders: contractQuery(b, staff.listOrders, { provides: listed }),
    staffOrder: contractQuery(b, staff.getOrder, { input: byId, provides: (_r, _e, id) => [one(id)] }),
    analytics: contractQuery(b, staff.orderAnalytics, {
      input: (query: { from?: string; to?: string }) => ({ query }),
      provides: [LIST],
    }),
    changeStatus: contractMutation(b, staff.changeStatus, {
      input: ({ id, ...body }: { id: number; status: z.infer<typeof OrderStatus>; note?: string }) => ({
        params: { id },
        body,
      }),
      invalidates: orderAndLists,
    }),
    orderCommand: contractMutation(b, staff.orderAction, {
      // The three command endpoints answer the order; the command names which one.
      input: ({
        id,
        command,
        note,
      }: {
        id: number;
        command: 'cancel' | 'submit' | 'hold' | 'release' | 'resend';
        note?: string;
      }) => {
        if (command === 'cancel') return { endpoint: staff.cancelOrder, params: { id }, body: { note } };
        if (command === 'submit') return { endpoint: staff.submitOrder, params: { id } };
        return { params: { id }, body: { action: command, note } };
      },
      invalidates: orderAndLists,
    }),
    addComment: contractMutation(b, staff.addComment, {
      input: ({ id, body }: { id: number; body: string }) => ({ params: { id }, body: { body } }),
      invalidates: (_r, _e, { id }) => [one(id)],
    }),
    /** Redirects an order that has not left; its open fulfillments follow (logistics). */
    redirectOrder: contractMutation(b, staff.updateShipping, {
      input: ({ id, ...body }: { id: number } & BodyOf<typeof staff.updateShipping>) => ({
        params: { id },
        body,
      }),
      invalidates: orderAndLists,
    }),
    routeUnits: contractMutation(b, staffEdit.createSubOrder, {
      input: ({
        id,
        ...body
      }: {
        id: number;
        warehouseId: number;
        items: { orderItemId: number; quantity: number }[];
      }) => ({
        params: { id },
        body,
      }),
      invalidates: orderAndLists,
    }),
    lineAction: contractMutation(b, staff.routeLine, {
      // Routing and the line actions answer the order; the action names the endpoint.
      input: ({
        action,
        ...params
      }: {
        o: number;
        i: number;
        s: number;
        action: 'route' | (typeof staff.lineActions)[number];
      }) => ({
        endpoint: action === 'route' ? staff.routeLine : staff.lineAction(action),
        params,
        body: {},
      }),
      // A line's move can move its order (processing, shipped): the order and the lists.
      invalidates: (_r, _e, arg) => [one(arg.o), LIST],
    }),
    fulfillments: contractQuery(b, supplierLines.listFulfillments, {
      input: (query: { page: number; status?: z.infer<typeof SupplierLineStatus> }) => ({ query }),
      provides: (result) => [LIST, ...(result?.data.list.map((l) => one(l.orderId)) ?? [])],
    }),
    updateFulfillment: contractMutation(b, supplierLines.updateFulfillments, {
      input: (line: { supplierLineId: number; status: 'confirmed' | 'exception' | 'cancelled' }) => ({
        body: { lines: [line] },
      }),
      invalidates: (result) => [LIST, ...(result?.list.map((l) => one(l.orderId)) ?? [])],
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
