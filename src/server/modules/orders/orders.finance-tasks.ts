import { asc, eq } from 'drizzle-orm';
import type { FinanceTask } from '../../../contract/finance-tasks';
import type { Db, DbOrTx } from '../../db/connection';
import { type Paging, pageAnswer } from '../../db/list-page';
import { conflict, notFound } from '../../http/errors';
import { iso } from '../../lib/dates';
import * as tasksRepo from './orders.finance-tasks.repository';
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

const taskOf = (row: tasksRepo.FinanceTaskRow): FinanceTask => ({
  taskId: row.id,
  kind: row.kind as FinanceTask['kind'],
  orderId: row.orderId,
  orderNumber: row.orderNumber,
  companyName: row.companyName,
  reference: row.reference,
  amountCents: row.amountCents,
  note: row.note,
  createdAt: iso(row.createdAt),
  closedAt: iso(row.closedAt),
});

/** Finance's queue: the open tasks (or the closed ones), oldest first, so none is left waiting. */
export async function listFinanceTasks(db: DbOrTx, q: Paging & tasksRepo.TaskFilter) {
  return pageAnswer(q, await tasksRepo.listFinanceTasks(db, q), taskOf);
}

/** Finance is done with a task (the dispute answered at the processor): closed once, never reopened here. */
export function closeFinanceTask(db: Db, taskId: number) {
  return db.transaction(async (tx) => {
    const task = await tasksRepo.findFinanceTask(tx, taskId, true);
    if (!task) throw notFound('Finance task');
    if (!(await tasksRepo.closeFinanceTask(tx, taskId, new Date())))
      throw conflict('This task is already closed', { reason: 'already_closed' });
    return { data: taskOf((await tasksRepo.findFinanceTask(tx, taskId)) ?? task) };
  });
}
