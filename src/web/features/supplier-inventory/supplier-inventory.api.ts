import * as inventory from '../../../contract/inventory';
import { api } from '../../api/api';
import type { ApiFailure } from '../../api/api';
import { UNREACHABLE } from '../../api/client';

const supplierApi = api.injectEndpoints({
  endpoints: (b) => ({
    myWarehouses: b.query<inventory.Warehouse[], void>({
      query: () => ({ endpoint: inventory.listWarehouses, query: { pageSize: 100 } }),
      transformResponse: (res: { data: { list: inventory.Warehouse[] } }) => res.data.list,
      providesTags: ['Admin'],
    }),
    feedRuns: b.query<inventory.FeedRun[], number>({
      query: (id) => ({ endpoint: inventory.listFeedRuns, params: { id } }),
      transformResponse: (res: { data: inventory.FeedRun[] }) => res.data,
      providesTags: ['Admin'],
    }),
    failedRows: b.query<
      { list: inventory.FeedFailure[]; count: number },
      { warehouseId?: number; runId?: number; page: number }
    >({
      query: (q) => ({ endpoint: inventory.listFailedRows, query: { ...q, pageSize: 15, sort: '-id' } }),
      transformResponse: (res: { data: { list: inventory.FeedFailure[]; count: number } }) => res.data,
      providesTags: ['Admin'],
    }),
  }),
});

export const { useMyWarehousesQuery, useFeedRunsQuery, useFailedRowsQuery } = supplierApi;
export const invalidateSupplierData = () => api.util.invalidateTags(['Admin']);

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
