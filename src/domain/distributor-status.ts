// Distributor (drop-ship) order statuses: the table the server checks and the vendor status list
// answers (docs/logistics.md, "Distributors").
import { assertTransition, type TransitionTable } from './status-machine';

export const distributorOrderStatuses = ['submitted', 'accepted', 'shipped', 'cancelled'] as const;
export type DistributorOrderStatus = (typeof distributorOrderStatuses)[number];

/**
 * Submitted by staff (or the company's automatic rule), accepted by the distributor, shipped with
 * a ship confirmation that starts the shipment; cancelled only before it ships.
 */
export const distributorOrderTransitions: TransitionTable<DistributorOrderStatus> = {
  submitted: ['accepted', 'shipped', 'cancelled'],
  accepted: ['shipped', 'cancelled'],
  shipped: [],
  cancelled: [],
};

export function assertDistributorOrderTransition(from: DistributorOrderStatus, to: DistributorOrderStatus) {
  assertTransition('distributor order', distributorOrderTransitions, from, to);
}
