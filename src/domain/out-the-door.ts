// The parts of one order line's landed cost that come from its tire and its delivery: the state's
// fee for the tire's kind, the installer's services for its rim, the line's input to landedLine.
// The order pricing builds its lines with landedInputOf, and the result card's out-the-door figure
// is outTheDoorOf, the same line without shipping: so a card for a quantity and the cart line of
// that quantity are one computation (docs/domain.md, "Landed cost").
import { rangeForRim, type RimRange } from './installer-services';
import { type LandedLine, type LandedLineInput, landedLine, type TaxRule } from './landed-cost';
import { type TireFeeTerms, tireFeeUnitCents } from './tire-fee';
import { type TireSkuShape, tireKindOf } from './tire-kind';

/** A state's fee per new tire as the delivery's terms carry it (tax data, tax_tire_fees). */
export interface DeliveryFee extends TireFeeTerms {
  id: number;
  /** Whether the state taxes this fee (a property of the fee, not of the state's rule). */
  taxable: boolean;
}

/** An installer's published prices per tire (installer_service_lists and their rim rows). */
export interface ServicePriceList {
  mountBalance: readonly (RimRange & { mountBalanceCents: number })[];
  valveKitCents: number;
  disposalCents: number;
}

/** What a delivery is charged at: the tax rule, the state's tire fees, the installer's list (if any). */
export interface DeliveryTerms {
  rule: TaxRule;
  tireFees: readonly DeliveryFee[];
  /** null unless the delivery goes to an installer that publishes a price list. */
  services: ServicePriceList | null;
}

/** A SKU as the landed cost reads it: its kind (size, construction, load index), rim and excise tax. */
export interface LandedTire extends TireSkuShape {
  rim: number;
  /** The SKU's stored federal excise tax per tire (products.fet_unit_cents). */
  fetUnitCents: number;
}

/** A line's prices per tire and its quantity; road hazard cover 0 when not chosen. */
export interface LinePrice {
  quantity: number;
  unitPriceCents: number;
  unitDiscountCents: number;
  roadHazardUnitCents: number;
}

/**
 * The first of the state's fees that names the tire's kind, and what it charges on one tire sold
 * at `netUnitCents` (after discount); null when no fee covers the kind.
 */
export function tireFeeOf<F extends DeliveryFee>(
  fees: readonly F[],
  tire: TireSkuShape,
  netUnitCents: number,
): { fee: F; unitCents: number } | null {
  const kind = tireKindOf(tire);
  const fee = fees.find((f) => f.kinds.includes(kind));
  return fee ? { fee, unitCents: tireFeeUnitCents(fee, kind, netUnitCents) } : null;
}

/**
 * What an installer charges per tire of a rim: mount and balance of the rim's range, the valve
 * kit and the disposal. A written list covers every rim (checked before it is written), so a rim
 * without a row is a bug and counts no mounting rather than failing the sale.
 */
export function servicesPerTire(list: ServicePriceList, rimInches: number) {
  const mountBalanceCents = rangeForRim(list.mountBalance, rimInches)?.mountBalanceCents ?? 0;
  const { valveKitCents, disposalCents } = list;
  return {
    mountBalanceCents,
    valveKitCents,
    disposalCents,
    unitCents: mountBalanceCents + valveKitCents + disposalCents,
  };
}

/**
 * The input of landedLine for `price.quantity` tires of `tire`: its excise tax (never discounted),
 * the fee of the tire's kind on its net price, the installer's services per tire and the line's
 * shipping. Also the fee that applied, which an order item records.
 */
export function landedInputOf<F extends DeliveryFee>(
  tire: LandedTire,
  price: LinePrice,
  fees: readonly F[],
  servicesUnitCents: number,
  shippingCents: number,
): { input: LandedLineInput; fee: { fee: F; unitCents: number } | null } {
  const fee = tireFeeOf(fees, tire, price.unitPriceCents - price.unitDiscountCents);
  return {
    input: {
      ...price,
      fetUnitCents: tire.fetUnitCents,
      tireFeeUnitCents: fee?.unitCents ?? 0,
      tireFeeTaxable: fee?.fee.taxable ?? false,
      shippingCents,
      servicesUnitCents,
    },
    fee,
  };
}

/** A result card's SKU: its tire and the caller's price (the list price and the discount off it). */
export interface CardTire extends LandedTire {
  listPriceCents: number;
  discountCents: number;
}

/**
 * The out-the-door figure of `quantity` tires of a card's SKU under a delivery's terms: the cart
 * line those tires would become (tires after discount, excise tax, tire fee, installer services
 * and the line's sales tax), without road hazard cover and without shipping, which the card does
 * not know (the cart adds it, and its tax where the state taxes shipping).
 */
export function outTheDoorOf(tire: CardTire, quantity: number, terms: DeliveryTerms): LandedLine {
  const services = terms.services ? servicesPerTire(terms.services, tire.rim).unitCents : 0;
  const { input } = landedInputOf(
    tire,
    {
      quantity,
      unitPriceCents: tire.listPriceCents,
      unitDiscountCents: tire.discountCents,
      roadHazardUnitCents: 0,
    },
    terms.tireFees,
    services,
    0,
  );
  return landedLine(input, terms.rule);
}
