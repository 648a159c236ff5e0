// Fulfillments, labels, courier rates and pickups (docs/logistics.md). Suppliers see and work
// their own; staff see all, and support corrects them.
import { z } from 'zod';
import { courierServices, couriers } from '../domain/shipping';
import { fulfillmentStatuses } from '../domain/shipping-status';
import { Cents, endpoint, Id, IsoDate, PageQuery, pageOf } from './common';
import { DeliveryAddress } from './order-shapes';

export const Courier = z.enum(couriers);
export const CourierService = z.enum(courierServices);
export const FulfillmentStatus = z.enum(fulfillmentStatuses);

export const Address = z.object({
  name: z.string(),
  address1: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
});

export const FulfillmentLine = z.object({
  supplierLineId: z.number().int(),
  orderItemId: z.number().int(),
  skuCode: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  weightLbs: z.number().nullable(),
});

export const Label = z.object({
  labelId: z.number().int(),
  trackingNumber: z.string(),
  courier: z.string(),
  service: z.string(),
  rateCents: Cents,
  packages: z.number().int(),
  weightLbs: z.number().int(),
  status: z.enum(['active', 'voided']),
  createdAt: IsoDate,
});

export const Fulfillment = z.object({
  fulfillmentId: z.number().int(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  subOrderId: z.number().int(),
  supplierCompanyId: z.number().int(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  warehouseZip: z.string(),
  status: FulfillmentStatus,
  /** The statuses it may move to next (for the buttons). */
  next: z.array(FulfillmentStatus),
  shipTo: Address,
  courier: z.string().nullable(),
  service: z.string().nullable(),
  rateCents: Cents.nullable(),
  packages: z.number().int(),
  weightLbs: z.number().int(),
  lines: z.array(FulfillmentLine),
  labels: z.array(Label),
  shipment: z
    .object({ shipmentId: z.number().int(), status: z.string(), trackingNumber: z.string() })
    .nullable(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type Fulfillment = z.infer<typeof Fulfillment>;

export const FulfillmentProposal = z.object({
  orderId: z.number().int(),
  orderNumber: z.string(),
  subOrderId: z.number().int(),
  warehouseId: z.number().int(),
  warehouseName: z.string(),
  shipTo: Address,
  lines: z.array(FulfillmentLine),
});
export type FulfillmentProposal = z.infer<typeof FulfillmentProposal>;

export const Rate = z.object({
  courier: Courier,
  service: CourierService,
  rateCents: Cents,
  transitDays: z.number().int(),
});
export type Rate = z.infer<typeof Rate>;

const IdParams = z.object({ id: Id });
const One = z.object({ data: Fulfillment });
const Note = z.string().trim().max(500).optional();
const FulfillmentQuery = PageQuery.extend({ status: FulfillmentStatus.optional(), orderId: Id.optional() });

export const listFulfillments = endpoint({
  method: 'GET',
  path: '/api/v1/fulfillment',
  access: 'fulfillment',
  summary: "Fulfillments, newest first: a supplier's own, every one for staff",
  query: FulfillmentQuery,
  response: pageOf(Fulfillment),
});

export const proposeFulfillments = endpoint({
  method: 'GET',
  path: '/api/v1/fulfillment/new',
  access: 'fulfillment',
  summary:
    'Confirmed supplier lines in no fulfillment yet, grouped by order and warehouse: what to fulfil next',
  query: z.object({ orderId: Id.optional(), warehouseId: Id.optional() }),
  response: z.object({ list: z.array(FulfillmentProposal) }),
});

export const fulfillmentStatusList = endpoint({
  method: 'GET',
  path: '/api/v1/fulfillment/status',
  access: 'fulfillment',
  summary: 'Fulfillment statuses and the transitions between them',
  response: z.object({
    statuses: z.array(FulfillmentStatus),
    transitions: z.record(z.string(), z.array(FulfillmentStatus)),
  }),
});

export const getFulfillment = endpoint({
  method: 'GET',
  path: '/api/v1/fulfillment/:id',
  access: 'fulfillment',
  summary: 'One fulfillment with its lines, labels and shipment',
  params: IdParams,
  response: One,
});

export const fulfillmentRates = endpoint({
  method: 'GET',
  path: '/api/v1/fulfillment/:id/rates',
  access: 'fulfillment',
  summary: "The couriers' rates for the fulfillment's packages (a tire each), cheapest first",
  params: IdParams,
  response: z.object({ list: z.array(Rate), packages: z.number().int(), weightLbs: z.number().int() }),
});

export const createFulfillment = endpoint({
  method: 'POST',
  path: '/api/v1/fulfillment',
  access: 'shipping',
  summary: 'Group confirmed supplier lines of one order and warehouse into a fulfillment',
  body: z.object({ supplierLineIds: z.array(Id).min(1).max(100) }),
  response: One,
  status: 201,
});

export const chooseRate = endpoint({
  method: 'PUT',
  path: '/api/v1/fulfillment',
  access: 'shipping',
  summary: 'Choose the courier and service of a fulfillment (before its label is bought)',
  body: z.object({ fulfillmentId: Id, courier: Courier, service: CourierService }),
  response: One,
});

export const cancelFulfillment = endpoint({
  method: 'POST',
  path: '/api/v1/fulfillment/:id/cancel',
  access: 'shipping',
  summary: 'Cancel a fulfillment before pickup: its label is voided and its lines wait for a new one',
  params: IdParams,
  body: z.object({ note: Note }).default({}),
  response: One,
});

export const generateLabel = endpoint({
  method: 'POST',
  path: '/api/v1/fulfillment/label/gen',
  access: 'shipping',
  idempotent: true,
  summary:
    'Buy the label of a fulfillment (the chosen rate, or the courier and service given); a shipment starts',
  body: z.object({ fulfillmentId: Id, courier: Courier.optional(), service: CourierService.optional() }),
  response: z.object({ data: Fulfillment, label: Label }),
  status: 201,
});

export const changeFulfillmentStatus = endpoint({
  method: 'PUT',
  path: '/api/v1/fulfillment/status',
  access: 'shipping',
  summary: 'Move a fulfillment along its status table (suppliers: exception or cancelled)',
  body: z.object({ fulfillmentId: Id, status: FulfillmentStatus, note: Note }),
  response: One,
});

export const changeFulfillmentAddress = endpoint({
  method: 'PUT',
  path: '/api/v1/fulfillment/:id/address',
  access: 'shipping',
  summary:
    'Correct where a fulfillment ships to, before its label is bought (ZIP checked against city and state)',
  params: IdParams,
  body: z.object({ address: DeliveryAddress }),
  response: One,
});

export const staffFulfillments = endpoint({
  method: 'GET',
  path: '/api/v1/mts/fulfillments',
  access: 'staff',
  summary: 'Every fulfillment, for the console',
  query: FulfillmentQuery.extend({ supplierCompanyId: Id.optional() }),
  response: pageOf(Fulfillment),
});

export const staffUpdateFulfillments = endpoint({
  method: 'PUT',
  path: '/api/v1/mts/fulfillments',
  access: 'support',
  summary: 'Correct the status of several fulfillments at once',
  body: z.object({
    fulfillments: z
      .array(z.object({ fulfillmentId: Id, status: FulfillmentStatus, note: Note }))
      .min(1)
      .max(100),
  }),
  response: z.object({ list: z.array(Fulfillment) }),
});

export const printLabels = endpoint({
  method: 'GET',
  path: '/api/v1/mts/fulfillments/labels',
  access: 'fulfillment',
  summary: 'The active labels of the fulfillments as one 4×6 PDF, a page per package',
  query: z.object({ ids: z.union([Id, z.array(Id)]).transform((v) => (Array.isArray(v) ? v : [v])) }),
  response: z.unknown(),
});

export const convertOrder = endpoint({
  method: 'POST',
  path: '/api/v1/mts/convert',
  access: 'support',
  summary: "Turn an order's confirmed lines into fulfillments, one per warehouse",
  body: z.object({ orderId: Id }),
  response: z.object({ list: z.array(Fulfillment) }),
});

export const PickupWindow = z.object({
  courier: Courier,
  windowStart: IsoDate,
  windowEnd: IsoDate,
  available: z.boolean(),
});

export const Pickup = z.object({
  pickupId: z.number().int(),
  courier: Courier,
  warehouseId: z.number().int(),
  windowStart: IsoDate,
  windowEnd: IsoDate,
  status: z.enum(['scheduled', 'cancelled']),
  confirmation: z.string(),
  packages: z.number().int(),
});

export const pickupAvailability = endpoint({
  method: 'GET',
  path: '/api/v1/shipping/pickup/availability/:id',
  access: 'fulfillment',
  summary:
    'Pickup windows of the next five weekdays at a warehouse (id), per courier; a booked window is unavailable',
  params: IdParams,
  query: z.object({ courier: Courier.optional() }),
  response: z.object({
    warehouseName: z.string(),
    /** The warehouse's IANA time zone: the windows are shown in it. */
    timeZone: z.string(),
    list: z.array(PickupWindow),
    scheduled: z.array(Pickup),
  }),
});

export const schedulePickup = endpoint({
  method: 'POST',
  path: '/api/v1/shipping/pickup/schedule',
  access: 'shipping',
  summary:
    'Book a courier pickup at a warehouse for one of its offered windows (never in the past, never twice)',
  body: z.object({ warehouseId: Id, courier: Courier, windowStart: z.iso.datetime({ offset: true }) }),
  response: z.object({ data: Pickup }),
  status: 201,
});

export const cancelPickup = endpoint({
  method: 'DELETE',
  path: '/api/v1/shipping/pickup/cancel/:id',
  access: 'shipping',
  summary: 'Cancel a booked pickup before its window starts',
  params: IdParams,
  response: z.object({ data: Pickup }),
});
