// Bills: what the shop owes a supplier (fulfilled lines at cost, less vendor refunds) or an
// installer (labour on claims and on mounted orders, the services of mounted orders) for a period.
import { z } from 'zod';
import { billActions, billStatuses } from '../domain/aftersales-status';
import { ListQuery, OptionalId } from './admin-common';
import { Cents, endpoint, Id, IsoDate, pageOf } from './common';

const Params = z.object({ id: Id });
export const BillStatus = z.enum(billStatuses);
export const BillAction = z.enum(billActions);

export const BillItem = z.object({
  billItemId: z.number().int(),
  kind: z.enum(['line', 'vendor_refund', 'labour', 'services']),
  supplierLineId: z.number().int().nullable(),
  refundVendorId: z.number().int().nullable(),
  claimId: z.number().int().nullable(),
  /** Mounting labour and services: the installer order's order (docs/aftersales.md). */
  orderId: z.number().int().nullable(),
  description: z.string(),
  quantity: z.number().int(),
  unitCents: Cents,
  amountCents: Cents,
});

export const BillSummary = z.object({
  billId: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  status: BillStatus,
  totalCents: Cents,
  createdAt: IsoDate,
});
export type BillSummary = z.infer<typeof BillSummary>;

export const Bill = BillSummary.extend({
  note: z.string(),
  linesCents: Cents,
  vendorRefundCents: Cents,
  labourCents: Cents,
  /** Installer services of mounted orders (mount and balance, valve kit, disposal per tire). */
  servicesCents: Cents,
  items: z.array(BillItem),
  nextStatuses: z.array(BillStatus),
  actions: z.array(BillAction),
  paidAt: IsoDate.nullable(),
  updatedAt: IsoDate,
});
export type Bill = z.infer<typeof Bill>;

const One = z.object({ data: Bill });
const Day = z.string().date('Enter a date (YYYY-MM-DD)');

export const listBills = endpoint({
  method: 'GET',
  path: '/api/v1/bill',
  access: 'user',
  summary: "Bills: staff see all, a supplier or installer its own company's",
  query: ListQuery.extend({ status: BillStatus.optional(), companyId: OptionalId }),
  response: pageOf(BillSummary),
});

export const billStatusList = endpoint({
  method: 'GET',
  path: '/api/v1/bill/status',
  access: 'user',
  summary: 'Bill statuses, their allowed next statuses and the actions',
  response: z.object({
    data: z.object({
      statuses: z.array(BillStatus),
      transitions: z.record(z.string(), z.array(BillStatus)),
      actions: z.array(BillAction),
    }),
  }),
});

export const getBill = endpoint({
  method: 'GET',
  path: '/api/v1/bill/:id',
  access: 'user',
  summary: 'One bill with its items',
  params: Params,
  response: One,
});

export const createBill = endpoint({
  method: 'POST',
  path: '/api/v1/bill',
  access: 'finance',
  summary:
    "Make a draft bill of a supplier's fulfilled lines at cost, less vendor refunds, plus claim labour",
  body: z.object({
    companyId: Id,
    periodStart: Day,
    periodEnd: Day,
    note: z.string().trim().max(500).default(''),
  }),
  response: One,
  status: 201,
});

export const updateBill = endpoint({
  method: 'PUT',
  path: '/api/v1/bill/:id',
  access: 'finance',
  summary: 'Change the note; `refresh` adds what became billable since, while the bill is not approved',
  params: Params,
  body: z.object({ note: z.string().trim().max(500).optional(), refresh: z.boolean().optional() }),
  response: One,
});

export const billAction = endpoint({
  method: 'POST',
  path: '/api/v1/bill/:id',
  access: 'finance',
  summary: 'open, approve, pay or void the bill',
  params: Params,
  body: z.object({ action: BillAction, note: z.string().trim().max(500).optional() }),
  response: One,
  idempotent: true,
});

export const deleteBillItem = endpoint({
  method: 'DELETE',
  path: '/api/v1/bill/:id/item/:itemId',
  access: 'finance',
  summary: 'Remove an item before the bill is approved (its source may be billed later)',
  params: z.object({ id: Id, itemId: Id }),
  response: One,
});

export const billCsv = endpoint({
  method: 'GET',
  path: '/api/v1/bill/:id/csv',
  access: 'user',
  summary: 'The bill as CSV',
  params: Params,
  response: z.unknown(),
});
