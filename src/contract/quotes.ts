// Quotes (docs/quotes.md): a customer asks for prices on many tires, sales generates good /
// better / best options per line, prices them above the floor, finalizes and e-mails; the buyer
// accepts one option per line and gets an order at exactly the quoted total.
import { z } from 'zod';
import { quoteStatuses } from '../domain/quote-status';
import { Email, OptionalId, Text } from './admin-common';
import { endpoint, Id, PageQuery, pageOf } from './common';
import { QuoteInput, QuoteJob, QuoteSummary, QuoteDetail } from './quote-shapes';

// The shapes again, so that the web and the server import a quote's whole API from this file.
export {
  QuoteConstraints,
  QuoteItemInput,
  QuoteInput,
  QuoteOption,
  QuoteItem,
  QuoteJob,
  QuoteSummary,
  QuoteLogEntry,
  QuoteDetail,
} from './quote-shapes';

const IdParams = z.object({ id: Id });
const One = z.object({ data: QuoteDetail });
const JobAnswer = z.object({ data: QuoteJob });

export const QuoteSearch = PageQuery.extend({
  companyId: OptionalId,
  status: z.enum(quoteStatuses).optional(),
  ownerUserId: OptionalId,
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  text: z.string().trim().max(100).optional(),
});

export const createQuote = endpoint({
  method: 'POST',
  path: '/api/v1/quote',
  access: 'shop',
  summary: 'Request (buyer) or create (sales) a quote with its line requests',
  body: QuoteInput,
  response: One,
  status: 201,
});

export const updateQuote = endpoint({
  method: 'PUT',
  path: '/api/v1/quote/:id',
  access: 'sales',
  summary: 'Change the line requests, owner, title, note or validity of a quote not yet finalized',
  params: IdParams,
  body: QuoteInput.omit({ companyId: true, locationId: true }),
  response: One,
});

export const listQuotes = endpoint({
  method: 'GET',
  path: '/api/v1/quote',
  access: 'shop',
  summary: "Quotes: staff see every company's, a buyer their company's",
  query: QuoteSearch,
  response: pageOf(QuoteSummary),
});

export const searchQuotes = endpoint({
  method: 'POST',
  path: '/api/v1/quote/search',
  access: 'shop',
  readOnly: true,
  summary: 'Quotes by company, status, owner, creation date and text',
  body: QuoteSearch,
  response: pageOf(QuoteSummary),
});

export const getQuote = endpoint({
  method: 'GET',
  path: '/api/v1/quote/:id',
  access: 'shop',
  summary: 'One quote with its lines, options, totals, generation job and history',
  params: IdParams,
  response: One,
});

export const generateOptions = endpoint({
  method: 'POST',
  path: '/api/v1/quote/:id/options',
  access: 'sales',
  summary:
    'Start generating good / better / best options for every line: answers the job at once; poll it (times out after 600 s)',
  params: IdParams,
  response: JobAnswer,
  status: 202,
});

export const getJob = endpoint({
  method: 'GET',
  path: '/api/v1/quote/job/:id',
  access: 'sales',
  summary: 'Progress of an option generation job: n of m lines',
  params: IdParams,
  response: JobAnswer,
});

export const jobEvents = endpoint({
  method: 'GET',
  path: '/api/v1/quote/job/:id/events',
  access: 'sales',
  summary:
    'Progress of an option generation job pushed as server-sent events (`event: progress`, the job as data) until it ends',
  params: IdParams,
  response: z.unknown(),
});

export const cancelJob = endpoint({
  method: 'POST',
  path: '/api/v1/quote/job/:id/cancel',
  access: 'sales',
  summary: 'Cancel a running generation; the quote stays as it was',
  params: IdParams,
  response: JobAnswer,
});

export const recalculateOption = endpoint({
  method: 'POST',
  path: '/api/v1/quote/option/:id/recalculate',
  access: 'sales',
  summary:
    "Re-price an option against the day's cost, price and stock (a set price is kept, its floor renewed)",
  params: IdParams,
  response: One,
});

export const recalculateItemPricing = endpoint({
  method: 'POST',
  path: '/api/v1/quote/item/:id/recalculate-pricing',
  access: 'sales',
  summary: "Re-price every option of one line at the day's price group price, dropping overrides",
  params: IdParams,
  response: One,
});

const PriceBody = z.object({ unitPriceCents: z.number().int().positive().max(10_000_000) });

export const unifiedPricing = endpoint({
  method: 'POST',
  path: '/api/v1/quote/item/:id/unified-pricing',
  access: 'sales',
  summary: 'One price per tire across every option of a line',
  params: IdParams,
  body: PriceBody,
  response: One,
});

export const overrideOptionPrice = endpoint({
  method: 'PUT',
  path: '/api/v1/quote/option/:id/price',
  access: 'sales',
  summary: 'Set the price per tire of one option (the floor is checked at finalize)',
  params: IdParams,
  body: PriceBody,
  response: One,
});

export const finalizeQuote = endpoint({
  method: 'POST',
  path: '/api/v1/quote/:id/finalize',
  access: 'staff',
  summary:
    'Freeze prices and hold stock until the quote expires; a price under its floor is a 409 unless admin or finance approves',
  params: IdParams,
  body: z
    .object({
      approveBelowFloor: z.boolean().default(false),
      approvalNote: Text(500).default(''),
    })
    .default({ approveBelowFloor: false, approvalNote: '' }),
  response: One,
});

export const emailQuote = endpoint({
  method: 'POST',
  path: '/api/v1/quote/:id/email',
  access: 'sales',
  summary: 'E-mail the quote (PDF link and accept link) to the requester or an address given',
  params: IdParams,
  body: z.object({ to: Email.optional() }).default({}),
  response: One,
});

export const acceptQuote = endpoint({
  method: 'POST',
  path: '/api/v1/quote/:id/accept',
  access: 'shop',
  summary: 'The buyer accepts one option per line: an order at exactly the quoted total, unpaid until paid',
  params: IdParams,
  body: z.object({
    choices: z
      .array(z.object({ itemId: z.number().int().positive(), optionId: z.number().int().positive() }))
      .min(1, 'Choose an option for each line')
      .max(100),
    /**
     * The total the buyer was shown for these choices: when tax or fees changed since (a new rate
     * in force, a certificate expired), acceptance is a 409 `quote_total_changed` with the new total.
     */
    expectedTotalCents: z.number().int().nonnegative().max(10_000_000_000).optional(),
  }),
  response: z.object({ data: QuoteDetail, orderId: z.number().int() }),
});

export const declineQuote = endpoint({
  method: 'POST',
  path: '/api/v1/quote/:id/decline',
  access: 'shop',
  summary: 'Decline a quote (the buyer, or sales for the customer); its holds are released',
  params: IdParams,
  response: One,
});

export const quotePdf = endpoint({
  method: 'GET',
  path: '/api/v1/quote/:id/pdf',
  access: 'shop',
  summary: 'The quote as a PDF: options side by side, totals, validity and the accept link',
  params: IdParams,
  response: z.unknown(),
});

export const QuoteFloor = z.object({
  priceGroupId: z.number().int(),
  code: z.string(),
  name: z.string(),
  minMarginBasisPoints: z.number().int(),
});
export type QuoteFloor = z.infer<typeof QuoteFloor>;

export const listFloors = endpoint({
  method: 'GET',
  path: '/api/v1/quote/floor',
  access: 'sales',
  summary: 'The minimum margin over cost of each price group (the quote price floor)',
  response: z.object({ data: z.object({ list: z.array(QuoteFloor) }) }),
});

export const setFloor = endpoint({
  method: 'PUT',
  path: '/api/v1/quote/floor/:id',
  access: 'admin',
  summary: 'Set the minimum margin of a price group, in basis points of cost',
  params: IdParams,
  body: z.object({ minMarginBasisPoints: z.number().int().min(0).max(10_000) }),
  response: z.object({ data: QuoteFloor }),
});

export const AdvertisedMinimum = z.object({
  productId: z.number().int(),
  skuCode: z.string(),
  makeName: z.string(),
  modelName: z.string(),
  size: z.string(),
  mapCents: z.number().int(),
});
export type AdvertisedMinimum = z.infer<typeof AdvertisedMinimum>;

export const listAdvertisedMinimums = endpoint({
  method: 'GET',
  path: '/api/v1/quote/map',
  access: 'sales',
  summary: "The manufacturers' minimum advertised prices (MAP): no quote price goes under them",
  query: PageQuery.extend({ q: z.string().trim().max(100).optional() }),
  response: pageOf(AdvertisedMinimum),
});

export const setAdvertisedMinimum = endpoint({
  method: 'PUT',
  path: '/api/v1/quote/map/:id',
  access: 'admin',
  summary: 'Set (or, with null, remove) the minimum advertised price of a SKU, in cents',
  params: IdParams,
  body: z.object({ mapCents: z.number().int().positive().max(10_000_000).nullable() }),
  response: z.object({
    data: z.object({ productId: z.number().int(), mapCents: z.number().int().nullable() }),
  }),
});
