import * as wholesale from '../../../contract/wholesale';
import { api } from '../../api/api';
import { listQuery, written } from '../../api/crud';
import { contractMutation } from '../../api/endpoints';

// An approval opens a company, its location and its user, and mails the invitation.
const decision = {
  tag: 'WholesaleApplication',
  also: ['Company', 'Location', 'User', 'PriceGroup', 'Outbox'],
} as const;

export const wholesaleApi = api.injectEndpoints({
  endpoints: (b) => ({
    listApplications: listQuery(b, wholesale.listApplications, 'WholesaleApplication', (r) => r.id),
    approveApplication: contractMutation(b, wholesale.approveApplication, {
      input: ({ id, ...body }: { id: number; priceGroupId: number | null; note: string }) => ({
        params: { id },
        body,
      }),
      invalidates: (_r, _e, { id }) => written(decision, id),
    }),
    rejectApplication: contractMutation(b, wholesale.rejectApplication, {
      input: ({ id, ...body }: { id: number; note: string }) => ({ params: { id }, body }),
      invalidates: (_r, _e, { id }) => written(decision, id),
    }),
  }),
});

export const { useApproveApplicationMutation, useRejectApplicationMutation } = wholesaleApi;
