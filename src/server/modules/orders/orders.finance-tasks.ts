import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
// Its own schema file, of the orders area's migrations (drizzle/orders.config.ts).
import { financeTasks } from '../../db/schema';

/** Opens a task for finance on an order, once per processor object (a dispute reported twice is one task). */
export async function openFinanceTask(
  tx: DbOrTx,
  task: { orderId: number; kind: 'dispute'; reference: string; amountCents: number; note: string },
) {
  await tx.insert(financeTasks).values(task).onConflictDoNothing();
}

/** The finance tasks of an order, oldest first. */
export function financeTasksOf(db: DbOrTx, orderId: number) {
  return db
    .select()
    .from(financeTasks)
    .where(eq(financeTasks.orderId, orderId))
    .orderBy(asc(financeTasks.id));
}
