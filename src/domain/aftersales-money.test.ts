import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  monthsBetween,
  prorate,
  ROAD_HAZARD_PLAN,
  capRefundLines,
  refundLine,
  type SoldLine,
  sumRefundLines,
  withinReturnWindow,
} from './aftersales-money';
import { returnReasons } from './aftersales-status';
import { lineTotalCents } from './money';
import { nothingRefunded, refundedPartsOf } from './refund-charges';

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
  const line = fc
    .record({
      orderItemId: fc.constant(1),
      quantity: fc.integer({ min: 1, max: 20 }),
      unitPriceCents: fc.integer({ min: 0, max: 100_000 }),
      unitDiscountCents: fc.integer({ min: 0, max: 100_000 }),
      roadHazard: fc.boolean(),
      roadHazardUnitCents: fc.integer({ min: 0, max: 4500 }),
      fetUnitCents: fc.integer({ min: 0, max: 5000 }),
      tireFeeUnitCents: fc.integer({ min: 0, max: 500 }),
      servicesUnitCents: fc.integer({ min: 0, max: 6000 }),
      shippingCents: fc.integer({ min: 0, max: 50_000 }),
      taxCents: fc.integer({ min: 0, max: 200_000 }),
    })
    .map((l) => ({
      ...l,
      unitDiscountCents: Math.min(l.unitDiscountCents, l.unitPriceCents),
    })) as fc.Arbitrary<SoldLine>;
  /** What the buyer paid for a whole line: tires, cover, charges, shipping and tax. */
  const paid = (l: SoldLine) =>
    lineTotalCents(l) +
    l.quantity * (l.fetUnitCents + l.tireFeeUnitCents + l.servicesUnitCents) +
    l.shippingCents +
    l.taxCents;

  it('never gives back more than was paid for the units, charges and tax included', () => {
    fc.assert(
      fc.property(line, fc.constantFrom(...returnReasons), (l, reason) => {
        const r = refundLine(l, l.quantity, nothingRefunded(), reason);
        expect(r.totalCents).toBeGreaterThanOrEqual(0);
        expect(r.totalCents).toBeLessThanOrEqual(paid(l));
      }),
    );
  });

  it('gives back every cent of a line returned whole, in one refund or unit by unit, for a reason that is ours', () => {
    fc.assert(
      fc.property(
        line,
        fc.constantFrom('defective', 'wrong_size', 'damaged_in_transit' as const),
        (l, reason) => {
          expect(refundLine(l, l.quantity, nothingRefunded(), reason).totalCents).toBe(paid(l));
          const parts: ReturnType<typeof refundLine>[] = [];
          for (let i = 0; i < l.quantity; i++)
            parts.push(refundLine(l, 1, refundedPartsOf(parts).get(1) ?? nothingRefunded(), reason));
          expect(sumRefundLines(parts)).toBe(paid(l));
        },
      ),
    );
  });

  it('keeps the shipping of units not needed, also when the last unit comes back later for a defect', () => {
    fc.assert(
      fc.property(
        line.filter((l) => l.quantity > 1),
        (l) => {
          const first = refundLine(l, 1, nothingRefunded(), 'not_needed');
          expect(first.shippingCents).toBe(0);
          const rest = refundLine(l, l.quantity - 1, refundedPartsOf([first]).get(1)!, 'defective');
          expect(first.shippingKeptCents + rest.shippingCents).toBe(l.shippingCents);
          expect(first.taxCents + rest.taxCents).toBe(l.taxCents);
          expect(first.fetCents + rest.fetCents).toBe(l.quantity * l.fetUnitCents);
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
      fetUnitCents: 338,
      tireFeeUnitCents: 175,
      servicesUnitCents: 0,
      shippingCents: 4000,
      taxCents: 3001,
    };
    expect(refundLine(l, 2, nothingRefunded(), 'not_needed')).toEqual({
      orderItemId: 7,
      quantity: 2,
      priceCents: 20000,
      discountCents: 2000,
      roadHazardCents: 2400,
      shippingCents: 0,
      shippingKeptCents: 2000,
      fetCents: 676,
      tireFeeCents: 350,
      servicesCents: 0,
      taxCents: 1500,
      restockingFeeCents: 2700,
      cappedCents: 0,
      totalCents: 17700 + 676 + 350 + 1500,
    });
    expect(refundLine(l, 2, nothingRefunded(), 'defective').totalCents).toBe(22400 + 676 + 350 + 1500);
  });

  it('makes the lines of a capped refund add up to its amount, each within its own total', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 100 }),
        (ls, pct) => {
          const lines = ls.map((l, i) =>
            refundLine({ ...l, orderItemId: i + 1 }, l.quantity, nothingRefunded(), 'defective'),
          );
          const amount = Math.floor((sumRefundLines(lines) * pct) / 100);
          const capped = capRefundLines(lines, amount);
          expect(sumRefundLines(capped)).toBe(amount);
          capped.forEach((c, i) => {
            expect(c.totalCents).toBeGreaterThanOrEqual(0);
            expect(c.totalCents).toBeLessThanOrEqual(lines[i]!.totalCents);
            expect(c.totalCents + c.cappedCents).toBe(lines[i]!.totalCents);
          });
          expect(capRefundLines(lines, sumRefundLines(lines))).toEqual(lines);
        },
      ),
    );
  });

  it('lets a defect be returned at any time, other reasons within 30 days of delivery', () => {
    const delivered = new Date('2026-03-01T00:00:00Z');
    expect(withinReturnWindow('not_needed', delivered, new Date('2026-03-31T00:00:00Z'))).toBe(true);
    expect(withinReturnWindow('not_needed', delivered, new Date('2026-04-01T00:00:00Z'))).toBe(false);
    expect(withinReturnWindow('defective', delivered, new Date('2027-04-01T00:00:00Z'))).toBe(true);
  });
});
