import { z } from 'zod';
import { orderStatuses, supplierLineStatuses } from '../domain/order-status';
import { CartItem, Delivery, Totals } from './cart';
import { Cents, endpoint, Id, IsoDate, Ok, PageQuery, pageOf } from './common';

export const OrderStatus = z.enum(orderStatuses);
export const SupplierLineStatus = z.enum(supplierLineStatuses);

export const OrderSummary = z.object({
  orderId: z.number().int(),
  number: z.string(),
  status: OrderStatus,
  paymentStatus: z.string(),
  paymentMethod: z.string().nullable(),
  placedAt: IsoDate.nullable(),
  companyId: z.number().int(),
  companyName: z.string(),
  totalCents: Cents,
  itemCount: z.number().int(),
  trackingNumber: z.string().nullable(),
});
export type OrderSummary = z.infer<typeof OrderSummary>;

export const OrderItem = CartItem.omit({ available: true });

export const SupplierLine = z.object({
  supplierLineId: z.number().int(),
  subOrderId: z.number().int(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  orderItemId: z.number().int(),
  supplierCompanyId: z.number().int(),
  supplierName: z.string(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  skuCode: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  status: SupplierLineStatus,
  note: z.string().nullable(),
  deliveryZip: z.string().nullable(),
  nextStatuses: z.array(SupplierLineStatus),
  updatedAt: IsoDate,
});
export type SupplierLine = z.infer<typeof SupplierLine>;

export const SubOrder = z.object({
  subOrderId: z.number().int(),
  supplierCompanyId: z.number().int(),
  supplierName: z.string(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  lines: z.array(SupplierLine),
});

export const PaymentRecord = z.object({
  paymentId: z.number().int(),
  provider: z.string(),
  status: z.string(),
  amountCents: Cents,
  reference: z.string(),
  message: z.string().nullable(),
  createdAt: IsoDate,
});

export const OrderComment = z.object({
  commentId: z.number().int(),
  userName: z.string(),
  body: z.string(),
  createdAt: IsoDate,
});

export const StatusLogEntry = z.object({
  userName: z.string().nullable(),
  supplierLineId: z.number().int().nullable(),
  from: z.string().nullable(),
  to: z.string(),
  note: z.string().nullable(),
  at: IsoDate,
});

export const OrderDetail = OrderSummary.extend({
  poNumber: z.string().nullable(),
  delivery: Delivery,
  totals: Totals,
  orderItems: z.array(OrderItem),
  subOrders: z.array(SubOrder),
  payments: z.array(PaymentRecord),
  comments: z.array(OrderComment),
  log: z.array(StatusLogEntry),
  nextStatuses: z.array(OrderStatus),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

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
  summary: 'One order of the caller\'s company (404 for any other)',
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

// Checkout.

export const CardInput = z.object({
  number: z.string().trim().min(12).max(23),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit code'),
});

export const CheckoutBody = z.object({
  paymentMethod: z.enum(['card', 'account', 'finpay', 'hostedpay', 'coinpay']),
  card: CardInput.optional(),
  /** A saved card of the company. */
  sourceId: Id.optional(),
  /** A card payment intent authorized before checkout. */
  intentId: Id.optional(),
  /** The token of a financing, hosted or crypto payment. */
  token: z.string().min(4).max(200).optional(),
  poNumber: z.string().trim().max(60).optional(),
  /** The cart being checked out: a cart already checked out is a 409. */
  orderId: Id.optional(),
});
export type CheckoutBody = z.infer<typeof CheckoutBody>;

export const checkout = endpoint({
  method: 'POST',
  path: '/api/cart/checkout',
  access: 'shop',
  summary: 'Place the cart as an order and pay (send an Idempotency-Key header to retry safely)',
  body: CheckoutBody,
  response: OrderDetail,
  status: 201,
});

export { Ok };
