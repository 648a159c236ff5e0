import * as delivery from '../../../contract/delivery';
import { api, type BodyOf } from '../../api/api';
import { contractMutation, contractQuery } from '../../api/endpoints';

const TAG = { type: 'Warehouse' as const, id: 'SHIPPING' };

/** Warehouses' shipping days (the supplier area) and "arrives by" (product page, cart, checkout). */
export const deliveryApi = api.injectEndpoints({
  endpoints: (b) => ({
    shipSchedules: contractQuery(b, delivery.listSchedules, {
      // biome-ignore lint/suspicious/noConfusingVoidType: the hook takes no argument (RTK Query's void)
      input: (_: void) => ({}),
      transform: (r) => r.data,
      provides: [TAG],
    }),
    updateShipSchedule: contractMutation(b, delivery.updateSchedule, {
      input: ({ id, ...body }: BodyOf<typeof delivery.updateSchedule> & { id: number }) => ({
        params: { id },
        body,
      }),
      transform: (r) => r.data,
      invalidates: [TAG, { type: 'Warehouse' as const, id: 'PROMISE' }],
    }),
    promise: contractQuery(b, delivery.promiseOf, {
      input: (body: BodyOf<typeof delivery.promiseOf>) => ({ body }),
      transform: (r) => r.data,
      provides: [{ type: 'Warehouse' as const, id: 'PROMISE' }],
    }),
  }),
});

export const { useShipSchedulesQuery, useUpdateShipScheduleMutation, usePromiseQuery } = deliveryApi;
