import * as sizing from '../../../contract/sizing';
import { api } from '../../api/api';
import { contractQuery } from '../../api/endpoints';

type Choice = sizing.Choice;
const list = (r: { data: { list: Choice[] } }) => r.data.list;

/**
 * The vehicle chain (year → make → model → option) as cached queries, so that each line of a
 * quote has its own chain; the shop's selector is one slice for the one search panel.
 */
const vehicleChainApi = api.injectEndpoints({
  endpoints: (b) => ({
    chainYears: contractQuery(b, sizing.years, {
      // biome-ignore lint/suspicious/noConfusingVoidType: the hook takes no argument (RTK Query's void)
      input: (_: void) => ({}),
      transform: list,
    }),
    chainMakes: contractQuery(b, sizing.vehicleMakes, {
      input: (params: { year: string }) => ({ params }),
      transform: list,
    }),
    chainModels: contractQuery(b, sizing.vehicleModels, {
      input: (params: { year: string; make: string }) => ({ params }),
      transform: list,
    }),
    chainOptions: contractQuery(b, sizing.vehicleOptions, {
      input: (params: { year: string; make: string; model: string }) => ({ params }),
      transform: list,
    }),
  }),
});

export const { useChainYearsQuery, useChainMakesQuery, useChainModelsQuery, useChainOptionsQuery } =
  vehicleChainApi;
