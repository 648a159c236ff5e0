import type { Approval } from '../../../contract/approvals';
import { approvalReasonText } from '../../../domain/approval-status';
import { dateTime, money } from '../../lib/format';

export const approvalColor: Record<Approval['status'], string> = {
  pending: 'grape',
  approved: 'green',
  rejected: 'red',
  expired: 'gray',
};

/** "over the buyer's limit per order, over the location's monthly budget". */
export const reasonsText = (reasons: Approval['reasons']) =>
  reasons.map((r) => approvalReasonText[r]).join(', ');

/** "Approved by Bea Buyer 12/3/2026, 4:08 PM: “comment”", or null while nobody decided it. */
export const decisionText = (a: Approval) =>
  a.decidedBy
    ? `${a.status === 'approved' ? 'Approved' : 'Rejected'} by ${a.decidedBy.name} ${dateTime(a.decidedAt)}${a.comment ? `: “${a.comment}”` : ''}`
    : null;

/** "$1,200.00" or "No limit": an amount that may be unset. */
export const limitText = (cents: number | null) => (cents === null ? 'No limit' : money(cents));

/** Dollars typed in a field to cents (null: left empty, no limit). */
export const centsOf = (dollars: number | string | null | undefined) =>
  dollars === '' || dollars === null || dollars === undefined ? null : Math.round(Number(dollars) * 100);

/** Cents to the dollars a field shows (empty: no limit). */
export const dollarsOf = (cents: number | null) => (cents === null ? '' : cents / 100);
