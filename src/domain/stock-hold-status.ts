// Stock holds: units of a warehouse reserved for an order until its money settles. The one table
// the orders module checks before it writes a hold's status (docs/domain.md, "Statuses").
import { assertTransition, type TransitionTable } from './status-machine';

export const stockHoldStatuses = ['held', 'committed', 'released'] as const;
export type StockHoldStatus = (typeof stockHoldStatuses)[number];

/**
 * held: reserved while the payment is open; committed: the units left the warehouse when the
 * money settled; released: given back (cancellation, expiry, fewer units), sold units restocked.
 */
export const stockHoldTransitions: TransitionTable<StockHoldStatus> = {
  held: ['committed', 'released'],
  committed: ['released'],
  released: [],
};

export function assertStockHoldTransition(from: StockHoldStatus, to: StockHoldStatus): void {
  assertTransition('stock hold', stockHoldTransitions, from, to);
}

/** Holds that still take units of their warehouse: reserved, or sold and not given back. */
export const liveStockHoldStatuses: readonly StockHoldStatus[] = ['held', 'committed'];

/** Whether a hold only reserves its units (the money is still open): giving them back frees them. */
export const isReservedHold = (status: string) => status === 'held';

/** Whether a hold's units were sold (the money settled): giving them back restocks them. */
export const isSoldHold = (status: string) => status === 'committed';
