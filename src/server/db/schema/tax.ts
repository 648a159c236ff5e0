import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { cents, createdAt, id, ref } from './columns';
import { users } from './core-accounts';

// Tax data (docs/tax-sources.md). Every table is dated by `effective_from` and rows are only ever
// added: a new rate, taxability or fee is a new row from its date, so the terms in force on any past
// day can still be read, and an order keeps the row ids it was taxed at. `checked_on` is the day
// someone compared the figure with its source; null means the figure was not re-checked.

const day = (name: string) => date(name, { mode: 'string' });

/** The state's base sales tax rate (all 50 states and DC; 0 where there is no state sales tax). */
export const taxStateRates = pgTable(
  'tax_state_rates',
  {
    id: id(),
    state: text('state').notNull(),
    /** Parts per million: 62 500 = 6.25 %. */
    ratePpm: integer('rate_ppm').notNull(),
    effectiveFrom: day('effective_from').notNull(),
    source: text('source').notNull(),
    checkedOn: day('checked_on'),
    note: text('note').notNull().default(''),
    createdBy: ref('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tax_state_rates_state_from').on(t.state, t.effectiveFrom),
    check('tax_state_rates_state', sql`${t.state} ~ '^[A-Z]{2}$'`),
    check('tax_state_rates_rate', sql`${t.ratePpm} between 0 and 200000`),
  ],
);

/** An import of a ZIP-rate file: who, what, how far it got, and the lines it refused. */
export const taxImportRuns = pgTable(
  'tax_import_runs',
  {
    id: id(),
    fileName: text('file_name').notNull(),
    userId: ref('user_id').references(() => users.id),
    /** src/domain/tax-import-status.ts */
    status: text('status').notNull().default('importing'),
    effectiveFrom: day('effective_from').notNull(),
    rowsTotal: integer('rows_total').notNull().default(0),
    rowsDone: integer('rows_done').notNull().default(0),
    /** Rows of the file already in force with the same rates from the same day (not added again). */
    rowsUnchanged: integer('rows_unchanged').notNull().default(0),
    /** [{ line, column, detail }] for a refused file, or the failure of an import. */
    errors: jsonb('errors')
      .$type<{ line: number; column: string | null; detail: string }[]>()
      .notNull()
      .default([]),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('tax_import_runs_created').on(t.createdAt)],
);

/**
 * The combined rate of a ZIP, in the columns of the freely published monthly rate tables (State,
 * ZipCode, TaxRegionName, EstimatedCombinedRate, StateRate, EstimatedCountyRate, EstimatedCityRate,
 * EstimatedSpecialRate), the rates stored in parts per million.
 */
export const taxZipRates = pgTable(
  'tax_zip_rates',
  {
    id: id(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    regionName: text('region_name').notNull().default(''),
    combinedPpm: integer('combined_ppm').notNull(),
    statePpm: integer('state_ppm').notNull(),
    countyPpm: integer('county_ppm').notNull(),
    cityPpm: integer('city_ppm').notNull(),
    specialPpm: integer('special_ppm').notNull(),
    effectiveFrom: day('effective_from').notNull(),
    source: text('source').notNull(),
    checkedOn: day('checked_on'),
    importRunId: ref('import_run_id').references(() => taxImportRuns.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tax_zip_rates_zip_from').on(t.zip, t.effectiveFrom),
    check('tax_zip_rates_zip', sql`${t.zip} ~ '^[0-9]{5}$'`),
    check('tax_zip_rates_state', sql`${t.state} ~ '^[A-Z]{2}$'`),
    check('tax_zip_rates_combined', sql`${t.combinedPpm} between 0 and 200000`),
  ],
);

/** What a state puts in the taxable base besides the tires themselves. */
export const taxTaxability = pgTable(
  'tax_taxability',
  {
    id: id(),
    state: text('state').notNull(),
    shippingTaxable: boolean('shipping_taxable').notNull(),
    /** Installer labour: mounting, balancing, valve kits, disposal. */
    labourTaxable: boolean('labour_taxable').notNull(),
    /** The default for the state's tire fee rows (each fee row says for itself). */
    tireFeeTaxable: boolean('tire_fee_taxable').notNull(),
    fetTaxable: boolean('fet_taxable').notNull(),
    roadHazardTaxable: boolean('road_hazard_taxable').notNull(),
    effectiveFrom: day('effective_from').notNull(),
    source: text('source').notNull(),
    checkedOn: day('checked_on'),
    note: text('note').notNull().default(''),
    createdBy: ref('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tax_taxability_state_from').on(t.state, t.effectiveFrom),
    check('tax_taxability_state', sql`${t.state} ~ '^[A-Z]{2}$'`),
  ],
);

/**
 * A state's fee per new tire, for the tire kinds it names (src/domain/tire-kind.ts). A flat
 * amount, or a share of the tire's price (percent_ppm) of at most amount_cents. A fee that ends
 * gets a row of amount 0 from its last day.
 */
export const taxTireFees = pgTable(
  'tax_tire_fees',
  {
    id: id(),
    state: text('state').notNull(),
    name: text('name').notNull(),
    amountCents: cents('amount_cents').notNull(),
    percentPpm: integer('percent_ppm'),
    kinds: text('kinds').array().notNull(),
    taxable: boolean('taxable').notNull(),
    effectiveFrom: day('effective_from').notNull(),
    source: text('source').notNull(),
    checkedOn: day('checked_on'),
    note: text('note').notNull().default(''),
    createdBy: ref('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tax_tire_fees_state_name_from').on(t.state, t.name, t.effectiveFrom),
    check('tax_tire_fees_state', sql`${t.state} ~ '^[A-Z]{2}$'`),
    check('tax_tire_fees_amount', sql`${t.amountCents} >= 0`),
    check('tax_tire_fees_percent', sql`${t.percentPpm} is null or ${t.percentPpm} between 1 and 1000000`),
  ],
);
