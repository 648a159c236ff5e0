import type { OrderStatus } from '../../../domain/order-status';
import type { DbOrTx } from '../../db/connection';
import { companyOrderLines } from './orders.purchases.repository';

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
