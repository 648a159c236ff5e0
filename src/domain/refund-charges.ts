// What a refund gives back of a line's charges beyond its tires (docs/domain.md, "Landed cost"):
// the excise tax, the state's tire fee, the installer's services, the line's shipping and its
// sales tax, each through refundShareCents (floor per unit, the remainder with the last unit), so
// that returning every unit, in one refund or many, gives back every cent the line was charged.
// And how the lines of a refund capped at what the order can still refund add up to that amount.
import { refundShareCents } from './landed-cost';

/** A sold line's charges as the order stored them (order_items). */
export interface ChargedLine {
  quantity: number;
  fetUnitCents: number;
  tireFeeUnitCents: number;
  servicesUnitCents: number;
  /** The line's share of the order's shipping. */
  shippingCents: number;
  /** The line's sales tax. */
  taxCents: number;
}

/** What refunds not failed have taken of a line so far: units, and cents of each charge. */
export interface RefundedParts {
  units: number;
  fetCents: number;
  tireFeeCents: number;
  servicesCents: number;
  /** Shipping given back, and shipping kept on units returned for a reason that keeps it. */
  shippingCents: number;
  taxCents: number;
}

export const nothingRefunded = (): RefundedParts => ({
  units: 0,
  fetCents: 0,
  tireFeeCents: 0,
  servicesCents: 0,
  shippingCents: 0,
  taxCents: 0,
});

export interface RefundCharges {
  fetCents: number;
  tireFeeCents: number;
  servicesCents: number;
  shippingCents: number;
  /** The shipping share of these units that the reason keeps (counted as taken, never given back). */
  shippingKeptCents: number;
  taxCents: number;
}

/**
 * What `units` more refunded units of a line give back of its charges. FET, fee, services and tax
 * always go back with the tire (FET is never kept); shipping only when `refundsShipping`, else its
 * share is kept, and counted as taken so that a later refund of the last unit does not give it back.
 */
export function refundCharges(
  line: ChargedLine,
  before: RefundedParts,
  units: number,
  refundsShipping: boolean,
): RefundCharges {
  const share = (chargedCents: number, refundedCentsBefore: number) =>
    refundShareCents({
      chargedCents,
      quantity: line.quantity,
      refundedUnitsBefore: before.units,
      refundedCentsBefore,
      units,
    });
  const shipping = share(line.shippingCents, before.shippingCents);
  return {
    fetCents: share(line.quantity * line.fetUnitCents, before.fetCents),
    tireFeeCents: share(line.quantity * line.tireFeeUnitCents, before.tireFeeCents),
    servicesCents: share(line.quantity * line.servicesUnitCents, before.servicesCents),
    shippingCents: refundsShipping ? shipping : 0,
    shippingKeptCents: refundsShipping ? 0 : shipping,
    taxCents: share(line.taxCents, before.taxCents),
  };
}

/** A refund line as stored; lines stored before a charge existed lack it (0). */
export interface StoredRefundLine {
  orderItemId: number;
  quantity: number;
  fetCents?: number;
  tireFeeCents?: number;
  servicesCents?: number;
  shippingCents?: number;
  shippingKeptCents?: number;
  taxCents?: number;
}

/** What the given refund lines (of refunds not failed) have taken of each order line. */
export function refundedPartsOf(lines: readonly StoredRefundLine[]): Map<number, RefundedParts> {
  const parts = new Map<number, RefundedParts>();
  for (const l of lines) {
    const p = parts.get(l.orderItemId) ?? nothingRefunded();
    p.units += l.quantity;
    p.fetCents += l.fetCents ?? 0;
    p.tireFeeCents += l.tireFeeCents ?? 0;
    p.servicesCents += l.servicesCents ?? 0;
    p.shippingCents += (l.shippingCents ?? 0) + (l.shippingKeptCents ?? 0);
    p.taxCents += l.taxCents ?? 0;
    parts.set(l.orderItemId, p);
  }
  return parts;
}

/**
 * How much of each line's total a refund capped at `amountCents` leaves out, so that the lines add
 * up to the amount: each line keeps its share of the amount rounded down, and the cents the floors
 * leave go back onto the lines from the last one (the remainder rule of refunds), never above a
 * line's own total. Nothing is left out when the amount covers the lines.
 */
export function cappedCentsOf(lineTotals: readonly number[], amountCents: number): number[] {
  const totals = lineTotals.map((t) => Math.max(0, t));
  const sum = totals.reduce((s, t) => s + t, 0);
  if (amountCents >= sum) return totals.map(() => 0);
  const amount = Math.max(0, amountCents);
  const kept = totals.map((t) => Number((BigInt(t) * BigInt(amount)) / BigInt(sum)));
  let left = amount - kept.reduce((s, k) => s + k, 0);
  for (let i = kept.length - 1; i >= 0 && left > 0; i--) {
    const add = Math.min(left, (totals[i] as number) - (kept[i] as number));
    kept[i] = (kept[i] as number) + add;
    left -= add;
  }
  return totals.map((t, i) => t - (kept[i] as number));
}
