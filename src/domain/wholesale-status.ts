// Wholesale applications (DESIGN.md §6): the one transition table for the server's checks and
// the console's buttons.

export const wholesaleStatuses = ['pending', 'approved', 'rejected'] as const;
export type WholesaleStatus = (typeof wholesaleStatuses)[number];

export const wholesaleTransitions: Record<WholesaleStatus, readonly WholesaleStatus[]> = {
  pending: ['approved', 'rejected'],
  approved: [],
  rejected: [],
};

export function canTransitionWholesale(from: WholesaleStatus, to: WholesaleStatus): boolean {
  return wholesaleTransitions[from].includes(to);
}

export class WholesaleTransitionError extends Error {
  constructor(
    readonly from: WholesaleStatus,
    readonly to: WholesaleStatus,
  ) {
    const allowed = wholesaleTransitions[from];
    super(
      `An application that is ${from} cannot become ${to}; allowed: ${allowed.length ? allowed.join(', ') : 'none'}`,
    );
  }
}

export function assertWholesaleTransition(from: WholesaleStatus, to: WholesaleStatus): void {
  if (!canTransitionWholesale(from, to)) throw new WholesaleTransitionError(from, to);
}
