// Tokens of the redirect-style payment providers' sandboxes (financing, hosted checkout, crypto):
// the provider's session, which pays one order once (docs/domain.md, "Statuses").
import { assertTransition, type TransitionTable } from './status-machine';

export const sandboxTokenStatuses = ['open', 'approved', 'review', 'declined', 'used'] as const;
export type SandboxTokenStatus = (typeof sandboxTokenStatuses)[number];

/**
 * A token starts open (hosted and crypto sessions) or already decided (financing approves or
 * declines the application it answers); the buyer's card on the hosted page approves it or holds
 * it for review; redeeming it for an order uses it up. A declined or used token is final.
 */
export const sandboxTokenTransitions: TransitionTable<SandboxTokenStatus> = {
  open: ['approved', 'review', 'used'],
  approved: ['used'],
  review: ['used'],
  declined: [],
  used: [],
};

/** The statuses a token may be issued in. */
export const sandboxTokenFirstStatuses: readonly SandboxTokenStatus[] = ['open', 'approved', 'declined'];

export function assertSandboxTokenTransition(from: SandboxTokenStatus, to: SandboxTokenStatus): void {
  assertTransition('payment token', sandboxTokenTransitions, from, to);
}

/** Whether a hosted checkout session is complete: its card approved, or held for the provider's review. */
export const isCompletedSession = (status: string) => status === 'approved' || status === 'review';

/** Whether a token already paid an order (a token pays once). */
export const isUsedToken = (status: string) => status === 'used';

/** Whether the provider refused the payment the token stands for. */
export const isDeclinedToken = (status: string) => status === 'declined';
