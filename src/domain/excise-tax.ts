// The federal excise tax on tires, 26 U.S.C. §4071(a): 9.45 cents for each 10 pounds of maximum
// rated load capacity above 3,500 pounds, 4.725 cents for bias-ply and super-single tires. The
// manufacturer or importer owes it; a seller passes it on per tire, and it is never discounted.

/** Loads at or below this many pounds carry no tax. */
export const FET_THRESHOLD_LBS = 3500;
/**
 * The rate in thousandths of a cent per pound: 9.45 ¢ / 10 lb = 945 thousandths of a cent per
 * pound (the law's "pro rata for a part of 10 lb" makes it a rate per pound). The half rate
 * (472.5 thousandths) doubles the divisor instead, so that every step stays a whole number.
 */
const MILLICENTS_PER_LB = 945;
const FULL_RATE_DIVISOR = 1000;
const HALF_RATE_DIVISOR = 2000;

export interface ExciseTaxInput {
  /** The tire's maximum rated load in pounds (single mount: the higher rating); null when unknown. */
  loadCapacityLbs: number | null;
  /** Bias-ply or super-single: the half rate. */
  biasOrSuperSingle: boolean;
}

/**
 * The excise tax of one tire in cents, rounded half up to the cent, computed in integers:
 * LI 127 radial = 3,858 lb → (3,858 − 3,500) × 945 / 1,000 = 338.31 ¢ → 338 ¢. Zero at or below
 * 3,500 lb and when the load is unknown (no load index: nothing to tax on).
 */
export function exciseTaxUnitCents(t: ExciseTaxInput): number {
  const lbs = t.loadCapacityLbs;
  if (lbs === null || !Number.isFinite(lbs) || lbs <= FET_THRESHOLD_LBS) return 0;
  const excess = Math.floor(lbs) - FET_THRESHOLD_LBS;
  // cents = excess × rate / divisor; half up = floor((2 × excess × rate + divisor) / (2 × divisor))
  const divisor = t.biasOrSuperSingle ? HALF_RATE_DIVISOR : FULL_RATE_DIVISOR;
  return Math.floor((2 * excess * MILLICENTS_PER_LB + divisor) / (2 * divisor));
}
