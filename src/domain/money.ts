// Money is integer cents everywhere; rates are basis points (docs/decisions.md).

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
}

export interface Totals {
  subtotalCents: number;
  roadHazardCents: number;
  shippingCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
}

/** What one tire of a line costs after its discount (road hazard not included). */
export function netUnitCents(line: Pick<PricedLine, 'unitPriceCents' | 'unitDiscountCents'>): number {
  return line.unitPriceCents - line.unitDiscountCents;
}

export function lineTotalCents(line: PricedLine): number {
  const hazard = line.roadHazard ? line.roadHazardUnitCents : 0;
  return line.quantity * (netUnitCents(line) + hazard);
}

/**
 * Totals of an order. Tax is zero: Tread sells to businesses buying for resale or fleet use
 * under exemption certificates kept on the company.
 */
export function orderTotals(lines: PricedLine[], shippingCents: number): Totals {
  const subtotalCents = lines.reduce((s, l) => s + l.quantity * l.unitPriceCents, 0);
  const discountCents = lines.reduce((s, l) => s + l.quantity * l.unitDiscountCents, 0);
  const roadHazardCents = lines.reduce(
    (s, l) => s + (l.roadHazard ? l.quantity * l.roadHazardUnitCents : 0),
    0,
  );
  const taxCents = 0;
  return {
    subtotalCents,
    roadHazardCents,
    shippingCents,
    discountCents,
    taxCents,
    totalCents: subtotalCents - discountCents + roadHazardCents + shippingCents + taxCents,
  };
}

export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}
