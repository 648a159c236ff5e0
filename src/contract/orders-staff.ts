// The back-office order API: lists, status, actions, money, documents and supplier lines.
import { z } from 'zod';
import { ShippingChoice } from './cart';
import { Cents, endpoint, Id, PageQuery, pageOf } from './common';
import {
  OrderDetail,
  OrderItem,
  OrderStatus,
  OrderSummary,
  SupplierLine,
  SupplierLineStatus,
} from './order-shapes';

const OrderIdParams = z.object({ id: Id });

// Back-office (staff).

export const StaffOrderQuery = PageQuery.extend({
  status: OrderStatus.optional(),
  companyId: Id.optional(),
  supplierId: Id.optional(),
  from: z.string().date().optional(),
  to: z.string().date().optional(),
  q: z.string().trim().max(60).optional(),
  sort: z
    .enum(['placedAt', '-placedAt', 'total', '-total', 'number', '-number', 'status', '-status'])
    .default('-placedAt'),
});

export const listOrders = endpoint({
  method: 'GET',
  path: '/api/v1/order',
  access: 'staff',
  summary: 'Orders with filters (status, company, supplier, dates, number) and paging',
  replica: true,
  query: StaffOrderQuery,
  response: pageOf(OrderSummary),
});

/**
 * What placed orders collected besides their sales, each from the orders' stored totals: road
 * hazard cover, shipping, and what is collected for others (federal excise tax, state tire fees,
 * installer services, sales tax); `totalCents` is the orders' totals, sales plus all of these.
 */
const Collected = {
  roadHazardCents: Cents,
  shippingCents: Cents,
  fetCents: Cents,
  tireFeeCents: Cents,
  servicesCents: Cents,
  taxCents: Cents,
  totalCents: Cents,
};

/** `salesCents` everywhere is the tires after discounts (docs/domain.md, "Landed cost"). */
export const Analytics = z.object({
  totals: z.object({ orders: z.number().int(), salesCents: Cents, units: z.number().int(), ...Collected }),
  byDay: z.array(
    z.object({
      day: z.string(),
      orders: z.number().int(),
      units: z.number().int(),
      salesCents: Cents,
      ...Collected,
    }),
  ),
  byMake: z.array(
    z.object({ makeId: z.number().int(), makeName: z.string(), units: z.number().int(), salesCents: Cents }),
  ),
  byCompany: z.array(
    z.object({
      companyId: z.number().int(),
      companyName: z.string(),
      orders: z.number().int(),
      salesCents: Cents,
    }),
  ),
});

export const orderAnalytics = endpoint({
  method: 'GET',
  path: '/api/v1/order/analytics',
  access: 'staff',
  summary:
    'Sales (tires after discounts) by day, by make and by company, and per day what the orders collected besides (cancelled orders left out)',
  replica: true,
  query: z.object({ from: z.string().date().optional(), to: z.string().date().optional() }),
  response: Analytics,
});

export const listSupplierLines = endpoint({
  method: 'GET',
  path: '/api/v1/order/supplier',
  access: 'staff',
  summary: 'Order lines routed to suppliers, by supplier and status',
  query: PageQuery.extend({ supplierId: Id.optional(), status: SupplierLineStatus.optional() }),
  response: pageOf(SupplierLine),
});

export const orderStatusList = endpoint({
  method: 'GET',
  path: '/api/v1/order/status',
  access: 'staff',
  summary: 'Order and supplier-line statuses and their allowed transitions',
  response: z.object({
    statuses: z.array(OrderStatus),
    transitions: z.record(z.string(), z.array(OrderStatus)),
    supplierLineStatuses: z.array(SupplierLineStatus),
    supplierLineTransitions: z.record(z.string(), z.array(SupplierLineStatus)),
    paymentStatuses: z.array(z.string()),
    paymentTransitions: z.record(z.string(), z.array(z.string())),
  }),
});

export const OrderItemRow = OrderItem.extend({
  orderId: z.number().int(),
  orderNumber: z.string(),
  status: OrderStatus,
});

export const listOrderItemsAll = endpoint({
  method: 'GET',
  path: '/api/v1/order/item',
  access: 'staff',
  summary: 'Order items across orders, optionally of one product',
  query: PageQuery.extend({ productId: Id.optional() }),
  response: pageOf(OrderItemRow),
});

/** An item as staff enter it: the spec's cart item fields; the price always comes from the server. */

export const getOrder = endpoint({
  method: 'GET',
  path: '/api/v1/order/:id',
  access: 'staff',
  summary: 'One order with items, sub-orders, supplier lines, payments, comments and log',
  params: OrderIdParams,
  response: OrderDetail,
});

const Note = z.object({ note: z.string().trim().max(500).optional() });

export const changeStatus = endpoint({
  method: 'PUT',
  path: '/api/v1/order/:id/status',
  access: 'staff',
  summary: 'Move the order along its status machine (409 names the allowed statuses)',
  params: OrderIdParams,
  body: Note.extend({ status: OrderStatus }),
  response: OrderDetail,
});

export const cancelOrder = endpoint({
  method: 'POST',
  path: '/api/v1/order/:id/cancel',
  access: 'staff',
  summary: 'Cancel: releases the stock, voids or refunds the payment, cancels supplier lines',
  params: OrderIdParams,
  body: Note,
  response: OrderDetail,
});

export const addComment = endpoint({
  method: 'POST',
  path: '/api/v1/order/:id/comment',
  access: 'staff',
  summary: 'Add a staff comment',
  params: OrderIdParams,
  body: z.object({ body: z.string().trim().min(1).max(2000) }),
  response: OrderDetail,
});

export const submitOrder = endpoint({
  method: 'POST',
  path: '/api/v1/order/:id/submit',
  access: 'staff',
  summary: 'Send every pending supplier line to its supplier; a placed order starts processing',
  params: OrderIdParams,
  response: OrderDetail,
});

export const orderAction = endpoint({
  method: 'POST',
  path: '/api/v1/order/:id/action',
  access: 'staff',
  summary: 'Hold, release a hold, or resend the supplier lines in exception',
  params: OrderIdParams,
  body: Note.extend({ action: z.enum(['hold', 'release', 'resend']) }),
  response: OrderDetail,
});

export const updatePayment = endpoint({
  method: 'PUT',
  path: '/api/v1/order/:id/payment',
  access: 'finance',
  idempotent: true,
  summary: 'Record that an on-account or pending order was paid',
  params: OrderIdParams,
  body: Note.extend({ paymentStatus: z.literal('paid') }),
  response: OrderDetail,
});

export const updateShipping = endpoint({
  method: 'PUT',
  path: '/api/v1/order/:id/shipping',
  access: 'staff',
  summary:
    "Redirect an order that has not left (sales, support): the location, another validated address or an installer; an unpaid order's shipping is re-priced, its open fulfillments follow, one with a label is a 409",
  params: OrderIdParams,
  body: ShippingChoice,
  response: OrderDetail,
});

export const checkoutOrder = endpoint({
  method: 'PUT',
  path: '/api/v1/order/:id/checkout',
  access: 'finance',
  idempotent: true,
  summary: 'Settle an unpaid order on the company account (staff checkout)',
  params: OrderIdParams,
  response: OrderDetail,
});

export const orderInvoice = endpoint({
  method: 'GET',
  path: '/api/v1/order/:id/invoice',
  access: 'staff',
  summary: 'The invoice as a PDF',
  params: OrderIdParams,
  response: z.unknown(),
});

export const productReview = endpoint({
  method: 'GET',
  path: '/api/v1/order/:id/productreview',
  access: 'staff',
  summary: 'The product-review request for a delivered order: who to ask about which tires',
  params: OrderIdParams,
  response: z.object({
    email: z.string().nullable(),
    products: z.array(
      z.object({ productId: z.number().int(), description: z.string(), reviewUrl: z.string() }),
    ),
  }),
});

export const orderSupplierLines = endpoint({
  method: 'GET',
  path: '/api/v1/order/:id/supplier',
  access: 'staff',
  summary: "The order's supplier lines",
  params: OrderIdParams,
  response: z.object({ list: z.array(SupplierLine) }),
});

const LineParams = z.object({ o: Id, i: Id, s: Id });

export const routeLine = endpoint({
  method: 'POST',
  path: '/api/v1/order/:o/item/:i/supplier/:s',
  access: 'staff',
  summary: "Send an item's pending line at supplier s to that supplier",
  params: LineParams,
  body: Note.optional(),
  response: OrderDetail,
});

export const lineActions = ['confirm', 'cancel', 'exception', 'resend'] as const;
export const lineAction = (action: (typeof lineActions)[number]) =>
  endpoint({
    method: 'POST',
    path: `/api/v1/order/:o/item/:i/supplier/:s/${action}`,
    access: 'staff',
    summary: `Mark the item's line at supplier s: ${action}`,
    params: LineParams,
    body: Note.optional(),
    response: OrderDetail,
  });
