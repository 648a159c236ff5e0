import * as comp from '../../../contract/comp';
import { api } from '../../api/api';
import { contractMutation } from '../../api/endpoints';
import { createMutation, listQuery, updateMutation, written } from '../../api/crud';

// A plan's name shows on its records.
const plan = { tag: 'CompPlan', also: ['CompRecord'] } as const;

export const compApi = api.injectEndpoints({
  endpoints: (b) => ({
    listPlans: listQuery(b, comp.listPlans, 'CompPlan', (r) => r.id),
    createPlan: createMutation(b, comp.createPlan, plan),
    updatePlan: updateMutation(b, comp.updatePlan, plan),
    listRecords: listQuery(b, comp.listRecords, 'CompRecord', (r) => r.id),
    waiveRecords: contractMutation(b, comp.waiveRecords, {
      input: (body: { ids: number[]; note: string }) => ({ body }),
      invalidates: (_r, _e, { ids }) => ids.flatMap((id) => written({ tag: 'CompRecord' }, id)),
    }),
  }),
});

export const { useWaiveRecordsMutation } = compApi;
