import * as fleet from '../../../contract/fleet';
import * as sizing from '../../../contract/sizing';
import { api, type BodyOf, type QueryOf } from '../../api/api';
import { byId, contractMutation, contractQuery } from '../../api/endpoints';

const list = { type: 'FleetUnit', id: 'LIST' } as const;
const cartLines = { type: 'FleetUnit', id: 'CART' } as const;

/** The fleet roster: units, their page, the CSV import, and the cart lines that name a unit. */
export const fleetApi = api.injectEndpoints({
  endpoints: (b) => ({
    units: contractQuery(b, fleet.listUnits, {
      input: (query: QueryOf<typeof fleet.listUnits>) => ({ query }),
      transform: (r) => r.data,
      provides: [list],
    }),
    unit: contractQuery(b, fleet.getUnit, {
      input: byId,
      transform: (r) => r.data,
      provides: (_r, _e, id) => [{ type: 'FleetUnit', id }],
    }),
    createUnit: contractMutation(b, fleet.createUnit, { transform: (r) => r.data, invalidates: [list] }),
    updateUnit: contractMutation(b, fleet.updateUnit, {
      input: ({ id, ...body }: BodyOf<typeof fleet.updateUnit> & { id: number }) => ({
        params: { id },
        body,
      }),
      transform: (r) => r.data,
      invalidates: (_r, _e, { id }) => [list, { type: 'FleetUnit', id }],
    }),
    deleteUnit: contractMutation(b, fleet.deleteUnit, { input: byId, invalidates: [list, cartLines] }),
    importRoster: contractMutation(b, fleet.importRoster, {
      input: ({ file, locationId }: { file: File; locationId: number | null }) => {
        const form = new FormData();
        if (locationId) form.append('locationId', String(locationId));
        // The file last: the server reads the fields before the bytes.
        form.append('file', file);
        return { body: form };
      },
      transform: (r) => r.data,
      invalidates: [list],
    }),
    reorderUnit: contractMutation(b, fleet.reorderUnit, {
      input: byId,
      invalidates: [cartLines],
    }),
    cartUnits: contractQuery(b, fleet.listCartUnits, {
      // biome-ignore lint/suspicious/noConfusingVoidType: the hook takes no argument (RTK Query's void)
      input: (_: void) => ({}),
      transform: (r) => r.list,
      provides: [cartLines],
    }),
    setCartLineUnit: contractMutation(b, fleet.setCartLineUnit, {
      transform: (r) => r.list,
      invalidates: [cartLines],
    }),
    // The vehicle chain of the unit form (the sizing lists, kept by the browser with their ETag).
    fleetMakes: contractQuery(b, sizing.vehicleMakes, {
      input: (year: number) => ({ params: { year } }),
      transform: (r) => r.data.list,
    }),
    fleetModels: contractQuery(b, sizing.vehicleModels, {
      input: (p: { year: number; make: string }) => ({ params: p }),
      transform: (r) => r.data.list,
    }),
    fleetOptions: contractQuery(b, sizing.vehicleOptions, {
      input: (p: { year: number; make: string; model: string }) => ({ params: p }),
      transform: (r) => r.data.list,
    }),
  }),
});

export const {
  useUnitsQuery,
  useUnitQuery,
  useCreateUnitMutation,
  useUpdateUnitMutation,
  useDeleteUnitMutation,
  useImportRosterMutation,
  useReorderUnitMutation,
  useCartUnitsQuery,
  useSetCartLineUnitMutation,
  useFleetMakesQuery,
  useFleetModelsQuery,
  useFleetOptionsQuery,
} = fleetApi;
