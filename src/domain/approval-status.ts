// The approval step of fleet buying: an order over a buyer's spending limit or over its
// location's monthly budget waits for an approver of the company (docs/fleet.md, "Approvals").
import { assertTransition, type TransitionTable } from './status-machine';

export const approvalStatuses = ['pending', 'approved', 'rejected', 'expired'] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];

/**
 * An approval is pending until an approver approves or rejects it, or its hold runs out
 * (expired); none of those is ever undone.
 */
export const approvalTransitions: TransitionTable<ApprovalStatus> = {
  pending: ['approved', 'rejected', 'expired'],
  approved: [],
  rejected: [],
  expired: [],
};

export function assertApprovalTransition(from: ApprovalStatus, to: ApprovalStatus) {
  assertTransition('approval', approvalTransitions, from, to);
}

/** How long an order waiting for approval keeps its units held, unless the company sets another. */
export const DEFAULT_APPROVAL_HOLD_HOURS = 48;
/** The longest hold a company may set: a week. */
export const MAX_APPROVAL_HOLD_HOURS = 168;

export const approvalReasons = ['order_limit', 'monthly_limit', 'budget'] as const;
export type ApprovalReason = (typeof approvalReasons)[number];

/** What an order is measured against: null is "no limit". Amounts in cents. */
export interface SpendingRules {
  perOrderCents: number | null;
  perMonthCents: number | null;
  /** What the buyer placed this calendar month (UTC), awaiting approval included. */
  buyerMonthCents: number;
  budgetCents: number | null;
  /** What the location placed this calendar month (UTC), awaiting approval included. */
  locationMonthCents: number;
}

/**
 * Why an order of `totalCents` needs approval; empty when it does not. A budget binds every buyer
 * of the location, whatever their own limits.
 */
export function reasonsForApproval(totalCents: number, rules: SpendingRules): ApprovalReason[] {
  const reasons: ApprovalReason[] = [];
  if (rules.perOrderCents !== null && totalCents > rules.perOrderCents) reasons.push('order_limit');
  if (rules.perMonthCents !== null && rules.buyerMonthCents + totalCents > rules.perMonthCents)
    reasons.push('monthly_limit');
  if (rules.budgetCents !== null && rules.locationMonthCents + totalCents > rules.budgetCents)
    reasons.push('budget');
  return reasons;
}

/** The words a buyer and an approver read for each reason. */
export const approvalReasonText: Record<ApprovalReason, string> = {
  order_limit: "over the buyer's limit per order",
  monthly_limit: "over the buyer's monthly limit",
  budget: "over the location's monthly budget",
};
