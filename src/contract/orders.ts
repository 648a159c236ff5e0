// The buyer's orders: the company's order history and reorder.
import { z } from 'zod';
import { endpoint, Id, PageQuery, pageOf } from './common';
import { OrderDetail, OrderStatus, OrderSummary } from './order-shapes';

const OrderIdParams = z.object({ id: Id });

// Buyer: the company's own orders.

export const BuyerOrderQuery = PageQuery.extend({ status: OrderStatus.optional() });

export const listMyOrders = endpoint({
  method: 'GET',
  path: '/api/orders',
  access: 'shop',
  summary: "Order history of the caller's company, newest first",
  replica: true,
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
