import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reasonsForApproval, type SpendingRules } from './approval-status';

const none: SpendingRules = {
  perOrderCents: null,
  perMonthCents: null,
  buyerMonthCents: 0,
  budgetCents: null,
  locationMonthCents: 0,
};

describe('when an order needs approval', () => {
  it('never needs it without a limit or a budget', () => {
    fc.assert(fc.property(fc.nat(), (total) => reasonsForApproval(total, none).length === 0));
  });

  it('needs it over the limit per order, not at it', () => {
    expect(reasonsForApproval(50_000, { ...none, perOrderCents: 50_000 })).toEqual([]);
    expect(reasonsForApproval(50_001, { ...none, perOrderCents: 50_000 })).toEqual(['order_limit']);
  });

  it('counts what the buyer placed this month against the monthly limit', () => {
    const rules = { ...none, perMonthCents: 100_000, buyerMonthCents: 90_000 };
    expect(reasonsForApproval(10_000, rules)).toEqual([]);
    expect(reasonsForApproval(10_001, rules)).toEqual(['monthly_limit']);
  });

  it("needs it over the location's budget whatever the buyer's own limits allow", () => {
    const rules = { ...none, perOrderCents: 1_000_000, budgetCents: 200_000, locationMonthCents: 150_000 };
    expect(reasonsForApproval(60_000, rules)).toEqual(['budget']);
  });

  it('names every rule an order passes, and only those', () => {
    fc.assert(
      fc.property(fc.nat(1e7), fc.nat(1e7), fc.nat(1e7), fc.nat(1e7), (total, limit, spent, budget) => {
        const reasons = reasonsForApproval(total, {
          perOrderCents: limit,
          perMonthCents: limit,
          buyerMonthCents: spent,
          budgetCents: budget,
          locationMonthCents: spent,
        });
        expect(reasons.includes('order_limit')).toBe(total > limit);
        expect(reasons.includes('monthly_limit')).toBe(spent + total > limit);
        expect(reasons.includes('budget')).toBe(spent + total > budget);
      }),
    );
  });
});
