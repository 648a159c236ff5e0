// Wholesale applications: the one transition table for the server's checks and the console's
// buttons.
import { assertTransition, type TransitionTable } from './status-machine';

export const wholesaleStatuses = ['pending', 'approved', 'rejected'] as const;
export type WholesaleStatus = (typeof wholesaleStatuses)[number];

export const wholesaleTransitions: TransitionTable<WholesaleStatus> = {
  pending: ['approved', 'rejected'],
  approved: [],
  rejected: [],
};

export function canTransitionWholesale(from: WholesaleStatus, to: WholesaleStatus): boolean {
  return wholesaleTransitions[from].includes(to);
}

export function assertWholesaleTransition(from: WholesaleStatus, to: WholesaleStatus): void {
  assertTransition('wholesale application', wholesaleTransitions, from, to);
}
