// Money is integer cents everywhere; rates are basis points (docs/decisions.md).
import type { LandedTotals } from './landed-cost';

/** Share of an amount in basis points, rounded half up: no floating-point money. */
export function basisPointsOf(amountCents: number, basisPoints: number): number {
  return Math.floor((amountCents * basisPoints + 5000) / 10000);
}

export interface PricedLine {
  quantity: number;
  unitPriceCents: number;
  unitDiscountCents: number;
  roadHazard: boolean;
  roadHazardUnitCents: number;
  /**
   * What the line was taxed at (landed-cost.ts, stored per order item): per tire the federal
   * excise tax, the state's tire fee and the installer's services, and the line's tax. Absent
   * (0) for lines nothing taxes, such as a quote's.
   */
  fetUnitCents?: number;
  tireFeeUnitCents?: number;
  servicesUnitCents?: number;
  taxCents?: number;
}

/** An order's totals: each the sum of its lines (landedTotals), totalCents with tax and fees. */
export type Totals = LandedTotals;

/** What one tire of a line costs after its discount (road hazard not included). */
export function netUnitCents(line: Pick<PricedLine, 'unitPriceCents' | 'unitDiscountCents'>): number {
  return line.unitPriceCents - line.unitDiscountCents;
}

/** The tires of a line and their road hazard cover; the fees, services and tax are apart. */
export function lineTotalCents(line: PricedLine): number {
  const hazard = line.roadHazard ? line.roadHazardUnitCents : 0;
  return line.quantity * (netUnitCents(line) + hazard);
}

/**
 * Totals of lines as they were taxed (their stored landed-cost values) and the order's shipping:
 * subtotal, minus discounts, plus road hazard cover, excise tax, tire fees, installer services,
 * shipping and the sum of the line taxes. Pricing itself computes them with landedTotals.
 */
export function orderTotals(lines: PricedLine[], shippingCents: number): Totals {
  const sum = (f: (l: PricedLine) => number) => lines.reduce((s, l) => s + f(l), 0);
  const subtotalCents = sum((l) => l.quantity * l.unitPriceCents);
  const discountCents = sum((l) => l.quantity * l.unitDiscountCents);
  const roadHazardCents = sum((l) => (l.roadHazard ? l.quantity * l.roadHazardUnitCents : 0));
  const fetCents = sum((l) => l.quantity * (l.fetUnitCents ?? 0));
  const tireFeeCents = sum((l) => l.quantity * (l.tireFeeUnitCents ?? 0));
  const servicesCents = sum((l) => l.quantity * (l.servicesUnitCents ?? 0));
  const taxCents = sum((l) => l.taxCents ?? 0);
  return {
    subtotalCents,
    roadHazardCents,
    shippingCents,
    discountCents,
    fetCents,
    tireFeeCents,
    servicesCents,
    taxCents,
    totalCents:
      subtotalCents -
      discountCents +
      roadHazardCents +
      fetCents +
      tireFeeCents +
      servicesCents +
      shippingCents +
      taxCents,
  };
}

export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}
