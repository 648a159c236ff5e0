import * as wholesale from '../../../contract/wholesale';
import { api, type Out } from '../../api/api';
import { listQuery, written } from '../../api/crud';

// An approval opens a company, its location and its user, and mails the invitation.
const decision = {
  tag: 'WholesaleApplication',
  also: ['Company', 'Location', 'User', 'PriceGroup', 'Outbox'],
} as const;

export const wholesaleApi = api.injectEndpoints({
  endpoints: (b) => ({
    listApplications: listQuery(b, wholesale.listApplications, 'WholesaleApplication', (r) => r.id),
    approveApplication: b.mutation<
      Out<typeof wholesale.approveApplication>,
      { id: number; priceGroupId: number | null; note: string }
    >({
      query: ({ id, ...body }) => ({ endpoint: wholesale.approveApplication, params: { id }, body }),
      invalidatesTags: (_r, _e, { id }) => written(decision, id),
    }),
    rejectApplication: b.mutation<Out<typeof wholesale.rejectApplication>, { id: number; note: string }>({
      query: ({ id, ...body }) => ({ endpoint: wholesale.rejectApplication, params: { id }, body }),
      invalidatesTags: (_r, _e, { id }) => written(decision, id),
    }),
  }),
});

export const { useApproveApplicationMutation, useRejectApplicationMutation } = wholesaleApi;
