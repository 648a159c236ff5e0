import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { cents, createdAt, id, ref, updatedAt } from './columns';
import { companies, users } from './core-accounts';
import { products, warehouses } from './core-catalog';
import { orderItems, orders, supplierLines } from './orders';

// After-sales (docs/aftersales.md): returns, road-hazard claims, refunds with what each supplier
// owes back, and the bills that pay suppliers and installers.

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A return authorization (RMA) of delivered units of one order. */
export const returns = pgTable(
  'returns',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id),
    companyId: ref('company_id')
      .notNull()
      .references(() => companies.id),
    /** src/domain/aftersales-status.ts: returnStatuses */
    status: text('status').notNull().default('requested'),
    /** src/domain/aftersales-status.ts: returnReasons */
    reason: text('reason').notNull(),
    note: text('note').notNull().default(''),
    /** The warehouse that received the units back. */
    warehouseId: ref('warehouse_id').references(() => warehouses.id),
    createdByUserId: ref('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('returns_order_idx').on(t.orderId), index('returns_company_idx').on(t.companyId, t.status)],
);

/** Units of one order line in a return; received units went back on the shelf, scrapped ones left it. */
export const returnItems = pgTable(
  'return_items',
  {
    id: id(),
    returnId: ref('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderItemId: ref('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    productId: ref('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    receivedQuantity: integer('received_quantity').notNull().default(0),
    scrappedQuantity: integer('scrapped_quantity').notNull().default(0),
    /** Photo file names under DATA_DIR/returns (checked like catalogue images). */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
  },
  (t) => [
    index('return_items_return_idx').on(t.returnId),
    index('return_items_item_idx').on(t.orderItemId),
    check(
      'return_items_qty',
      sql`${t.quantity} > 0 and ${t.scrappedQuantity} between 0 and ${t.receivedQuantity}`,
    ),
  ],
);

/** A road hazard claim on one order line bought with the roadguard cover. */
export const claims = pgTable(
  'claims',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id),
    orderItemId: ref('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    companyId: ref('company_id')
      .notNull()
      .references(() => companies.id),
    /** src/domain/aftersales-status.ts: claimStatuses */
    status: text('status').notNull().default('open'),
    damagedOn: date('damaged_on', { mode: 'string' }).notNull(),
    remainingTread32: integer('remaining_tread_32').notNull(),
    newTread32: integer('new_tread_32').notNull(),
    odometerMiles: integer('odometer_miles').notNull(),
    description: text('description').notNull().default(''),
    /** The installer company whose technician inspected the tire; it may be paid a labour amount. */
    installerCompanyId: ref('installer_company_id').references(() => companies.id),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    coveredCents: cents('covered_cents').notNull().default(0),
    /** replacement | credit, chosen when approved. */
    settlement: text('settlement'),
    labourCents: cents('labour_cents').notNull().default(0),
    replacementOrderId: ref('replacement_order_id').references(() => orders.id),
    createdByUserId: ref('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('claims_company_idx').on(t.companyId, t.status), index('claims_item_idx').on(t.orderItemId)],
);

/** Every status change and comment of a return, a claim or a refund: who, when, from, to, note. */
export const aftersalesLog = pgTable(
  'aftersales_log',
  {
    id: id(),
    /** return | claim | refund */
    entity: text('entity').notNull(),
    entityId: ref('entity_id').notNull(),
    userId: ref('user_id').references(() => users.id),
    fromStatus: text('from_status'),
    /** null for a comment. */
    toStatus: text('to_status'),
    note: text('note'),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [index('aftersales_log_entity_idx').on(t.entity, t.entityId)],
);

/** Money given back on an order, through the way it was paid. */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id),
    companyId: ref('company_id')
      .notNull()
      .references(() => companies.id),
    returnId: ref('return_id').references(() => returns.id),
    claimId: ref('claim_id').references(() => claims.id),
    /** src/domain/aftersales-status.ts: refundStatuses */
    status: text('status').notNull().default('pending'),
    amountCents: cents('amount_cents').notNull(),
    /** The lines it was computed from (the preview), empty for an amount staff typed. */
    lines: jsonb('lines').$type<unknown[]>().notNull().default([]),
    reason: text('reason').notNull().default(''),
    /** What went back to a card or provider, and what was credited on the company's account. */
    refundedCents: cents('refunded_cents').notNull().default(0),
    creditedCents: cents('credited_cents').notNull().default(0),
    createdByUserId: ref('created_by_user_id')
      .notNull()
      .references(() => users.id),
    approvedByUserId: ref('approved_by_user_id').references(() => users.id),
    processedAt: at('processed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    index('refunds_status_idx').on(t.status),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** What one supplier owes back for refunded units: their cost, not our price; it reduces their next bill. */
export const refundVendors = pgTable(
  'refund_vendors',
  {
    id: id(),
    refundId: ref('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    supplierCompanyId: ref('supplier_company_id')
      .notNull()
      .references(() => companies.id),
    supplierLineId: ref('supplier_line_id').references(() => supplierLines.id),
    orderItemId: ref('order_item_id').references(() => orderItems.id),
    quantity: integer('quantity').notNull().default(0),
    amountCents: cents('amount_cents').notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('refund_vendors_refund_idx').on(t.refundId),
    index('refund_vendors_supplier_idx').on(t.supplierCompanyId),
    check('refund_vendors_amount', sql`${t.amountCents} >= 0 and ${t.quantity} >= 0`),
  ],
);

/** What the shop owes one supplier (or installer) company for a period. */
export const bills = pgTable(
  'bills',
  {
    id: id(),
    companyId: ref('company_id')
      .notNull()
      .references(() => companies.id),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    /** src/domain/aftersales-status.ts: billStatuses */
    status: text('status').notNull().default('draft'),
    note: text('note').notNull().default(''),
    paidAt: at('paid_at'),
    createdByUserId: ref('created_by_user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('bills_company_idx').on(t.companyId, t.status)],
);

/**
 * One line of a bill: fulfilled units at cost (positive), a vendor refund record (negative), an
 * installer's labour on a claim or a mounted order, or the services of a mounted order (positive). Each source is on at most one bill that is not void.
 */
export const billItems = pgTable(
  'bill_items',
  {
    id: id(),
    billId: ref('bill_id')
      .notNull()
      .references(() => bills.id, { onDelete: 'cascade' }),
    /** line | vendor_refund | labour | services (an installer order's services per tire) */
    kind: text('kind').notNull(),
    supplierLineId: ref('supplier_line_id').references(() => supplierLines.id),
    refundVendorId: ref('refund_vendor_id').references(() => refundVendors.id),
    claimId: ref('claim_id').references(() => claims.id),
    /** Mounting labour or services of an installer order: the order it was mounted for (docs/aftersales.md). */
    orderId: ref('order_id').references(() => orders.id),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull().default(0),
    unitCents: cents('unit_cents').notNull().default(0),
    amountCents: cents('amount_cents').notNull(),
    /** False once the bill is void: the source may be billed again. */
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    index('bill_items_bill_idx').on(t.billId),
    uniqueIndex('bill_items_line_once').on(t.supplierLineId).where(sql`${t.active}`),
    uniqueIndex('bill_items_vendor_once').on(t.refundVendorId).where(sql`${t.active}`),
    uniqueIndex('bill_items_claim_once').on(t.claimId).where(sql`${t.active}`),
    // An installer order's mounting labour and its services are two items, each billed once.
    uniqueIndex('bill_items_order_once').on(t.orderId, t.kind).where(sql`${t.active}`),
  ],
);
