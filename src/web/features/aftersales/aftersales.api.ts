import type { z } from 'zod';
import * as shared from '../../../contract/aftersales';
import * as bills from '../../../contract/bills';
import { listInstallerLocations } from '../../../contract/cart';
import * as claims from '../../../contract/claims';
import * as refunds from '../../../contract/refunds';
import * as returns from '../../../contract/returns';
import { api, type BodyOf } from '../../api/api';
import { byId, contractMutation, contractQuery } from '../../api/endpoints';
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
    afterSalesList: contractQuery(b, returns.listReturns, {
      // The four lists answer a page of the same frame; the kind names which one, the rows stay records.
      input: ({ kind, ...query }: ListArgs & { kind: Kind }) => ({
        endpoint: lists[kind],
        query: { ...query, pageSize: PAGE_SIZE },
      }),
      transform: (page): { data: { list: Record<string, unknown>[]; count: number; page: number } } => page,
      provides: [TAG],
    }),
    getReturn: contractQuery(b, returns.getReturn, {
      input: byId,
      transform: (r) => r.data,
      provides: [TAG],
    }),
    getClaim: contractQuery(b, claims.getClaim, { input: byId, transform: (r) => r.data, provides: [TAG] }),
    getRefund: contractQuery(b, refunds.getRefund, {
      input: byId,
      transform: (r) => r.data,
      provides: [TAG],
    }),
    getBill: contractQuery(b, bills.getBill, { input: byId, transform: (r) => r.data, provides: [TAG] }),
    openReturn: contractMutation(b, returns.createOrderReturn, {
      input: ({ orderId, ...body }: { orderId: number } & BodyOf<typeof returns.createOrderReturn>) => ({
        params: { id: orderId },
        body,
      }),
      transform: (r) => r.data,
      invalidates: (_r, _e, a) => [TAG, ORDER(a.orderId)],
    }),
    commentOnReturn: contractMutation(b, returns.addReturnLog, {
      input: ({ id, note }: { id: number; note: string }) => ({ params: { id }, body: { note } }),
      invalidates: [TAG],
    }),
    actOnReturn: contractMutation(b, returns.returnAction, {
      input: ({ id, ...body }: { id: number } & BodyOf<typeof returns.returnAction>) => ({
        params: { id },
        body,
      }),
      invalidates: [TAG],
    }),
    fileClaim: contractMutation(b, claims.createClaim, { transform: (r) => r.data, invalidates: [TAG] }),
    addReturnPhotos: contractMutation(b, returns.uploadReturnPhotos, {
      input: ({ id, itemId, files }: { id: number; itemId: number; files: File[] }) => ({
        params: { id, itemId },
        body: photoForm(files),
      }),
      transform: (r) => r.data,
      invalidates: [TAG],
    }),
    addClaimPhotos: contractMutation(b, claims.uploadClaimPhotos, {
      input: ({ id, files }: { id: number; files: File[] }) => ({ params: { id }, body: photoForm(files) }),
      transform: (r) => r.data,
      invalidates: [TAG],
    }),
    cancelClaim: contractMutation(b, claims.cancelClaim, {
      input: (id: number) => ({ params: { id }, body: {} }),
      invalidates: [TAG],
    }),
    actOnClaim: contractMutation(b, claims.claimAction, {
      input: ({ id, ...body }: { id: number } & BodyOf<typeof claims.claimAction>) => ({
        params: { id },
        body,
        headers: { 'idempotency-key': newIdempotencyKey() },
      }),
      invalidates: [TAG, 'Order'],
    }),
    previewRefund: contractMutation(b, shared.previewRefund, {
      input: ({ orderId, ...body }: { orderId: number } & BodyOf<typeof shared.previewRefund>) => ({
        params: { id: orderId },
        body,
      }),
      transform: (r) => r.data,
    }),
    createRefund: contractMutation(b, refunds.createRefund, {
      input: (body: BodyOf<typeof refunds.createRefund>) => ({
        body,
        headers: { 'idempotency-key': newIdempotencyKey() },
      }),
      transform: (r) => r.data,
      invalidates: [TAG, 'Order'],
    }),
    changeRefundStatus: contractMutation(b, refunds.changeRefundStatus, {
      input: (body: BodyOf<typeof refunds.changeRefundStatus>) => ({
        body,
        headers: { 'idempotency-key': newIdempotencyKey() },
      }),
      invalidates: [TAG, 'Order'],
    }),
    createVendorRecords: contractMutation(b, refunds.createVendorRecords, {
      input: byId,
      invalidates: [TAG],
    }),
    deleteVendorRecord: contractMutation(b, refunds.deleteVendorRecord, {
      input: ({ id, vendorId }: { id: number; vendorId: number }) => ({ params: { id }, body: { vendorId } }),
      invalidates: [TAG],
    }),
    actOnBill: contractMutation(b, bills.billAction, {
      input: ({ id, ...body }: { id: number } & BodyOf<typeof bills.billAction>) => ({
        params: { id },
        body,
        headers: { 'idempotency-key': newIdempotencyKey() },
      }),
      invalidates: [TAG],
    }),
    createBill: contractMutation(b, bills.createBill, { transform: (r) => r.data, invalidates: [TAG] }),
    deleteBillItem: contractMutation(b, bills.deleteBillItem, {
      input: (params: { id: number; itemId: number }) => ({ params }),
      invalidates: [TAG],
    }),
    /** Installers a claim may name: the nearest to the buyer's location first. */
    claimInstallers: contractQuery(b, listInstallerLocations, {
      // biome-ignore lint/suspicious/noConfusingVoidType: the hook takes no argument (RTK Query's void)
      input: (_: void) => ({ query: { radiusMiles: 1000 } }),
      transform: (r) => r.list,
    }),
    supplierVendorRecords: contractQuery(b, refunds.listSupplierVendorRecords, {
      input: (page: number) => ({ query: { page, pageSize: PAGE_SIZE } }),
      provides: [TAG],
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
