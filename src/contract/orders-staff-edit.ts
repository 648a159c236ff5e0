// Staff placing and editing orders: create, items, sub-orders, PO number, delete.
import { z } from 'zod';
import { endpoint, Id, Ok } from './common';
import { CartCreate, OrderDetail, OrderItem } from './order-shapes';

const OrderIdParams = z.object({ id: Id });

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
