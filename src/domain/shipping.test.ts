import { describe, expect, it } from 'vitest';
import { billableLbs, parcelRateCents, shippingChargeCents, transitDays, zoneOf } from './shipping';

describe('the shipping rule', () => {
  it('counts zones by distance, an unknown distance as the farthest', () => {
    expect([0, 150, 151, 300, 600, 1000, 1400, 1800, 1801].map(zoneOf)).toEqual([2, 2, 3, 3, 4, 5, 6, 7, 8]);
    expect(zoneOf(null)).toBe(8);
  });

  it('bills whole pounds, a default weight when the catalogue has none', () => {
    expect(billableLbs(22.1)).toBe(23);
    expect(billableLbs(null)).toBe(25);
    expect(billableLbs(0)).toBe(1);
  });

  it('prices a parcel by service, weight and zone, the same every time', () => {
    const near = { weightLbs: 25, miles: 100 };
    expect(parcelRateCents('swiftship', 'ground', near)).toBe(600 + 12 * 25);
    expect(parcelRateCents('swiftship', 'ground', { weightLbs: 25, miles: 2000 })).toBe(
      600 + 12 * 25 + 6 * 90,
    );
    expect(parcelRateCents('swiftship', 'two_day', near)).toBeGreaterThan(
      parcelRateCents('swiftship', 'ground', near),
    );
    expect(parcelRateCents('swiftship', 'overnight', near)).toBeGreaterThan(
      parcelRateCents('swiftship', 'two_day', near),
    );
    expect(parcelRateCents('parcelpost', 'ground', near)).not.toBe(
      parcelRateCents('swiftship', 'ground', near),
    );
  });

  it("charges the customer the house courier's ground rate per tire", () => {
    const parcel = { weightLbs: 30, miles: 450 };
    expect(shippingChargeCents(4, parcel)).toBe(4 * parcelRateCents('swiftship', 'ground', parcel));
  });

  it('takes longer on the ground the farther it goes', () => {
    expect(transitDays('ground', 50)).toBe(1);
    expect(transitDays('ground', 2500)).toBe(5);
    expect(transitDays('overnight', 2500)).toBe(1);
  });
});
