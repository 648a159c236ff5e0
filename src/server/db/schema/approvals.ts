// Spending limits, budgets and the approval step of fleet buying; for now a company's buying
// settings. Its migrations are under migrations/approvals (drizzle/approvals.config.ts).
import { boolean, pgTable } from 'drizzle-orm/pg-core';
import { ref, updatedAt } from './columns';
import { companies } from './core-accounts';

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
  updatedAt: updatedAt(),
});
