// After-sales shapes shared by returns, claims and refunds, and the calls made on an order:
// open a return, preview a refund, the buyer's invoice. See docs/aftersales.md.
import { z } from 'zod';
import { returnReasons, returnStatuses } from '../domain/aftersales-status';
import { Cents, endpoint, Id, IsoDate } from './common';

export const OrderIdParams = z.object({ id: Id });
export const ReturnReason = z.enum(returnReasons);
export const ReturnStatus = z.enum(returnStatuses);

/** One entry of a return's, claim's or refund's log: a status change, or a comment (to: null). */
export const LogEntry = z.object({
  userName: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  note: z.string().nullable(),
  at: IsoDate,
});

/** A stored photo of a return item or a claim, by the name the server gave it. */
export const PhotoName = z.string().regex(/^(return|claim)-\d+-[0-9a-f-]{36}\.webp$/, 'is not a photo name');
export const PHOTO_UPLOAD =
  'multipart field `file`, repeatable: PNG, JPEG or WebP read from the bytes, at most 5 MB each, 6 per item';

/** Units of one order line. */
export const UnitsInput = z.object({
  orderItemId: Id,
  quantity: z.number().int('Enter a whole number').positive('Enter a quantity above 0').max(999),
});

export const ReturnInput = z.object({
  reason: ReturnReason,
  note: z.string().trim().max(1000).default(''),
  items: z.array(UnitsInput).min(1, 'Choose at least one item').max(50),
});

export const RefundLine = z.object({
  orderItemId: z.number().int(),
  description: z.string(),
  quantity: z.number().int(),
  priceCents: Cents,
  discountCents: Cents,
  roadHazardCents: Cents,
  shippingCents: Cents,
  // What the units were charged beyond the tires (landed cost), given back with them; refunds
  // stored before these existed read as 0.
  /** The shipping share of these units that the reason keeps (not in the total). */
  shippingKeptCents: Cents.default(0),
  fetCents: Cents.default(0),
  tireFeeCents: Cents.default(0),
  servicesCents: Cents.default(0),
  taxCents: Cents.default(0),
  restockingFeeCents: Cents,
  /**
   * A road-hazard credit's line: the covered share of the tire's price, given back with its sales
   * tax (`taxCents`); no unit goes back (`quantity` 0). Absent on the lines of returned units.
   */
  coveredCents: Cents.optional(),
  /** What the order could no longer refund of this line: the refund's amount was capped. */
  cappedCents: Cents.default(0),
  totalCents: Cents,
});
export type RefundLine = z.infer<typeof RefundLine>;

export const RefundPreview = z.object({
  lines: z.array(RefundLine),
  totalCents: Cents,
  /** What may still be given back of the order's money, other refunds already counted. */
  refundableCents: Cents,
  /** Whether a refund of this amount would wait for finance's approval. */
  needsApproval: z.boolean(),
});

export const previewRefund = endpoint({
  method: 'POST',
  path: '/api/v1/order/:id/refund/preview',
  access: 'shop',
  summary: 'What a refund of these lines and quantities would give back, line by line; writes nothing',
  params: OrderIdParams,
  body: z.object({ items: z.array(UnitsInput).min(1).max(50), reason: ReturnReason.optional() }),
  response: z.object({ data: RefundPreview }),
  readOnly: true,
});

export const buyerInvoice = endpoint({
  method: 'GET',
  path: '/api/order/:id/invoice',
  access: 'shop',
  summary: "The invoice of one of the caller's company's orders, as a PDF",
  params: OrderIdParams,
  response: z.unknown(),
});
