// Fulfillment and shipment statuses: the tables the server checks, the status lists answer and
// the supplier and console buttons read (docs/logistics.md).
import { assertTransition, type TransitionTable } from './status-machine';

export const fulfillmentStatuses = [
  'new',
  'rated',
  'labeled',
  'picked_up',
  'in_transit',
  'delivered',
  'exception',
  'cancelled',
] as const;
export type FulfillmentStatus = (typeof fulfillmentStatuses)[number];

/** A fulfillment follows its shipment once labeled; cancelling it voids its label. */
export const fulfillmentTransitions: TransitionTable<FulfillmentStatus> = {
  new: ['rated', 'labeled', 'cancelled'],
  rated: ['labeled', 'cancelled'],
  labeled: ['picked_up', 'in_transit', 'exception', 'cancelled'],
  picked_up: ['in_transit', 'delivered', 'exception'],
  in_transit: ['delivered', 'exception'],
  exception: ['in_transit', 'delivered', 'cancelled'],
  delivered: [],
  cancelled: [],
};

export const shipmentStatuses = [
  'label_created',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
  'exception',
  'returned_to_sender',
  'voided',
] as const;
export type ShipmentStatus = (typeof shipmentStatuses)[number];

/** Tracking moves a shipment forward only; a voided label never ships. */
export const shipmentTransitions: TransitionTable<ShipmentStatus> = {
  label_created: ['picked_up', 'in_transit', 'exception', 'voided'],
  picked_up: ['in_transit', 'exception'],
  in_transit: ['out_for_delivery', 'delivered', 'exception', 'returned_to_sender'],
  out_for_delivery: ['delivered', 'exception'],
  exception: ['in_transit', 'out_for_delivery', 'delivered', 'returned_to_sender'],
  delivered: [],
  returned_to_sender: [],
  voided: [],
};

export function assertFulfillmentTransition(from: FulfillmentStatus, to: FulfillmentStatus) {
  assertTransition('fulfillment', fulfillmentTransitions, from, to);
}

export function assertShipmentTransition(from: ShipmentStatus, to: ShipmentStatus) {
  assertTransition('shipment', shipmentTransitions, from, to);
}

export const labelStatuses = ['active', 'voided'] as const;
export type LabelStatus = (typeof labelStatuses)[number];

/** A shipping label is bought once and may be voided (its fulfillment cancelled or relabeled). */
export const labelTransitions: TransitionTable<LabelStatus> = {
  active: ['voided'],
  voided: [],
};

export function assertLabelTransition(from: LabelStatus, to: LabelStatus) {
  assertTransition('shipping label', labelTransitions, from, to);
}

export const pickupStatuses = ['scheduled', 'cancelled'] as const;
export type PickupStatus = (typeof pickupStatuses)[number];

/** A courier pickup is booked for a window and may be cancelled; a new booking is a new row. */
export const pickupTransitions: TransitionTable<PickupStatus> = {
  scheduled: ['cancelled'],
  cancelled: [],
};

export function assertPickupTransition(from: PickupStatus, to: PickupStatus) {
  assertTransition('pickup', pickupTransitions, from, to);
}

/** The fulfillment status a shipment status means. */
export const fulfillmentStatusOf: Record<ShipmentStatus, FulfillmentStatus> = {
  label_created: 'labeled',
  picked_up: 'picked_up',
  in_transit: 'in_transit',
  out_for_delivery: 'in_transit',
  delivered: 'delivered',
  exception: 'exception',
  returned_to_sender: 'exception',
  voided: 'cancelled',
};

/** Whether a shipment's units have left the warehouse (the order counts them as shipped). */
export const hasLeft = (s: ShipmentStatus) => !['label_created', 'voided'].includes(s);

/** The order status units on their way mean: all delivered, all left, or some left. */
export function orderStatusForUnits(units: { ordered: number; left: number; delivered: number }) {
  if (units.ordered > 0 && units.delivered >= units.ordered) return 'delivered' as const;
  if (units.ordered > 0 && units.left >= units.ordered) return 'shipped' as const;
  if (units.left > 0) return 'partially_shipped' as const;
  return null;
}

/** Whether tracking can no longer move a shipment (delivered, returned or voided). */
export const isClosedShipment = (s: string) => (shipmentTransitions[s as ShipmentStatus] ?? []).length === 0;

/** Whether a shipment still stands for units (its label was not voided). */
export const isLiveShipment = (s: string) => s !== 'voided';

/** Whether a fulfillment has no label yet (new or rated): its rate and address may still change. */
export const isUnlabeled = (f: string) => f === 'new' || f === 'rated';

/** Whether a fulfillment has its label (bought, and nothing picked up yet). */
export const isLabeledFulfillment = (f: string) => f === 'labeled';

/** Whether a fulfillment still takes its lines (it was not cancelled). */
export const isLiveFulfillment = (f: string) => f !== 'cancelled';

/** Whether a shipping label may still be used (it was not voided). */
export const isActiveLabel = (l: string) => l === 'active';

/** Whether a pickup is still booked (it was not cancelled). */
export const isScheduledPickup = (p: string) => p === 'scheduled';

/** Whether a shipment's label may still be voided: nothing was scanned yet. */
export const canVoidShipment = (s: string) =>
  (shipmentTransitions[s as ShipmentStatus] ?? []).includes('voided');
