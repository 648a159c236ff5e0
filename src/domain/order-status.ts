// Order and supplier-line statuses: the one table the server checks, the status lists answer and
// the back-office buttons read (docs/domain.md).
import type { OrderPaymentStatus } from './payment-status';
import { assertAllowed, assertTransition, type TransitionTable } from './status-machine';

export const orderStatuses = [
  'cart',
  'awaiting_approval',
  'placed',
  'processing',
  'partially_shipped',
  'shipped',
  'delivered',
  'completed',
  'cancelled',
  'on_hold',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/**
 * Statuses an order may move to from each status; on_hold returns to where it came from. An
 * order over a buyer's spending limit or its location's budget waits in awaiting_approval: its
 * units held, nothing charged, until an approver approves it (placed) or rejects it, or its hold
 * runs out (cancelled; docs/fleet.md, "Approvals").
 */
export const orderTransitions: TransitionTable<OrderStatus> = {
  cart: ['placed', 'awaiting_approval'],
  awaiting_approval: ['placed', 'cancelled'],
  placed: ['processing', 'cancelled', 'on_hold'],
  processing: ['partially_shipped', 'shipped', 'cancelled', 'on_hold'],
  partially_shipped: ['shipped', 'on_hold'],
  shipped: ['delivered', 'on_hold'],
  delivered: ['completed'],
  completed: [],
  cancelled: [],
  on_hold: ['placed', 'processing', 'partially_shipped', 'shipped', 'cancelled'],
};

export const supplierLineStatuses = [
  'pending',
  'sent',
  'confirmed',
  'exception',
  'cancelled',
  'resent',
] as const;
export type SupplierLineStatus = (typeof supplierLineStatuses)[number];

export const supplierLineTransitions: TransitionTable<SupplierLineStatus> = {
  pending: ['sent', 'cancelled'],
  sent: ['confirmed', 'exception', 'cancelled', 'resent'],
  resent: ['confirmed', 'exception', 'cancelled'],
  exception: ['resent', 'cancelled'],
  confirmed: [],
  cancelled: [],
};

/** Allowed next statuses of an order; an order on hold may only return to where it was, or be cancelled. */
export function nextOrderStatuses(
  from: OrderStatus,
  heldFrom: OrderStatus | null = null,
): readonly OrderStatus[] {
  if (from === 'on_hold') return heldFrom ? [heldFrom, 'cancelled'] : orderTransitions.on_hold;
  return orderTransitions[from];
}

export function assertOrderTransition(
  from: OrderStatus,
  to: OrderStatus,
  heldFrom: OrderStatus | null = null,
) {
  assertAllowed('order', from, to, nextOrderStatuses(from, heldFrom));
}

export function assertSupplierLineTransition(from: SupplierLineStatus, to: SupplierLineStatus) {
  assertTransition('supplier line', supplierLineTransitions, from, to);
}

/** Whether an order may still be edited or deleted by staff: placed and nothing paid or owed. */
export function isEditableOrder(status: OrderStatus, paymentStatus: OrderPaymentStatus): boolean {
  return status === 'placed' && paymentStatus === 'unpaid';
}

/** Whether an order waits for an approver of its company (nothing charged, units held). */
export const awaitsApproval = (status: string) => status === 'awaiting_approval';

/** Whether a row of the orders table is an order (placed at some point) rather than a cart. */
export const isPlacedOrder = (status: string) => status !== 'cart';

/** Whether units of an order may still be routed to suppliers: it is open and nothing has shipped in full. */
export function isRoutableOrder(status: OrderStatus): boolean {
  return ['placed', 'processing', 'partially_shipped', 'on_hold'].includes(status);
}

/** Whether an order's tires have arrived (delivered, or completed after that). */
export const hasArrived = (status: string) => status === 'delivered' || status === 'completed';

/** Whether a move of the order's log is the delivery itself: the day its return window starts. */
export const isDeliveryStep = (toStatus: string) => toStatus === 'delivered';

/** Whether an order's delivery may still change: nothing has left and it is not closed. */
export const isDeliveryChangeable = (status: string) =>
  status === 'placed' || status === 'processing' || status === 'on_hold';

/** Whether an order may get another shipment: it is open and not everything has shipped. */
export const shipsMore = (status: string) =>
  status === 'placed' || status === 'processing' || status === 'partially_shipped';

/** Whether an order's units are on their way or arrived, as the order's status says. */
export const isShippedOrderStatus = (status: string) =>
  status === 'partially_shipped' || status === 'shipped' || status === 'delivered';

/** Whether an order was cancelled (nothing more happens to it or its units). */
export const isCancelledOrder = (status: string) => status === 'cancelled';

/** Whether a supplier line still stands for units (it was not cancelled). */
export const isLiveSupplierLine = (status: string) => status !== 'cancelled';

/** Whether a supplier line still waits to be sent to its supplier (its units may be withdrawn). */
export const isUnsentLine = (status: string) => status === 'pending';

/** Whether units have left and not all have arrived: shipped, or partly shipped. */
export const isInTransitOrder = (status: string) => status === 'shipped' || status === 'partially_shipped';

/** Whether an order is placed and none of it has gone to its suppliers: sending its lines starts processing. */
export const awaitsProcessing = (status: string) => status === 'placed';

/** Whether staff put the order on hold (it is released back to the status it was held from). */
export const isOnHold = (status: string) => status === 'on_hold';

/** Whether the supplier reported a problem with a line: staff may send it again. */
export const isExceptionLine = (status: string) => status === 'exception';
