import type { z } from 'zod';
import * as shared from '../../../contract/aftersales';
import * as bills from '../../../contract/bills';
import { listInstallerLocations } from '../../../contract/cart';
import * as claims from '../../../contract/claims';
import * as refunds from '../../../contract/refunds';
import * as returns from '../../../contract/returns';
import { api, type BodyOf, type Out } from '../../api/api';
import { newIdempotencyKey } from '../../api/client';
import { PAGE_SIZE } from '../../lib/paging';

// Returns, claims, refunds and bills share one tag: a refund changes its return or claim, a claim
// its refunds, and a bill the vendor records it deducts, so any write refreshes what shows them.
const TAG = { type: 'AfterSales' as const, id: 'ALL' };
const ORDER = (id: number) => ({ type: 'Order' as const, id });

export type ReturnView = z.output<typeof returns.Return>;
export type ClaimView = z.output<typeof claims.Claim>;
export type RefundView = z.output<typeof refunds.Refund>;
export type BillView = z.output<typeof bills.Bill>;
export type Kind = 'return' | 'claim' | 'refund' | 'bill';
export interface ListArgs {
  page: number;
  status?: string;
  q?: string;
  orderId?: number;
}

const lists = {
  return: returns.listReturns,
  claim: claims.listClaims,
  refund: refunds.listRefunds,
  bill: bills.listBills,
};

function photoForm(files: File[]) {
  const form = new FormData();
  for (const f of files) form.append('file', f);
  return form;
}

export const aftersalesApi = api.injectEndpoints({
  endpoints: (b) => ({
    afterSalesList: b.query<
      { data: { list: Record<string, unknown>[]; count: number; page: number } },
      ListArgs & { kind: Kind }
    >({
      query: ({ kind, ...query }) => ({ endpoint: lists[kind], query: { ...query, pageSize: PAGE_SIZE } }),
      providesTags: [TAG],
    }),
    getReturn: b.query<ReturnView, number>({
      query: (id) => ({ endpoint: returns.getReturn, params: { id } }),
      transformResponse: (r: { data: ReturnView }) => r.data,
      providesTags: [TAG],
    }),
    getClaim: b.query<ClaimView, number>({
      query: (id) => ({ endpoint: claims.getClaim, params: { id } }),
      transformResponse: (r: { data: ClaimView }) => r.data,
      providesTags: [TAG],
    }),
    getRefund: b.query<RefundView, number>({
      query: (id) => ({ endpoint: refunds.getRefund, params: { id } }),
      transformResponse: (r: { data: RefundView }) => r.data,
      providesTags: [TAG],
    }),
    getBill: b.query<BillView, number>({
      query: (id) => ({ endpoint: bills.getBill, params: { id } }),
      transformResponse: (r: { data: BillView }) => r.data,
      providesTags: [TAG],
    }),
    openReturn: b.mutation<ReturnView, { orderId: number } & BodyOf<typeof returns.createOrderReturn>>({
      query: ({ orderId, ...body }) => ({
        endpoint: returns.createOrderReturn,
        params: { id: orderId },
        body,
      }),
      transformResponse: (r: { data: ReturnView }) => r.data,
      invalidatesTags: (_r, _e, a) => [TAG, ORDER(a.orderId)],
    }),
    commentOnReturn: b.mutation<ReturnView, { id: number; note: string }>({
      query: ({ id, note }) => ({ endpoint: returns.addReturnLog, params: { id }, body: { note } }),
      invalidatesTags: [TAG],
    }),
    actOnReturn: b.mutation<unknown, { id: number } & BodyOf<typeof returns.returnAction>>({
      query: ({ id, ...body }) => ({ endpoint: returns.returnAction, params: { id }, body }),
      invalidatesTags: [TAG],
    }),
    fileClaim: b.mutation<ClaimView, BodyOf<typeof claims.createClaim>>({
      query: (body) => ({ endpoint: claims.createClaim, body }),
      transformResponse: (r: { data: ClaimView }) => r.data,
      invalidatesTags: [TAG],
    }),
    addReturnPhotos: b.mutation<ReturnView, { id: number; itemId: number; files: File[] }>({
      query: ({ id, itemId, files }) => ({
        endpoint: returns.uploadReturnPhotos,
        params: { id, itemId },
        body: photoForm(files),
      }),
      transformResponse: (r: { data: ReturnView }) => r.data,
      invalidatesTags: [TAG],
    }),
    addClaimPhotos: b.mutation<ClaimView, { id: number; files: File[] }>({
      query: ({ id, files }) => ({
        endpoint: claims.uploadClaimPhotos,
        params: { id },
        body: photoForm(files),
      }),
      transformResponse: (r: { data: ClaimView }) => r.data,
      invalidatesTags: [TAG],
    }),
    cancelClaim: b.mutation<unknown, number>({
      query: (id) => ({ endpoint: claims.cancelClaim, params: { id }, body: {} }),
      invalidatesTags: [TAG],
    }),
    actOnClaim: b.mutation<unknown, { id: number } & BodyOf<typeof claims.claimAction>>({
      query: ({ id, ...body }) => ({
        endpoint: claims.claimAction,
        params: { id },
        body,
        headers: { 'idempotency-key': newIdempotencyKey() },
      }),
      invalidatesTags: [TAG, 'Order'],
    }),
    previewRefund: b.mutation<
      Out<typeof shared.previewRefund>['data'],
      { orderId: number } & BodyOf<typeof shared.previewRefund>
    >({
      query: ({ orderId, ...body }) => ({ endpoint: shared.previewRefund, params: { id: orderId }, body }),
      transformResponse: (r: Out<typeof shared.previewRefund>) => r.data,
    }),
    createRefund: b.mutation<RefundView, BodyOf<typeof refunds.createRefund>>({
      query: (body) => ({
        endpoint: refunds.createRefund,
        body,
        headers: { 'idempotency-key': newIdempotencyKey() },
      }),
      transformResponse: (r: { data: RefundView }) => r.data,
      invalidatesTags: [TAG, 'Order'],
    }),
    changeRefundStatus: b.mutation<unknown, BodyOf<typeof refunds.changeRefundStatus>>({
      query: (body) => ({
        endpoint: refunds.changeRefundStatus,
        body,
        headers: { 'idempotency-key': newIdempotencyKey() },
      }),
      invalidatesTags: [TAG, 'Order'],
    }),
    createVendorRecords: b.mutation<unknown, number>({
      query: (id) => ({ endpoint: refunds.createVendorRecords, params: { id } }),
      invalidatesTags: [TAG],
    }),
    deleteVendorRecord: b.mutation<unknown, { id: number; vendorId: number }>({
      query: ({ id, vendorId }) => ({
        endpoint: refunds.deleteVendorRecord,
        params: { id },
        body: { vendorId },
      }),
      invalidatesTags: [TAG],
    }),
    actOnBill: b.mutation<unknown, { id: number } & BodyOf<typeof bills.billAction>>({
      query: ({ id, ...body }) => ({
        endpoint: bills.billAction,
        params: { id },
        body,
        headers: { 'idempotency-key': newIdempotencyKey() },
      }),
      invalidatesTags: [TAG],
    }),
    createBill: b.mutation<BillView, BodyOf<typeof bills.createBill>>({
      query: (body) => ({ endpoint: bills.createBill, body }),
      transformResponse: (r: { data: BillView }) => r.data,
      invalidatesTags: [TAG],
    }),
    deleteBillItem: b.mutation<unknown, { id: number; itemId: number }>({
      query: (params) => ({ endpoint: bills.deleteBillItem, params }),
      invalidatesTags: [TAG],
    }),
    /** Installers a claim may name: the nearest to the buyer's location first. */
    claimInstallers: b.query<Out<typeof listInstallerLocations>['list'], void>({
      query: () => ({ endpoint: listInstallerLocations, query: { radiusMiles: 1000 } }),
      transformResponse: (r: Out<typeof listInstallerLocations>) => r.list,
    }),
    supplierVendorRecords: b.query<Out<typeof refunds.listSupplierVendorRecords>, number>({
      query: (page) => ({
        endpoint: refunds.listSupplierVendorRecords,
        query: { page, pageSize: PAGE_SIZE },
      }),
      providesTags: [TAG],
    }),
  }),
});

export const {
  useAfterSalesListQuery,
  useGetReturnQuery,
  useGetClaimQuery,
  useGetRefundQuery,
  useGetBillQuery,
  useOpenReturnMutation,
  useCommentOnReturnMutation,
  useActOnReturnMutation,
  useFileClaimMutation,
  useAddReturnPhotosMutation,
  useAddClaimPhotosMutation,
  useCancelClaimMutation,
  useActOnClaimMutation,
  usePreviewRefundMutation,
  useCreateRefundMutation,
  useChangeRefundStatusMutation,
  useCreateVendorRecordsMutation,
  useDeleteVendorRecordMutation,
  useActOnBillMutation,
  useCreateBillMutation,
  useDeleteBillItemMutation,
  useSupplierVendorRecordsQuery,
  useClaimInstallersQuery,
} = aftersalesApi;

/** Where a document of after-sales downloads from (a plain link: the browser opens the PDF or CSV). */
export const documentUrl = {
  invoice: (orderId: number) => shared.buyerInvoice.path.replace(':id', String(orderId)),
  rma: (id: number) => returns.returnDocument.path.replace(':id', String(id)),
  returnLabel: (id: number) => returns.returnLabel.path.replace(':id', String(id)),
  billCsv: (id: number) => bills.billCsv.path.replace(':id', String(id)),
};
