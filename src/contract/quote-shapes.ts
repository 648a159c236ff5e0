// The shapes of a quote as the API takes and answers it: the line requests, the options, the
// generation job, the summary and the whole quote. The endpoints are in quotes.ts, which exports
// these again so that callers import a quote's whole API from one file.
import { z } from 'zod';
import { quoteJobStatuses, quoteStatuses } from '../domain/quote-status';
import { quoteTiers } from '../domain/quote-options';
import { extractSize } from '../domain/search-query';
import { speedIndexes } from '../domain/tire-size';
import { Text } from './admin-common';
import { TaxApplied, Totals } from './order-shapes';

const Vehicle = z.object({
  year: z.number().int().min(1959).max(2100),
  make: z.string().trim().min(1).max(60),
  model: z.string().trim().min(1).max(60),
  option: z.string().trim().min(1).max(80),
});

export const QuoteConstraints = z.object({
  brands: z.array(z.string().trim().min(1).max(60)).max(20).optional(),
  categories: z.array(z.string().trim().min(1).max(60)).max(20).optional(),
  minLoadIndex: z.number().int().min(50).max(150).nullable().optional(),
  minSpeedRating: z.enum(speedIndexes).nullable().optional(),
  budgetCents: z.number().int().positive().max(10_000_000).nullable().optional(),
  deliverBy: z.iso.date({ message: 'Enter a date (YYYY-MM-DD)' }).nullable().optional(),
});

/** A line request: exactly one of a size (any notation the search reads), a vehicle or an MPN. */
export const QuoteItemInput = z
  .object({
    size: z
      .string()
      .trim()
      .max(40)
      .refine((s) => extractSize(s).size !== null, 'Enter a tire size such as 225/45R17')
      .optional(),
    vehicle: Vehicle.optional(),
    mpn: z.string().trim().min(1).max(60).optional(),
    quantity: z.number().int().min(1, 'At least 1 tire').max(1000),
    roadHazard: z.boolean().default(false),
    constraints: QuoteConstraints.default({}),
  })
  .refine((i) => [i.size, i.vehicle, i.mpn].filter((x) => x !== undefined).length === 1, {
    message: 'Give one of a size, a vehicle or an MPN',
    path: ['size'],
  });
export type QuoteItemInput = z.input<typeof QuoteItemInput>;

export const QuoteInput = z.object({
  /** Staff name the customer; a buyer's quote is for the buyer's company and current location. */
  companyId: z.number().int().positive().optional(),
  locationId: z.number().int().positive().optional(),
  ownerUserId: z.number().int().positive().nullable().optional(),
  title: Text(120).default(''),
  note: Text(2000).default(''),
  validUntil: z.iso.date({ message: 'Enter a date (YYYY-MM-DD)' }).optional(),
  /** Deliver to this installer's bay (mounted there: its services are quoted); null or absent: the location. */
  installerLocationId: z.number().int().positive().nullable().optional(),
  items: z.array(QuoteItemInput).min(1, 'Add at least one line').max(100, 'At most 100 lines'),
});
export type QuoteInput = z.input<typeof QuoteInput>;

export const QuoteOption = z.object({
  id: z.number().int(),
  itemId: z.number().int(),
  tier: z.enum(quoteTiers),
  productId: z.number().int(),
  makeId: z.number().int(),
  modelId: z.number().int(),
  skuCode: z.string(),
  makeName: z.string(),
  modelName: z.string(),
  size: z.string(),
  loadIndex: z.number().int().nullable(),
  speedIndex: z.string().nullable(),
  quantity: z.number().int(),
  listPriceCents: z.number().int(),
  unitPriceCents: z.number().int(),
  priceSource: z.enum(['list', 'override', 'unified']),
  roadHazardUnitCents: z.number().int(),
  shippingCents: z.number().int(),
  /** Per tire, as the order line would charge them: federal excise tax, the state's fee, installer services. */
  fetUnitCents: z.number().int(),
  tireFeeUnitCents: z.number().int(),
  servicesUnitCents: z.number().int(),
  /** The line's sales tax at the quote's tax terms (QuoteDetail.tax). */
  taxCents: z.number().int(),
  /** What the option adds to the order's total: tires, road hazard, shipping, excise tax, fee, services and tax. */
  lineTotalCents: z.number().int(),
  available: z.number().int(),
  /** The distributor whose stock fills the option when the warehouses cannot; null: warehouses. */
  distributor: z.string().nullable(),
  /** When the tires should arrive (YYYY-MM-DD), from the day options were generated. */
  arrivesBy: z.string().nullable(),
  plusSize: z.boolean(),
  reason: z.string(),
  /** Staff only: buyers never see cost or floor (null for them). */
  costCents: z.number().int().nullable(),
  floorCents: z.number().int().nullable(),
  belowFloor: z.boolean().nullable(),
});
export type QuoteOption = z.infer<typeof QuoteOption>;

export const QuoteItem = z.object({
  id: z.number().int(),
  position: z.number().int(),
  size: z.string().nullable(),
  vehicle: Vehicle.nullable(),
  mpn: z.string().nullable(),
  quantity: z.number().int(),
  roadHazard: z.boolean(),
  constraints: QuoteConstraints,
  problem: z.string().nullable(),
  chosenOptionId: z.number().int().nullable(),
  options: z.array(QuoteOption),
});
export type QuoteItem = z.infer<typeof QuoteItem>;

export const QuoteJob = z.object({
  id: z.number().int(),
  quoteId: z.number().int(),
  status: z.enum(quoteJobStatuses),
  done: z.number().int(),
  total: z.number().int(),
  message: z.string().nullable(),
  startedAt: z.string(),
  deadlineAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type QuoteJob = z.infer<typeof QuoteJob>;

export const QuoteSummary = z.object({
  id: z.number().int(),
  status: z.enum(quoteStatuses),
  title: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  locationId: z.number().int(),
  locationName: z.string(),
  requesterName: z.string(),
  ownerUserId: z.number().int().nullable(),
  ownerName: z.string().nullable(),
  lineCount: z.number().int(),
  tireCount: z.number().int(),
  validUntil: z.string(),
  createdAt: z.string(),
  orderId: z.number().int().nullable(),
});
export type QuoteSummary = z.infer<typeof QuoteSummary>;

export const QuoteLogEntry = z.object({
  at: z.string(),
  userName: z.string().nullable(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  note: z.string(),
});

export const QuoteDetail = QuoteSummary.extend({
  note: z.string(),
  deliveryZip: z.string().nullable(),
  /** Where the tires go: the quote's location, or an installer's bay (then the total is out the door). */
  delivery: z.object({
    kind: z.enum(['location', 'installer']),
    installerLocationId: z.number().int().nullable(),
    installerName: z.string().nullable(),
  }),
  finalizedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  floorApprovedBy: z.string().nullable(),
  items: z.array(QuoteItem),
  /**
   * Where and at what the quote is taxed: the rates in force on `taxedOn` (today, or the day it was
   * accepted), the exemption certificate that applies; state null while the delivery's state is unknown.
   */
  tax: TaxApplied,
  taxedOn: z.string(),
  /** The quote if every line took its good (better, best) option, as the checkout would total it. */
  tierTotals: z.object({ good: Totals.nullable(), better: Totals.nullable(), best: Totals.nullable() }),
  job: QuoteJob.nullable(),
  log: z.array(QuoteLogEntry),
});
export type QuoteDetail = z.infer<typeof QuoteDetail>;
