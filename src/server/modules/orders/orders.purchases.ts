import {
  hasArrived,
  isRoutableOrder,
  isShippedOrderStatus,
  type OrderStatus,
  orderStatuses,
} from '../../../domain/order-status';
import type { DbOrTx } from '../../db/connection';
import { companyItems, companyOrderLines } from './orders.purchases.repository';

/** Order statuses in which the company has the tires in hand: what a review may be based on. */
const inHand: readonly OrderStatus[] = ['delivered', 'completed'];

/**
 * The tires a buyer's company has received, one row per item of its delivered or completed
 * orders, newest order first: reviews read it to know which lines the company may review.
 */
export function linesReceivedBy(
  db: DbOrTx,
  companyId: number,
  filter: { orderId?: number; modelId?: number } = {},
) {
  return companyOrderLines(db, companyId, inHand, filter);
}

/** Statuses of an order whose tires were bought: open, on their way or arrived (not a cart, not cancelled). */
const bought = orderStatuses.filter((s) => isRoutableOrder(s) || isShippedOrderStatus(s) || hasArrived(s));

/**
 * These lines of the company's orders as they were sold, where the order bought them (the fleet
 * roster lists what each unit got), newest order first; others' lines and carts are left out.
 */
export function itemsBoughtBy(db: DbOrTx, companyId: number, itemIds: number[]) {
  return companyItems(db, companyId, itemIds, bought);
}
