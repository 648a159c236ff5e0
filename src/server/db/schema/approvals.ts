// Spending limits, budgets and the approval step of fleet buying (docs/fleet.md, "Buying rules"
// and "Approvals"). Its migrations are under migrations/approvals (drizzle/approvals.config.ts).
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { DEFAULT_APPROVAL_HOLD_HOURS } from '../../../domain/approval-status';
import { cents, createdAt, id, ref, updatedAt } from './columns';
import { companies, locations, users } from './core-accounts';
import { orders } from './orders';

/**
 * A company's buying settings, set by its company admin; a company without a row has the
 * defaults. No foreign key is locked at checkout: the row is only read there.
 */
export const companyBuyingSettings = pgTable('company_buying_settings', {
  companyId: ref('company_id')
    .primaryKey()
    .references(() => companies.id),
  /** Checkout refuses an order without a purchase-order number. */
  poRequired: boolean('po_required').notNull().default(false),
  /** How long an order waiting for approval keeps its units held. */
  approvalHoldHours: integer('approval_hold_hours').notNull().default(DEFAULT_APPROVAL_HOLD_HOURS),
  updatedAt: updatedAt(),
});

/**
 * A buyer's spending limits (null: none) and whether the company admin named them an approver.
 * A buyer without a row has no limits and approves nothing (company admins always approve).
 */
export const buyerSpendingLimits = pgTable(
  'buyer_spending_limits',
  {
    userId: ref('user_id')
      .primaryKey()
      .references(() => users.id),
    companyId: ref('company_id')
      .notNull()
      .references(() => companies.id),
    perOrderCents: cents('per_order_cents'),
    perMonthCents: cents('per_month_cents'),
    approver: boolean('approver').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('buyer_spending_limits_company_idx').on(t.companyId),
    check('buyer_spending_limits_nonnegative', sql`${t.perOrderCents} >= 0 and ${t.perMonthCents} >= 0`),
  ],
);

/** A location's monthly budget: an order that would pass it waits for approval. */
export const locationBudgets = pgTable(
  'location_budgets',
  {
    locationId: ref('location_id')
      .primaryKey()
      .references(() => locations.id),
    companyId: ref('company_id')
      .notNull()
      .references(() => companies.id),
    monthlyCents: cents('monthly_cents').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('location_budgets_company_idx').on(t.companyId),
    check('location_budgets_nonnegative', sql`${t.monthlyCents} >= 0`),
  ],
);

/** The approval an order waits for: src/domain/approval-status.ts has its statuses and moves. */
export const orderApprovals = pgTable(
  'order_approvals',
  {
    id: id(),
    orderId: ref('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    companyId: ref('company_id')
      .notNull()
      .references(() => companies.id),
    requestedByUserId: ref('requested_by_user_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull().default('pending'),
    /** src/domain/approval-status.ts: approvalReasons */
    reasons: text('reasons').array().notNull(),
    totalCents: cents('total_cents').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedByUserId: ref('decided_by_user_id').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('order_approvals_order_idx').on(t.orderId),
    index('order_approvals_company_idx').on(t.companyId, t.status),
    index('order_approvals_pending_idx').on(t.expiresAt).where(sql`${t.status} = 'pending'`),
  ],
);
