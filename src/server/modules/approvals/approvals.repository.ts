// The SQL of a company's buying rules: settings, spending limits, budgets and approvals.
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type ApprovalStatus,
  assertApprovalTransition,
  DEFAULT_APPROVAL_HOLD_HOURS,
} from '../../../domain/approval-status';
import type { DbOrTx } from '../../db/connection';
import { writeStatus } from '../../db/write-status';
import {
  buyerSpendingLimits,
  companies,
  companyBuyingSettings,
  locationBudgets,
  locations,
  orderApprovals,
  orders,
  userLocations,
  users,
} from '../../db/schema';

/** A bigint column that may be null, as a number. */
const centsOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const settingsColumns = {
  poRequired: companyBuyingSettings.poRequired,
  approvalHoldHours: companyBuyingSettings.approvalHoldHours,
};

/** The company's row, or undefined when it keeps the defaults. */
export async function findSettings(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select(settingsColumns)
    .from(companyBuyingSettings)
    .where(eq(companyBuyingSettings.companyId, companyId));
  return row;
}

export async function saveSettings(
  db: DbOrTx,
  companyId: number,
  values: { poRequired: boolean; approvalHoldHours: number },
) {
  const [row] = await db
    .insert(companyBuyingSettings)
    .values({ companyId, ...values })
    .onConflictDoUpdate({
      target: companyBuyingSettings.companyId,
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning(settingsColumns);
  return row;
}

/** The first instant of this calendar month in UTC: monthly limits and budgets count from it. */
const monthStart = sql`date_trunc('month', now(), 'UTC')`;

/** What orders placed this month matching `where` add up to (awaiting approval included). */
const monthSum = (where: SQL) => sql`(select coalesce(sum(o.total_cents), 0)::bigint from orders o
  where ${where} and o.status not in ('cart', 'cancelled') and o.placed_at >= ${monthStart})`;

export interface CheckoutRules {
  poRequired: boolean;
  approvalHoldHours: number;
  perOrderCents: number | null;
  perMonthCents: number | null;
  buyerMonthCents: number;
  budgetCents: number | null;
  locationMonthCents: number;
}

/**
 * Everything checkout measures an order against, in one statement: the company's settings, the
 * buyer's limits and this month's spend, the location's budget and its month. A sum is only
 * computed when there is a limit to compare it with (CASE evaluates its branch lazily).
 */
export async function checkoutRules(
  db: DbOrTx,
  who: { companyId: number; userId: number; locationId: number | null },
): Promise<CheckoutRules> {
  const location = who.locationId ?? 0;
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select s.po_required, s.approval_hold_hours, l.per_order_cents, l.per_month_cents,
      b.monthly_cents,
      case when l.per_month_cents is null then 0
        else ${monthSum(sql`o.user_id = ${who.userId}`)} end as buyer_month,
      case when b.monthly_cents is null then 0
        else ${monthSum(sql`o.location_id = ${location}`)} end as location_month
    from (select 1) as one
    left join company_buying_settings s on s.company_id = ${who.companyId}
    left join buyer_spending_limits l on l.user_id = ${who.userId} and l.company_id = ${who.companyId}
    left join location_budgets b on b.location_id = ${location} and b.company_id = ${who.companyId}`);
  const r = rows[0] ?? {};
  return {
    poRequired: Boolean(r.po_required),
    approvalHoldHours: centsOrNull(r.approval_hold_hours) ?? DEFAULT_APPROVAL_HOLD_HOURS,
    perOrderCents: centsOrNull(r.per_order_cents),
    perMonthCents: centsOrNull(r.per_month_cents),
    buyerMonthCents: Number(r.buyer_month ?? 0),
    budgetCents: centsOrNull(r.monthly_cents),
    locationMonthCents: Number(r.location_month ?? 0),
  };
}

/**
 * Locks a location's budget row (it exists: the caller read it) so that the location's checkouts
 * measure against it one at a time, and answers the month's spend read after the lock.
 */
export async function lockBudgetMonth(db: DbOrTx, locationId: number): Promise<number> {
  await db.execute(sql`select 1 from location_budgets where location_id = ${locationId} for no key update`);
  const { rows } = await db.execute<{ spent: unknown }>(
    sql`select ${monthSum(sql`o.location_id = ${locationId}`)} as spent`,
  );
  return Number(rows[0]?.spent ?? 0);
}

/** The company's users who may shop, with their limits and this month's spend. */
export async function limitsOfCompany(db: DbOrTx, companyId: number, userId?: number) {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select u.id, u.username, u.name, u.role, l.per_order_cents, l.per_month_cents,
      coalesce(l.approver, false) as approver, ${monthSum(sql`o.user_id = u.id`)} as month_cents
    from users u
    left join buyer_spending_limits l on l.user_id = u.id
    where u.company_id = ${companyId} and u.active and u.role in ('buyer', 'company_admin')
      ${userId === undefined ? sql`` : sql`and u.id = ${userId}`}
    order by u.name, u.id`);
  return rows.map((r) => ({
    userId: Number(r.id),
    username: String(r.username),
    name: String(r.name),
    role: String(r.role),
    perOrderCents: centsOrNull(r.per_order_cents),
    perMonthCents: centsOrNull(r.per_month_cents),
    approver: Boolean(r.approver),
    monthCents: Number(r.month_cents),
  }));
}

export async function saveLimit(
  db: DbOrTx,
  companyId: number,
  userId: number,
  values: { perOrderCents: number | null; perMonthCents: number | null; approver: boolean },
) {
  await db
    .insert(buyerSpendingLimits)
    .values({ companyId, userId, ...values })
    .onConflictDoUpdate({ target: buyerSpendingLimits.userId, set: { ...values, updatedAt: sql`now()` } });
}

/** Whether the user is named an approver by their company admin. */
export async function isNamedApprover(db: DbOrTx, userId: number, companyId: number) {
  const [row] = await db
    .select({ approver: buyerSpendingLimits.approver })
    .from(buyerSpendingLimits)
    .where(and(eq(buyerSpendingLimits.userId, userId), eq(buyerSpendingLimits.companyId, companyId)));
  return row?.approver ?? false;
}

/** The company's approvers' e-mail addresses: its company admins and the named approvers. */
export async function approverEmails(db: DbOrTx, companyId: number, except: number) {
  const { rows } = await db.execute<{ email: string; name: string }>(sql`
    select u.email, u.name from users u
    left join buyer_spending_limits l on l.user_id = u.id
    where u.company_id = ${companyId} and u.active and u.id <> ${except}
      and (u.role = 'company_admin' or coalesce(l.approver, false))`);
  return rows;
}

export async function userEmail(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Budgets of the company's locations (or only `locationIds`), with the month's spend and what awaits. */
export async function budgetsOf(db: DbOrTx, companyId: number, locationIds?: number[]) {
  if (locationIds && !locationIds.length) return [];
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select l.id, l.name, b.monthly_cents,
      ${monthSum(sql`o.location_id = l.id and o.status <> 'awaiting_approval'`)} as spent,
      ${monthSum(sql`o.location_id = l.id and o.status = 'awaiting_approval'`)} as awaiting
    from locations l
    left join location_budgets b on b.location_id = l.id
    where l.company_id = ${companyId}
      ${
        locationIds
          ? sql`and l.id in (${sql.join(
              locationIds.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : sql``
      }
    order by l.name, l.id`);
  return rows.map((r) => ({
    locationId: Number(r.id),
    name: String(r.name),
    monthlyCents: centsOrNull(r.monthly_cents),
    spentCents: Number(r.spent),
    awaitingCents: Number(r.awaiting),
  }));
}

/** The locations granted to a user. */
export async function grantedLocationIds(db: DbOrTx, userId: number) {
  const rows = await db
    .select({ id: userLocations.locationId })
    .from(userLocations)
    .where(eq(userLocations.userId, userId));
  return rows.map((r) => r.id);
}

export async function saveBudget(
  db: DbOrTx,
  companyId: number,
  locationId: number,
  monthlyCents: number | null,
) {
  if (monthlyCents === null) {
    await db.delete(locationBudgets).where(eq(locationBudgets.locationId, locationId));
    return;
  }
  await db
    .insert(locationBudgets)
    .values({ companyId, locationId, monthlyCents })
    .onConflictDoUpdate({ target: locationBudgets.locationId, set: { monthlyCents, updatedAt: sql`now()` } });
}

export async function locationOfCompany(db: DbOrTx, locationId: number, companyId: number) {
  const [row] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.id, locationId), eq(locations.companyId, companyId)));
  return row;
}

export async function userOfCompany(db: DbOrTx, userId: number, companyId: number) {
  const [row] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)));
  return row;
}

export async function insertApproval(db: DbOrTx, values: typeof orderApprovals.$inferInsert) {
  await db.insert(orderApprovals).values(values);
}

/** An order's approval, locked for its decision. */
export async function lockApprovalOfOrder(db: DbOrTx, orderId: number) {
  const [row] = await db
    .select()
    .from(orderApprovals)
    .where(eq(orderApprovals.orderId, orderId))
    .for('no key update');
  return row;
}

/** Records the approval's decision, checked against its table (src/domain/approval-status.ts). */
export async function writeApprovalStatus(
  db: DbOrTx,
  row: { id: number; status: string },
  to: ApprovalStatus,
  values: { decidedByUserId: number | null; comment: string | null },
) {
  return writeStatus(db, orderApprovals, assertApprovalTransition, row, to, {
    ...values,
    decidedAt: new Date(),
  });
}

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');

/** Approvals, newest first, of one company (or every company: null), filtered. */
export function listApprovals(
  db: DbOrTx,
  filter: { companyId: number | null; requestedBy?: number; status?: ApprovalStatus; orderId?: number },
) {
  const where = [
    filter.companyId === null ? undefined : eq(orderApprovals.companyId, filter.companyId),
    filter.requestedBy === undefined ? undefined : eq(orderApprovals.requestedByUserId, filter.requestedBy),
    filter.status ? eq(orderApprovals.status, filter.status) : undefined,
    filter.orderId === undefined ? undefined : eq(orderApprovals.orderId, filter.orderId),
  ].filter((w) => w !== undefined);
  return db
    .select({
      approval: orderApprovals,
      orderNumber: orders.number,
      poNumber: orders.poNumber,
      companyName: companies.name,
      locationName: locations.name,
      requester: { userId: requester.id, username: requester.username, name: requester.name },
      decider: { userId: decider.id, username: decider.username, name: decider.name },
    })
    .from(orderApprovals)
    .innerJoin(orders, eq(orders.id, orderApprovals.orderId))
    .innerJoin(companies, eq(companies.id, orderApprovals.companyId))
    .leftJoin(locations, eq(locations.id, orders.locationId))
    .innerJoin(requester, eq(requester.id, orderApprovals.requestedByUserId))
    .leftJoin(decider, eq(decider.id, orderApprovals.decidedByUserId))
    .where(and(...where))
    .orderBy(desc(orderApprovals.id))
    .limit(200);
}

/** Pending approvals whose hold ran out: the sweep expires their orders. */
export async function expiredApprovalOrders(db: DbOrTx) {
  const rows = await db
    .select({ orderId: orderApprovals.orderId })
    .from(orderApprovals)
    .where(and(eq(orderApprovals.status, 'pending'), sql`${orderApprovals.expiresAt} <= now()`))
    .limit(100);
  return rows.map((r) => r.orderId);
}
