// Road hazard warranty provider, sandbox "roadguard" (no network): a per-tire offer priced
// from the tire's sell price, deterministic so that carts and tests agree.
import { basisPointsOf } from '../../../domain/money';

export const WARRANTY_PROVIDER = 'roadguard';

export interface RoadHazardOffer {
  provider: string;
  termMonths: number;
  /** Price of the cover for one tire. */
  unitCents: number;
  description: string;
}

const RATE_BPS = 1200;
const MIN_CENTS = 1200;
const MAX_CENTS = 4500;

/** 12% of the tire's price, at least $12 and at most $45 a tire, 36 months of cover. */
export function roadHazardOffer(unitPriceCents: number): RoadHazardOffer {
  const unitCents = Math.min(MAX_CENTS, Math.max(MIN_CENTS, basisPointsOf(unitPriceCents, RATE_BPS)));
  return {
    provider: WARRANTY_PROVIDER,
    termMonths: 36,
    unitCents,
    description:
      'Road hazard protection: repair or replacement after punctures and road damage for 36 months',
  };
}
