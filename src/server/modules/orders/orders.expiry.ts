import { awaitsApproval } from '../../../domain/order-status';
import { isPendingPayment } from '../../../domain/payment-status';
import type { DbOrTx } from '../../db/connection';
import { reverseCompensation } from '../comp/comp.service';
import * as payments from '../payments/payments.service';
import { changeOrderStatus } from './orders.log';
import { changePaymentStatus } from './orders.payment-status';
import { findOrder } from './orders.repository';
import { releaseStock } from './orders.stock';
import * as stockRepo from './orders.stock.repository';

/** How often the sweep below runs (ordersRoutes). */
export const EXPIRY_SWEEP_MS = 30_000;

/**
 * Orders whose payment never completed within the hold time are cancelled and their held
 * units freed; answers how many. Runs every EXPIRY_SWEEP_MS, and inside an order's placement that is
 * short of stock or over the hold cap, so stock never stays locked by an abandoned payment
 * (docs/domain.md, "Releasing").
 *
 * Inside a placement (`inPlacement`) the placing order already holds its stock rows, so locking
 * another order and its stock now runs against the lock order (docs/architecture.md, "Lock
 * order"): the sweep, holding that order, may be waiting for these very rows. There the order and
 * its stock are taken with NOWAIT, and an order whose rows another transaction holds is left to
 * that transaction or the next sweep: its savepoint is undone and the placement goes on.
 */
export async function expireUnpaidOrders(db: DbOrTx, inPlacement = false): Promise<number> {
  const ids = await stockRepo.expiredHoldOrders(db);
  for (const id of ids) {
    try {
      await db.transaction(async (tx) => {
        const order = await findOrder(tx, id, true, inPlacement);
        // An order waiting for approval is the approval sweep's (orders.approval.ts).
        if (!order || !isPendingPayment(order.paymentStatus) || awaitsApproval(order.status)) return;
        await cancelUnpaid(tx, order, 'Payment not completed in time; held stock released', inPlacement);
      });
    } catch (error) {
      if (!(inPlacement && isLockNotAvailable(error))) throw error;
    }
  }
  return ids.length;
}

/**
 * An order placed pending whose payment will not come (its time ran out, or the buyer's card
 * page at the provider expired): its held units are freed, its open payments voided, and it is
 * cancelled. The caller holds the order's lock.
 */
export async function cancelUnpaid(
  tx: DbOrTx,
  order: { id: number; status: string; paymentStatus: string; heldFrom: string | null },
  note: string,
  inPlacement = false,
) {
  await releaseStock(tx, order.id, inPlacement);
  await payments.voidOpen(tx, order.id, note);
  await changeOrderStatus(tx, order, 'cancelled', null, note);
  await changePaymentStatus(tx, { ...order, status: 'cancelled' }, 'voided');
  await reverseCompensation(tx, order.id, note);
}

/** PostgreSQL's lock_not_available (a NOWAIT lock another transaction holds). */
function isLockNotAvailable(error: unknown) {
  const cause = (error as { cause?: { code?: unknown } }).cause ?? error;
  return (cause as { code?: unknown })?.code === '55P03';
}
