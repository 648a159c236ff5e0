import * as inventory from '../../../contract/inventory';
import * as tireAge from '../../../contract/tire-age';
import { api, type ApiFailure } from '../../api/api';
import { UNREACHABLE } from '../../api/client';
import { byId, contractMutation, contractQuery } from '../../api/endpoints';
import { createMutation, listQuery, oneQuery, updateMutation, written } from '../../api/crud';
import type { Picker } from '../../components/EntityPicker';

// A warehouse counts for its supplier and names its stock and refused feed rows.
const warehouse = { tag: 'Warehouse', also: ['Supplier', 'Inventory', 'FeedFailure'] } as const;
// Stock counts in its warehouse, makes a product available and gives it its sell prices.
const stock = { tag: 'Inventory', also: ['Warehouse', 'Product', 'Pricing'] } as const;
/** What an applied feed changes: its runs, its refused rows and the stock (with all stock moves). */
const feed = { tag: 'FeedRun', also: ['FeedFailure', ...stock.also, 'Inventory'] } as const;

export const inventoryApi = api.injectEndpoints({
  endpoints: (b) => ({
    listWarehouses: listQuery(b, inventory.listWarehouses, 'Warehouse', (r) => r.id),
    getWarehouse: oneQuery(b, inventory.getWarehouse, 'Warehouse'),
    createWarehouse: createMutation(b, inventory.createWarehouse, warehouse),
    updateWarehouse: updateMutation(b, inventory.updateWarehouse, warehouse),
    /** A warehouse's feed uploads, newest first, tagged by the warehouse. */
    feedRuns: contractQuery(b, inventory.listFeedRuns, {
      input: byId,
      provides: (_r, _e, id) => [{ type: 'FeedRun', id }],
    }),
    listFailedRows: listQuery(b, inventory.listFailedRows, 'FeedFailure', (r) => r.id),
    listInventory: listQuery(b, inventory.listInventory, 'Inventory', (r) => r.warehouseId),
    setInventory: createMutation(b, inventory.setInventory, stock),
    /** The oldest tires the company buys (docs/domain.md, "Tire age"). */
    tireAge: contractQuery(b, tireAge.getTireAge, {
      // biome-ignore lint/suspicious/noConfusingVoidType: the hook takes no argument (RTK Query's void)
      input: (_: void) => ({}),
      transform: (r) => r.data,
      provides: [{ type: 'Company', id: 'TIRE_AGE' }],
    }),
    updateTireAge: contractMutation(b, tireAge.updateTireAge, {
      transform: (r) => r.data,
      invalidates: [{ type: 'Company', id: 'TIRE_AGE' }],
    }),
    /** The DOT codes each line of an order took, read with the order. */
    orderDotCodes: contractQuery(b, tireAge.getOrderDotCodes, {
      input: byId,
      transform: (r) => r.data,
      provides: (_r, _e, id) => [{ type: 'Order', id }],
    }),
  }),
});

export const {
  useListWarehousesQuery,
  useFeedRunsQuery,
  useListFailedRowsQuery,
  useTireAgeQuery,
  useUpdateTireAgeMutation,
  useOrderDotCodesQuery,
} = inventoryApi;
export const useStockQuery = inventoryApi.endpoints.listInventory.useQuery;

/** After a feed upload (which goes around RTK Query to report progress): read again what it changed. */
export const feedApplied = (warehouseId: number) => api.util.invalidateTags(written(feed, warehouseId));

export const warehousePicker: Picker<inventory.Warehouse> = {
  list: inventoryApi.endpoints.listWarehouses,
  one: inventoryApi.endpoints.getWarehouse,
  id: (r) => r.id,
  label: (r) => `${r.code} · ${r.name}`,
  noun: 'warehouses',
};

/**
 * Uploads a feed with XMLHttpRequest, the one browser API that reports upload progress; the
 * server's row progress is followed by polling the warehouse's runs meanwhile.
 */
export function uploadFeed(warehouseId: number, file: File, onProgress: (sent: number) => void) {
  return new Promise<inventory.FeedRun>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', inventory.uploadFeed.path.replace(':id', String(warehouseId)));
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve((xhr.response as { data: inventory.FeedRun }).data);
      else
        reject({
          status: xhr.status,
          message: (xhr.response as { detail?: string } | null)?.detail ?? 'The upload failed',
          problem: xhr.response,
        } satisfies ApiFailure);
    };
    xhr.onerror = () => reject({ status: 0, message: UNREACHABLE } satisfies ApiFailure);
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
