import type { OrderPaymentStatus } from '../../../domain/payment-status';
import type { DbOrTx } from '../../db/connection';
import { logOrderChange } from './orders.log';
import * as repo from './orders.repository';

/**
 * Moves the order's payment status through its table (src/domain/payment-status.ts) and notes
 * the change in the order's log; `method` is the way the order is now being paid.
 */
export async function changePaymentStatus(
  tx: DbOrTx,
  order: { id: number; status: string; paymentStatus: string },
  to: OrderPaymentStatus,
  method?: string,
  userId: number | null = null,
) {
  const from = order.paymentStatus as OrderPaymentStatus;
  if (from === to) return;
  await repo.setOrderPaymentStatus(tx, order, to, method);
  await logOrderChange(tx, order, userId, `Payment ${from} → ${to}${method ? ` (${method})` : ''}`);
}
