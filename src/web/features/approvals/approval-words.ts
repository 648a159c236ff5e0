import type { Approval } from '../../../contract/approvals';
import { approvalReasonText } from '../../../domain/approval-status';
import { money } from '../../lib/format';

export const approvalColor: Record<Approval['status'], string> = {
  pending: 'grape',
  approved: 'green',
  rejected: 'red',
  expired: 'gray',
};

/** "over the buyer's limit per order, over the location's monthly budget". */
export const reasonsText = (reasons: Approval['reasons']) =>
  reasons.map((r) => approvalReasonText[r]).join(', ');

/** "$1,200.00" or "No limit": an amount that may be unset. */
export const limitText = (cents: number | null) => (cents === null ? 'No limit' : money(cents));

/** Dollars typed in a field to cents (null: left empty, no limit). */
export const centsOf = (dollars: number | string | null | undefined) =>
  dollars === '' || dollars === null || dollars === undefined ? null : Math.round(Number(dollars) * 100);

/** Cents to the dollars a field shows (empty: no limit). */
export const dollarsOf = (cents: number | null) => (cents === null ? '' : cents / 100);
