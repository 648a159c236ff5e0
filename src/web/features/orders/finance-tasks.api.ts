import * as tasks from '../../../contract/finance-tasks';
import { api } from '../../api/api';
import { contractMutation, contractQuery } from '../../api/endpoints';

// Finance's tasks sit with the money of orders: the 'Payment' tag refetches the queue when one closes.
const financeTasksApi = api.injectEndpoints({
  endpoints: (b) => ({
    financeTasks: contractQuery(b, tasks.listFinanceTasks, {
      transform: (r) => r.data,
      provides: ['Payment'],
    }),
    closeFinanceTask: contractMutation(b, tasks.closeFinanceTask, {
      input: (id: number) => ({ params: { id } }),
      invalidates: ['Payment'],
    }),
  }),
});

export const { useFinanceTasksQuery, useCloseFinanceTaskMutation } = financeTasksApi;
