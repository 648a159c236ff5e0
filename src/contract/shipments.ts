// Shipments and their tracking (docs/logistics.md): one per label; buyers see their company's,
// installers those to their bays, suppliers their own, staff all; support corrects them.
import { z } from 'zod';
import { couriers, courierServices } from '../domain/shipping';
import { shipmentStatuses } from '../domain/shipping-status';
import { endpoint, Id, IsoDate, PageQuery, pageOf } from './common';

export const ShipmentStatus = z.enum(shipmentStatuses);

export const ShipmentEvent = z.object({
  status: ShipmentStatus,
  at: IsoDate,
  location: z.string().nullable(),
  note: z.string().nullable(),
  source: z.string(),
});

export const Shipment = z.object({
  shipmentId: z.number().int(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  fulfillmentId: z.number().int().nullable(),
  courier: z.string(),
  service: z.string(),
  trackingNumber: z.string(),
  status: ShipmentStatus,
  next: z.array(ShipmentStatus),
  shipFromZip: z.string(),
  shipToZip: z.string(),
  /** When the courier's timetable expects it (the sandbox's promise; null once delivered or stopped). */
  expectedAt: IsoDate.nullable(),
  deliveredAt: IsoDate.nullable(),
  createdAt: IsoDate,
  items: z.array(
    z.object({ orderItemId: z.number().int(), description: z.string(), quantity: z.number().int() }),
  ),
  events: z.array(ShipmentEvent),
});
export type Shipment = z.infer<typeof Shipment>;

/** An order's delivery as a buyer sees it: its shipments and how many units are on the way or arrived. */
export const OrderDelivery = z.object({
  orderId: z.number().int(),
  units: z.object({ ordered: z.number().int(), left: z.number().int(), delivered: z.number().int() }),
  state: z.enum(['not_shipped', 'partially_shipped', 'shipped', 'partially_delivered', 'delivered']),
  shipments: z.array(Shipment),
});

const IdParams = z.object({ id: Id });
const One = z.object({ data: Shipment });
const ShipmentQuery = PageQuery.extend({ status: ShipmentStatus.optional(), orderId: Id.optional() });

export const listShipments = endpoint({
  method: 'GET',
  path: '/api/v1/shipment',
  access: 'user',
  summary:
    "Shipments the caller may see (a customer's, an installer's, a supplier's; staff all), newest first",
  query: ShipmentQuery,
  response: pageOf(Shipment),
});

export const shipmentStatusList = endpoint({
  method: 'GET',
  path: '/api/v1/shipment/status',
  access: 'user',
  summary: 'Shipment statuses and the transitions between them',
  response: z.object({
    statuses: z.array(ShipmentStatus),
    transitions: z.record(z.string(), z.array(ShipmentStatus)),
  }),
});

export const getShipment = endpoint({
  method: 'GET',
  path: '/api/v1/shipment/:id',
  access: 'user',
  summary: 'One shipment with its units and tracking timeline',
  params: IdParams,
  response: One,
});

export const createShipment = endpoint({
  method: 'POST',
  path: '/api/v1/shipment',
  access: 'support',
  summary:
    'Record a shipment sent outside the label flow (freight, a courier booked by phone) for units of an order',
  body: z.object({
    orderId: Id,
    courier: z.string().trim().min(2).max(40),
    service: z.string().trim().min(2).max(40).default('ground'),
    trackingNumber: z.string().trim().min(4).max(60),
    shipFromZip: z.string().regex(/^\d{5}$/, 'must be a 5-digit US ZIP code'),
    items: z
      .array(z.object({ orderItemId: Id, quantity: z.number().int().min(1).max(1000) }))
      .min(1)
      .max(100),
  }),
  response: One,
  status: 201,
});

export const updateShipment = endpoint({
  method: 'PUT',
  path: '/api/v1/shipment/:id',
  access: 'support',
  summary: 'Correct the courier or tracking number of a shipment that has not been delivered',
  params: IdParams,
  body: z.object({
    courier: z.string().trim().min(2).max(40).optional(),
    trackingNumber: z.string().trim().min(4).max(60).optional(),
  }),
  response: One,
});

export const changeShipmentStatus = endpoint({
  method: 'PUT',
  path: '/api/v1/shipment/:id/status',
  access: 'support',
  summary:
    'Move a shipment along its status table by hand (the courier confirmed by phone); the order follows',
  params: IdParams,
  body: z.object({ status: ShipmentStatus, note: z.string().trim().max(500).optional() }),
  response: One,
});

export const shipmentAction = endpoint({
  method: 'POST',
  path: '/api/v1/shipment/:id/action',
  access: 'support',
  summary: 'refresh: ask the tracking service for the scans due by now; void: void a label not yet picked up',
  params: IdParams,
  body: z.object({ action: z.enum(['refresh', 'void']), note: z.string().trim().max(500).optional() }),
  response: One,
});

export const orderShipments = endpoint({
  method: 'GET',
  path: '/api/v1/order/shipment',
  access: 'staff',
  summary: 'Shipments of every order, newest first (the console)',
  query: ShipmentQuery,
  response: pageOf(Shipment),
});

export const orderLabels = endpoint({
  method: 'GET',
  path: '/api/v1/order/:id/labels',
  access: 'staff',
  summary: 'The labels bought for the order: courier, service, tracking number, packages, rate',
  params: IdParams,
  response: z.object({
    list: z.array(
      z.object({
        labelId: z.number().int(),
        fulfillmentId: z.number().int(),
        subOrderId: z.number().int(),
        fromZip: z.string(),
        toZip: z.string(),
        courier: z.string(),
        service: z.string(),
        packages: z.number().int(),
        weightLbs: z.number().int(),
        rateCents: z.number().int(),
        trackingNumber: z.string(),
        status: z.enum(['active', 'voided']),
      }),
    ),
  }),
});

export const myOrderDelivery = endpoint({
  method: 'GET',
  path: '/api/order/:id/shipments',
  access: 'user',
  summary: "An order's shipments and tracking as its buyer (or its installer, supplier, staff) sees them",
  params: IdParams,
  response: OrderDelivery,
});

export const trackingCouriers = endpoint({
  method: 'GET',
  path: '/api/v1/vendor/trackhub/couriers',
  access: 'user',
  summary: 'The couriers the tracking service follows, with their services',
  response: z.object({
    list: z.array(
      z.object({ code: z.enum(couriers), name: z.string(), services: z.array(z.enum(courierServices)) }),
    ),
  }),
});

const CourierLocations = z.object({
  list: z.array(
    z.object({ code: z.string(), name: z.string(), zip: z.string(), miles: z.number().int().nullable() }),
  ),
});

export const courierLocationsStorefront = endpoint({
  method: 'GET',
  path: '/api/:courier/locations',
  access: 'user',
  summary: "A courier's drop-off depots, nearest first to ?zip= (default: the caller's location)",
  params: z.object({ courier: z.enum(couriers) }),
  query: z.object({
    zip: z
      .string()
      .regex(/^\d{5}$/)
      .optional(),
  }),
  response: CourierLocations,
});

export const courierLocationsVendor = endpoint({
  ...courierLocationsStorefront,
  path: '/api/v1/vendor/:courier/locations',
});

export const trackingWebhook = endpoint({
  method: 'POST',
  path: '/api/webhooks/trackhub',
  access: 'public',
  summary:
    'The tracking service reports a scan. Signed like every provider webhook: X-Webhook-Signature t=<unix seconds>,v1=<HMAC-SHA256 hex of "t.body">',
  body: z.object({
    id: z.string().min(1).max(200),
    type: z.literal('tracking.update'),
    data: z.object({
      trackingNumber: z.string().min(1).max(60),
      status: ShipmentStatus,
      location: z.string().max(120).nullable().default(null),
      at: z.iso.datetime({ offset: true }),
    }),
  }),
  response: z.object({ received: z.literal(true), applied: z.boolean() }),
});

export const sandboxAdvanceTracking = endpoint({
  method: 'POST',
  path: '/api/sandbox/trackhub/advance',
  access: 'user',
  summary:
    'Sandbox only: the tracking service scans a shipment up to `status` (or as its timetable says by `at`, default now) and sends its signed webhooks',
  body: z.object({
    trackingNumber: z.string().min(1).max(60),
    status: ShipmentStatus.optional(),
    at: z.iso.datetime({ offset: true }).optional(),
  }),
  response: z.object({ sent: z.number().int(), status: ShipmentStatus }),
});
