// Order and supplier-line statuses (DESIGN.md §6): the one table the server checks, the status
// lists answer and the back-office buttons read.

export const orderStatuses = [
  'cart',
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

/** Statuses an order may move to from each status; on_hold returns to where it came from. */
export const orderTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  cart: ['placed'],
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

export const supplierLineTransitions: Record<SupplierLineStatus, readonly SupplierLineStatus[]> = {
  pending: ['sent', 'cancelled'],
  sent: ['confirmed', 'exception', 'cancelled', 'resent'],
  resent: ['confirmed', 'exception', 'cancelled'],
  exception: ['resent', 'cancelled'],
  confirmed: [],
  cancelled: [],
};

export class TransitionError extends Error {
  constructor(
    readonly entity: string,
    readonly from: string,
    readonly to: string,
    readonly allowed: readonly string[],
  ) {
    super(
      `A ${entity} in status ${from} cannot become ${to}; allowed: ${allowed.length ? allowed.join(', ') : 'none'}`,
    );
  }
}

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
  const allowed = nextOrderStatuses(from, heldFrom);
  if (!allowed.includes(to)) throw new TransitionError('order', from, to, allowed);
}

export function assertSupplierLineTransition(from: SupplierLineStatus, to: SupplierLineStatus) {
  const allowed = supplierLineTransitions[from];
  if (!allowed.includes(to)) throw new TransitionError('supplier line', from, to, allowed);
}

/** Whether an order may still be edited or deleted by staff: placed and not yet paid. */
export function isEditableOrder(status: OrderStatus, paymentStatus: string): boolean {
  return status === 'placed' && paymentStatus !== 'paid';
}

/** Whether units of an order may still be routed to suppliers: it is open and nothing has shipped in full. */
export function isRoutableOrder(status: OrderStatus): boolean {
  return ['placed', 'processing', 'partially_shipped', 'on_hold'].includes(status);
}
