import type { FastifyInstance } from 'fastify';
import * as api from '../../../contract/finance-tasks';
import { route } from '../../http/route';
import { closeFinanceTask, listFinanceTasks } from './orders.finance-tasks';

/** Finance's tasks on orders (card disputes): the queue and closing a task. */
export function financeTaskRoutes(app: FastifyInstance) {
  route(app, api.listFinanceTasks, ({ db, query }) => listFinanceTasks(db, query));
  route(app, api.closeFinanceTask, ({ db, params }) => closeFinanceTask(db, params.id));
}
