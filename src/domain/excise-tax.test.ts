import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exciseTaxUnitCents, FET_THRESHOLD_LBS } from './excise-tax';
import { loadCapacityLbs } from './load-index';

const radial = (lbs: number | null) => exciseTaxUnitCents({ loadCapacityLbs: lbs, biasOrSuperSingle: false });
const half = (lbs: number | null) => exciseTaxUnitCents({ loadCapacityLbs: lbs, biasOrSuperSingle: true });

describe('the federal excise tax on a tire', () => {
  it('is nothing at or below 3,500 lb', () => {
    expect(radial(FET_THRESHOLD_LBS)).toBe(0);
    expect(radial(3000)).toBe(0);
    expect(radial(loadCapacityLbs(121))).toBe(0); // 3,197 lb: an LT tire under the threshold
    expect(half(3500)).toBe(0);
  });

  it('is nothing when the load is unknown', () => {
    expect(radial(null)).toBe(0);
    expect(half(null)).toBe(0);
  });

  it('charges an LI 127 radial 9.45 cents per 10 lb above 3,500, to the nearest cent: 338 cents', () => {
    expect(loadCapacityLbs(127)).toBe(3858);
    expect(radial(3858)).toBe(338); // (3,858 − 3,500) / 10 × 9.45 = 338.31
  });

  it('charges a part of 10 lb pro rata and rounds half up', () => {
    expect(radial(3501)).toBe(1); // 0.945 cents
    expect(radial(3510)).toBe(9); // 9.45 cents
    expect(radial(3530)).toBe(28); // 28.35 cents
    expect(radial(3700)).toBe(189); // 189 cents exactly
    expect(half(3700)).toBe(95); // 94.5 cents → 95
    expect(radial(3502)).toBe(2); // 1.89
  });

  it('charges a bias-ply or super-single tire half the rate', () => {
    expect(half(3858)).toBe(169); // 169.155 cents
    expect(loadCapacityLbs(152)).toBe(7826);
    expect(half(7826)).toBe(2044); // 2,044.035 cents
    expect(radial(7826)).toBe(4088); // 4,088.07 cents
  });

  it('equals the decimal formula rounded half up, for every load', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300_000 }), fc.boolean(), (lbs, isHalf) => {
        const cents = exciseTaxUnitCents({ loadCapacityLbs: lbs, biasOrSuperSingle: isHalf });
        const exactMillicents = Math.max(0, lbs - FET_THRESHOLD_LBS) * (isHalf ? 472.5 : 945);
        expect(Math.abs(cents * 1000 - exactMillicents)).toBeLessThanOrEqual(500);
        expect(cents).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
