// Compensation records: accrued when an order is placed; finance may waive one.
import { basisPointsOf } from './money';
import { assertTransition, type TransitionTable } from './status-machine';

export const compStatuses = ['accrued', 'waived'] as const;
export type CompStatus = (typeof compStatuses)[number];

export const compTransitions: TransitionTable<CompStatus> = {
  accrued: ['waived'],
  waived: [],
};

export function assertCompTransition(from: CompStatus, to: CompStatus): void {
  assertTransition('compensation record', compTransitions, from, to);
}

/** A plan's share of a sale: basis points of the base, rounded half up, in whole cents. */
export function commissionOf(baseCents: number, basisPoints: number): number {
  return basisPointsOf(baseCents, basisPoints);
}

/** Whether finance may still waive a compensation record. */
export const isWaivable = (status: string) =>
  (compTransitions[status as CompStatus] ?? []).includes('waived');
