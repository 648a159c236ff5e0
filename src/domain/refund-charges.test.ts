import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cappedCentsOf, nothingRefunded, refundCharges, refundedPartsOf } from './refund-charges';

const line = {
  quantity: 3,
  fetUnitCents: 338,
  tireFeeUnitCents: 100,
  servicesUnitCents: 2500,
  shippingCents: 1000,
  taxCents: 1001,
};

describe('the charges a refund gives back', () => {
  it('gives each unit its floor of every charge and the last unit the remainder', () => {
    const first = refundCharges(line, nothingRefunded(), 1, true);
    expect(first).toEqual({
      fetCents: 338,
      tireFeeCents: 100,
      servicesCents: 2500,
      shippingCents: 333,
      shippingKeptCents: 0,
      taxCents: 333,
    });
    const before = refundedPartsOf([{ orderItemId: 9, quantity: 1, ...first }]).get(9)!;
    expect(refundCharges(line, before, 2, true)).toMatchObject({
      shippingCents: 667,
      taxCents: 668,
      fetCents: 676,
    });
  });

  it('keeps the shipping of a reason that keeps it, and counts it as taken', () => {
    const kept = refundCharges(line, nothingRefunded(), 1, false);
    expect(kept).toMatchObject({ shippingCents: 0, shippingKeptCents: 333, taxCents: 333 });
    const before = refundedPartsOf([{ orderItemId: 9, quantity: 1, ...kept }]).get(9)!;
    expect(before.shippingCents).toBe(333);
    expect(refundCharges(line, before, 2, true).shippingCents).toBe(667);
  });

  it('reads refund lines stored before the charges existed as having taken none of them', () => {
    expect(refundedPartsOf([{ orderItemId: 4, quantity: 2, shippingCents: 50 }]).get(4)).toEqual({
      ...nothingRefunded(),
      units: 2,
      shippingCents: 50,
    });
  });
});

describe('a capped refund', () => {
  it('leaves nothing out when the amount covers the lines', () => {
    expect(cappedCentsOf([100, 200], 300)).toEqual([0, 0]);
    expect(cappedCentsOf([100, 200], 500)).toEqual([0, 0]);
  });

  it('shares what it leaves out by the lines, the floors leaving their cents on the last lines', () => {
    expect(cappedCentsOf([100, 200], 150)).toEqual([50, 100]);
    expect(cappedCentsOf([1, 1, 1], 2)).toEqual([1, 0, 0]);
    expect(cappedCentsOf([5, 5, 0], 7)).toEqual([2, 1, 0]);
    expect(cappedCentsOf([100, 200], 0)).toEqual([100, 200]);
  });

  it('makes the lines add up to the amount, none below zero or above its total', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 10 }),
        fc.nat(),
        (totals, n) => {
          const sum = totals.reduce((s, t) => s + t, 0);
          const amount = sum === 0 ? 0 : n % (sum + 1);
          const capped = cappedCentsOf(totals, amount);
          const kept = totals.map((t, i) => t - capped[i]!);
          expect(kept.reduce((s, k) => s + k, 0)).toBe(amount);
          kept.forEach((k, i) => {
            expect(k).toBeGreaterThanOrEqual(0);
            expect(k).toBeLessThanOrEqual(totals[i]!);
          });
        },
      ),
    );
  });
});
