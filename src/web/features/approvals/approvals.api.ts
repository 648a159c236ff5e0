import * as approvals from '../../../contract/approvals';
import { api, type BodyOf, type QueryOf } from '../../api/api';
import { contractMutation, contractQuery } from '../../api/endpoints';

// One tag for limits, budgets and the queue: a decision changes a budget's spend, a limit the
// checkout's notice. A decision also moves the order (and its stock), so orders refresh too.
const TAG = { type: 'Approval' as const, id: 'LIST' };

/** Spending limits, budgets and approvals (docs/fleet.md, "Approvals"). */
export const approvalsApi = api.injectEndpoints({
  endpoints: (b) => ({
    spendingLimits: contractQuery(b, approvals.listSpendingLimits, {
      // biome-ignore lint/suspicious/noConfusingVoidType: the hook takes no argument (RTK Query's void)
      input: (_: void) => ({}),
      transform: (r) => r.data.list,
      provides: [TAG],
    }),
    setSpendingLimit: contractMutation(b, approvals.setSpendingLimit, {
      input: ({ userId, ...body }: BodyOf<typeof approvals.setSpendingLimit> & { userId: number }) => ({
        params: { userId },
        body,
      }),
      transform: (r) => r.data,
      invalidates: [TAG],
    }),
    locationBudgets: contractQuery(b, approvals.listLocationBudgets, {
      // biome-ignore lint/suspicious/noConfusingVoidType: the hook takes no argument (RTK Query's void)
      input: (_: void) => ({}),
      transform: (r) => r.data.list,
      provides: [TAG],
    }),
    setLocationBudget: contractMutation(b, approvals.setLocationBudget, {
      input: ({ locationId, monthlyCents }: { locationId: number; monthlyCents: number | null }) => ({
        params: { locationId },
        body: { monthlyCents },
      }),
      transform: (r) => r.data,
      invalidates: [TAG],
    }),
    mySpending: contractQuery(b, approvals.getMySpending, {
      // biome-ignore lint/suspicious/noConfusingVoidType: the hook takes no argument (RTK Query's void)
      input: (_: void) => ({}),
      transform: (r) => r.data,
      provides: [TAG],
    }),
    approvals: contractQuery(b, approvals.listApprovals, {
      input: (query: QueryOf<typeof approvals.listApprovals>) => ({ query }),
      transform: (r) => r.data.list,
      provides: [TAG],
    }),
    approveOrder: contractMutation(b, approvals.approveOrder, {
      input: ({ orderId, comment }: { orderId: number; comment: string }) => ({
        params: { orderId },
        body: { comment },
      }),
      transform: (r) => r.data,
      invalidates: [TAG, 'Order'],
    }),
    rejectOrder: contractMutation(b, approvals.rejectOrder, {
      input: ({ orderId, comment }: { orderId: number; comment: string }) => ({
        params: { orderId },
        body: { comment },
      }),
      transform: (r) => r.data,
      invalidates: [TAG, 'Order'],
    }),
  }),
});

export const {
  useSpendingLimitsQuery,
  useSetSpendingLimitMutation,
  useLocationBudgetsQuery,
  useSetLocationBudgetMutation,
  useMySpendingQuery,
  useApprovalsQuery,
  useApproveOrderMutation,
  useRejectOrderMutation,
} = approvalsApi;
