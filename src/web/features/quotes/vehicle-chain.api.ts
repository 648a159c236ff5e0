import * as sizing from '../../../contract/sizing';
import { api } from '../../api/api';

type Choice = sizing.Choice;
const list = (r: { data: { list: Choice[] } }) => r.data.list;

/**
 * The vehicle chain (year → make → model → option) as cached queries, so that each line of a
 * quote has its own chain; the shop's selector is one slice for the one search panel.
 */
const vehicleChainApi = api.injectEndpoints({
  endpoints: (b) => ({
    chainYears: b.query<Choice[], void>({
      query: () => ({ endpoint: sizing.years }),
      transformResponse: list,
    }),
    chainMakes: b.query<Choice[], { year: string }>({
      query: (params) => ({ endpoint: sizing.vehicleMakes, params }),
      transformResponse: list,
    }),
    chainModels: b.query<Choice[], { year: string; make: string }>({
      query: (params) => ({ endpoint: sizing.vehicleModels, params }),
      transformResponse: list,
    }),
    chainOptions: b.query<Choice[], { year: string; make: string; model: string }>({
      query: (params) => ({ endpoint: sizing.vehicleOptions, params }),
      transformResponse: list,
    }),
  }),
});

export const { useChainYearsQuery, useChainMakesQuery, useChainModelsQuery, useChainOptionsQuery } =
  vehicleChainApi;
