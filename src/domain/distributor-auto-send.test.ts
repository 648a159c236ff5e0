import { describe, expect, it } from 'vitest';
import { pickDistributors, rankOffers } from './distributor-auto-send';

const offers = [
  { distributor: 'wheelway', available: 10, unitCostCents: 9_000, leadDays: 3 },
  { distributor: 'tirewire', available: 3, unitCostCents: 12_000, leadDays: 1 },
  { distributor: 'rubberline', available: 2, unitCostCents: 9_000, leadDays: 2 },
];

describe('the automatic distributor rule', () => {
  it('ranks by cost or by lead days, the other key and the name breaking ties', () => {
    expect(rankOffers('cheapest', offers).map((o) => o.distributor)).toEqual([
      'rubberline',
      'wheelway',
      'tirewire',
    ]);
    expect(rankOffers('fastest', offers).map((o) => o.distributor)).toEqual([
      'tirewire',
      'rubberline',
      'wheelway',
    ]);
  });

  it('sends every unit to the first distributor in its order that has them all', () => {
    const cheapest = pickDistributors('cheapest', offers, 4);
    expect(cheapest.picks.map((p) => [p.offer.distributor, p.quantity])).toEqual([['wheelway', 4]]);
    expect(cheapest.left).toBe(0);
    const fastest = pickDistributors('fastest', offers, 3);
    expect(fastest.picks.map((p) => [p.offer.distributor, p.quantity])).toEqual([['tirewire', 3]]);
  });

  it('splits in its order when none has them all, and says what is left', () => {
    const split = pickDistributors('fastest', offers, 14);
    expect(split.picks.map((p) => [p.offer.distributor, p.quantity])).toEqual([
      ['tirewire', 3],
      ['rubberline', 2],
      ['wheelway', 9],
    ]);
    expect(split.left).toBe(0);
    const short = pickDistributors('cheapest', offers, 20);
    expect(short.picks.reduce((s, p) => s + p.quantity, 0)).toBe(15);
    expect(short.left).toBe(5);
  });

  it('picks nobody when no distributor has a unit free', () => {
    expect(pickDistributors('cheapest', [], 4)).toEqual({ picks: [], left: 4 });
    expect(pickDistributors('fastest', [{ ...offers[0], available: 0 }], 4)).toEqual({ picks: [], left: 4 });
  });
});
