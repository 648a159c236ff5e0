// After-sales statuses: returns (RMA), road-hazard claims, refunds and supplier bills. One
// transition table each, the single source of the server's checks, the `GET …/status` lists and
// the console's buttons (docs/aftersales.md).
import { assertTransition, type TransitionTable } from './status-machine';

export const returnStatuses = [
  'requested',
  'approved',
  'label_issued',
  'in_transit',
  'received',
  'inspected',
  'refunded',
  'rejected',
  'closed',
] as const;
export type ReturnStatus = (typeof returnStatuses)[number];

/** requested by the buyer → approved by support → shipped back → received → inspected → refunded. */
export const returnTransitions: TransitionTable<ReturnStatus> = {
  requested: ['approved', 'rejected', 'closed'],
  approved: ['label_issued', 'in_transit', 'received', 'closed'],
  label_issued: ['in_transit', 'received', 'closed'],
  in_transit: ['received'],
  received: ['inspected'],
  inspected: ['refunded', 'closed'],
  refunded: [],
  rejected: [],
  closed: [],
};

export const assertReturnTransition = (from: ReturnStatus, to: ReturnStatus) =>
  assertTransition('return', returnTransitions, from, to);

/** The buyer may still change the items and the reason only before support decides. */
export const isEditableReturn = (status: ReturnStatus) => status === 'requested';

/** A return that still holds its units against a new return of the same line. */
export const countsAgainstDelivered = (status: ReturnStatus) => status !== 'rejected' && status !== 'closed';

/** Photos of the returned units may be added until the return is settled. */
export const acceptsReturnPhotos = (status: ReturnStatus) => returnTransitions[status].length > 0;

export const returnActions = ['approve', 'reject', 'receive', 'inspect', 'close'] as const;
export type ReturnAction = (typeof returnActions)[number];

/** The status each action moves a return to. */
export const returnActionTarget: Record<ReturnAction, ReturnStatus> = {
  approve: 'approved',
  reject: 'rejected',
  receive: 'received',
  inspect: 'inspected',
  close: 'closed',
};

export const returnReasons = ['wrong_size', 'not_needed', 'damaged_in_transit', 'defective'] as const;
export type ReturnReason = (typeof returnReasons)[number];

export const claimStatuses = [
  'open',
  'under_review',
  'approved',
  'denied',
  'paid',
  'closed',
  'cancelled',
] as const;
export type ClaimStatus = (typeof claimStatuses)[number];

export const claimTransitions: TransitionTable<ClaimStatus> = {
  open: ['under_review', 'approved', 'denied', 'cancelled'],
  under_review: ['approved', 'denied'],
  approved: ['paid'],
  denied: ['closed'],
  paid: ['closed'],
  closed: [],
  cancelled: [],
};

export const assertClaimTransition = (from: ClaimStatus, to: ClaimStatus) =>
  assertTransition('claim', claimTransitions, from, to);

/** The buyer may still correct a claim while nobody has decided it. */
export const isEditableClaim = (status: ClaimStatus) => status === 'open' || status === 'under_review';

/** Photos of the damage may be added while the claim is not decided. */
export const acceptsClaimPhotos = (status: ClaimStatus) => isEditableClaim(status);

export const claimActions = ['review', 'approve', 'deny', 'pay', 'close'] as const;
export type ClaimAction = (typeof claimActions)[number];

export const claimActionTarget: Record<ClaimAction, ClaimStatus> = {
  review: 'under_review',
  approve: 'approved',
  deny: 'denied',
  pay: 'paid',
  close: 'closed',
};

export const claimSettlements = ['replacement', 'credit'] as const;
export type ClaimSettlement = (typeof claimSettlements)[number];

export const refundStatuses = ['pending', 'approved', 'processed', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/** pending waits for finance's approval (above the threshold); approved is given back at once. */
export const refundTransitions: TransitionTable<RefundStatus> = {
  pending: ['approved', 'failed'],
  approved: ['processed', 'failed'],
  processed: [],
  failed: [],
};

export const assertRefundTransition = (from: RefundStatus, to: RefundStatus) =>
  assertTransition('refund', refundTransitions, from, to);

/** A refund that still claims its amount of the order's money (or already took it). */
export const holdsRefundable = (status: RefundStatus) => status !== 'failed';

/** Vendor records and amounts of a refund may change only before its money moves. */
export const isEditableRefund = (status: RefundStatus) => status === 'pending' || status === 'approved';

export const billStatuses = ['draft', 'open', 'approved', 'paid', 'void'] as const;
export type BillStatus = (typeof billStatuses)[number];

export const billTransitions: TransitionTable<BillStatus> = {
  draft: ['open', 'approved', 'void'],
  open: ['approved', 'void'],
  approved: ['paid'],
  paid: [],
  void: [],
};

export const assertBillTransition = (from: BillStatus, to: BillStatus) =>
  assertTransition('bill', billTransitions, from, to);

/** Items may be removed from a bill only before it is approved. */
export const isEditableBill = (status: BillStatus) => status === 'draft' || status === 'open';

export const billActions = ['open', 'approve', 'pay', 'void'] as const;
export type BillAction = (typeof billActions)[number];

export const billActionTarget: Record<BillAction, BillStatus> = {
  open: 'open',
  approve: 'approved',
  pay: 'paid',
  void: 'void',
};

/** Whether a return's units are back (received, or inspected after that): it may be refunded. */
export const hasReturnedUnits = (status: string) => status === 'received' || status === 'inspected';

/** Whether the buyer may get a return label and ship the units: support approved the return. */
export const isShippableReturn = (status: string) =>
  status !== 'requested' && status !== 'rejected' && status !== 'closed';

/** Whether a refund waits for finance's approval before its money moves. */
export const awaitsRefundApproval = (status: string) => status === 'pending';

/** Whether a refund's money was given back. */
export const isProcessedRefund = (status: string) => status === 'processed';
