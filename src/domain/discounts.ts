import { basisPointsOf, formatCents } from './money';
import { floorCents } from './quote-options';
// Discounts (see docs/domain.md): dated, targeted by make, model, product and/or company, percent
// (basis points) or an amount per unit, applied after markup. The one stacking rule lives here
// so that the shop's prices, the cart and the checkout re-check cannot disagree.

/**
 * A discount that takes a price under its floor waits for admin or finance (`pending`, not in
 * force) until one of them approves it; one that stays above every floor needs no approval.
 */
export const discountApprovalStatuses = ['not_needed', 'pending', 'approved'] as const;
export type DiscountApprovalStatus = (typeof discountApprovalStatuses)[number];

/** Whether a discount takes a price under its floor: it waits for approval or was approved. */
export const isBelowFloor = (status: string) => status !== 'not_needed';

/** Whether a discount under the floor waits for admin or finance, and is not in force until then. */
export const awaitsDiscountApproval = (status: string) => status === 'pending';

/** Whether admin or finance approved the discount under its floor (it is in force). */
export const isApprovedBelowFloor = (status: string) => status === 'approved';

export interface DiscountRule {
  id: number;
  startsAt: Date | string;
  endsAt: Date | string | null;
  makeId: number | null;
  modelId: number | null;
  productId: number | null;
  companyId: number | null;
  basisPoints: number;
  amountCents: number;
  active: boolean;
}

export interface DiscountLine {
  makeId: number;
  modelId: number;
  productId: number;
  companyId: number;
  /** Marked-up unit price of the buyer's price group. */
  unitPriceCents: number;
}

/** Every target that is set must match; an unset target matches anything. */
export function discountApplies(rule: DiscountRule, line: DiscountLine, at: Date): boolean {
  const started = new Date(rule.startsAt) <= at;
  const notEnded = rule.endsAt === null || at < new Date(rule.endsAt);
  return (
    rule.active &&
    started &&
    notEnded &&
    (rule.makeId === null || rule.makeId === line.makeId) &&
    (rule.modelId === null || rule.modelId === line.modelId) &&
    (rule.productId === null || rule.productId === line.productId) &&
    (rule.companyId === null || rule.companyId === line.companyId)
  );
}

/** Reduction per unit in cents: basis points of the price rounded half up, plus the amount. */
export function reductionOf(
  rule: Pick<DiscountRule, 'basisPoints' | 'amountCents'>,
  unitPriceCents: number,
): number {
  const percent = basisPointsOf(unitPriceCents, rule.basisPoints);
  return Math.min(unitPriceCents, percent + rule.amountCents);
}

/**
 * Stacking rule: discounts do NOT stack. Of the discounts that apply to a line on that date,
 * the one giving the largest reduction wins (the lowest id breaks a tie); the unit price never
 * falls below zero. Answers the winning discount and the discounted unit price.
 */
export function bestDiscount(rules: DiscountRule[], line: DiscountLine, at = new Date()) {
  let best: { rule: DiscountRule; reductionCents: number } | null = null;
  for (const rule of rules) {
    if (!discountApplies(rule, line, at)) continue;
    const reductionCents = reductionOf(rule, line.unitPriceCents);
    if (
      !best ||
      reductionCents > best.reductionCents ||
      (reductionCents === best.reductionCents && rule.id < best.rule.id)
    )
      best = { rule, reductionCents };
  }
  return {
    discountId: best?.rule.id ?? null,
    reductionCents: best?.reductionCents ?? 0,
    unitPriceCents: line.unitPriceCents - (best?.reductionCents ?? 0),
  };
}

/** A shop item with the price of the caller's price group (null: not priced yet). */
export interface ListPricedItem {
  makeId: number;
  modelId: number;
  productId: number;
  priceCents: number | null;
}

export interface ShopPrice {
  /** What the caller pays per unit: the list price less the best discount in force. */
  priceCents: number | null;
  /** The price of the caller's price group before any discount (strike-through when it differs). */
  listPriceCents: number | null;
  /** The reduction per unit of the winning discount; 0 when none applies. */
  discountCents: number;
}

/**
 * The price a company's user sees for an item, by the same rule (bestDiscount) as its cart, so that
 * the shop and the cart cannot disagree. An unpriced item stays unpriced.
 */
export function shopPriceOf(
  rules: DiscountRule[],
  item: ListPricedItem,
  companyId: number,
  at = new Date(),
): ShopPrice {
  if (item.priceCents === null) return { priceCents: null, listPriceCents: null, discountCents: 0 };
  const { reductionCents, unitPriceCents } = bestDiscount(
    rules,
    { ...item, companyId, unitPriceCents: item.priceCents },
    at,
  );
  return { priceCents: unitPriceCents, listPriceCents: item.priceCents, discountCents: reductionCents };
}

/** A price group's price and cost of a SKU, with what its floor is made of. */
export interface FloorPrice {
  productId: number;
  skuCode: string;
  priceGroupId: number;
  priceGroupCode: string;
  priceCents: number;
  costCents: number;
  minMarginBasisPoints: number;
  mapCents: number | null;
}

export interface FloorBreach {
  productId: number;
  skuCode: string;
  priceGroupId: number;
  priceGroupCode: string;
  listPriceCents: number;
  /** The price with the discount. */
  unitPriceCents: number;
  floorCents: number;
}

/**
 * The prices a discount would take under their floor, by the quotes' rule (floorCents: cost plus
 * the price group's minimum margin, or the MAP when higher). Discounts never stack, so the
 * discount alone decides whether it goes under.
 */
export function floorBreachesOf(
  rule: Pick<DiscountRule, 'basisPoints' | 'amountCents'>,
  prices: readonly FloorPrice[],
): FloorBreach[] {
  return prices.flatMap((p) => {
    const floor = floorCents(p.costCents, p.minMarginBasisPoints, p.mapCents);
    const unit = p.priceCents - reductionOf(rule, p.priceCents);
    if (unit >= floor) return [];
    const { productId, skuCode, priceGroupId, priceGroupCode } = p;
    return [
      {
        productId,
        skuCode,
        priceGroupId,
        priceGroupCode,
        listPriceCents: p.priceCents,
        unitPriceCents: unit,
        floorCents: floor,
      },
    ];
  });
}

/** The reason shown for one breach, worded as the quotes' finalize names theirs. */
export const floorBreachText = (b: FloorBreach) =>
  `${b.skuCode} (${b.priceGroupCode}) ${formatCents(b.unitPriceCents)} < floor ${formatCents(b.floorCents)}`;
