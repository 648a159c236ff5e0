// The landed cost of a quote (docs/quotes.md, "Tax, fees and the total"): each option priced as
// the order line it would become, by the orders module's landed-cost rule for the quote's delivery
// (its location, its ZIP) on one day: the SKU's excise tax, the state's tire fee, the installer's
// services for an installer delivery, the line's sales tax (none under a valid exemption
// certificate). Lines are taxed one by one, so any choice of one option per line costs the sum
// of the options' lines: the order that accepting it places costs exactly that.
import type { TaxApplied } from '../../../contract/order-shapes';
import { dayOf } from '../../../domain/calendar-day';
import type { Totals } from '../../../domain/money';
import type { DbOrTx } from '../../db/connection';
import { type Delivered, type LandedSource, landedRuleFor, taxAppliedOf } from '../orders/orders.service';
import type * as optionsRepo from './quotes.options.repository';
import type * as repo from './quotes.repository';

/** What the landed cost adds to one option: per tire its excise tax, fee and services; the line's tax. */
export interface OptionCharges {
  fetUnitCents: number;
  tireFeeUnitCents: number;
  servicesUnitCents: number;
  taxCents: number;
  /** Everything the option adds to the order: tires, cover, shipping, fees, services and tax. */
  totalCents: number;
}

export interface QuoteLanded {
  tax: TaxApplied;
  /** The day whose rates apply (YYYY-MM-DD). */
  taxedOn: string;
  chargesOf(optionId: number): OptionCharges;
  /** The totals of one option per line, as the order of that choice would total them. */
  totalsOf(chosen: { option: optionsRepo.QuoteOptionRow; roadHazard: boolean }[]): Totals;
}

/**
 * An option as the order line it would become: the order keeps the quoted net price per tire (the
 * rest of the list price shows as its discount) and the road hazard quoted for it.
 */
function asLine(
  v: Pick<optionsRepo.OptionView, 'size' | 'construction' | 'loadIndex' | 'rim' | 'fetUnitCents'> & {
    option: optionsRepo.QuoteOptionRow;
  },
  roadHazard: boolean,
): LandedSource {
  const o = v.option;
  const unit = Math.max(o.listPriceCents, o.unitPriceCents);
  return {
    size: v.size,
    construction: v.construction,
    loadIndex: v.loadIndex,
    rim: v.rim,
    fetUnitCents: v.fetUnitCents,
    item: {
      id: o.id,
      quantity: o.quantity,
      unitPriceCents: unit,
      unitDiscountCents: unit - o.unitPriceCents,
      roadHazard,
      roadHazardUnitCents: o.roadHazardUnitCents,
    },
  };
}

/**
 * Where the order of an accepted quote goes (orders' placeQuotedOrder): the quote's location at its
 * ZIP, or the installer's bay (taxed in the bay's state, the installer's services added).
 */
export function deliveryOf(quote: repo.QuoteRow): Delivered {
  const installer = quote.deliveryKind === 'installer' ? quote.installerLocationId : null;
  return {
    companyId: quote.companyId,
    locationId: quote.locationId,
    deliveryKind: installer ? 'installer' : 'location',
    deliveryZip: quote.deliveryZip,
    deliveryAddress: null,
    installerLocationId: installer,
  };
}

/**
 * The day a quote is taxed at: the day it was accepted (its order was taxed then), else today. A
 * quote keeps its prices until it expires, but tax and fees are the state's, due at the rate in
 * force on the day of the sale, which is the day of acceptance.
 */
export const taxDayOf = (quote: repo.QuoteRow, now = new Date()) => quote.acceptedAt ?? now;

/** The landed cost of every option of the quote, and of any choice among them, on `at`. */
export async function quoteLanded(
  db: DbOrTx,
  quote: repo.QuoteRow,
  items: repo.QuoteItemRow[],
  options: optionsRepo.OptionView[],
  at: Date,
): Promise<QuoteLanded> {
  const roadHazardOf = new Map(items.map((i) => [i.id, i.roadHazard]));
  const views = new Map(options.map((v) => [v.option.id, v]));
  const rule = await landedRuleFor(db, deliveryOf(quote), options, at);
  const landedOf = (chosen: { option: optionsRepo.QuoteOptionRow; roadHazard: boolean }[]) =>
    rule.landed(
      chosen.map((c) =>
        asLine({ ...(views.get(c.option.id) ?? missing(c.option.id)), option: c.option }, c.roadHazard),
      ),
      chosen.map((c) => c.option.shippingCents),
    );
  const charges = new Map<number, OptionCharges>();
  for (const v of options) {
    const landed = landedOf([{ option: v.option, roadHazard: roadHazardOf.get(v.option.itemId) ?? false }]);
    const [line] = landed.items;
    charges.set(v.option.id, {
      fetUnitCents: line.fetUnitCents,
      tireFeeUnitCents: line.tireFeeUnitCents,
      servicesUnitCents: line.servicesUnitCents,
      taxCents: line.taxCents,
      totalCents: landed.totals.totalCents,
    });
  }
  const none = rule.landed([], []);
  return {
    tax: taxAppliedOf(none.terms),
    taxedOn: dayOf(at),
    chargesOf: (id) => charges.get(id) ?? missing(id),
    totalsOf: (chosen) => landedOf(chosen).totals,
  };
}

function missing(optionId: number): never {
  throw new Error(`Option ${optionId} is not one of the quote's`);
}
