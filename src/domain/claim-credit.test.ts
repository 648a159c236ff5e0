// A road-hazard credit gives back the covered share of the tire and the sales tax paid on that share,
// at the order's rate, never more than one unit's share of the line's tax; no excise tax, fee,
// shipping or services (the tire is not returned). See docs/aftersales.md, "Claims".
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { claimCreditLine, refundLine, type SoldLine } from './aftersales-money';
import { landedLine, ppmOf } from './landed-cost';
import { nothingRefunded, refundedPartsOf } from './refund-charges';

/** Four tires at 100.00 delivered to Austin (8.25 %, shipping taxed), with FET and a fee. */
const austin: SoldLine = {
  orderItemId: 1,
  quantity: 4,
  unitPriceCents: 10000,
  unitDiscountCents: 0,
  roadHazard: true,
  roadHazardUnitCents: 1500,
  fetUnitCents: 338,
  tireFeeUnitCents: 0,
  servicesUnitCents: 0,
  shippingCents: 2000,
  taxCents: ppmOf(40000 + 2000, 82500),
};

describe('a road-hazard credit', () => {
  it('gives back the covered amount and the tax on it at the order rate, half up: 75.00 at 8.25 % is 81.19', () => {
    const l = claimCreditLine(austin, nothingRefunded(), 7500, 82500);
    expect(l).toMatchObject({
      quantity: 0,
      coveredCents: 7500,
      taxCents: 619,
      fetCents: 0,
      tireFeeCents: 0,
      shippingCents: 0,
      servicesCents: 0,
      roadHazardCents: 0,
      totalCents: 8119,
    });
  });

  it('gives back no tax on an exempt order (rate 0)', () => {
    const l = claimCreditLine({ ...austin, taxCents: 0 }, nothingRefunded(), 7500, 0);
    expect(l).toMatchObject({ coveredCents: 7500, taxCents: 0, totalCents: 7500 });
  });

  it("never gives back more tax than one unit's share of the line's tax left", () => {
    // Three units taxed 2 cents in all at 10 %: the tax on one unit's 6 cents rounds up to 1 cent,
    // but one unit's share of the line's tax is floor(2 / 3) = 0.
    const tiny: SoldLine = { ...austin, quantity: 3, unitPriceCents: 6, taxCents: 2, shippingCents: 0 };
    expect(ppmOf(6, 100_000)).toBe(1);
    expect(claimCreditLine(tiny, nothingRefunded(), 6, 100_000)).toMatchObject({
      taxCents: 0,
      totalCents: 6,
    });
  });

  const line = fc
    .record({
      quantity: fc.integer({ min: 1, max: 6 }),
      unitPriceCents: fc.integer({ min: 0, max: 60_000 }),
      discountShare: fc.integer({ min: 0, max: 100 }),
      roadHazardUnitCents: fc.integer({ min: 0, max: 3_000 }),
      fetUnitCents: fc.integer({ min: 0, max: 2_000 }),
      tireFeeUnitCents: fc.integer({ min: 0, max: 500 }),
      servicesUnitCents: fc.integer({ min: 0, max: 5_000 }),
      shippingCents: fc.integer({ min: 0, max: 20_000 }),
      ratePpm: fc.integer({ min: 0, max: 200_000 }),
      shippingTaxable: fc.boolean(),
      fetTaxable: fc.boolean(),
    })
    .map((r) => {
      const unitDiscountCents = Math.floor((r.unitPriceCents * r.discountShare) / 100);
      const landed = landedLine(
        { ...r, unitDiscountCents, tireFeeTaxable: false },
        {
          ratePpm: r.ratePpm,
          shippingTaxable: r.shippingTaxable,
          fetTaxable: r.fetTaxable,
          labourTaxable: false,
          roadHazardTaxable: false,
        },
      );
      const sold: SoldLine = {
        ...r,
        orderItemId: 1,
        unitDiscountCents,
        roadHazard: true,
        taxCents: landed.taxCents,
      };
      return { sold, ratePpm: r.ratePpm };
    });

  it('never exceeds what the unit was charged, and a credit on every tire then a full return gives back the tax charged, no more', () => {
    fc.assert(
      fc.property(
        line,
        fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 6, maxLength: 6 }),
        (l, shares) => {
          const { sold, ratePpm } = l;
          const net = sold.unitPriceCents - sold.unitDiscountCents;
          const taken = [];
          for (let i = 0; i < sold.quantity; i++) {
            const covered = Math.floor((net * (shares[i] as number)) / 100);
            const c = claimCreditLine(
              sold,
              refundedPartsOf(taken).get(1) ?? nothingRefunded(),
              covered,
              ratePpm,
            );
            expect(c.coveredCents).toBe(covered);
            expect(c.taxCents).toBeLessThanOrEqual(ppmOf(covered, ratePpm));
            expect(c.taxCents).toBeLessThanOrEqual(Math.floor(sold.taxCents / sold.quantity));
            expect(c.totalCents).toBeLessThanOrEqual(net + Math.floor(sold.taxCents / sold.quantity));
            taken.push(c);
          }
          const credited = taken.reduce((s, c) => s + c.taxCents, 0);
          const back = refundLine(
            sold,
            sold.quantity,
            refundedPartsOf(taken).get(1) ?? nothingRefunded(),
            'defective',
          );
          expect(credited + back.taxCents).toBe(sold.taxCents);
        },
      ),
    );
  });
});
