import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { listPage, type Paging } from '../../db/list-page';
import { companies, financeTasks, orders } from '../../db/schema';

const taskColumns = {
  id: financeTasks.id,
  kind: financeTasks.kind,
  orderId: financeTasks.orderId,
  orderNumber: orders.number,
  companyName: companies.name,
  reference: financeTasks.reference,
  amountCents: financeTasks.amountCents,
  note: financeTasks.note,
  createdAt: financeTasks.createdAt,
  closedAt: financeTasks.closedAt,
};

const tasks = (db: DbOrTx) =>
  db
    .select(taskColumns)
    .from(financeTasks)
    .innerJoin(orders, eq(orders.id, financeTasks.orderId))
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .$dynamic();

export type FinanceTaskRow = Awaited<ReturnType<ReturnType<typeof tasks>['execute']>>[number];

export interface TaskFilter {
  status?: 'open' | 'closed';
  orderId?: number;
}

export function listFinanceTasks(db: DbOrTx, q: Paging & TaskFilter) {
  const where = and(
    q.status === 'open' ? isNull(financeTasks.closedAt) : undefined,
    q.status === 'closed' ? isNotNull(financeTasks.closedAt) : undefined,
    q.orderId ? eq(financeTasks.orderId, q.orderId) : undefined,
  );
  return listPage(db, q, () => tasks(db).where(where), [asc(financeTasks.createdAt), asc(financeTasks.id)]);
}

export async function findFinanceTask(db: DbOrTx, id: number, lock = false) {
  const query = tasks(db).where(eq(financeTasks.id, id));
  const [row] = lock ? await query.for('update', { of: financeTasks }) : await query;
  return row;
}

/** Closes an open task; answers whether it was open. */
export async function closeFinanceTask(db: DbOrTx, id: number, at: Date) {
  const closed = await db
    .update(financeTasks)
    .set({ closedAt: at })
    .where(and(eq(financeTasks.id, id), isNull(financeTasks.closedAt)))
    .returning({ id: financeTasks.id });
  return closed.length > 0;
}
