// Refunds of an order's money (through its original payment), and what each supplier owes back.
import { z } from 'zod';
import { refundStatuses } from '../domain/aftersales-status';
import { ListQuery, OptionalId } from './admin-common';
import { LogEntry, RefundLine, ReturnReason, UnitsInput } from './aftersales';
import { Cents, endpoint, Id, IsoDate, pageOf, PageQuery } from './common';

const Params = z.object({ id: Id });
export const RefundStatus = z.enum(refundStatuses);

export const VendorRecord = z.object({
  vendorId: z.number().int(),
  refundId: z.number().int(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  supplierCompanyId: z.number().int(),
  supplierName: z.string(),
  supplierLineId: z.number().int().nullable(),
  orderItemId: z.number().int().nullable(),
  quantity: z.number().int(),
  amountCents: Cents,
  note: z.string(),
  /** The bill (not void) that deducts it; null until one does. */
  billId: z.number().int().nullable(),
  createdAt: IsoDate,
});
export type VendorRecord = z.infer<typeof VendorRecord>;

export const RefundSummary = z.object({
  refundId: z.number().int(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  returnId: z.number().int().nullable(),
  claimId: z.number().int().nullable(),
  status: RefundStatus,
  amountCents: Cents,
  needsApproval: z.boolean(),
  createdAt: IsoDate,
});
export type RefundSummary = z.infer<typeof RefundSummary>;

export const Refund = RefundSummary.extend({
  reason: z.string(),
  lines: z.array(RefundLine),
  refundedCents: Cents,
  creditedCents: Cents,
  createdBy: z.string(),
  approvedBy: z.string().nullable(),
  processedAt: IsoDate.nullable(),
  /** Staff only: a customer never sees supplier costs. */
  vendors: z.array(VendorRecord),
  log: z.array(LogEntry),
  nextStatuses: z.array(RefundStatus),
  updatedAt: IsoDate,
});
export type Refund = z.infer<typeof Refund>;

const One = z.object({ data: Refund });

export const listRefunds = endpoint({
  method: 'GET',
  path: '/api/v1/refund',
  access: 'shop',
  summary: "Refunds: staff see all, a customer its company's",
  query: ListQuery.extend({ status: RefundStatus.optional(), companyId: OptionalId, orderId: OptionalId }),
  response: pageOf(RefundSummary),
});

export const getRefund = endpoint({
  method: 'GET',
  path: '/api/v1/refund/:id',
  access: 'shop',
  summary: 'One refund with its lines, vendor records and log',
  params: Params,
  response: One,
});

export const createRefund = endpoint({
  method: 'POST',
  path: '/api/v1/refund',
  access: 'afterSales',
  summary:
    "Refund lines of an order (or an amount), optionally for a return or claim; one for no return or claim, or taking the order's refunds above the threshold, waits for finance",
  body: z.object({
    orderId: Id,
    returnId: Id.optional(),
    claimId: Id.optional(),
    items: z.array(UnitsInput).max(50).optional(),
    reason: ReturnReason.optional(),
    amountCents: Cents.positive('Enter an amount above 0').optional(),
    note: z.string().trim().max(500).default(''),
  }),
  response: One,
  status: 201,
  idempotent: true,
});

export const updateRefund = endpoint({
  method: 'PUT',
  path: '/api/v1/refund/:id',
  access: 'afterSales',
  summary:
    'Change the amount or the note of a refund that waits for approval; only its creator or finance changes the amount',
  params: Params,
  body: z.object({
    amountCents: Cents.positive('Enter an amount above 0').optional(),
    note: z.string().trim().max(500).optional(),
  }),
  response: One,
});

export const changeRefundStatus = endpoint({
  method: 'PUT',
  path: '/api/v1/refund/status',
  access: 'finance',
  summary:
    'Approve (gives the money back), or fail a refund: body names the refund, the status and the amount read (409 when the refund has changed since)',
  body: z.object({
    refund: Id,
    status: RefundStatus,
    /** The refund's amount as the approver read it: the decision is for that amount only. */
    amountCents: Cents.positive('Enter an amount above 0'),
    note: z.string().trim().max(500).optional(),
  }),
  response: One,
  idempotent: true,
});

export const refundStatusList = endpoint({
  method: 'GET',
  path: '/api/v1/refund/status',
  access: 'user',
  summary: 'Refund statuses, their allowed next statuses and the approval threshold',
  response: z.object({
    data: z.object({
      statuses: z.array(RefundStatus),
      transitions: z.record(z.string(), z.array(RefundStatus)),
      approvalThresholdCents: Cents,
    }),
  }),
});

const VendorInput = z.object({
  supplierCompanyId: Id,
  orderItemId: Id.nullable().default(null),
  quantity: z.number().int().min(0).max(999).default(0),
  amountCents: Cents.min(0).max(10_000_000),
  note: z.string().trim().max(500).default(''),
});

export const addVendorRecord = endpoint({
  method: 'POST',
  path: '/api/v1/refund/:id/vendor',
  access: 'afterSales',
  summary: 'Record what a supplier owes back for this refund (at their cost)',
  params: Params,
  body: VendorInput,
  response: One,
});

export const updateVendorRecord = endpoint({
  method: 'PUT',
  path: '/api/v1/refund/:id/vendor',
  access: 'afterSales',
  summary: 'Change a vendor record that no bill deducts yet',
  params: Params,
  body: z.object({
    vendorId: Id,
    quantity: z.number().int().min(0).max(999).optional(),
    amountCents: Cents.min(0).max(10_000_000).optional(),
    note: z.string().trim().max(500).optional(),
  }),
  response: One,
});

export const deleteVendorRecord = endpoint({
  method: 'POST',
  path: '/api/v1/refund/:id/vendor/delete',
  access: 'afterSales',
  summary: 'Remove a vendor record that no bill deducts yet',
  params: Params,
  body: z.object({ vendorId: Id }),
  response: One,
});

export const createVendorRecords = endpoint({
  method: 'POST',
  path: '/api/v1/refund/:id/vendor/create',
  access: 'afterSales',
  summary: "Make the vendor records of the refund's lines: each supplier's units at their cost",
  params: Params,
  response: One,
});

export const deleteOrderVendorRecords = endpoint({
  method: 'POST',
  path: '/api/v1/refund/:id/vendor/order/delete',
  access: 'afterSales',
  summary: 'Remove every vendor record of the refund that no bill deducts yet',
  params: Params,
  response: One,
});

export const listSupplierVendorRecords = endpoint({
  method: 'GET',
  path: '/api/supplier/refunds',
  access: 'supplier',
  summary: "What the caller's supplier company owes back for refunded units (read only)",
  query: PageQuery,
  response: pageOf(VendorRecord),
});
