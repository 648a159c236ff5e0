// Which discounts of the `discounts` table apply to a line (DESIGN.md §7: after markup).
import { basisPointsOf } from './money';

export interface Discount {
  id: number;
  startsAt: Date;
  endsAt: Date | null;
  makeId: number | null;
  modelId: number | null;
  productId: number | null;
  companyId: number | null;
  basisPoints: number;
  amountCents: number;
  active: boolean;
}

export interface DiscountTarget {
  makeId: number;
  modelId: number;
  productId: number;
  companyId: number;
  unitPriceCents: number;
}

/** A discount applies when active, in its dates, and every criterion it names matches. */
export function discountApplies(d: Discount, t: DiscountTarget, at: Date): boolean {
  if (!d.active || d.startsAt > at || (d.endsAt && d.endsAt <= at)) return false;
  if (d.makeId !== null && d.makeId !== t.makeId) return false;
  if (d.modelId !== null && d.modelId !== t.modelId) return false;
  if (d.productId !== null && d.productId !== t.productId) return false;
  return d.companyId === null || d.companyId === t.companyId;
}

function unitValue(d: Discount, unitPriceCents: number): number {
  return basisPointsOf(unitPriceCents, d.basisPoints) + d.amountCents;
}

/**
 * Stacking rule: discounts do not stack. The single applicable discount worth most to the buyer
 * on this unit price wins, and no unit is ever sold below zero.
 */
export function unitDiscountCents(discounts: Discount[], t: DiscountTarget, at = new Date()): number {
  let best = 0;
  for (const d of discounts) {
    if (discountApplies(d, t, at)) best = Math.max(best, unitValue(d, t.unitPriceCents));
  }
  return Math.min(best, t.unitPriceCents);
}
