// Returns (RMA): a buyer asks to send delivered units back; support approves, receives, inspects.
import { z } from 'zod';
import { returnActions } from '../domain/aftersales-status';
import { ListQuery, OptionalId } from './admin-common';
import {
  LogEntry,
  OrderIdParams,
  PHOTO_UPLOAD,
  PhotoName,
  ReturnInput,
  ReturnReason,
  ReturnStatus,
  UnitsInput,
} from './aftersales';
import { Cents, endpoint, Id, IsoDate, pageOf } from './common';

const Params = z.object({ id: Id });
export const ReturnAction = z.enum(returnActions);

export const ReturnItem = z.object({
  returnItemId: z.number().int(),
  orderItemId: z.number().int(),
  productId: z.number().int(),
  skuCode: z.string(),
  description: z.string(),
  quantity: z.number().int(),
  receivedQuantity: z.number().int(),
  scrappedQuantity: z.number().int(),
  /** Where each photo is read (`GET /api/v1/return/{id}/photo/{name}`). */
  photos: z.array(z.string()),
});

export const ReturnSummary = z.object({
  returnId: z.number().int(),
  number: z.string(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  status: ReturnStatus,
  reason: ReturnReason,
  units: z.number().int(),
  createdAt: IsoDate,
});
export type ReturnSummary = z.infer<typeof ReturnSummary>;

export const Return = ReturnSummary.extend({
  note: z.string(),
  warehouseId: z.number().int().nullable(),
  warehouseName: z.string().nullable(),
  restockingFeeBasisPoints: z.number().int(),
  items: z.array(ReturnItem),
  log: z.array(LogEntry),
  nextStatuses: z.array(ReturnStatus),
  /** The actions the caller may take now (buttons). */
  actions: z.array(ReturnAction),
  refunds: z.array(z.object({ refundId: z.number().int(), status: z.string(), amountCents: Cents })),
  /** Where the buyer ships the units (the warehouse that shipped them). */
  shipTo: z.string().nullable(),
  updatedAt: IsoDate,
});
export type Return = z.infer<typeof Return>;

const One = z.object({ data: Return });

export const ReturnQuery = ListQuery.extend({
  status: ReturnStatus.optional(),
  companyId: OptionalId,
  orderId: OptionalId,
});

export const listReturns = endpoint({
  method: 'GET',
  path: '/api/v1/return',
  access: 'shop',
  summary: "Returns: staff see all, a customer its company's; by status, company, order, number",
  query: ReturnQuery,
  response: pageOf(ReturnSummary),
});

export const createReturn = endpoint({
  method: 'POST',
  path: '/api/v1/return',
  access: 'shop',
  summary: 'Ask to return delivered units of an order (buyer of the company, or staff for a customer)',
  body: ReturnInput.extend({ orderId: Id }),
  response: One,
  status: 201,
});

export const createOrderReturn = endpoint({
  method: 'POST',
  path: '/api/v1/order/:id/return',
  access: 'shop',
  summary: 'Ask to return delivered units of this order',
  params: OrderIdParams,
  body: ReturnInput,
  response: One,
  status: 201,
});

export const getReturn = endpoint({
  method: 'GET',
  path: '/api/v1/return/:id',
  access: 'shop',
  summary: 'One return with its items, log and refunds',
  params: Params,
  response: One,
});

export const updateReturn = endpoint({
  method: 'PUT',
  path: '/api/v1/return/:id',
  access: 'shop',
  summary: 'Change the reason or the note while the return is requested',
  params: Params,
  body: z.object({ reason: ReturnReason.optional(), note: z.string().trim().max(1000).optional() }),
  response: One,
});

export const addReturnLog = endpoint({
  method: 'POST',
  path: '/api/v1/return/:id/log',
  access: 'shop',
  summary: "A comment in the return's log",
  params: Params,
  body: z.object({ note: z.string().trim().min(1, 'Write a comment').max(1000) }),
  response: One,
});

export const addReturnItem = endpoint({
  method: 'POST',
  path: '/api/v1/return/:id/item',
  access: 'shop',
  summary: 'Add units of another line (or more of one) while the return is requested',
  params: Params,
  body: UnitsInput,
  response: One,
});

export const updateReturnItem = endpoint({
  method: 'PUT',
  path: '/api/v1/return/:id/item/:itemId',
  access: 'shop',
  summary: 'Change the units of an item while the return is requested',
  params: z.object({ id: Id, itemId: Id }),
  body: z.object({ quantity: UnitsInput.shape.quantity }),
  response: One,
});

export const changeReturnStatus = endpoint({
  method: 'PUT',
  path: '/api/v1/return/:id/status',
  access: 'support',
  summary: 'Move the return along its status table (409 names the allowed statuses)',
  params: Params,
  body: z.object({ status: ReturnStatus, note: z.string().trim().max(500).optional() }),
  response: One,
});

export const returnStatusList = endpoint({
  method: 'GET',
  path: '/api/v1/return/status',
  access: 'user',
  summary: 'Return statuses, their allowed next statuses, the reasons and the actions',
  response: z.object({
    data: z.object({
      statuses: z.array(ReturnStatus),
      transitions: z.record(z.string(), z.array(ReturnStatus)),
      reasons: z.array(ReturnReason),
      actions: z.array(ReturnAction),
    }),
  }),
});

export const ReturnActionBody = z.object({
  action: ReturnAction,
  note: z.string().trim().max(500).optional(),
  /** receive: the warehouse that takes the units back (default: the one that shipped them). */
  warehouseId: Id.optional(),
  /** inspect: units of each item found unsellable, which leave the shelf again. */
  scrap: z
    .array(z.object({ returnItemId: Id, quantity: z.number().int().min(0).max(999) }))
    .max(50)
    .optional(),
});

export const returnAction = endpoint({
  method: 'POST',
  path: '/api/v1/return/:id/action',
  access: 'support',
  summary: 'approve, reject, receive (units back on a shelf), inspect (scrap), close',
  params: Params,
  body: ReturnActionBody,
  response: One,
});

export const returnDocument = endpoint({
  method: 'GET',
  path: '/api/v1/return/:id/document',
  access: 'shop',
  summary: 'The return authorization as a PDF, with the RMA number as a barcode',
  params: Params,
  response: z.unknown(),
});

export const returnLabel = endpoint({
  method: 'GET',
  path: '/api/v1/return/:id/label',
  access: 'shop',
  summary:
    'The courier return labels (4×6 PDF, a page per tire) back to each warehouse that shipped the units, once the return is approved',
  params: Params,
  response: z.unknown(),
});

export const uploadReturnPhotos = endpoint({
  method: 'POST',
  path: '/api/v1/return/:id/item/:itemId/photo',
  access: 'shop',
  summary: `Photos of a returned item, by the buyer or support, until the return is settled (${PHOTO_UPLOAD})`,
  params: z.object({ id: Id, itemId: Id }),
  response: One,
  status: 201,
});

export const returnPhotoFile = endpoint({
  method: 'GET',
  path: '/api/v1/return/:id/photo/:name',
  access: 'shop',
  summary: 'A photo of a returned item (WebP), for whoever may read the return',
  params: z.object({ id: Id, name: PhotoName }),
  response: z.unknown(),
});
