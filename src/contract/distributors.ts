// Distributors (drop-ship, docs/logistics.md "Distributors"): three sandboxes, each answering the
// vendor calls in its own shape; staff send an order's unrouted units to one and see its orders,
// statuses and locations. Suppliers, buyers and installers see none of it.
import { z } from 'zod';
import { distributorAutoSendModes } from '../domain/distributor-auto-send';
import { distributorOrderStatuses } from '../domain/distributor-status';
import { endpoint, Id, IsoDate } from './common';

const IdParams = z.object({ id: Id });

export const DistributorCode = z.enum(['tirewire', 'rubberline', 'wheelway']);
export const DistributorOrderStatus = z.enum(distributorOrderStatuses);

export const DistributorOrder = z.object({
  distributorOrderId: z.number().int(),
  distributor: DistributorCode,
  /** The distributor's name (the one place names come from: the sandbox's profile). */
  distributorName: z.string(),
  /** The company's automatic rule that sent it (cheapest, fastest); null when staff sent it. */
  autoRule: z.enum(distributorAutoSendModes).exclude(['off']).nullable(),
  reference: z.string(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  status: DistributorOrderStatus,
  next: z.array(DistributorOrderStatus),
  shipFromCode: z.string(),
  shipFromZip: z.string(),
  shipToZip: z.string(),
  costCents: z.number().int(),
  trackingNumber: z.string().nullable(),
  shipmentId: z.number().int().nullable(),
  lines: z.array(
    z.object({
      orderItemId: z.number().int(),
      productId: z.number().int(),
      quantity: z.number().int(),
      unitCostCents: z.number().int(),
    }),
  ),
  createdAt: IsoDate,
  shippedAt: IsoDate.nullable(),
});

const OrderList = z.object({ list: z.array(DistributorOrder) });
const ByOrder = z.object({ orderId: Id.optional() });
const ByReference = z.object({ reference: z.string().min(1).max(40) });

// Distributor 1 (tirewire): one `order` call lists (by our order id) and its own locations and statuses.
export const tirewireOrder = endpoint({
  method: 'GET',
  path: '/api/v1/vendor/tirewire/order',
  access: 'staff',
  summary: "TireWire's orders for the shop, newest first (?orderId= narrows to one of our orders)",
  query: ByOrder,
  response: OrderList,
});

export const tirewireLocations = endpoint({
  method: 'GET',
  path: '/api/v1/vendor/tirewire/locations',
  access: 'staff',
  summary: "TireWire's ship-from warehouses with their ZIPs",
  response: z.object({ list: z.array(z.object({ code: z.string(), name: z.string(), zip: z.string() })) }),
});

export const tirewireStatuses = endpoint({
  method: 'GET',
  path: '/api/v1/vendor/tirewire/statuses',
  access: 'staff',
  summary: 'The statuses of a distributor order and where each may go',
  response: z.object({
    list: z.array(z.object({ status: DistributorOrderStatus, next: z.array(DistributorOrderStatus) })),
  }),
});

// Distributors 2 and 3 (rubberline, wheelway): `orders` lists, `order` answers one by its reference.
export const rubberlineOrders = endpoint({
  method: 'GET',
  path: '/api/v1/vendor/rubberline/orders',
  access: 'staff',
  summary: "Rubberline's orders for the shop, newest first (?orderId= narrows to one of our orders)",
  query: ByOrder,
  response: OrderList,
});

export const rubberlineOrder = endpoint({
  method: 'GET',
  path: '/api/v1/vendor/rubberline/order',
  access: 'staff',
  summary: 'One Rubberline order by its reference',
  query: ByReference,
  response: DistributorOrder,
});

export const wheelwayOrders = endpoint({
  ...rubberlineOrders,
  path: '/api/v1/vendor/wheelway/orders',
  summary: "Wheelway's orders for the shop, newest first (?orderId= narrows to one of our orders)",
});

export const wheelwayOrder = endpoint({
  ...rubberlineOrder,
  path: '/api/v1/vendor/wheelway/order',
  summary: 'One Wheelway order by its reference',
});

export const distributorOffers = endpoint({
  method: 'GET',
  path: '/api/v1/order/:id/distributors',
  access: 'staff',
  summary:
    "What each distributor can send of an order's unrouted units: units free, cost per unit, lead days",
  params: IdParams,
  response: z.object({
    list: z.array(
      z.object({
        orderItemId: z.number().int(),
        productId: z.number().int(),
        unrouted: z.number().int(),
        offers: z.array(
          z.object({
            distributor: DistributorCode,
            distributorName: z.string(),
            available: z.number().int(),
            unitCostCents: z.number().int(),
            leadDays: z.number().int(),
          }),
        ),
      }),
    ),
  }),
});

export const sendToDistributor = endpoint({
  method: 'POST',
  path: '/api/v1/order/:id/distributors',
  access: 'staff',
  summary:
    "Send unrouted units of the order's items to a distributor (no warehouse stock is taken); 409 when more units than unrouted or than it has",
  params: IdParams,
  body: z.object({
    distributor: DistributorCode,
    items: z
      .array(z.object({ orderItemId: Id, quantity: z.number().int().min(1).max(999) }))
      .min(1)
      .max(50),
  }),
  response: DistributorOrder,
});

export const cancelDistributorOrder = endpoint({
  method: 'POST',
  path: '/api/v1/distributor/order/:id/cancel',
  access: 'staff',
  summary: 'Cancel a distributor order that has not shipped; its units are unrouted again',
  params: IdParams,
  response: DistributorOrder,
});

export const sandboxShipDistributor = endpoint({
  method: 'POST',
  path: '/api/sandbox/distributors/advance',
  access: 'staff',
  summary:
    'Sandbox only: the distributor moves its order up to `status` (or as its timetable says by `at`, default now); shipping sends the ship confirmation that starts the shipment',
  body: z.object({
    reference: z.string().min(1).max(40),
    status: z.enum(['accepted', 'shipped']).optional(),
    at: z.iso.datetime({ offset: true }).optional(),
  }),
  response: DistributorOrder,
});
