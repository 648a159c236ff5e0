import { z } from 'zod';
import { Cents, endpoint, Id, Ok, PageQuery, pageOf } from './common';
import {
  CartCreate,
  OrderDetail,
  OrderItem,
  OrderStatus,
  OrderSummary,
  SupplierLine,
  SupplierLineStatus,
} from './order-shapes';

const OrderIdParams = z.object({ id: Id });

// Buyer: the company's own orders.

export const BuyerOrderQuery = PageQuery.extend({ status: OrderStatus.optional() });

export const listMyOrders = endpoint({
  method: 'GET',
  path: '/api/orders',
  access: 'shop',
  summary: "Order history of the caller's company, newest first",
  query: BuyerOrderQuery,
  response: pageOf(OrderSummary),
});

export const listMyOrdersAlias = endpoint({ ...listMyOrders, path: '/api/order' });

export const getMyOrder = endpoint({
  method: 'GET',
  path: '/api/order/:id',
  access: 'shop',
  summary: "One order of the caller's company (404 for any other)",
  params: OrderIdParams,
  response: OrderDetail,
});

export const reorder = endpoint({
  method: 'POST',
  path: '/api/order/:id/reorder',
  access: 'shop',
  summary: 'Put the items of a past order into the cart again (as far as stock allows)',
  params: OrderIdParams,
  response: z.object({ added: z.number().int(), skipped: z.array(z.string()) }),
});

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
  query: StaffOrderQuery,
  response: pageOf(OrderSummary),
});

export const Analytics = z.object({
  totals: z.object({ orders: z.number().int(), salesCents: Cents, units: z.number().int() }),
  byDay: z.array(z.object({ day: z.string(), orders: z.number().int(), salesCents: Cents })),
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
  summary: 'Sales by day, by make and by company (cancelled orders left out)',
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

export const listShipments = endpoint({
  method: 'GET',
  path: '/api/v1/order/shipment',
  access: 'staff',
  summary: 'Orders that have shipped or carry a tracking number',
  query: PageQuery,
  response: pageOf(OrderSummary),
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
export const StaffOrderItem = CartCreate.omit({ orderDeliveryZip: true });

export const CreateOrderBody = z.object({
  companyId: Id,
  /** A location of that company: its price group prices the order, its ZIP is the default delivery. */
  locationId: Id,
  /** The customer's user the order is for; the company's admin when absent. */
  userId: Id.optional(),
  items: z.array(StaffOrderItem).min(1).max(50),
  orderDeliveryZip: CartCreate.shape.orderDeliveryZip,
  poNumber: z.string().trim().max(60).optional(),
});

export const createOrder = endpoint({
  method: 'POST',
  path: '/api/v1/order',
  access: 'sales',
  idempotent: true,
  summary:
    'Place an order for a company location: priced by the server for its price group, stock reserved as at checkout, unpaid until paid or settled (Idempotency-Key accepted)',
  body: CreateOrderBody,
  response: OrderDetail,
  status: 201,
});

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
  summary: 'Set the tracking number; shipping and delivery follow the status machine',
  params: OrderIdParams,
  body: z.object({ trackingNumber: z.string().trim().min(4).max(60) }),
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

export const orderLabels = endpoint({
  method: 'GET',
  path: '/api/v1/order/:id/labels',
  access: 'staff',
  summary: 'Shipping labels of the sub-orders (ship from warehouse to delivery ZIP)',
  params: OrderIdParams,
  response: z.object({
    list: z.array(
      z.object({
        subOrderId: z.number().int(),
        fromZip: z.string(),
        toZip: z.string().nullable(),
        packages: z.number().int(),
        trackingNumber: z.string(),
      }),
    ),
  }),
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

// Suppliers: only the lines routed to the caller's supplier company.

export const listFulfillments = endpoint({
  method: 'GET',
  path: '/api/supplier/fulfillments',
  access: 'supplier',
  summary: "Order lines routed to the caller's supplier company",
  query: PageQuery.extend({ status: SupplierLineStatus.optional() }),
  response: pageOf(SupplierLine),
});

export const updateFulfillments = endpoint({
  method: 'PUT',
  path: '/api/supplier/fulfillments',
  access: 'supplier',
  summary: 'Confirm, reject (exception) or cancel lines routed to the caller',
  body: z.object({
    lines: z
      .array(
        z.object({
          supplierLineId: Id,
          status: z.enum(['confirmed', 'exception', 'cancelled']),
          note: z.string().trim().max(500).optional(),
        }),
      )
      .min(1)
      .max(100),
  }),
  response: z.object({ list: z.array(SupplierLine) }),
});

export const listItemsOfOrder = endpoint({
  method: 'GET',
  path: '/api/v1/order/:id/item',
  access: 'staff',
  summary: 'The items of an order',
  params: OrderIdParams,
  response: z.object({ list: z.array(OrderItem) }),
});

export const getItemOfOrder = endpoint({
  method: 'GET',
  path: '/api/v1/order/:orderId/item/:itemId',
  access: 'staff',
  summary: 'One item of an order',
  params: z.object({ orderId: Id, itemId: Id }),
  response: OrderItem,
});

const ItemParams = z.object({ orderId: Id, itemId: Id });

export const addItemToOrder = endpoint({
  method: 'POST',
  path: '/api/v1/order/:id/item',
  access: 'sales',
  summary:
    'Add an item to a placed, unpaid order (server price, stock reserved; joins a line of the same tire and cover)',
  params: OrderIdParams,
  body: StaffOrderItem,
  response: OrderDetail,
  status: 201,
});

export const updateItemOfOrder = endpoint({
  method: 'PUT',
  path: '/api/v1/order/:orderId/item/:itemId',
  access: 'sales',
  summary:
    'Change the quantity or road hazard of an item of a placed, unpaid order: re-priced, stock reserved or released',
  params: ItemParams,
  body: z.object({
    orderItemQuantity: z.number().int('Enter a whole number').min(1, 'Enter a quantity above 0').max(999),
    orderItemRoadHazard: z.boolean().optional(),
  }),
  response: OrderDetail,
});

export const deleteItemOfOrder = endpoint({
  method: 'DELETE',
  path: '/api/v1/order/:orderId/item/:itemId',
  access: 'sales',
  summary: 'Remove an item of a placed, unpaid order (not its last one); its stock is released',
  params: ItemParams,
  response: OrderDetail,
});

export const createSubOrder = endpoint({
  method: 'POST',
  path: '/api/v1/order/:id/sub',
  access: 'staff',
  summary:
    "Route units of items to one warehouse: a sub-order with pending lines. Units come from the item's unrouted units, then from its pending lines elsewhere (their stock released)",
  params: OrderIdParams,
  body: z.object({
    warehouseId: Id,
    items: z
      .array(z.object({ orderItemId: Id, quantity: z.number().int().min(1).max(999) }))
      .min(1)
      .max(50),
    note: z.string().trim().max(500).optional(),
  }),
  response: OrderDetail,
  status: 201,
});

export const updateOrder = endpoint({
  method: 'PUT',
  path: '/api/v1/order/:id',
  access: 'sales',
  summary: 'Change the PO number of a placed, unpaid order',
  params: OrderIdParams,
  body: z.object({ poNumber: z.string().trim().max(60).nullable() }),
  response: OrderDetail,
});

export const deleteOrder = endpoint({
  method: 'DELETE',
  path: '/api/v1/order/:id',
  access: 'sales',
  summary: 'Delete a placed, unpaid order; its stock is released',
  params: OrderIdParams,
  response: Ok,
});
