import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type LandedLineInput,
  landedLine,
  landedTotals,
  ppmOf,
  refundShareCents,
  type TaxRule,
} from './landed-cost';

const texas: TaxRule = {
  ratePpm: 82_500,
  shippingTaxable: true,
  labourTaxable: true,
  fetTaxable: true,
  roadHazardTaxable: false,
};
const line = (over: Partial<LandedLineInput> = {}): LandedLineInput => ({
  quantity: 4,
  unitPriceCents: 18_999,
  unitDiscountCents: 0,
  roadHazardUnitCents: 0,
  fetUnitCents: 0,
  tireFeeUnitCents: 0,
  tireFeeTaxable: false,
  shippingCents: 0,
  servicesUnitCents: 0,
  ...over,
});

describe('a landed line', () => {
  it('taxes the tires after discount at the rate, half up on parts per million', () => {
    const l = landedLine(line({ unitDiscountCents: 999 }), texas);
    expect(l.goodsCents).toBe(72_000);
    expect(l.taxCents).toBe(5940); // 72,000 × 8.25 %
    expect(l.totalCents).toBe(77_940);
    expect(landedLine(line({ quantity: 1, unitPriceCents: 1006 }), texas).taxCents).toBe(83); // 82.995
    expect(landedLine(line({ quantity: 1, unitPriceCents: 1000 }), texas).taxCents).toBe(83); // 82.5
  });

  it('adds the FET, the tire fee, road hazard, shipping and services, taxing each as the rule says', () => {
    const input = line({
      fetUnitCents: 338,
      tireFeeUnitCents: 175,
      roadHazardUnitCents: 2280,
      shippingCents: 2000,
      servicesUnitCents: 2500,
    });
    const l = landedLine(input, texas);
    expect(l).toMatchObject({
      fetCents: 1352,
      tireFeeCents: 700,
      roadHazardCents: 9120,
      servicesCents: 10_000,
    });
    expect(l.taxableCents).toBe(75_996 + 1352 + 2000 + 10_000); // no fee (not taxable), no road hazard
    const none = landedLine(input, {
      ...texas,
      shippingTaxable: false,
      labourTaxable: false,
      fetTaxable: false,
    });
    expect(none.taxableCents).toBe(75_996);
    expect(landedLine({ ...input, tireFeeTaxable: true }, texas).taxableCents).toBe(89_348 + 700);
    expect(landedLine(input, { ...texas, roadHazardTaxable: true }).taxableCents).toBe(89_348 + 9120);
    expect(l.totalCents).toBe(75_996 + 1352 + 700 + 9120 + 2000 + 10_000 + l.taxCents);
  });

  it('never discounts the FET: the discount comes off the tire price only', () => {
    const l = landedLine(line({ unitDiscountCents: 18_999, fetUnitCents: 338 }), texas);
    expect(l.goodsCents).toBe(0);
    expect(l.fetCents).toBe(1352);
  });

  it('rounds a negative amount half away from zero, symmetrically', () => {
    expect(ppmOf(-1000, 82_500)).toBe(-83);
    expect(ppmOf(1000, 82_500)).toBe(83);
    expect(ppmOf(Number.MAX_SAFE_INTEGER, 1_000_000)).toBe(Number.MAX_SAFE_INTEGER);
  });
});

const money = fc.integer({ min: 0, max: 200_000 });
const lineArb: fc.Arbitrary<LandedLineInput> = fc
  .record({
    quantity: fc.integer({ min: 1, max: 40 }),
    unitPriceCents: money,
    discountShare: fc.integer({ min: 0, max: 100 }),
    roadHazardUnitCents: fc.integer({ min: 0, max: 4500 }),
    fetUnitCents: fc.integer({ min: 0, max: 5000 }),
    tireFeeUnitCents: fc.integer({ min: 0, max: 500 }),
    tireFeeTaxable: fc.boolean(),
    shippingCents: fc.integer({ min: 0, max: 50_000 }),
    servicesUnitCents: fc.integer({ min: 0, max: 10_000 }),
  })
  .map(({ discountShare, ...l }) => ({
    ...l,
    unitDiscountCents: Math.floor((l.unitPriceCents * discountShare) / 100),
  }));
const ruleArb: fc.Arbitrary<TaxRule> = fc.record({
  ratePpm: fc.integer({ min: 0, max: 200_000 }),
  shippingTaxable: fc.boolean(),
  labourTaxable: fc.boolean(),
  fetTaxable: fc.boolean(),
  roadHazardTaxable: fc.boolean(),
});
const sum = (ns: number[]) => ns.reduce((s, n) => s + n, 0);

describe('landed totals', () => {
  it('are the sums of their lines, and the line taxes sum to the total tax', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 8 }), ruleArb, (inputs, rule) => {
        const { lines, totals } = landedTotals(inputs, rule);
        expect(totals.taxCents).toBe(sum(lines.map((l) => l.taxCents)));
        expect(totals.totalCents).toBe(sum(lines.map((l) => l.totalCents)));
        expect(totals.fetCents).toBe(sum(lines.map((l) => l.fetCents)));
        expect(totals.tireFeeCents).toBe(sum(lines.map((l) => l.tireFeeCents)));
        expect(totals.servicesCents).toBe(sum(lines.map((l) => l.servicesCents)));
        expect(totals.shippingCents).toBe(sum(lines.map((l) => l.shippingCents)));
        expect(totals.roadHazardCents).toBe(sum(lines.map((l) => l.roadHazardCents)));
        expect(totals.subtotalCents - totals.discountCents).toBe(sum(lines.map((l) => l.goodsCents)));
        const parts = [totals.roadHazardCents, totals.shippingCents, totals.fetCents, totals.tireFeeCents];
        const rest = totals.servicesCents + totals.taxCents;
        expect(totals.totalCents).toBe(totals.subtotalCents - totals.discountCents + sum(parts) + rest);
      }),
    );
  });

  it('carry no tax when the rate is 0 (exempt), whatever is taxable', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 8 }), ruleArb, (inputs, rule) => {
        const { lines, totals } = landedTotals(inputs, { ...rule, ratePpm: 0 });
        expect(totals.taxCents).toBe(0);
        for (const l of lines) expect(l.taxCents).toBe(0);
      }),
    );
  });

  it('tax each line within half a cent of its exact tax', () => {
    fc.assert(
      fc.property(lineArb, ruleArb, (input, rule) => {
        const l = landedLine(input, rule);
        expect(Math.abs(l.taxCents * 1_000_000 - l.taxableCents * rule.ratePpm)).toBeLessThanOrEqual(500_000);
      }),
    );
  });
});

describe('the refund share of a line', () => {
  it('gives back the floor per unit, and the remainder with the last unit', () => {
    const base = { chargedCents: 1001, quantity: 4, refundedUnitsBefore: 0, refundedCentsBefore: 0 };
    expect(refundShareCents({ ...base, units: 1 })).toBe(250);
    expect(refundShareCents({ ...base, units: 3 })).toBe(750);
    expect(refundShareCents({ ...base, units: 4 })).toBe(1001);
    expect(refundShareCents({ ...base, refundedUnitsBefore: 3, refundedCentsBefore: 750, units: 1 })).toBe(
      251,
    );
    expect(refundShareCents({ ...base, refundedUnitsBefore: 4, refundedCentsBefore: 1001, units: 1 })).toBe(
      0,
    );
    expect(refundShareCents({ ...base, units: 0 })).toBe(0);
    expect(refundShareCents({ ...base, quantity: 0, units: 1 })).toBe(0);
  });

  const steps = fc
    .record({
      quantity: fc.integer({ min: 1, max: 30 }),
      chargedCents: fc.integer({ min: 0, max: 1_000_000 }),
    })
    .chain(({ quantity, chargedCents }) =>
      fc
        .array(fc.integer({ min: 1, max: quantity }), { minLength: 1, maxLength: quantity })
        .map((cuts) => ({ quantity, chargedCents, cuts })),
    );

  it('gives back exactly the charged amount over any sequence of partial refunds, never more at a step', () => {
    fc.assert(
      fc.property(steps, ({ quantity, chargedCents, cuts }) => {
        let units = 0;
        let cents = 0;
        // the sequence: each cut refunds that many units, then whatever is left goes in a last refund
        for (const cut of [...cuts, quantity]) {
          const n = Math.min(cut, quantity - units);
          if (n <= 0) continue;
          const share = refundShareCents({
            chargedCents,
            quantity,
            refundedUnitsBefore: units,
            refundedCentsBefore: cents,
            units: n,
          });
          expect(share).toBeGreaterThanOrEqual(0);
          units += n;
          cents += share;
          expect(cents).toBeLessThanOrEqual(chargedCents);
          if (units < quantity)
            expect(cents).toBeLessThanOrEqual(Math.floor((chargedCents * units) / quantity));
        }
        expect(units).toBe(quantity);
        expect(cents).toBe(chargedCents);
      }),
    );
  });

  it('gives a single unit a share that is never negative', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 1_000_000 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: -1000, max: 1_000_000 }),
        (chargedCents, quantity, refundedUnitsBefore, refundedCentsBefore) => {
          const share = refundShareCents({
            chargedCents,
            quantity,
            refundedUnitsBefore,
            refundedCentsBefore,
            units: 1,
          });
          expect(share).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
