import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { cents, createdAt, id, ref, updatedAt } from './columns';
import { companies, users } from './core-accounts';
import { warehouses } from './core-catalog';
import { type DeliveryAddress, orderItems, orders, subOrders, supplierLines } from './orders';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Supplier lines of one warehouse (one sub-order) that leave together; its status follows
 * fulfillmentTransitions (src/domain/shipping-status.ts).
 */
export const fulfillments = pgTable(
  'fulfillments',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    subOrderId: ref('sub_order_id')
      .notNull()
      .references(() => subOrders.id, { onDelete: 'cascade' }),
    supplierCompanyId: ref('supplier_company_id')
      .notNull()
      .references(() => companies.id),
    warehouseId: ref('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    status: text('status').notNull().default('new'),
    shipTo: jsonb('ship_to').$type<DeliveryAddress>().notNull(),
    /** The rate chosen (PUT /fulfillment) or bought: courier, service and price. */
    courier: text('courier'),
    service: text('service'),
    rateCents: cents('rate_cents'),
    createdByUserId: ref('created_by_user_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('fulfillments_order_idx').on(t.orderId),
    index('fulfillments_supplier_idx').on(t.supplierCompanyId, t.status),
  ],
);

/** A supplier line in a fulfillment; released when the fulfillment is cancelled. */
export const fulfillmentLines = pgTable(
  'fulfillment_lines',
  {
    id: id(),
    fulfillmentId: ref('fulfillment_id')
      .notNull()
      .references(() => fulfillments.id, { onDelete: 'cascade' }),
    supplierLineId: ref('supplier_line_id')
      .notNull()
      .references(() => supplierLines.id, { onDelete: 'cascade' }),
    orderItemId: ref('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    releasedAt: at('released_at'),
  },
  (t) => [
    index('fulfillment_lines_fulfillment_idx').on(t.fulfillmentId),
    // A unit leaves in exactly one fulfillment at a time.
    uniqueIndex('fulfillment_lines_one_active_idx').on(t.supplierLineId).where(sql`${t.releasedAt} is null`),
  ],
);

/** What happened to a fulfillment: who, when, from, to and why. */
export const fulfillmentLog = pgTable(
  'fulfillment_log',
  {
    id: id(),
    fulfillmentId: ref('fulfillment_id')
      .notNull()
      .references(() => fulfillments.id, { onDelete: 'cascade' }),
    userId: ref('user_id').references(() => users.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    note: text('note'),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('fulfillment_log_fulfillment_idx').on(t.fulfillmentId)],
);

/** A label bought from a courier sandbox for a fulfillment; voided when the fulfillment is cancelled. */
export const shippingLabels = pgTable(
  'shipping_labels',
  {
    id: id(),
    fulfillmentId: ref('fulfillment_id')
      .notNull()
      .references(() => fulfillments.id, { onDelete: 'cascade' }),
    trackingNumber: text('tracking_number').notNull().unique(),
    courier: text('courier').notNull(),
    service: text('service').notNull(),
    rateCents: cents('rate_cents').notNull(),
    packages: integer('packages').notNull(),
    /** Billable pounds of all packages. */
    weightLbs: integer('weight_lbs').notNull(),
    /** active | voided */
    status: text('status').notNull().default('active'),
    createdAt: createdAt(),
    voidedAt: at('voided_at'),
  },
  (t) => [index('shipping_labels_fulfillment_idx').on(t.fulfillmentId)],
);

/** Units of an order on their way: one per label (or per distributor shipment). */
export const shipments = pgTable(
  'shipments',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fulfillmentId: ref('fulfillment_id').references(() => fulfillments.id, { onDelete: 'cascade' }),
    labelId: ref('label_id').references(() => shippingLabels.id),
    courier: text('courier').notNull(),
    service: text('service').notNull(),
    trackingNumber: text('tracking_number').notNull().unique(),
    /** src/domain/shipping-status.ts: shipmentTransitions */
    status: text('status').notNull().default('label_created'),
    shipFromZip: text('ship_from_zip').notNull(),
    shipToZip: text('ship_to_zip').notNull(),
    deliveredAt: at('delivered_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('shipments_order_idx').on(t.orderId), index('shipments_status_idx').on(t.status)],
);

/** The order items and units a shipment carries. */
export const shipmentItems = pgTable(
  'shipment_items',
  {
    shipmentId: ref('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    orderItemId: ref('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    index('shipment_items_shipment_idx').on(t.shipmentId),
    index('shipment_items_item_idx').on(t.orderItemId),
  ],
);

/** The tracking timeline: every status a shipment reached, from whom (courier webhook, staff). */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: id(),
    shipmentId: ref('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    location: text('location'),
    note: text('note'),
    /** webhook | staff | system */
    source: text('source').notNull(),
    /** The courier's event id: a webhook event is applied once. */
    eventId: text('event_id').unique(),
    userId: ref('user_id').references(() => users.id),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('shipment_events_shipment_idx').on(t.shipmentId)],
);

/** A courier pickup booked at a warehouse for a window. */
export const pickups = pgTable(
  'pickups',
  {
    id: id(),
    courier: text('courier').notNull(),
    warehouseId: ref('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    windowStart: at('window_start').notNull(),
    windowEnd: at('window_end').notNull(),
    /** scheduled | cancelled */
    status: text('status').notNull().default('scheduled'),
    confirmation: text('confirmation').notNull(),
    packages: integer('packages').notNull().default(0),
    createdByUserId: ref('created_by_user_id').references(() => users.id),
    createdAt: createdAt(),
    cancelledAt: at('cancelled_at'),
  },
  (t) => [
    uniqueIndex('pickups_one_per_window_idx')
      .on(t.courier, t.warehouseId, t.windowStart)
      .where(sql`${t.status} = 'scheduled'`),
  ],
);

/**
 * Units of an order sent to a distributor (drop-ship) because no warehouse could fill them; the
 * status follows distributorOrderTransitions (src/domain/distributor-status.ts). Its ship
 * confirmation starts the shipment. Units are never taken from our warehouses' stock.
 */
export const distributorOrders = pgTable(
  'distributor_orders',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    distributor: text('distributor').notNull(),
    /** The distributor's own reference (its API answers by it). */
    reference: text('reference').notNull().unique(),
    status: text('status').notNull().default('submitted'),
    /** The distributor's ship-from warehouse (code and ZIP) nearest the delivery. */
    shipFromCode: text('ship_from_code').notNull(),
    shipFromZip: text('ship_from_zip').notNull(),
    shipToZip: text('ship_to_zip').notNull(),
    costCents: cents('cost_cents').notNull(),
    trackingNumber: text('tracking_number'),
    shipmentId: ref('shipment_id').references(() => shipments.id),
    /** The staff member who sent it; null when the company's automatic rule did (autoRule). */
    createdByUserId: ref('created_by_user_id').references(() => users.id),
    /** The company's automatic rule that sent it (cheapest | fastest); null: staff sent it. */
    autoRule: text('auto_rule'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    shippedAt: at('shipped_at'),
  },
  (t) => [
    index('distributor_orders_order_idx').on(t.orderId),
    index('distributor_orders_status_idx').on(t.status),
  ],
);

/** The order items (and units, at the distributor's cost) a distributor order carries. */
export const distributorOrderLines = pgTable(
  'distributor_order_lines',
  {
    id: id(),
    distributorOrderId: ref('distributor_order_id')
      .notNull()
      .references(() => distributorOrders.id, { onDelete: 'cascade' }),
    orderItemId: ref('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    productId: ref('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    unitCostCents: cents('unit_cost_cents').notNull(),
  },
  (t) => [
    index('distributor_order_lines_order_idx').on(t.distributorOrderId),
    index('distributor_order_lines_item_idx').on(t.orderItemId),
  ],
);
