import * as inst from '../../../contract/installer';
import { api, type BodyOf, type Out, type QueryOf } from '../../api/api';

// A change to one installer order refetches the lists (the bay's and the staff's: each carries
// every detail).
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
    staffInstallerOrders: b.query<
      Out<typeof inst.listStaffInstallerOrders>,
      QueryOf<typeof inst.listStaffInstallerOrders>
    >({
      query: (query) => ({ endpoint: inst.listStaffInstallerOrders, query }),
      providesTags: LIST,
    }),
    correctInstallerOrder: b.mutation<
      Out<typeof inst.correctInstallerOrder>,
      BodyOf<typeof inst.correctInstallerOrder>
    >({
      query: (body) => ({ endpoint: inst.correctInstallerOrder, body }),
      invalidatesTags: LIST,
    }),
    installerBays: b.query<
      Out<typeof inst.listVendorInstallerLocations>,
      QueryOf<typeof inst.listVendorInstallerLocations>
    >({
      query: (query) => ({ endpoint: inst.listVendorInstallerLocations, query }),
    }),
  }),
});

export const {
  useInstallerOrdersQuery,
  useUpdateInstallerOrderMutation,
  useStaffInstallerOrdersQuery,
  useCorrectInstallerOrderMutation,
  useInstallerBaysQuery,
} = installerApi;
