import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { cents, createdAt, id, ref, updatedAt } from './columns';
import { companies, locations, priceGroups, users } from './core-accounts';
import { makes, models, products, warehouses } from './core-catalog';

export interface DeliveryAddress {
  name: string;
  address1: string;
  city: string;
  state: string;
  zip: string;
}

/**
 * An order, and the cart before it: one row in status 'cart' per user and location, which
 * checkout turns into a placed order (src/domain/order-status.ts).
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    number: text('number'),
    companyId: ref('company_id')
      .notNull()
      .references(() => companies.id),
    locationId: ref('location_id').references(() => locations.id),
    /** The buyer the order is for (the cart's owner, or the customer's user a staff order names). */
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    /** The staff member who placed the order for the customer; null when the buyer checked out. */
    placedByUserId: ref('placed_by_user_id').references(() => users.id),
    status: text('status').notNull().default('cart'),
    /** The status an order on hold returns to. */
    heldFrom: text('held_from'),
    priceGroupId: ref('price_group_id').references(() => priceGroups.id),
    /** location | address | installer */
    deliveryKind: text('delivery_kind').notNull().default('location'),
    deliveryZip: text('delivery_zip'),
    deliveryAddress: jsonb('delivery_address').$type<DeliveryAddress>(),
    installerLocationId: ref('installer_location_id').references(() => locations.id),
    /** card | account | finpay | hostedpay | coinpay */
    paymentMethod: text('payment_method'),
    /** src/domain/payment-status.ts: orderPaymentStatuses */
    paymentStatus: text('payment_status').notNull().default('unpaid'),
    poNumber: text('po_number'),
    subtotalCents: cents('subtotal_cents').notNull().default(0),
    roadHazardCents: cents('road_hazard_cents').notNull().default(0),
    shippingCents: cents('shipping_cents').notNull().default(0),
    discountCents: cents('discount_cents').notNull().default(0),
    taxCents: cents('tax_cents').notNull().default(0),
    /** Federal excise tax, state tire fees and installer services of every line (the landed cost). */
    fetCents: cents('fet_cents').notNull().default(0),
    tireFeeCents: cents('tire_fee_cents').notNull().default(0),
    servicesCents: cents('services_cents').notNull().default(0),
    totalCents: cents('total_cents').notNull().default(0),
    /**
     * What the order was taxed at, kept as placed (a later rate never changes it): the delivery
     * place's state (two letters), the tax module's state and ZIP rate rows, the exemption
     * certificate that made it tax free, and the combined rate in parts per million. Plain ids,
     * no foreign keys: the tax and exemptions areas migrate after this one.
     */
    taxState: text('tax_state'),
    taxStateRateId: ref('tax_state_rate_id'),
    taxZipRateId: ref('tax_zip_rate_id'),
    taxRatePpm: integer('tax_rate_ppm').notNull().default(0),
    exemptionCertificateId: ref('exemption_certificate_id'),
    /** The certificate's kind and number as they were when it exempted the order. */
    exemptionCertificateKind: text('exemption_certificate_kind'),
    exemptionCertificateNumber: text('exemption_certificate_number'),
    trackingNumber: text('tracking_number'),
    placedAt: timestamp('placed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_one_cart_idx')
      .on(t.userId, sql`coalesce(${t.locationId}, 0)`)
      .where(sql`${t.status} = 'cart'`),
    uniqueIndex('orders_number_idx').on(t.number),
    index('orders_company_idx').on(t.companyId, t.status),
    index('orders_status_placed_idx').on(t.status, t.placedAt),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: ref('product_id')
      .notNull()
      .references(() => products.id),
    makeId: ref('make_id')
      .notNull()
      .references(() => makes.id),
    modelId: ref('model_id')
      .notNull()
      .references(() => models.id),
    quantity: integer('quantity').notNull(),
    unitPriceCents: cents('unit_price_cents').notNull(),
    /** Discount per unit, from src/domain/discounts.ts. */
    unitDiscountCents: cents('unit_discount_cents').notNull().default(0),
    roadHazard: boolean('road_hazard').notNull().default(false),
    /** The warranty provider's price per tire when road hazard is taken. */
    roadHazardUnitCents: cents('road_hazard_unit_cents').notNull().default(0),
    /**
     * What the line was taxed at (docs/domain.md, "Landed cost"): per tire the federal excise
     * tax, the state's tire fee (and the fee row it came from) and the installer's services; for
     * the whole line its share of the order's shipping, the amount taxed and the tax.
     */
    fetUnitCents: cents('fet_unit_cents').notNull().default(0),
    tireFeeUnitCents: cents('tire_fee_unit_cents').notNull().default(0),
    tireFeeId: ref('tire_fee_id'),
    servicesUnitCents: cents('services_unit_cents').notNull().default(0),
    shippingCents: cents('shipping_cents').notNull().default(0),
    taxableCents: cents('taxable_cents').notNull().default(0),
    taxCents: cents('tax_cents').notNull().default(0),
    /** Set when staff remove the item: it stays, with its cancelled supplier lines, for the history. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), check('order_items_qty', sql`${t.quantity} > 0`)],
);

/** The part of an order one supplier company fills from one warehouse. */
export const subOrders = pgTable(
  'sub_orders',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    supplierCompanyId: ref('supplier_company_id')
      .notNull()
      .references(() => companies.id),
    warehouseId: ref('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('sub_orders_order_idx').on(t.orderId),
    index('sub_orders_supplier_idx').on(t.supplierCompanyId),
  ],
);

/** One order item's units routed to one supplier; its status follows supplierLineTransitions. */
export const supplierLines = pgTable(
  'supplier_lines',
  {
    id: id(),
    subOrderId: ref('sub_order_id')
      .notNull()
      .references(() => subOrders.id, { onDelete: 'cascade' }),
    orderItemId: ref('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    status: text('status').notNull().default('pending'),
    note: text('note'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('supplier_lines_sub_idx').on(t.subOrderId),
    index('supplier_lines_item_idx').on(t.orderItemId),
  ],
);

/**
 * Units taken from a warehouse for an order: 'held' (inventory.reserved, until expiresAt),
 * 'committed' (sold: inventory.quantity lowered) or 'released'.
 */
export const stockHolds = pgTable(
  'stock_holds',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: ref('order_item_id').references(() => orderItems.id, { onDelete: 'set null' }),
    companyId: ref('company_id')
      .notNull()
      .references(() => companies.id),
    warehouseId: ref('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    productId: ref('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    status: text('status').notNull().default('held'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('stock_holds_order_idx').on(t.orderId),
    index('stock_holds_open_idx').on(t.status, t.expiresAt),
    index('stock_holds_company_idx').on(t.companyId, t.productId, t.status),
  ],
);

/** A payment of an order through one provider. */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    orderId: ref('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    companyId: ref('company_id')
      .notNull()
      .references(() => companies.id),
    provider: text('provider').notNull(),
    /** src/domain/payment-status.ts: paymentStatuses */
    status: text('status').notNull(),
    amountCents: cents('amount_cents').notNull(),
    /** What was given back of a captured amount; never more than amountCents. */
    refundedCents: cents('refunded_cents').notNull().default(0),
    reference: text('reference').notNull(),
    /** Stripe: the PaymentIntent behind a Checkout Session (captures, refunds and disputes name it). */
    processorIntentId: text('processor_intent_id'),
    sourceId: ref('source_id'),
    message: text('message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    // A company's open balance on account (the credit check every charge on account makes) reads
    // only these rows, under the company's lock: kept short however many payments there are.
    index('payments_on_account_idx').on(t.companyId).where(sql`${t.status} = 'on_account'`),
    uniqueIndex('payments_reference_idx').on(t.reference),
    check('payments_refund_within_amount', sql`${t.refundedCents} between 0 and ${t.amountCents}`),
  ],
);

export const paymentTransactions = pgTable(
  'payment_transactions',
  {
    id: id(),
    paymentId: ref('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** authorize | capture | void | refund */
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    amountCents: cents('amount_cents').notNull(),
    message: text('message'),
    reference: text('reference'), // the processor's id of this move (a Stripe refund re_…)
    createdAt: createdAt(),
  },
  (t) => [index('payment_transactions_payment_idx').on(t.paymentId)],
);

/** A company's customer record at the card provider. */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    id: id(),
    companyId: ref('company_id')
      .notNull()
      .references(() => companies.id),
    provider: text('provider').notNull(),
    externalId: text('external_id').notNull().unique(),
    email: text('email'),
    name: text('name'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_customers_company_idx').on(t.companyId, t.provider)],
);

/** A saved card: never the number, only what the provider's token stands for. */
export const paymentSources = pgTable(
  'payment_sources',
  {
    id: id(),
    customerId: ref('customer_id')
      .notNull()
      .references(() => paymentCustomers.id, { onDelete: 'cascade' }),
    token: text('token').notNull().unique(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    /** The sandbox outcome class of the tokenized test number (approve, decline, fail, review). */
    outcome: text('outcome').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('payment_sources_customer_idx').on(t.customerId)],
);

/**
 * A card entered in the card provider's form, exchanged for a single-use token before checkout:
 * the shop never keeps (nor, in production, receives) the number.
 */
export const cardTokens = pgTable('card_tokens', {
  token: text('token').primaryKey(),
  companyId: ref('company_id')
    .notNull()
    .references(() => companies.id),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** The sandbox outcome class of the tokenized test number (approve, decline, fail, review). */
  outcome: text('outcome').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Provider webhook events already handled: a replayed event is refused. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** Tokens of the redirect-style providers (financing, hosted checkout, crypto). */
export const paymentTokens = pgTable('payment_tokens', {
  token: text('token').primaryKey(),
  provider: text('provider').notNull(),
  companyId: ref('company_id')
    .notNull()
    .references(() => companies.id),
  orderId: ref('order_id').references(() => orders.id, { onDelete: 'cascade' }),
  amountCents: cents('amount_cents').notNull(),
  /** open | approved | review | declined | used */
  status: text('status').notNull().default('open'),
  createdAt: createdAt(),
});

/** The first answer to a retried state-changing call (Idempotency-Key). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    scope: text('scope').notNull(),
    requestHash: text('request_hash').notNull(),
    /** running | running:<server instance> (src/server/http/instance.ts) | done */
    status: text('status').notNull().default('running'),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scope, t.key] })],
);

export const orderComments = pgTable(
  'order_comments',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_comments_order_idx').on(t.orderId)],
);

/** Every status change of an order or of one of its supplier lines: who, when, from, to, why. */
export const orderStatusLog = pgTable(
  'order_status_log',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    supplierLineId: ref('supplier_line_id').references(() => supplierLines.id, { onDelete: 'cascade' }),
    userId: ref('user_id').references(() => users.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_log_order_idx').on(t.orderId)],
);
