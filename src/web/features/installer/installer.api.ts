import * as inst from '../../../contract/installer';
import { api, type BodyOf, type Out, type QueryOf } from '../../api/api';

// A change to one installer order refetches the bay's list (the list carries every detail).
const LIST = [{ type: 'InstallerOrder' as const, id: 'LIST' }];

const installerApi = api.injectEndpoints({
  endpoints: (b) => ({
    installerOrders: b.query<Out<typeof inst.listInstallerOrders>, QueryOf<typeof inst.listInstallerOrders>>({
      query: (query) => ({ endpoint: inst.listInstallerOrders, query }),
      providesTags: LIST,
    }),
    updateInstallerOrder: b.mutation<
      Out<typeof inst.updateInstallerOrder>,
      BodyOf<typeof inst.updateInstallerOrder>
    >({
      query: (body) => ({ endpoint: inst.updateInstallerOrder, body }),
      invalidatesTags: LIST,
    }),
  }),
});

export const { useInstallerOrdersQuery, useUpdateInstallerOrderMutation } = installerApi;
