import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  monthsBetween,
  prorate,
  ROAD_HAZARD_PLAN,
  refundLine,
  type SoldLine,
  sumRefundLines,
  withinReturnWindow,
} from './aftersales-money';
import { returnReasons } from './aftersales-status';
import { lineTotalCents } from './money';

const purchasedAt = new Date('2026-01-15T12:00:00Z');
const months = (n: number) => new Date(Date.UTC(2026, 0 + n, 15, 13));

describe('road hazard proration', () => {
  const tire = fc.record({
    priceCents: fc.integer({ min: 0, max: 200_000 }),
    newTread32: fc.integer({ min: 3, max: 32 }),
    remainingTread32: fc.integer({ min: 0, max: 32 }),
    month: fc.integer({ min: 0, max: 35 }),
  });

  it('never pays a negative amount nor more than the price or the cap', () => {
    fc.assert(
      fc.property(tire, (t) => {
        const p = prorate({ ...t, purchasedAt, damagedAt: months(t.month) });
        if (p.covered) {
          expect(p.coveredCents).toBeGreaterThanOrEqual(0);
          expect(p.coveredCents).toBeLessThanOrEqual(t.priceCents);
          expect(p.coveredCents).toBeLessThanOrEqual(ROAD_HAZARD_PLAN.capCentsPerTire);
        }
      }),
    );
  });

  it('pays more (or the same) for a tire with more tread left', () => {
    fc.assert(
      fc.property(tire, fc.integer({ min: 0, max: 10 }), (t, more) => {
        const damagedAt = months(t.month);
        const less = prorate({ ...t, purchasedAt, damagedAt });
        const deeper = prorate({ ...t, remainingTread32: t.remainingTread32 + more, purchasedAt, damagedAt });
        const cents = (p: typeof less) => (p.covered ? p.coveredCents : 0);
        expect(cents(deeper)).toBeGreaterThanOrEqual(cents(less));
      }),
    );
  });

  it('prorates a $200 tire with 6/32 of 10/32 left to half its price', () => {
    expect(
      prorate({ priceCents: 20000, remainingTread32: 6, newTread32: 10, purchasedAt, damagedAt: months(8) }),
    ).toEqual({ covered: true, coveredCents: 10000, usableShareBasisPoints: 5000 });
  });

  it('refuses worn-out tires and damage after the plan, saying why', () => {
    const worn = prorate({
      priceCents: 20000,
      remainingTread32: 2,
      newTread32: 10,
      purchasedAt,
      damagedAt: months(3),
    });
    expect(worn).toMatchObject({ covered: false, reason: 'worn_out' });
    const late = prorate({
      priceCents: 20000,
      remainingTread32: 8,
      newTread32: 10,
      purchasedAt,
      damagedAt: months(36),
    });
    expect(late).toMatchObject({ covered: false, reason: 'outside_window' });
    expect(monthsBetween(purchasedAt, months(36))).toBe(36);
  });
});

describe('refund lines', () => {
  const line = fc.record({
    orderItemId: fc.constant(1),
    quantity: fc.integer({ min: 1, max: 20 }),
    unitPriceCents: fc.integer({ min: 0, max: 100_000 }),
    unitDiscountCents: fc.integer({ min: 0, max: 100_000 }),
    roadHazard: fc.boolean(),
    roadHazardUnitCents: fc.integer({ min: 0, max: 4500 }),
  }) as fc.Arbitrary<SoldLine>;

  it('never gives back more than was paid for the units, shipping share included', () => {
    fc.assert(
      fc.property(
        line,
        fc.integer({ min: 0, max: 50_000 }),
        fc.constantFrom(...returnReasons),
        (raw, shippingCents, reason) => {
          const l = { ...raw, unitDiscountCents: Math.min(raw.unitDiscountCents, raw.unitPriceCents) };
          const r = refundLine(l, l.quantity, { shippingCents, units: l.quantity }, reason);
          expect(r.totalCents).toBeGreaterThanOrEqual(0);
          expect(r.totalCents).toBeLessThanOrEqual(lineTotalCents(l) + shippingCents);
        },
      ),
    );
  });

  it('returning the units in parts never gives back more than returning them at once', () => {
    fc.assert(
      fc.property(
        line,
        fc.integer({ min: 0, max: 50_000 }),
        fc.constantFrom(...returnReasons),
        (raw, ship, reason) => {
          const l = { ...raw, unitDiscountCents: Math.min(raw.unitDiscountCents, raw.unitPriceCents) };
          const order = { shippingCents: ship, units: l.quantity };
          const whole = refundLine(l, l.quantity, order, reason);
          const parts = Array.from({ length: l.quantity }, () => refundLine(l, 1, order, reason));
          expect(sumRefundLines(parts)).toBeLessThanOrEqual(whole.totalCents + l.quantity);
          expect(parts.reduce((s, p) => s + p.shippingCents, 0)).toBeLessThanOrEqual(ship);
        },
      ),
    );
  });

  it('charges 15 % restocking for units not needed, and keeps their shipping', () => {
    const l: SoldLine = {
      orderItemId: 7,
      quantity: 4,
      unitPriceCents: 10000,
      unitDiscountCents: 1000,
      roadHazard: true,
      roadHazardUnitCents: 1200,
    };
    expect(refundLine(l, 2, { shippingCents: 4000, units: 4 }, 'not_needed')).toEqual({
      orderItemId: 7,
      quantity: 2,
      priceCents: 20000,
      discountCents: 2000,
      roadHazardCents: 2400,
      shippingCents: 0,
      restockingFeeCents: 2700,
      totalCents: 17700,
    });
    expect(refundLine(l, 2, { shippingCents: 4000, units: 4 }, 'defective').totalCents).toBe(22400);
  });

  it('lets a defect be returned at any time, other reasons within 30 days of delivery', () => {
    const delivered = new Date('2026-03-01T00:00:00Z');
    expect(withinReturnWindow('not_needed', delivered, new Date('2026-03-31T00:00:00Z'))).toBe(true);
    expect(withinReturnWindow('not_needed', delivered, new Date('2026-04-01T00:00:00Z'))).toBe(false);
    expect(withinReturnWindow('defective', delivered, new Date('2027-04-01T00:00:00Z'))).toBe(true);
  });
});
