// A state's fee per new tire (tax data, tax_tire_fees): a flat amount, or a share of the tire's
// price capped at that amount (Arizona's 2 % of the price, at most a set sum), for the tire kinds
// the state names. Pure arithmetic, so the cart, the order and the console agree.
import type { TireKind } from './tire-kind';

export interface TireFeeTerms {
  amountCents: number;
  /** Share of the unit price in parts per million; null for a flat fee. */
  percentPpm: number | null;
  kinds: readonly TireKind[];
}

/**
 * The fee for one tire of `kind` sold at `unitPriceCents` (after discount): 0 when the fee does
 * not cover the kind; a share is rounded half up to the cent, then capped at the amount.
 */
export function tireFeeUnitCents(fee: TireFeeTerms, kind: TireKind, unitPriceCents: number): number {
  if (!fee.kinds.includes(kind)) return 0;
  if (fee.percentPpm === null) return fee.amountCents;
  const share = Math.floor((Math.max(0, unitPriceCents) * fee.percentPpm + 500_000) / 1_000_000);
  return Math.min(fee.amountCents, share);
}
