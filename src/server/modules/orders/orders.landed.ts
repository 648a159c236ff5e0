// The landed cost of an order's lines (docs/domain.md, "Landed cost"): the delivery's place picks
// the tax terms (the tax module: rate, taxability, tire fees, exemption certificate), each line's
// tire kind picks the state's fee, an installer delivery adds the installer's services per tire
// (landedInputOf, src/domain/out-the-door.ts, which the result card's figure uses too), and
// landedTotals (src/domain/landed-cost.ts) taxes each line. What comes out is what the order
// stores: per item what it was taxed at, per order the totals and the terms.
import { landedTotals, type TaxRule } from '../../../domain/landed-cost';
import type { Totals } from '../../../domain/money';
import { landedInputOf } from '../../../domain/out-the-door';
import type { DbOrTx } from '../../db/connection';
import { lookupZip } from '../../integrations/geo/zip-geo';
import { installerServicesFor } from '../installer-services/installer-services.service';
import { stateOfZip, type TaxTerms, taxTermsFor } from '../tax/tax.service';
import type * as itemsRepo from './orders.items.repository';
import * as repo from './orders.repository';

/** What of an order says where it goes. */
export type Delivered = Pick<
  repo.OrderRow,
  'companyId' | 'locationId' | 'deliveryKind' | 'deliveryZip' | 'deliveryAddress' | 'installerLocationId'
>;

/** An order's columns of what it was taxed at. */
export type TaxColumns = Pick<
  repo.OrderRow,
  | 'taxState'
  | 'taxStateRateId'
  | 'taxZipRateId'
  | 'taxRatePpm'
  | 'exemptionCertificateId'
  | 'exemptionCertificateKind'
  | 'exemptionCertificateNumber'
>;

/** The terms of a delivery the tax module cannot place (no state known): nothing is taxed or charged. */
const untaxed: TaxRule = {
  ratePpm: 0,
  shippingTaxable: false,
  labourTaxable: false,
  fetTaxable: false,
  roadHazardTaxable: false,
};

/**
 * The state and ZIP an order is delivered to: the typed address's state, else the state of the
 * location it goes to (the buyer's, or the installer's), else the state of the ZIP (the tax
 * module's ZIP rows, then the offline ZIP data); null when none is known.
 */
export async function placeOf(
  db: DbOrTx,
  order: Delivered,
): Promise<{ state: string; zip: string | null } | null> {
  const zip = order.deliveryZip;
  let state = '';
  if (order.deliveryKind === 'address') state = order.deliveryAddress?.state ?? '';
  else {
    const locationId = order.deliveryKind === 'installer' ? order.installerLocationId : order.locationId;
    if (locationId) state = (await repo.stateOfLocation(db, locationId)) ?? '';
  }
  if (!state.trim() && zip) state = (await stateOfZip(db, zip)) ?? lookupZip(zip)?.state ?? '';
  return state.trim() ? { state: state.trim().toUpperCase(), zip } : null;
}

/** The tax terms of the order's delivery on `at`; null when its state is not known. */
export async function termsOf(db: DbOrTx, order: Delivered, at: Date): Promise<TaxTerms | null> {
  const place = await placeOf(db, order);
  if (!place) return null;
  return taxTermsFor(
    db,
    { state: place.state, zip: place.zip, companyId: order.companyId, locationId: order.locationId },
    at,
  );
}

/**
 * The installer's services per tire by rim, for an order delivered to an installer (none
 * otherwise, and none from an installer that publishes no price list). One read per rim size of
 * the order: lines of one size (the usual installer order) read once.
 */
export async function servicesOf(
  db: DbOrTx,
  order: Delivered,
  lines: Pick<LandedSource, 'rim'>[],
): Promise<Map<number, number>> {
  const services = new Map<number, number>();
  if (order.deliveryKind !== 'installer' || !order.installerLocationId) return services;
  for (const rim of new Set(lines.map((l) => Number(l.rim)))) {
    const found = await installerServicesFor(db, order.installerLocationId, rim);
    services.set(rim, found?.unitCents ?? 0);
  }
  return services;
}

/**
 * What the landed cost reads of a line: its tire (kind, rim, excise tax) and its prices. An order's
 * line is one; so is a quote's option, priced as the order line it would become.
 */
export type LandedSource = Pick<
  itemsRepo.Line,
  'size' | 'construction' | 'loadIndex' | 'rim' | 'fetUnitCents'
> & {
  item: Pick<
    itemsRepo.Line['item'],
    'id' | 'quantity' | 'unitPriceCents' | 'unitDiscountCents' | 'roadHazard' | 'roadHazardUnitCents'
  >;
};

export interface Landed {
  totals: Totals;
  /** Per line (in the order of `lines`) what it is taxed at. */
  items: itemsRepo.ItemTaxes[];
  /** The order's columns of its terms. */
  terms: TaxColumns;
}

/**
 * The landed cost of the lines under the terms: per line its tire's excise tax (the SKU's, never
 * discounted), the first of the state's fees that names the tire's kind, the installer's services
 * for its rim, its shipping (`shipping[i]`) and its tax; the totals are the sums of the lines.
 */
export function landedOf(
  lines: LandedSource[],
  shipping: number[],
  terms: TaxTerms | null,
  services: Map<number, number>,
): Landed {
  // The line's input is built as the result card builds its out-the-door figure (out-the-door.ts).
  const built = lines.map((l, i) =>
    landedInputOf(
      {
        size: l.size,
        construction: l.construction,
        loadIndex: l.loadIndex,
        rim: Number(l.rim),
        fetUnitCents: Number(l.fetUnitCents),
      },
      {
        quantity: l.item.quantity,
        unitPriceCents: l.item.unitPriceCents,
        unitDiscountCents: l.item.unitDiscountCents,
        roadHazardUnitCents: l.item.roadHazard ? l.item.roadHazardUnitCents : 0,
      },
      terms?.tireFees ?? [],
      services.get(Number(l.rim)) ?? 0,
      shipping[i] ?? 0,
    ),
  );
  const inputs = built.map((b) => b.input);
  const fees = built.map((b) => b.fee);
  const { lines: landed, totals } = landedTotals(inputs, terms?.rule ?? untaxed);
  return {
    totals,
    items: lines.map((l, i) => ({
      id: l.item.id,
      fetUnitCents: inputs[i].fetUnitCents,
      tireFeeUnitCents: inputs[i].tireFeeUnitCents,
      tireFeeId: fees[i]?.unitCents ? fees[i].fee.id : null,
      servicesUnitCents: inputs[i].servicesUnitCents,
      shippingCents: landed[i].shippingCents,
      taxableCents: landed[i].taxableCents,
      taxCents: landed[i].taxCents,
    })),
    terms: {
      taxState: terms?.state ?? null,
      taxStateRateId: terms?.stateRateId ?? null,
      taxZipRateId: terms?.zipRateId ?? null,
      taxRatePpm: terms?.rule.ratePpm ?? 0,
      exemptionCertificateId: terms?.certificate?.id ?? null,
      exemptionCertificateKind: terms?.certificate?.kind ?? null,
      exemptionCertificateNumber: terms?.certificate?.number ?? null,
    },
  };
}

/**
 * The landed-cost rule of a delivery on `at`: its terms, read once, and the landed cost of any of
 * `lines` under them (what an order of those lines would charge). A quote prices its options and
 * their combinations through this, so that the order its acceptance places costs what it showed.
 */
export async function landedRuleFor(
  db: DbOrTx,
  order: Delivered,
  lines: Pick<LandedSource, 'rim'>[],
  at: Date,
): Promise<{ terms: TaxTerms | null; landed: (some: LandedSource[], shipping: number[]) => Landed }> {
  const terms = await termsOf(db, order, at);
  const services = await servicesOf(db, order, lines);
  return { terms, landed: (some, shipping) => landedOf(some, shipping, terms, services) };
}

/** Whether an item already stores these taxes (then it is not written again). */
export function storesTaxes(item: itemsRepo.Line['item'], t: itemsRepo.ItemTaxes): boolean {
  return (
    item.fetUnitCents === t.fetUnitCents &&
    item.tireFeeUnitCents === t.tireFeeUnitCents &&
    item.tireFeeId === t.tireFeeId &&
    item.servicesUnitCents === t.servicesUnitCents &&
    item.shippingCents === t.shippingCents &&
    item.taxableCents === t.taxableCents &&
    item.taxCents === t.taxCents
  );
}
