import * as inst from '../../../contract/installer';
import * as services from '../../../contract/installer-services';
import { api } from '../../api/api';
import { contractMutation, contractQuery } from '../../api/endpoints';

// A change to one installer order refetches the lists (the bay's and the staff's: each carries
// every detail).
const LIST = [{ type: 'InstallerOrder' as const, id: 'LIST' }];

// A published price list: the installer's own read, and the buyers' read of the same list.
const SERVICES = [{ type: 'InstallerServices' as const, id: 'LIST' }];

const installerApi = api.injectEndpoints({
  endpoints: (b) => ({
    installerOrders: contractQuery(b, inst.listInstallerOrders, { provides: LIST }),
    updateInstallerOrder: contractMutation(b, inst.updateInstallerOrder, { invalidates: LIST }),
    staffInstallerOrders: contractQuery(b, inst.listStaffInstallerOrders, { provides: LIST }),
    correctInstallerOrder: contractMutation(b, inst.correctInstallerOrder, { invalidates: LIST }),
    installerBays: contractQuery(b, inst.listVendorInstallerLocations),
    installerServices: contractQuery(b, services.readInstallerServices, {
      provides: SERVICES,
      transform: (answer) => answer.data,
    }),
    replaceInstallerServices: contractMutation(b, services.replaceInstallerServices, {
      invalidates: SERVICES,
      transform: (answer) => answer.data,
    }),
    publishedInstallerServices: contractQuery(b, services.publishedInstallerServices, {
      provides: SERVICES,
      transform: (answer) => answer.data,
    }),
  }),
});

export const {
  useInstallerOrdersQuery,
  useUpdateInstallerOrderMutation,
  useStaffInstallerOrdersQuery,
  useCorrectInstallerOrderMutation,
  useInstallerBaysQuery,
  useInstallerServicesQuery,
  useReplaceInstallerServicesMutation,
  usePublishedInstallerServicesQuery,
} = installerApi;
