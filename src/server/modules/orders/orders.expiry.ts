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
 */
export async function expireUnpaidOrders(db: DbOrTx): Promise<number> {
  const ids = await stockRepo.expiredHoldOrders(db);
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
