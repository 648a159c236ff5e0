import { z } from 'zod';
import { tireKinds } from '../domain/tire-kind';
import { Text } from './admin-common';
import { endpoint, Id, IsoDate, PageNumber, PageSize, pageOf } from './common';

// Tax data for finance (docs/tax-sources.md): state base rates, ZIP combined rates and their
// CSV import, what each state taxes, state tire fees, the terms a delivery is taxed at, and the
// tax collected by state and month. Every change adds a dated row; nothing is edited in place.

/** The columns a ZIP-rate file must have (the freely published monthly rate tables' header). */
export const zipRateColumns = [
  'State',
  'ZipCode',
  'TaxRegionName',
  'EstimatedCombinedRate',
  'StateRate',
  'EstimatedCountyRate',
  'EstimatedCityRate',
  'EstimatedSpecialRate',
] as const;

const State = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}$/, 'Enter a two-letter state code'));
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD');
/** A rate in parts per million, at most 20 % (200 000). */
const Ppm = z.number().int().min(0, 'A rate cannot be negative').max(200_000, 'A rate is at most 20 %');
const Source = z.string().trim().min(1, 'Name the source (the publisher’s address)').max(500);

const Dated = {
  id: z.number().int(),
  state: z.string(),
  effectiveFrom: z.string(),
  source: z.string(),
  checkedOn: z.string().nullable(),
  note: z.string(),
  /** In force today (the latest row from a day not after today). */
  current: z.boolean(),
};

export const StateRate = z.object({ ...Dated, ratePpm: z.number().int() });
export type StateRate = z.infer<typeof StateRate>;

export const Taxability = z.object({
  ...Dated,
  shippingTaxable: z.boolean(),
  labourTaxable: z.boolean(),
  tireFeeTaxable: z.boolean(),
  fetTaxable: z.boolean(),
  roadHazardTaxable: z.boolean(),
});
export type Taxability = z.infer<typeof Taxability>;

export const TireFee = z.object({
  ...Dated,
  name: z.string(),
  amountCents: z.number().int(),
  percentPpm: z.number().int().nullable(),
  kinds: z.array(z.enum(tireKinds)),
  taxable: z.boolean(),
});
export type TireFee = z.infer<typeof TireFee>;

export const ZipRate = z.object({
  id: z.number().int(),
  state: z.string(),
  zip: z.string(),
  regionName: z.string(),
  combinedPpm: z.number().int(),
  statePpm: z.number().int(),
  countyPpm: z.number().int(),
  cityPpm: z.number().int(),
  specialPpm: z.number().int(),
  effectiveFrom: z.string(),
  source: z.string(),
  checkedOn: z.string().nullable(),
  importRunId: z.number().int().nullable(),
});
export type ZipRate = z.infer<typeof ZipRate>;

export const ImportError = z.object({
  line: z.number().int(),
  column: z.string().nullable(),
  detail: z.string(),
});
export const ImportRun = z.object({
  id: z.number().int(),
  fileName: z.string(),
  userId: z.number().int().nullable(),
  status: z.enum(['rejected', 'importing', 'done', 'failed']),
  effectiveFrom: z.string(),
  rowsTotal: z.number().int(),
  rowsDone: z.number().int(),
  rowsUnchanged: z.number().int(),
  errors: z.array(ImportError),
  createdAt: IsoDate,
  finishedAt: IsoDate.nullable(),
});
export type ImportRun = z.infer<typeof ImportRun>;

const NewDated = {
  state: State,
  effectiveFrom: Day,
  source: Source,
  checkedOn: Day.nullable().default(null),
  note: Text(500).default(''),
};
export const StateRateInput = z.object({ ...NewDated, ratePpm: Ppm });
export type StateRateInput = z.input<typeof StateRateInput>;
export const TaxabilityInput = z.object({
  ...NewDated,
  shippingTaxable: z.boolean(),
  labourTaxable: z.boolean(),
  tireFeeTaxable: z.boolean(),
  fetTaxable: z.boolean(),
  roadHazardTaxable: z.boolean(),
});
export type TaxabilityInput = z.input<typeof TaxabilityInput>;
export const TireFeeInput = z.object({
  ...NewDated,
  name: z.string().trim().min(1, 'Name the fee').max(200),
  amountCents: z.number().int().min(0, 'A fee cannot be negative').max(100_000),
  percentPpm: z.number().int().min(1).max(1_000_000).nullable().default(null),
  kinds: z.array(z.enum(tireKinds)).min(1, 'Pick the tire kinds the fee covers'),
  taxable: z.boolean(),
});
export type TireFeeInput = z.input<typeof TireFeeInput>;

const StateQuery = z.object({ state: State.optional() });

export const listStateRates = endpoint({
  method: 'GET',
  path: '/api/v1/tax/state-rates',
  access: 'finance',
  summary: 'State base sales tax rates, every dated row (newest first per state)',
  query: StateQuery,
  response: z.object({ data: z.array(StateRate) }),
});
export const addStateRate = endpoint({
  method: 'POST',
  path: '/api/v1/tax/state-rates',
  access: 'finance',
  summary: 'Add a state base rate from a date (the earlier rows stay)',
  body: StateRateInput,
  response: z.object({ data: StateRate }),
  status: 201,
});
export const listTaxability = endpoint({
  method: 'GET',
  path: '/api/v1/tax/taxability',
  access: 'finance',
  summary: 'What each state taxes besides the tires, every dated row',
  query: StateQuery,
  response: z.object({ data: z.array(Taxability) }),
});
export const addTaxability = endpoint({
  method: 'POST',
  path: '/api/v1/tax/taxability',
  access: 'finance',
  summary: 'Add what a state taxes from a date',
  body: TaxabilityInput,
  response: z.object({ data: Taxability }),
  status: 201,
});
export const listTireFees = endpoint({
  method: 'GET',
  path: '/api/v1/tax/tire-fees',
  access: 'finance',
  summary: 'State fees per new tire, every dated row',
  query: StateQuery,
  response: z.object({ data: z.array(TireFee) }),
});
export const addTireFee = endpoint({
  method: 'POST',
  path: '/api/v1/tax/tire-fees',
  access: 'finance',
  summary: 'Add a state fee per new tire (or a new amount of one) from a date',
  body: TireFeeInput,
  response: z.object({ data: TireFee }),
  status: 201,
});
export const listZipRates = endpoint({
  method: 'GET',
  path: '/api/v1/tax/zip-rates',
  access: 'finance',
  summary: 'Combined rates by ZIP, every dated row',
  query: z.object({
    zip: z.string().trim().max(5).optional(),
    state: State.optional(),
    page: PageNumber.default(0),
    pageSize: PageSize.default(25),
  }),
  response: pageOf(ZipRate),
});
export const importZipRates = endpoint({
  method: 'POST',
  path: '/api/v1/tax/zip-rates/import',
  access: 'finance',
  summary:
    'Import a ZIP-rate CSV (multipart: `file`, optional `effectiveFrom` YYYY-MM-DD, default today). Every line is checked first: a bad line answers 400 with a pointer per line and imports nothing; a good file is imported in one transaction, followed with GET /api/v1/tax/imports/:id',
  response: z.object({ data: ImportRun }),
  status: 202,
});
export const listImports = endpoint({
  method: 'GET',
  path: '/api/v1/tax/imports',
  access: 'finance',
  summary: 'The latest ZIP-rate imports',
  response: z.object({ data: z.array(ImportRun) }),
});
export const getImport = endpoint({
  method: 'GET',
  path: '/api/v1/tax/imports/:id',
  access: 'finance',
  summary: 'One ZIP-rate import and its progress',
  params: z.object({ id: Id }),
  response: z.object({ data: ImportRun }),
});

/** A delivery's tax rule: its rate and what the state puts in the taxable base besides the tires. */
export const TaxRuleView = z.object({
  ratePpm: z.number().int(),
  shippingTaxable: z.boolean(),
  labourTaxable: z.boolean(),
  fetTaxable: z.boolean(),
  roadHazardTaxable: z.boolean(),
});

export const TaxTermsView = z.object({
  state: z.string(),
  rule: TaxRuleView,
  stateRateId: z.number().int().nullable(),
  zipRateId: z.number().int().nullable(),
  tireFees: z.array(
    z.object({
      id: z.number().int(),
      amountCents: z.number().int(),
      percentPpm: z.number().int().nullable(),
      kinds: z.array(z.enum(tireKinds)),
      taxable: z.boolean(),
    }),
  ),
  certificate: z.object({ id: z.number().int(), kind: z.string(), number: z.string() }).nullable(),
});
export type TaxTermsView = z.infer<typeof TaxTermsView>;

export const taxTerms = endpoint({
  method: 'GET',
  path: '/api/v1/tax/terms',
  access: 'finance',
  summary: 'The tax terms of a delivery place for a company at a moment (default now)',
  query: z.object({
    state: State.optional(),
    zip: z
      .string()
      .trim()
      .regex(/^\d{5}$/, 'Enter a 5-digit ZIP code')
      .optional(),
    companyId: Id,
    locationId: Id.optional(),
    at: z.string().datetime({ offset: true }).optional(),
  }),
  response: z.object({ data: TaxTermsView }),
});

export const TaxCollectedRow = z.object({
  state: z.string(),
  /** YYYY-MM of placed_at (UTC). */
  month: z.string(),
  orders: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  /** What the same orders collected for others besides the sales tax, as each order stored it. */
  fetCents: z.number().int(),
  tireFeeCents: z.number().int(),
  servicesCents: z.number().int(),
  /**
   * Sales tax given back by refunds processed that month on orders taxed in the state (the tax
   * of their lines: returns and road-hazard credits); an amount typed by staff carries none.
   */
  refundedTaxCents: z.number().int(),
});
export type TaxCollectedRow = z.infer<typeof TaxCollectedRow>;

export const taxCollected = endpoint({
  method: 'GET',
  path: '/api/v1/tax/collected',
  access: 'finance',
  summary: 'Sales tax collected on placed orders, by delivery state and month of placing',
  query: z.object({ from: Day.optional(), to: Day.optional() }),
  response: z.object({ data: z.array(TaxCollectedRow) }),
});
