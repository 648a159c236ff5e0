// Landed cost, the one pricing rule of an order line (docs/domain.md, "Landed cost"): the tires
// after discount, their federal excise tax, the state's tire fee, road hazard cover, shipping and
// the installer's services, then sales tax on the taxable part of that, per line. Integer cents.
// The rates come from data (tax terms of the delivery address); this file only does arithmetic.

/** What is taxed and at what rate, for one delivery address (and certificate) at one date. */
export interface TaxRule {
  /** The combined rate in parts per million: 82 500 = 8.25 %; 0 when exempt. */
  ratePpm: number;
  shippingTaxable: boolean;
  /** Installer services (mounting, balancing, valve kits, disposal). */
  labourTaxable: boolean;
  fetTaxable: boolean;
  roadHazardTaxable: boolean;
}

export interface LandedLineInput {
  quantity: number;
  unitPriceCents: number;
  unitDiscountCents: number;
  /** 0 when not chosen. */
  roadHazardUnitCents: number;
  fetUnitCents: number;
  tireFeeUnitCents: number;
  /** Whether the state taxes its own tire fee (a property of the fee, not of the rule). */
  tireFeeTaxable: boolean;
  /** The whole line's shipping. */
  shippingCents: number;
  /** Installer services per tire. */
  servicesUnitCents: number;
}

export interface LandedLine {
  /** quantity × (price − discount) */
  goodsCents: number;
  fetCents: number;
  tireFeeCents: number;
  roadHazardCents: number;
  shippingCents: number;
  servicesCents: number;
  taxableCents: number;
  taxCents: number;
  totalCents: number;
}

export interface LandedTotals {
  subtotalCents: number;
  discountCents: number;
  roadHazardCents: number;
  shippingCents: number;
  fetCents: number;
  tireFeeCents: number;
  servicesCents: number;
  taxCents: number;
  totalCents: number;
}

const PPM = 1_000_000n;

/** amount × ppm / 1 000 000 rounded half up, in big integers so that no size loses a cent. */
export function ppmOf(amountCents: number, ratePpm: number): number {
  const product = BigInt(amountCents) * BigInt(ratePpm);
  const sign = product < 0n ? -1n : 1n;
  const abs = product * sign;
  return Number(sign * ((2n * abs + PPM) / (2n * PPM)));
}

/** The charges and the tax of one order line under one tax rule. */
export function landedLine(line: LandedLineInput, rule: TaxRule): LandedLine {
  const q = line.quantity;
  const goodsCents = q * (line.unitPriceCents - line.unitDiscountCents);
  const fetCents = q * line.fetUnitCents;
  const tireFeeCents = q * line.tireFeeUnitCents;
  const roadHazardCents = q * line.roadHazardUnitCents;
  const shippingCents = line.shippingCents;
  const servicesCents = q * line.servicesUnitCents;
  const taxableCents =
    goodsCents +
    (rule.fetTaxable ? fetCents : 0) +
    (line.tireFeeTaxable ? tireFeeCents : 0) +
    (rule.roadHazardTaxable ? roadHazardCents : 0) +
    (rule.shippingTaxable ? shippingCents : 0) +
    (rule.labourTaxable ? servicesCents : 0);
  const taxCents = ppmOf(taxableCents, rule.ratePpm);
  return {
    goodsCents,
    fetCents,
    tireFeeCents,
    roadHazardCents,
    shippingCents,
    servicesCents,
    taxableCents,
    taxCents,
    totalCents:
      goodsCents + fetCents + tireFeeCents + roadHazardCents + shippingCents + servicesCents + taxCents,
  };
}

/**
 * Every line and the order's totals, each total the sum of its lines: the invoice's tax is the sum
 * of the line taxes by construction, never a tax of the order's sum (which could differ by cents).
 */
export function landedTotals(
  lines: readonly LandedLineInput[],
  rule: TaxRule,
): { lines: LandedLine[]; totals: LandedTotals } {
  const landed = lines.map((l) => landedLine(l, rule));
  const totals: LandedTotals = {
    subtotalCents: 0,
    discountCents: 0,
    roadHazardCents: 0,
    shippingCents: 0,
    fetCents: 0,
    tireFeeCents: 0,
    servicesCents: 0,
    taxCents: 0,
    totalCents: 0,
  };
  lines.forEach((input, i) => {
    const l = landed[i] as LandedLine;
    totals.subtotalCents += input.quantity * input.unitPriceCents;
    totals.discountCents += input.quantity * input.unitDiscountCents;
    totals.roadHazardCents += l.roadHazardCents;
    totals.shippingCents += l.shippingCents;
    totals.fetCents += l.fetCents;
    totals.tireFeeCents += l.tireFeeCents;
    totals.servicesCents += l.servicesCents;
    totals.taxCents += l.taxCents;
    totals.totalCents += l.totalCents;
  });
  return { lines: landed, totals };
}

export interface RefundShareInput {
  /** What the line was charged for this part (its tax, its fee, its FET…), all units together. */
  chargedCents: number;
  /** The line's units. */
  quantity: number;
  /** Units of the line refunded before this refund, and what they gave back of this part. */
  refundedUnitsBefore: number;
  refundedCentsBefore: number;
  /** Units this refund gives back. */
  units: number;
}

/**
 * What `units` more refunded units give back of a line's charged part: the charged amount's floor
 * per unit for each, and, when they reach the line's last unit, everything not yet given back (the
 * remainder of the floors goes on the last unit). So partial refunds never give back more than was
 * charged, and refunding every unit, in any steps, gives back exactly what was charged.
 */
export function refundShareCents(t: RefundShareInput): number {
  const left = Math.max(0, t.chargedCents - t.refundedCentsBefore);
  const unitsLeft = t.quantity - t.refundedUnitsBefore;
  if (t.units <= 0 || unitsLeft <= 0 || t.quantity <= 0 || left === 0) return 0;
  if (t.units >= unitsLeft) return left;
  const perUnit = Math.floor(Math.max(0, t.chargedCents) / t.quantity);
  return Math.min(left, perUnit * t.units);
}
