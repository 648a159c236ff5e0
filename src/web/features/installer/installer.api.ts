import * as inst from '../../../contract/installer';
import { api } from '../../api/api';
import { contractMutation, contractQuery } from '../../api/endpoints';

// A change to one installer order refetches the lists (the bay's and the staff's: each carries
// every detail).
const LIST = [{ type: 'InstallerOrder' as const, id: 'LIST' }];

const installerApi = api.injectEndpoints({
  endpoints: (b) => ({
    installerOrders: contractQuery(b, inst.listInstallerOrders, { provides: LIST }),
    updateInstallerOrder: contractMutation(b, inst.updateInstallerOrder, { invalidates: LIST }),
    staffInstallerOrders: contractQuery(b, inst.listStaffInstallerOrders, { provides: LIST }),
    correctInstallerOrder: contractMutation(b, inst.correctInstallerOrder, { invalidates: LIST }),
    installerBays: contractQuery(b, inst.listVendorInstallerLocations),
  }),
});

export const {
  useInstallerOrdersQuery,
  useUpdateInstallerOrderMutation,
  useStaffInstallerOrdersQuery,
  useCorrectInstallerOrderMutation,
  useInstallerBaysQuery,
} = installerApi;
