// Compensation records (DESIGN.md §6): accrued when an order is placed; finance may waive one.

export const compStatuses = ['accrued', 'waived'] as const;
export type CompStatus = (typeof compStatuses)[number];

export const compTransitions: Record<CompStatus, readonly CompStatus[]> = {
  accrued: ['waived'],
  waived: [],
};

export class CompTransitionError extends Error {
  constructor(
    readonly from: CompStatus,
    readonly to: CompStatus,
  ) {
    const allowed = compTransitions[from];
    super(`A ${from} record cannot become ${to}; allowed: ${allowed.length ? allowed.join(', ') : 'none'}`);
  }
}

export function assertCompTransition(from: CompStatus, to: CompStatus): void {
  if (!compTransitions[from].includes(to)) throw new CompTransitionError(from, to);
}

/** A plan's share of a sale: basis points of the base, rounded half up, in whole cents. */
export function commissionOf(baseCents: number, basisPoints: number): number {
  return Math.floor((baseCents * basisPoints + 5000) / 10000);
}
