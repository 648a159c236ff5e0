import * as catalog from '../../../contract/catalog';
import * as sizing from '../../../contract/sizing';
import { api } from '../../api/api';
import { contractQuery } from '../../api/endpoints';

type Size = catalog.Size;

/** Lookups of the OE selection page: a vehicle's sizes and the plus-size alternatives of one. */
const sizingApi = api.injectEndpoints({
  endpoints: (b) => ({
    vehicleSizes: contractQuery(b, sizing.vehicleSizes, {
      input: (query: { year: string; make: string; model: string; option: string }) => ({ query }),
      transform: (r: { data: { list: catalog.SizeRecord[] } }) => r.data.list,
    }),
    // Written out: two calls, the second addressed by what the first answers.
    plusSizes: b.query<Size[], string>({
      // The size record by its text, then the sizes within 3% of its diameter.
      async queryFn(size, _api, _extra, baseQuery) {
        const found = await baseQuery({ endpoint: catalog.searchSizes, query: { q: size, pageSize: 5 } });
        if (found.error) return { error: found.error };
        const list = (found.data as { data: { list: Size[] } }).data.list;
        const exact = list.find((s) => s.size === size) ?? list[0];
        if (!exact) return { data: [] };
        const near = await baseQuery({ endpoint: catalog.sizesByDiameter, params: { id: exact.id } });
        if (near.error) return { error: near.error };
        return { data: (near.data as { data: { list: Size[] } }).data.list };
      },
    }),
  }),
});

export const { useVehicleSizesQuery, usePlusSizesQuery } = sizingApi;
