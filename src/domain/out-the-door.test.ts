import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { landedLine, type TaxRule } from './landed-cost';
import {
  type CardTire,
  type DeliveryTerms,
  landedInputOf,
  outTheDoorOf,
  servicesPerTire,
  tireFeeOf,
} from './out-the-door';

const arizona: TaxRule = {
  ratePpm: 91_000,
  shippingTaxable: false,
  labourTaxable: false,
  fetTaxable: true,
  roadHazardTaxable: false,
};
const wasteTireFee = {
  id: 7,
  amountCents: 466,
  percentPpm: 20_000,
  kinds: ['passenger', 'light_truck', 'truck', 'trailer'] as const,
  taxable: false,
};
const bay = {
  mountBalance: [
    { fromInches: null, toInches: 17, mountBalanceCents: 2500 },
    { fromInches: 18, toInches: 20, mountBalanceCents: 3000 },
    { fromInches: 21, toInches: null, mountBalanceCents: 4000 },
  ],
  valveKitCents: 500,
  disposalCents: 300,
};
const phoenixBay: DeliveryTerms = { rule: arizona, tireFees: [wasteTireFee], services: bay };

/** The demo heavy LT tire: LT325/65R18, LI 127 (3,858 lb), $3.38 of excise tax. */
const heavy: CardTire = {
  size: 'LT325/65R18',
  construction: 'R',
  loadIndex: 127,
  rim: 18,
  fetUnitCents: 338,
  listPriceCents: 21_999,
  discountCents: 1000,
};

describe("the result card's out-the-door figure", () => {
  it('adds the excise tax, the tire fee, the installer services for the rim and the tax on the taxable part', () => {
    const l = outTheDoorOf(heavy, 1, phoenixBay);
    expect(l.goodsCents).toBe(20_999);
    expect(l.fetCents).toBe(338);
    expect(l.tireFeeCents).toBe(420); // 2 % of $209.99, under the $4.66 cap
    expect(l.servicesCents).toBe(3800); // 18" mount and balance, valve kit, disposal
    expect(l.shippingCents).toBe(0);
    // Arizona taxes the tire and its excise tax, not the fee or the labour.
    expect(l.taxableCents).toBe(20_999 + 338);
    expect(l.taxCents).toBe(1942); // 21,337 × 9.1 % = 1,941.67
    expect(l.totalCents).toBe(20_999 + 338 + 420 + 3800 + 1942);
  });

  it('for a quantity is the line of that quantity, its tax rounded once on the line', () => {
    const four = outTheDoorOf(heavy, 4, phoenixBay);
    expect(four.taxCents).toBe(7767); // 85,348 × 9.1 % = 7,766.67, not 4 × 1,942
    expect(four.totalCents).toBe(4 * (20_999 + 338 + 420 + 3800) + 7767);
  });

  it('without an installer has no services, and an exempt buyer pays no tax', () => {
    const home: DeliveryTerms = {
      rule: { ...arizona, ratePpm: 0 },
      tireFees: [wasteTireFee],
      services: null,
    };
    const l = outTheDoorOf(heavy, 2, home);
    expect(l.servicesCents).toBe(0);
    expect(l.taxCents).toBe(0);
    expect(l.totalCents).toBe(2 * (20_999 + 338 + 420));
  });

  it('is the cart line of the same quantity less its shipping, where the state does not tax shipping', () => {
    const tire = fc.record({
      listPriceCents: fc.integer({ min: 1000, max: 80_000 }),
      discountShare: fc.integer({ min: 0, max: 50 }),
      rim: fc.constantFrom(15, 16, 17, 18, 19.5, 20, 22.5, 24),
      heavy: fc.boolean(),
      quantity: fc.integer({ min: 1, max: 12 }),
      shippingCents: fc.integer({ min: 0, max: 20_000 }),
      ratePpm: fc.integer({ min: 0, max: 120_000 }),
      labourTaxable: fc.boolean(),
      fetTaxable: fc.boolean(),
      feeTaxable: fc.boolean(),
      installer: fc.boolean(),
    });
    fc.assert(
      fc.property(tire, (w) => {
        const card: CardTire = {
          size: w.heavy ? 'LT325/65R18' : `225/45R${w.rim}`,
          construction: 'R',
          loadIndex: w.heavy ? 127 : 94,
          rim: w.rim,
          fetUnitCents: w.heavy ? 338 : 0,
          listPriceCents: w.listPriceCents,
          discountCents: Math.floor((w.listPriceCents * w.discountShare) / 100),
        };
        const terms: DeliveryTerms = {
          rule: { ...arizona, ratePpm: w.ratePpm, labourTaxable: w.labourTaxable, fetTaxable: w.fetTaxable },
          tireFees: [{ ...wasteTireFee, taxable: w.feeTaxable }],
          services: w.installer ? bay : null,
        };
        // The cart's line: the same tire and prices, with its shipping.
        const services = terms.services ? servicesPerTire(terms.services, card.rim).unitCents : 0;
        const cartLine = landedLine(
          landedInputOf(
            card,
            {
              quantity: w.quantity,
              unitPriceCents: card.listPriceCents,
              unitDiscountCents: card.discountCents,
              roadHazardUnitCents: 0,
            },
            terms.tireFees,
            services,
            w.shippingCents,
          ).input,
          terms.rule,
        );
        const shown = outTheDoorOf(card, w.quantity, terms);
        expect(shown.totalCents + w.shippingCents).toBe(cartLine.totalCents);
        expect(shown.taxCents).toBe(cartLine.taxCents);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the parts of a delivery', () => {
  it("takes the first of the state's fees that names the tire's kind", () => {
    const offRoad = {
      ...wasteTireFee,
      id: 8,
      amountCents: 100,
      percentPpm: null,
      kinds: ['off_road'] as const,
    };
    expect(
      tireFeeOf([offRoad, wasteTireFee], { size: '225/45R17', construction: 'R', loadIndex: 94 }, 10_000),
    ).toEqual({ fee: wasteTireFee, unitCents: 200 });
    expect(tireFeeOf([offRoad], { size: '225/45R17', construction: 'R', loadIndex: 94 }, 10_000)).toBeNull();
  });

  it("prices an installer's services per tire by the rim's whole inches", () => {
    expect(servicesPerTire(bay, 17).unitCents).toBe(3300);
    expect(servicesPerTire(bay, 17.5).mountBalanceCents).toBe(2500);
    expect(servicesPerTire(bay, 22.5)).toEqual({
      mountBalanceCents: 4000,
      valveKitCents: 500,
      disposalCents: 300,
      unitCents: 4800,
    });
  });
});
