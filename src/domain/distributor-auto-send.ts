// The company's automatic distributor rule (docs/logistics.md, "Distributors"): which distributors
// get units that no warehouse of ours can fill, without staff choosing.

/** off: staff choose; cheapest: lowest cost per unit first; fastest: fewest lead days first. */
export const distributorAutoSendModes = ['off', 'cheapest', 'fastest'] as const;
export type DistributorAutoSend = (typeof distributorAutoSendModes)[number];

export const distributorAutoSendLabels: Record<DistributorAutoSend, string> = {
  off: 'Off: staff choose a distributor',
  cheapest: 'Cheapest distributor',
  fastest: 'Fastest distributor',
};

export interface AutoSendOffer<D extends string = string> {
  distributor: D;
  available: number;
  unitCostCents: number;
  leadDays: number;
}

/** The offers in the rule's order: its own key first, then the other, then the name (stable). */
export function rankOffers<D extends string, O extends AutoSendOffer<D>>(
  mode: Exclude<DistributorAutoSend, 'off'>,
  offers: O[],
): O[] {
  const cost = (a: O, b: O) => a.unitCostCents - b.unitCostCents;
  const lead = (a: O, b: O) => a.leadDays - b.leadDays;
  const [first, second] = mode === 'cheapest' ? [cost, lead] : [lead, cost];
  return [...offers].sort(
    (a, b) => first(a, b) || second(a, b) || a.distributor.localeCompare(b.distributor),
  );
}

/**
 * Who gets `quantity` units, as checkout routes to warehouses: the first distributor in the rule's
 * order that has them all; else each in that order takes what it has free (a split, several
 * parcels). `left` is what none could take: those units stay unrouted for staff.
 */
export function pickDistributors<D extends string, O extends AutoSendOffer<D>>(
  mode: Exclude<DistributorAutoSend, 'off'>,
  offers: O[],
  quantity: number,
): { picks: { offer: O; quantity: number }[]; left: number } {
  const ranked = rankOffers(mode, offers).filter((o) => o.available > 0);
  const whole = ranked.find((o) => o.available >= quantity);
  if (whole) return { picks: [{ offer: whole, quantity }], left: 0 };
  const picks: { offer: O; quantity: number }[] = [];
  let left = quantity;
  for (const offer of ranked) {
    if (left <= 0) break;
    const take = Math.min(left, offer.available);
    picks.push({ offer, quantity: take });
    left -= take;
  }
  return { picks, left };
}
