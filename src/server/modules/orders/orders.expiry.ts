import { and, eq, lt } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/connection';
import { orders, stockHolds } from '../../db/schema';
import { reverseCompensation } from '../comp/comp.service';
import * as payments from '../payments/payments.service';
import { changeOrderStatus } from './orders.log';
import { changePaymentStatus } from './orders.payment-status';
import { findOrder } from './orders.repository';
import { releaseStock } from './orders.stock';

/**
 * Orders whose payment never completed within the hold time are cancelled and their held
 * units freed. Runs before every checkout, so stock never stays locked by an abandoned payment.
 */
export async function expireUnpaidOrders(db: Db): Promise<number> {
  const ids = await expiredHoldOrders(db);
  for (const id of ids) {
    await db.transaction(async (tx) => {
      const order = await findOrder(tx, id, true);
      if (order?.paymentStatus !== 'pending') return;
      await releaseStock(tx, id);
      const note = 'Payment not completed in time; held stock released';
      await payments.voidOpen(tx, id, note);
      await changeOrderStatus(tx, order, 'cancelled', null, note);
      await changePaymentStatus(tx, { ...order, status: 'cancelled' }, 'voided');
      await reverseCompensation(tx, id, note);
    });
  }
  return ids.length;
}

/**
 * Orders whose holds expired while their payment was still pending, oldest first. Unpaid
 * orders that staff placed keep their holds until they are paid, cancelled or deleted.
 */
export async function expiredHoldOrders(tx: DbOrTx, limit = 50): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ orderId: stockHolds.orderId })
    .from(stockHolds)
    .innerJoin(orders, eq(orders.id, stockHolds.orderId))
    .where(
      and(
        eq(stockHolds.status, 'held'),
        lt(stockHolds.expiresAt, new Date()),
        eq(orders.paymentStatus, 'pending'),
      ),
    )
    .limit(limit);
  return rows.map((r) => r.orderId);
}
