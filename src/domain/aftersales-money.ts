// The money rules of after-sales: what a return gives back line by line, and what a road-hazard
// plan covers of a damaged tire. Integer cents only; shares round down so that the parts of an
// order never give back more than it cost (docs/aftersales.md).
import type { ReturnReason } from './aftersales-status';
import { ppmOf, refundShareCents } from './landed-cost';
import { basisPointsOf } from './money';
import { type ChargedLine, cappedCentsOf, type RefundedParts, refundCharges } from './refund-charges';

/** Days after delivery within which units may be returned; a defect has no such limit. */
export const RETURN_WINDOW_DAYS = 30;
/** The restocking fee of units the buyer no longer needs: 15 % of what was paid for them. */
export const RESTOCKING_FEE_BASIS_POINTS = 1500;

/** Only units the buyer no longer needs pay a restocking fee; our mistakes and defects do not. */
export function restockingFeeBasisPoints(reason: ReturnReason | null | undefined): number {
  return reason === 'not_needed' ? RESTOCKING_FEE_BASIS_POINTS : 0;
}

/** Shipping is given back when the return is not the buyer's choice alone. */
export const refundsShipping = (reason: ReturnReason | null | undefined) => reason !== 'not_needed';

/** Whether units delivered at `deliveredAt` may still be returned for `reason` at `now`. */
export function withinReturnWindow(reason: ReturnReason, deliveredAt: Date | null, now: Date): boolean {
  if (reason === 'defective') return true;
  if (!deliveredAt) return false;
  return now.getTime() - deliveredAt.getTime() <= RETURN_WINDOW_DAYS * 86_400_000;
}

/**
 * Whether a refund waits for finance (docs/aftersales.md): always when it is tied to no return or
 * claim, else when what the order has had refunded (pending, approved and processed refunds, this
 * one included) passes the threshold, so that splitting a refund cannot get under it.
 */
export function refundNeedsApproval(input: {
  amountCents: number;
  /** The order's other refunds that are not failed. */
  refundedBeforeCents: number;
  thresholdCents: number;
  forReturnOrClaim: boolean;
}): boolean {
  return !input.forReturnOrClaim || input.refundedBeforeCents + input.amountCents > input.thresholdCents;
}

/** An order line as it was sold, with the charges it was taxed at (refund-charges.ts). */
export interface SoldLine extends ChargedLine {
  orderItemId: number;
  quantity: number;
  unitPriceCents: number;
  unitDiscountCents: number;
  roadHazard: boolean;
  roadHazardUnitCents: number;
}

export interface RefundLine {
  orderItemId: number;
  quantity: number;
  priceCents: number;
  discountCents: number;
  roadHazardCents: number;
  shippingCents: number;
  /** Shipping of these units the reason keeps: not in the total, counted as taken. */
  shippingKeptCents: number;
  fetCents: number;
  tireFeeCents: number;
  servicesCents: number;
  taxCents: number;
  restockingFeeCents: number;
  /** A road-hazard credit's covered share of the tire price (claimCreditLine); absent on returns. */
  coveredCents?: number;
  /** What the order could no longer refund of this line: the refund was capped (cappedCentsOf). */
  cappedCents: number;
  totalCents: number;
}

/**
 * What `quantity` units of a sold line give back, after what refunds not failed took `before`:
 * their price less their discount and their road hazard cover; their excise tax, tire fee,
 * services and sales tax, and their share of the line's shipping when the reason refunds it
 * (refundCharges: floor per unit, the remainder with the line's last unit); less the restocking
 * fee of the reason (on the price after discount).
 */
export function refundLine(
  line: SoldLine,
  quantity: number,
  before: RefundedParts,
  reason: ReturnReason | null | undefined,
): RefundLine {
  const priceCents = quantity * line.unitPriceCents;
  const discountCents = quantity * line.unitDiscountCents;
  const roadHazardCents = line.roadHazard ? quantity * line.roadHazardUnitCents : 0;
  const charges = refundCharges(line, before, quantity, refundsShipping(reason));
  const restockingFeeCents = basisPointsOf(priceCents - discountCents, restockingFeeBasisPoints(reason));
  return {
    orderItemId: line.orderItemId,
    quantity,
    priceCents,
    discountCents,
    roadHazardCents,
    ...charges,
    restockingFeeCents,
    cappedCents: 0,
    totalCents: refundLineTotal({
      priceCents,
      discountCents,
      roadHazardCents,
      ...charges,
      restockingFeeCents,
    }),
  };
}

/** A refund line's total from its parts (the kept shipping is not given back). */
export const refundLineTotal = (
  l: Omit<RefundLine, 'orderItemId' | 'quantity' | 'totalCents' | 'cappedCents'> & { cappedCents?: number },
) =>
  (l.coveredCents ?? 0) +
  l.priceCents -
  l.discountCents +
  l.roadHazardCents +
  l.shippingCents +
  l.fetCents +
  l.tireFeeCents +
  l.servicesCents +
  l.taxCents -
  l.restockingFeeCents -
  (l.cappedCents ?? 0);

/**
 * The lines of a refund capped at `amountCents` (what the order could still refund), each less its
 * capped part, adding up to the amount; from the lines' uncapped totals, so a changed amount caps
 * them again. An amount that covers the lines leaves them whole.
 */
export function capRefundLines<L extends RefundLine>(lines: readonly L[], amountCents: number): L[] {
  const whole = lines.map((l) => refundLineTotal({ ...l, cappedCents: 0 }));
  const capped = cappedCentsOf(whole, amountCents);
  return lines.map((l, i) => {
    const c = capped[i] as number;
    return { ...l, cappedCents: c, totalCents: (whole[i] as number) - c };
  });
}

/**
 * What a road-hazard credit gives back for one damaged tire of a sold line, after what refunds not
 * failed took `before` (docs/aftersales.md, "Claims"): the covered share of its price, never above
 * the price after discount, and the sales tax the order charged on that share: the covered amount at
 * the rate the order was taxed (`ratePpm`, 0 when exempt), rounded as a line's tax is (ppmOf), never
 * more than one unit's share of the line's tax still left (refundShareCents). The tire is not
 * returned, so its excise tax, tire fee, services, shipping and cover stay charged, and no unit goes
 * back (quantity 0: no supplier owes anything, the units stay returnable); the tax it gives back
 * counts as taken, so later refunds of the line never give back more tax than the line was charged.
 */
export function claimCreditLine(
  line: SoldLine,
  before: RefundedParts,
  coveredCents: number,
  ratePpm: number,
): RefundLine {
  const covered = Math.max(0, Math.min(coveredCents, line.unitPriceCents - line.unitDiscountCents));
  const unitTaxLeft = refundShareCents({
    chargedCents: line.taxCents,
    quantity: line.quantity,
    refundedUnitsBefore: before.units,
    refundedCentsBefore: before.taxCents,
    units: 1,
  });
  const taxCents = Math.max(0, Math.min(ppmOf(covered, ratePpm), unitTaxLeft));
  return {
    orderItemId: line.orderItemId,
    quantity: 0,
    priceCents: 0,
    discountCents: 0,
    roadHazardCents: 0,
    shippingCents: 0,
    shippingKeptCents: 0,
    fetCents: 0,
    tireFeeCents: 0,
    servicesCents: 0,
    taxCents,
    restockingFeeCents: 0,
    coveredCents: covered,
    cappedCents: 0,
    totalCents: covered + taxCents,
  };
}

export const sumRefundLines = (lines: readonly RefundLine[]) => lines.reduce((s, l) => s + l.totalCents, 0);

/** The road hazard plan sold with the `roadguard` offer. */
export interface RoadHazardPlan {
  termMonths: number;
  /** Tread at or below this depth (in 32nds of an inch) is worn out: the plan ends. */
  minTread32: number;
  /** The most the plan pays for one tire. */
  capCentsPerTire: number;
}

export const ROAD_HAZARD_PLAN: RoadHazardPlan = { termMonths: 36, minTread32: 2, capCentsPerTire: 30000 };
/** Tread depth of a new passenger or light-truck tire when the claim names none. */
export const DEFAULT_NEW_TREAD_32 = 10;

export type Proration =
  | { covered: true; coveredCents: number; usableShareBasisPoints: number }
  | { covered: false; reason: 'outside_window' | 'worn_out' | 'before_purchase'; detail: string };

/** Whole months from `from` to `to` (a month is complete on the same day of the month). */
export function monthsBetween(from: Date, to: Date): number {
  let months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + to.getUTCMonth() - from.getUTCMonth();
  if (to.getUTCDate() < from.getUTCDate()) months -= 1;
  return months;
}

/**
 * Prorates a damaged tire as the industry does: coverage = price × (remaining tread − 2/32) ÷
 * (new tread − 2/32), rounded down, capped by the plan's amount per tire; outside the plan's
 * months or at the minimum tread there is nothing to cover, and the answer says why.
 */
export function prorate(input: {
  priceCents: number;
  remainingTread32: number;
  newTread32: number;
  purchasedAt: Date;
  damagedAt: Date;
  plan?: RoadHazardPlan;
}): Proration {
  const plan = input.plan ?? ROAD_HAZARD_PLAN;
  if (input.damagedAt.getTime() < input.purchasedAt.getTime())
    return { covered: false, reason: 'before_purchase', detail: 'The damage is dated before the purchase' };
  const months = monthsBetween(input.purchasedAt, input.damagedAt);
  if (months >= plan.termMonths)
    return {
      covered: false,
      reason: 'outside_window',
      detail: `The plan covers ${plan.termMonths} months from purchase; the damage came after ${months} months`,
    };
  const usable = input.remainingTread32 - plan.minTread32;
  const full = input.newTread32 - plan.minTread32;
  if (usable <= 0 || full <= 0)
    return {
      covered: false,
      reason: 'worn_out',
      detail: `The tire is worn to ${input.remainingTread32}/32"; the plan ends at ${plan.minTread32}/32"`,
    };
  const share = Math.min(usable, full);
  const prorated = Math.floor((input.priceCents * share) / full);
  return {
    covered: true,
    coveredCents: Math.max(0, Math.min(prorated, plan.capCentsPerTire, input.priceCents)),
    usableShareBasisPoints: Math.floor((share * 10000) / full),
  };
}
