// A company's buying rules: its company admin sets them, checkout reads them, approvers decide
// the orders over them (docs/fleet.md, "Buying rules" and "Approvals"). The order's side of an
// approval (charging, releasing) is the orders module's: orders.approval.ts.
import type {
  Approval,
  BuyingSettings,
  LocationBudget,
  SpendingLimitInput,
} from '../../../contract/approvals';
import {
  type ApprovalReason,
  type ApprovalStatus,
  approvalReasonText,
  DEFAULT_APPROVAL_HOLD_HOURS,
} from '../../../domain/approval-status';
import { isStaff } from '../../../domain/roles';
import type { Db, DbOrTx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { queueEmail } from '../../integrations/email/outbox';
import { writeAudit } from '../audit/audit.service';
import * as repo from './approvals.repository';

const defaults: BuyingSettings = { poRequired: false, approvalHoldHours: DEFAULT_APPROVAL_HOLD_HOURS };

export async function getBuyingSettings(db: DbOrTx, actor: Actor): Promise<BuyingSettings> {
  return (await repo.findSettings(db, actor.companyId)) ?? defaults;
}

export async function updateBuyingSettings(db: Db, actor: Actor, body: Partial<BuyingSettings>) {
  return db.transaction(async (tx) => {
    const before = await getBuyingSettings(tx, actor);
    const after = await repo.saveSettings(tx, actor.companyId, { ...before, ...body });
    await writeAudit(tx, actor, {
      entity: 'company_buying_settings',
      entityId: actor.companyId,
      action: 'update',
      before,
      after,
    });
    return after;
  });
}

export type CheckoutRules = repo.CheckoutRules;

/**
 * The rules a buyer's checkout is measured against, read first in its transaction. A location
 * with a budget is locked here (before the cart: docs/architecture.md, "Lock order") and its
 * month read again after the lock, so two checkouts never both spend the same last dollars.
 * A checkout without a PO number is refused here when the company requires one.
 */
export async function checkoutRules(
  tx: DbOrTx,
  actor: Actor,
  poNumber: string | undefined,
): Promise<CheckoutRules> {
  const rules = await repo.checkoutRules(tx, actor);
  if (!poNumber && rules.poRequired)
    throw badRequest('Your company requires a purchase-order number on every order', [
      { pointer: '/body/poNumber', detail: 'is required by your company' },
    ]);
  if (rules.budgetCents !== null && actor.locationId !== null)
    rules.locationMonthCents = await repo.lockBudgetMonth(tx, actor.locationId);
  return rules;
}

export async function listSpendingLimits(db: DbOrTx, actor: Actor) {
  return repo.limitsOfCompany(db, actor.companyId);
}

export async function setSpendingLimit(db: Db, actor: Actor, userId: number, body: SpendingLimitInput) {
  return db.transaction(async (tx) => {
    const user = await repo.userOfCompany(tx, userId, actor.companyId);
    if (!user || (user.role !== 'buyer' && user.role !== 'company_admin')) throw notFound('Buyer');
    const [before] = await repo.limitsOfCompany(tx, actor.companyId, userId);
    await repo.saveLimit(tx, actor.companyId, userId, body);
    const [after] = await repo.limitsOfCompany(tx, actor.companyId, userId);
    await writeAudit(tx, actor, {
      entity: 'buyer_spending_limits',
      entityId: userId,
      action: 'update',
      before,
      after,
    });
    return after;
  });
}

/** The budgets a caller may read: a company admin every location's, a buyer their granted ones. */
export async function listLocationBudgets(db: DbOrTx, actor: Actor): Promise<LocationBudget[]> {
  if (actor.role === 'company_admin') return repo.budgetsOf(db, actor.companyId);
  return repo.budgetsOf(db, actor.companyId, await repo.grantedLocationIds(db, actor.userId));
}

export async function setLocationBudget(
  db: Db,
  actor: Actor,
  locationId: number,
  monthlyCents: number | null,
) {
  return db.transaction(async (tx) => {
    if (!(await repo.locationOfCompany(tx, locationId, actor.companyId))) throw notFound('Location');
    const [before] = await repo.budgetsOf(tx, actor.companyId, [locationId]);
    await repo.saveBudget(tx, actor.companyId, locationId, monthlyCents);
    const [after] = await repo.budgetsOf(tx, actor.companyId, [locationId]);
    await writeAudit(tx, actor, {
      entity: 'location_budgets',
      entityId: locationId,
      action: 'update',
      before,
      after,
    });
    return after;
  });
}

/** The caller's limits and month, and their current location's budget: what checkout shows. */
export async function mySpending(db: DbOrTx, actor: Actor) {
  const [rules, [me], [budget]] = await Promise.all([
    getBuyingSettings(db, actor),
    repo.limitsOfCompany(db, actor.companyId, actor.userId),
    actor.locationId === null ? Promise.resolve([]) : repo.budgetsOf(db, actor.companyId, [actor.locationId]),
  ]);
  return {
    perOrderCents: me?.perOrderCents ?? null,
    perMonthCents: me?.perMonthCents ?? null,
    monthCents: me?.monthCents ?? 0,
    budget: budget?.monthlyCents === null ? null : (budget ?? null),
    approvalHoldHours: rules.approvalHoldHours,
  };
}

/** Whether the caller approves orders of their company: its company admins and named approvers. */
async function isApprover(db: DbOrTx, actor: Actor) {
  if (isStaff(actor.role)) return false;
  return actor.role === 'company_admin' || repo.isNamedApprover(db, actor.userId, actor.companyId);
}

/** Whether a pending approval's hold ran out: it is expired, whether or not the sweep marked it. */
const effectiveStatus = (row: { status: string; expiresAt: Date }): ApprovalStatus =>
  row.status === 'pending' && row.expiresAt.getTime() <= Date.now()
    ? 'expired'
    : (row.status as ApprovalStatus);

type ListedRow = Awaited<ReturnType<typeof repo.listApprovals>>[number];

function approvalOf(row: ListedRow, mayDecide: boolean, actor: Actor): Approval {
  const a = row.approval;
  const status = effectiveStatus(a);
  return {
    id: a.id,
    orderId: a.orderId,
    orderNumber: row.orderNumber,
    companyId: a.companyId,
    companyName: row.companyName,
    locationName: row.locationName,
    poNumber: row.poNumber,
    requestedBy: row.requester,
    status,
    reasons: a.reasons as ApprovalReason[],
    totalCents: a.totalCents,
    expiresAt: a.expiresAt.toISOString(),
    decidedBy: row.decider?.userId ? row.decider : null,
    decidedAt: a.decidedAt?.toISOString() ?? null,
    comment: a.comment,
    createdAt: a.createdAt.toISOString(),
    canDecide: mayDecide && status === 'pending' && a.requestedByUserId !== actor.userId,
  };
}

/**
 * The approvals a caller sees: staff every company's (read only), an approver their company's,
 * any other buyer the ones of their own orders.
 */
export async function listApprovals(
  db: DbOrTx,
  actor: Actor,
  query: { status?: ApprovalStatus; orderId?: number },
): Promise<Approval[]> {
  const approver = await isApprover(db, actor);
  const scope = isStaff(actor.role)
    ? { companyId: null }
    : { companyId: actor.companyId, requestedBy: approver ? undefined : actor.userId };
  // A pending approval past its hold is listed as expired: the filter asks the row's real status.
  const rows = await repo.listApprovals(db, {
    ...scope,
    orderId: query.orderId,
    status: query.status === 'expired' || query.status === 'pending' ? undefined : query.status,
  });
  return rows
    .map((row) => approvalOf(row, approver, actor))
    .filter((a) => !query.status || a.status === query.status);
}

export interface ApprovalRequest {
  orderId: number;
  companyId: number;
  requestedByUserId: number;
  orderNumber: string;
  reasons: ApprovalReason[];
  totalCents: number;
  expiresAt: Date;
}

/** Files an order's approval and e-mails the company's approvers, in the order's transaction. */
export async function requestApproval(tx: DbOrTx, r: ApprovalRequest) {
  await repo.insertApproval(tx, {
    orderId: r.orderId,
    companyId: r.companyId,
    requestedByUserId: r.requestedByUserId,
    reasons: r.reasons,
    totalCents: r.totalCents,
    expiresAt: r.expiresAt,
  });
  const why = r.reasons.map((reason) => approvalReasonText[reason]).join(', ');
  for (const to of await repo.approverEmails(tx, r.companyId, r.requestedByUserId))
    await queueEmail(tx, {
      to: to.email,
      subject: `Order ${r.orderNumber} waits for your approval`,
      text: `Hello ${to.name},\n\norder ${r.orderNumber} of $${(r.totalCents / 100).toFixed(2)} is ${why}. Approve or reject it on Tread under Approvals before ${r.expiresAt.toUTCString()}; after that its tires are released.\n\nTread`,
      kind: 'approval_requested',
      meta: { orderId: r.orderId },
    });
}

export type Decision = 'approved' | 'rejected';

/** Staff see approvals but never decide one for a customer: a 403, whichever order it names. */
export function refuseStaff(actor: Actor) {
  if (isStaff(actor.role)) throw forbidden('Staff can see approvals but never approve for a customer');
}

/**
 * The approval an actor may decide, locked: staff never decide for a customer (403), nor does a
 * buyer who is no approver (403) or who asked for it (403); another company's is a 404. The
 * move itself is checked by writeApprovalStatus (an expired one is a 409).
 */
export async function lockForDecision(tx: DbOrTx, actor: Actor, orderId: number) {
  refuseStaff(actor);
  const row = await repo.lockApprovalOfOrder(tx, orderId);
  if (!row || row.companyId !== actor.companyId) throw notFound('Approval');
  if (!(await isApprover(tx, actor)))
    throw forbidden('Only a company admin or an approver named by one decides approvals');
  if (row.requestedByUserId === actor.userId) throw forbidden('You cannot approve or reject your own order');
  return { ...row, status: effectiveStatus(row) };
}

/** Records the decision (or the expiry) on the approval, checked against its table. */
export async function recordDecision(
  tx: DbOrTx,
  row: { id: number; status: string },
  to: ApprovalStatus,
  by: number | null,
  comment: string | null,
) {
  await repo.writeApprovalStatus(tx, row, to, { decidedByUserId: by, comment: comment || null });
}

const decisionWords = { approved: 'approved', rejected: 'rejected', expired: 'expired unapproved' } as const;

/** Tells the buyer who asked what became of their order's approval. */
export async function mailDecision(
  tx: DbOrTx,
  d: {
    buyerUserId: number;
    orderId: number;
    orderNumber: string;
    to: 'approved' | 'rejected' | 'expired';
    comment: string | null;
  },
) {
  const buyer = await repo.userEmail(tx, d.buyerUserId);
  if (!buyer?.email) return;
  const next =
    d.to === 'approved'
      ? 'It is charged and on its way to the suppliers.'
      : 'Its tires are released and nothing was charged.';
  await queueEmail(tx, {
    to: buyer.email,
    subject: `Order ${d.orderNumber} was ${decisionWords[d.to]}`,
    text: `Hello ${buyer.name},\n\nyour order ${d.orderNumber} was ${decisionWords[d.to]}.${d.comment ? ` Comment: ${d.comment}` : ''} ${next}\n\nTread`,
    kind: `approval_${d.to}`,
    meta: { orderId: d.orderId },
  });
}

/** The approval of one order, as its viewer may see it. */
export async function approvalOfOrder(db: DbOrTx, actor: Actor, orderId: number) {
  const [found] = await listApprovals(db, actor, { orderId });
  return found;
}

/** Pending approvals whose hold ran out (the expiry sweep cancels their orders). */
export const expiredApprovalOrders = (db: DbOrTx) => repo.expiredApprovalOrders(db);

/** The pending approval of an order, locked (the sweep expires it). */
export const lockApproval = (tx: DbOrTx, orderId: number) => repo.lockApprovalOfOrder(tx, orderId);
