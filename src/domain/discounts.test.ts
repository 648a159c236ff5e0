import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestDiscount, type DiscountRule, shopPriceOf } from './discounts';

const base: DiscountRule = {
  id: 1,
  startsAt: '2026-01-01T00:00:00Z',
  endsAt: null,
  makeId: null,
  modelId: null,
  productId: null,
  companyId: null,
  basisPoints: 0,
  amountCents: 0,
  active: true,
};
const line = { makeId: 7, modelId: 70, productId: 700, companyId: 5, unitPriceCents: 10_000 };
const at = new Date('2026-06-01T00:00:00Z');

describe('discount stacking', () => {
  it('takes the single largest reduction, never the sum', () => {
    const rules = [
      { ...base, id: 1, basisPoints: 1000 },
      { ...base, id: 2, amountCents: 1500, makeId: 7 },
      { ...base, id: 3, basisPoints: 500, companyId: 5 },
    ];
    expect(bestDiscount(rules, line, at)).toEqual({
      discountId: 2,
      reductionCents: 1500,
      unitPriceCents: 8500,
    });
  });

  it('ignores discounts of another target, out of date or inactive', () => {
    const rules = [
      { ...base, id: 1, basisPoints: 5000, makeId: 8 },
      { ...base, id: 2, basisPoints: 5000, endsAt: '2026-05-01T00:00:00Z' },
      { ...base, id: 3, basisPoints: 5000, startsAt: '2026-07-01T00:00:00Z' },
      { ...base, id: 4, basisPoints: 5000, active: false },
      { ...base, id: 5, basisPoints: 5000, companyId: 6 },
    ];
    expect(bestDiscount(rules, line, at).discountId).toBeNull();
  });

  it('never takes a price below zero and never raises it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 2_000_000 }),
        (price, bp, amount) => {
          const r = bestDiscount(
            [{ ...base, basisPoints: bp, amountCents: amount }],
            { ...line, unitPriceCents: price },
            at,
          );
          return r.unitPriceCents >= 0 && r.unitPriceCents <= price;
        },
      ),
    );
  });
});

describe('shop price', () => {
  it('keeps the list price beside the discounted one, and leaves an unpriced item unpriced', () => {
    const rules = [{ ...base, basisPoints: 1000, companyId: 5 }];
    const item = { makeId: 7, modelId: 70, productId: 700, priceCents: 10_000 };
    expect(shopPriceOf(rules, item, 5, at)).toEqual({
      priceCents: 9_000,
      listPriceCents: 10_000,
      discountCents: 1_000,
    });
    expect(shopPriceOf(rules, item, 6, at)).toEqual({
      priceCents: 10_000,
      listPriceCents: 10_000,
      discountCents: 0,
    });
    expect(shopPriceOf(rules, { ...item, priceCents: null }, 5, at)).toEqual({
      priceCents: null,
      listPriceCents: null,
      discountCents: 0,
    });
  });
});
