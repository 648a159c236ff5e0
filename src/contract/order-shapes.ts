// The shapes of a cart and an order as the API answers them, shared by the cart, orders and
// payments endpoints (which never import one another's files).
import { z } from 'zod';
import { orderStatuses, supplierLineStatuses } from '../domain/order-status';
import { Cents, Id, IsoDate } from './common';

export const Quantity = z.number().int('Enter a whole number').positive('Enter a quantity above 0').max(999);
export const Zip = z
  .string()
  .trim()
  .regex(/^\d{5}$/, 'Enter a 5-digit ZIP code');

/**
 * An order's landed cost: the tires (subtotal less discounts), road hazard cover, federal excise
 * tax, the state's tire fees, installer services, shipping and the sales tax (the sum of the line
 * taxes); totalCents is all of it, what the order costs and what payments charge.
 */
export const Totals = z.object({
  subtotalCents: Cents,
  roadHazardCents: Cents,
  shippingCents: Cents,
  discountCents: Cents,
  fetCents: Cents,
  tireFeeCents: Cents,
  servicesCents: Cents,
  taxCents: Cents,
  totalCents: Cents,
});

/** Where and at what an order is taxed: the delivery's state, the combined rate, the exempting certificate. */
export const TaxApplied = z.object({
  /** Two letters; null while the delivery's state is unknown (nothing is taxed then). */
  state: z.string().nullable(),
  /** Parts per million: 82 500 = 8.25 %; 0 when exempt. */
  ratePpm: z.number().int(),
  certificate: z.object({ id: z.number().int(), kind: z.string(), number: z.string() }).nullable(),
});
export type TaxApplied = z.infer<typeof TaxApplied>;

/**
 * The staggered set a line is a half of (docs/fleet.md, "Staggered sets"): both halves name the
 * same `setId`. `brokenAt`: a return took part of the set back; `brokenNote` says which half.
 */
export const LineSet = z.object({
  setId: z.number().int(),
  position: z.enum(['front', 'rear']),
  /** The other half's line. */
  partnerItemId: z.number().int(),
  brokenAt: IsoDate.nullable(),
  brokenNote: z.string().nullable(),
});
export type LineSet = z.infer<typeof LineSet>;

export const CartItem = z.object({
  orderItemId: z.number().int(),
  orderItemMakeId: z.number().int(),
  orderItemModelId: z.number().int(),
  orderItemProductId: z.number().int(),
  orderItemQuantity: z.number().int(),
  orderItemRoadHazard: z.boolean(),
  makeName: z.string(),
  modelName: z.string(),
  skuCode: z.string(),
  size: z.string(),
  unitPriceCents: Cents,
  unitDiscountCents: Cents,
  roadHazardUnitCents: Cents,
  /** The tires and their road hazard cover: quantity × (price − discount + cover). */
  lineTotalCents: Cents,
  /** Per tire: federal excise tax (never discounted), the state's tire fee, installer services. */
  fetUnitCents: Cents,
  tireFeeUnitCents: Cents,
  servicesUnitCents: Cents,
  /** The line's share of the shipping and its sales tax. */
  shippingCents: Cents,
  taxCents: Cents,
  available: z.number().int(),
  /** The set the line is a half of; null (or absent) for a line of its own. */
  set: LineSet.nullable().optional(),
});
export type CartItem = z.infer<typeof CartItem>;

export const DeliveryAddress = z.object({
  name: z.string().trim().min(1).max(120),
  address1: z.string().trim().min(1).max(200),
  city: z.string().trim().min(1).max(100),
  state: z.string().trim().length(2),
  zip: Zip,
});

export const Delivery = z.object({
  kind: z.enum(['location', 'address', 'installer']),
  zip: z.string().nullable(),
  address: DeliveryAddress.nullable(),
  installerLocationId: z.number().int().nullable(),
});

export const Cart = z.object({
  /** null while the user has no cart yet. */
  orderId: z.number().int().nullable(),
  orderDeliveryZip: z.string().nullable(),
  delivery: Delivery,
  paymentMethod: z.string().nullable(),
  orderItems: z.array(CartItem),
  totals: Totals,
  tax: TaxApplied,
});
export type Cart = z.infer<typeof Cart>;

export const CartCreate = z.object({
  orderItemMakeId: Id,
  orderItemModelId: Id,
  orderItemProductId: Id,
  orderItemQuantity: Quantity,
  orderItemRoadHazard: z.boolean().default(false),
  orderDeliveryZip: Zip.optional(),
});
export type CartCreate = z.infer<typeof CartCreate>;

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
  /** The customer's user the order is for. */
  buyerName: z.string(),
  /** The staff member who placed it for the customer; null when the buyer checked out. */
  placedByName: z.string().nullable(),
  totalCents: Cents,
  itemCount: z.number().int(),
  trackingNumber: z.string().nullable(),
});
export type OrderSummary = z.infer<typeof OrderSummary>;

export const OrderItem = CartItem.omit({ available: true }).extend({
  /** Units on no supplier line: a supplier cancelled them and no other warehouse had them. */
  unroutedQuantity: z.number().int(),
});

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
  warehouseZip: z.string(),
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
  tax: TaxApplied,
  orderItems: z.array(OrderItem),
  subOrders: z.array(SubOrder),
  payments: z.array(PaymentRecord),
  comments: z.array(OrderComment),
  log: z.array(StatusLogEntry),
  nextStatuses: z.array(OrderStatus),
  /** The delivery promise it was placed with: the day its last units arrive by; null without one. */
  arrivesBy: IsoDate.nullable().optional(),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

export const CardInput = z.object({
  number: z.string().trim().min(12).max(23),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit code'),
});

/** A single-use token of the card provider's form, standing for a card the shop never sees. */
export const CardToken = z.string().regex(/^tok_[A-Za-z0-9_-]{6,64}$/, 'is not a card token');
