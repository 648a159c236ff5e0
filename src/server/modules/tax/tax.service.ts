// The tax module's entry (docs/tax-sources.md): the terms a delivery is taxed at, read from dated
// tax data, for the order's pricing; and finance's use cases over that data, in the sibling files
// re-exported below.
import type { TaxRule } from '../../../domain/landed-cost';
import type { TireKind } from '../../../domain/tire-kind';
import { type DbOrTx, readAll } from '../../db/connection';
import { AppError, badRequest } from '../../http/errors';
import { certificateFor } from '../exemptions/exemptions.service';
import * as repo from './tax.repository';
import { dayOf } from '../../../domain/calendar-day';

export { getImport, importsSettled, importZipRates, listImports } from './tax.import';
export {
  addStateRate,
  addTaxability,
  addTireFee,
  listStateRates,
  listTaxability,
  listTireFees,
} from './tax.rates';
export { listZipRates } from './tax.reads';
export { taxCollected } from './tax.report';

export interface TaxTerms {
  state: string;
  rule: TaxRule;
  stateRateId: number | null;
  zipRateId: number | null;
  /** The state's fees per new tire in force; percentPpm set for a share of the price capped at amountCents. */
  tireFees: {
    id: number;
    amountCents: number;
    percentPpm: number | null;
    kinds: TireKind[];
    taxable: boolean;
  }[];
  certificate: { id: number; kind: string; number: string } | null;
}

/** The five digits of a ZIP or ZIP+4; null for anything else. */
const zip5 = (zip: string | null) => /^\s*(\d{5})(?:-\d{4})?\s*$/.exec(zip ?? '')?.[1] ?? null;

/**
 * The terms a delivery to `place` is taxed at on `at`: the ZIP's combined rate when a row of that
 * ZIP (in that state) is in force, else the state's base rate; the state's taxability and tire
 * fees in force; and a rate of 0 when the company holds a verified, unexpired exemption
 * certificate for the state (for every location or this one). A state without rates is refused.
 */
export async function taxTermsFor(
  db: DbOrTx,
  place: { state: string; zip: string | null; companyId: number; locationId: number | null },
  at: Date,
): Promise<TaxTerms> {
  const state = place.state.trim().toUpperCase();
  const day = dayOf(at);
  const zip = zip5(place.zip);
  const [stateRate, zipRate, taxability, fees, certificate] = await readAll(db, [
    () => repo.stateRateOn(db, state, day),
    () => (zip ? repo.zipRateOn(db, zip, day) : Promise.resolve(null)),
    () => repo.taxabilityOn(db, state, day),
    () => repo.tireFeesOn(db, state, day),
    () => certificateFor(db, { companyId: place.companyId, locationId: place.locationId, state, at }),
  ] as const);
  if (!stateRate)
    throw new AppError(
      'bad_request',
      `No sales tax rate is recorded for the state "${place.state}" on ${day}`,
    );
  if (!taxability)
    throw new AppError(
      'unavailable',
      `No taxability is recorded for ${state} on ${day}; finance must add it`,
    );
  const inState = zipRate && zipRate.state === state ? zipRate : null;
  return {
    state,
    rule: {
      ratePpm: certificate ? 0 : (inState?.combinedPpm ?? stateRate.ratePpm),
      shippingTaxable: taxability.shippingTaxable,
      labourTaxable: taxability.labourTaxable,
      fetTaxable: taxability.fetTaxable,
      roadHazardTaxable: taxability.roadHazardTaxable,
    },
    stateRateId: stateRate.id,
    zipRateId: inState?.id ?? null,
    tireFees: fees
      .filter((f) => f.amountCents > 0)
      .map((f) => ({
        id: f.id,
        amountCents: f.amountCents,
        percentPpm: f.percentPpm,
        kinds: f.kinds as TireKind[],
        taxable: f.taxable,
      })),
    certificate,
  };
}

/** The state a ZIP is in, from the ZIP rate table (for a typed address without a state). */
export async function stateOfZip(db: DbOrTx, zip: string): Promise<string | null> {
  const five = zip5(zip);
  return five ? repo.stateOfZip(db, five) : null;
}

/** Finance's look at the terms of a place: by state, or by a ZIP whose state the rate table knows. */
export async function previewTerms(
  db: DbOrTx,
  q: { state?: string; zip?: string; companyId: number; locationId?: number; at?: string },
): Promise<TaxTerms> {
  const state = q.state ?? (q.zip ? await stateOfZip(db, q.zip) : null);
  if (!state)
    throw badRequest('Give a state, or a ZIP the rate table knows', [
      { pointer: q.zip ? '/query/zip' : '/query/state', detail: q.zip ? 'is in no rate row' : 'is required' },
    ]);
  return taxTermsFor(
    db,
    { state, zip: q.zip ?? null, companyId: q.companyId, locationId: q.locationId ?? null },
    q.at ? new Date(q.at) : new Date(),
  );
}
