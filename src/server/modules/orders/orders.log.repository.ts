// The SQL of the order status log: one row per change of an order or of one of its supplier
// lines (orders.log.ts writes it, the order detail lists it).
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { orderStatusLog, users } from '../../db/schema';

export async function insertLogEntry(db: DbOrTx, values: typeof orderStatusLog.$inferInsert) {
  await db.insert(orderStatusLog).values(values);
}

/** The log of an order, oldest first, with the name of who made each change. */
export function listLog(db: DbOrTx, orderId: number) {
  return db
    .select({ log: orderStatusLog, userName: users.username })
    .from(orderStatusLog)
    .leftJoin(users, eq(users.id, orderStatusLog.userId))
    .where(eq(orderStatusLog.orderId, orderId))
    .orderBy(asc(orderStatusLog.id));
}
