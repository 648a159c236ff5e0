import { describe, expect, it } from 'vitest';
import { tireFeeUnitCents } from './tire-fee';

describe('a state fee per new tire', () => {
  const flat = { amountCents: 175, percentPpm: null, kinds: ['passenger', 'light_truck'] as const };
  const share = { amountCents: 466, percentPpm: 20_000, kinds: ['passenger'] as const };

  it('is the flat amount for a kind it covers and nothing for another', () => {
    expect(tireFeeUnitCents(flat, 'light_truck', 18_999)).toBe(175);
    expect(tireFeeUnitCents(flat, 'off_road', 18_999)).toBe(0);
  });

  it('is a share of the price rounded half up, capped at the amount', () => {
    expect(tireFeeUnitCents(share, 'passenger', 10_025)).toBe(201); // 200.5 → 201
    expect(tireFeeUnitCents(share, 'passenger', 10_024)).toBe(200); // 200.48 → 200
    expect(tireFeeUnitCents(share, 'passenger', 23_300)).toBe(466);
    expect(tireFeeUnitCents(share, 'passenger', 50_000)).toBe(466);
    expect(tireFeeUnitCents(share, 'passenger', -5)).toBe(0);
  });
});
