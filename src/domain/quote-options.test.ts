import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Candidate,
  fits,
  floorBreaches,
  floorCents,
  type LineNeed,
  selectTiers,
  speedRank,
} from './quote-options';
import { assertQuoteTransition } from './quote-status';
import { overallDiameter, parseTireSize, speedIndexes } from './tire-size';

const oe = parseTireSize('225/45R17')!;
const need: LineNeed = {
  quantity: 16,
  size: '225/45R17',
  diameter: overallDiameter(oe),
  loadIndex: 94,
  speedIndex: 'W',
};

let nextId = 1;
function tire(values: Partial<Candidate> = {}): Candidate {
  const size = parseTireSize(values.size ?? '225/45R17')!;
  return {
    productId: nextId++,
    makeName: 'Roadway',
    brandTier: 2,
    categoryName: 'Touring',
    size: values.size ?? '225/45R17',
    overallDiameter: overallDiameter(size),
    loadIndex: 94,
    speedIndex: 'W',
    treadWarrantyMiles: 50_000,
    utqg: '500 A A',
    unitPriceCents: 10_000,
    available: 40,
    ...values,
  };
}

describe('good, better, best', () => {
  it('takes SKUs of any of the sizes a line may take, each checked against its own load and speed', () => {
    const other: LineNeed = {
      ...need,
      size: '235/40R18',
      diameter: overallDiameter(parseTireSize('235/40R18')!),
      loadIndex: 97,
    };
    const weak = tire({ size: '235/40R18', loadIndex: 94, unitPriceCents: 5_000 });
    const strong = tire({ size: '235/40R18', loadIndex: 97, unitPriceCents: 6_000 });
    const first = tire({ unitPriceCents: 9_000 });
    const picks = selectTiers([weak, strong, first], [need, other]);
    expect(picks.map((p) => p.candidate.productId).sort()).toEqual(
      [strong.productId, first.productId].sort(),
    );
    expect(picks.every((p) => !p.plusSize)).toBe(true);
  });

  it('picks the cheapest, the best warranty miles per dollar and the top brand tier', () => {
    const cheap = tire({ unitPriceCents: 8_000, treadWarrantyMiles: 30_000, brandTier: 3 });
    const value = tire({ unitPriceCents: 9_000, treadWarrantyMiles: 80_000, brandTier: 2 });
    const premium = tire({
      unitPriceCents: 20_000,
      treadWarrantyMiles: 60_000,
      brandTier: 1,
      makeName: 'Apex',
    });
    const picks = selectTiers([premium, value, cheap], need);
    expect(picks.map((p) => [p.tier, p.candidate.productId])).toEqual([
      ['good', cheap.productId],
      ['better', value.productId],
      ['best', premium.productId],
    ]);
    expect(picks[2].reason).toContain('Top brand tier (Apex');
    expect(picks.every((p) => !p.plusSize)).toBe(true);
  });

  it('leaves out tires without stock for the whole quantity, too slow, too weak or over budget', () => {
    const ok = tire();
    const picks = selectTiers(
      [
        tire({ available: 15, unitPriceCents: 1 }),
        tire({ speedIndex: 'H', unitPriceCents: 2 }),
        tire({ loadIndex: 91, unitPriceCents: 3 }),
        tire({ unitPriceCents: 50_000 }),
        ok,
      ],
      { ...need, budgetCents: 20_000 },
    );
    expect(picks.map((p) => p.candidate.productId)).toEqual([ok.productId]);
  });

  it('offers plus sizes within 3 % of the diameter only when the exact size lacks stock', () => {
    const plus = tire({ size: '235/40R18', unitPriceCents: 7_000 });
    const far = tire({ size: '275/40R20', unitPriceCents: 6_000 });
    const exactShort = tire({ available: 4 });
    const picks = selectTiers([plus, far, exactShort], need);
    expect(picks.map((p) => p.candidate.productId)).toEqual([plus.productId]);
    expect(picks[0]).toMatchObject({ plusSize: true });
    expect(picks[0].reason).toContain('Plus size 235/40R18');
    expect(selectTiers([plus, tire()], need).every((p) => p.candidate.size === '225/45R17')).toBe(true);
  });

  it('keeps to the brands and categories the buyer named', () => {
    const named = tire({ makeName: 'Apex' });
    const picks = selectTiers([tire({ unitPriceCents: 1 }), named], { ...need, brands: ['apex'] });
    expect(picks.map((p) => p.candidate.productId)).toEqual([named.productId]);
    expect(selectTiers([tire()], { ...need, categories: ['Winter'] })).toEqual([]);
  });

  it('never offers an option that breaks fitment, load, speed or stock (property)', () => {
    const sizes = ['225/45R17', '245/40R18', '215/50R17', '235/45R17', '205/55R16', '275/40R20'];
    const candidate = fc.record({
      size: fc.constantFrom(...sizes),
      loadIndex: fc.option(fc.integer({ min: 80, max: 110 }), { nil: null }),
      speedIndex: fc.option(fc.constantFrom(...speedIndexes), { nil: null }),
      unitPriceCents: fc.integer({ min: 1, max: 100_000 }),
      available: fc.integer({ min: 0, max: 60 }),
      brandTier: fc.integer({ min: 1, max: 3 }),
      treadWarrantyMiles: fc.option(fc.integer({ min: 0, max: 90_000 }), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(candidate, { maxLength: 25 }), fc.integer({ min: 1, max: 48 }), (cs, quantity) => {
        const line = { ...need, quantity };
        const picks = selectTiers(
          cs.map((c) => tire(c)),
          line,
        );
        for (const p of picks) {
          expect(fits(p.candidate, line)).toBe(true);
          expect(p.candidate.available).toBeGreaterThanOrEqual(quantity);
          expect(p.candidate.loadIndex).toBeGreaterThanOrEqual(94);
          expect(speedRank(p.candidate.speedIndex)).toBeGreaterThanOrEqual(speedRank('W'));
          expect(Math.abs(p.candidate.overallDiameter - line.diameter)).toBeLessThanOrEqual(
            line.diameter * 0.03,
          );
        }
        expect(new Set(picks.map((p) => p.candidate.productId)).size).toBe(picks.length);
        expect(new Set(picks.map((p) => p.plusSize)).size).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('the price floor', () => {
  it('is cost plus the group minimum margin, raised to the advertised minimum', () => {
    expect(floorCents(10_000, 1_500, null)).toBe(11_500);
    expect(floorCents(10_000, 1_500, 12_999)).toBe(12_999);
    expect(floorCents(10_000, 0, 5_000)).toBe(10_000);
  });

  it('names every option priced under its floor, and only those (property)', () => {
    const option = fc.record({
      optionId: fc.integer({ min: 1 }),
      itemId: fc.integer({ min: 1 }),
      tier: fc.constantFrom('good' as const, 'better' as const, 'best' as const),
      skuCode: fc.string(),
      cost: fc.integer({ min: 0, max: 100_000 }),
      margin: fc.integer({ min: 0, max: 5_000 }),
      map: fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: null }),
      unitPriceCents: fc.integer({ min: 0, max: 200_000 }),
    });
    fc.assert(
      fc.property(fc.array(option, { maxLength: 30 }), (raw) => {
        const options = raw.map((o) => ({ ...o, floorCents: floorCents(o.cost, o.margin, o.map) }));
        const breaches = floorBreaches(options);
        for (const o of options) {
          expect(o.floorCents).toBeGreaterThanOrEqual(o.cost);
          if (o.map !== null) expect(o.floorCents).toBeGreaterThanOrEqual(o.map);
          expect(breaches.includes(o)).toBe(o.unitPriceCents < o.floorCents);
        }
      }),
    );
  });
});

describe('quote statuses', () => {
  it('moves draft → options_ready → finalized → sent → accepted and refuses skipping ahead', () => {
    expect(() => assertQuoteTransition('draft', 'options_ready')).not.toThrow();
    expect(() => assertQuoteTransition('options_ready', 'finalized')).not.toThrow();
    expect(() => assertQuoteTransition('finalized', 'sent')).not.toThrow();
    expect(() => assertQuoteTransition('sent', 'accepted')).not.toThrow();
    expect(() => assertQuoteTransition('draft', 'finalized')).toThrow(/cannot become finalized/);
    expect(() => assertQuoteTransition('accepted', 'expired')).toThrow();
  });
});
