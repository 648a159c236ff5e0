import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ageInMonths,
  compareLotAge,
  isEligibleLot,
  isoWeekOf,
  isTooOldToSell,
  isWithinMonths,
  type Lot,
  MAX_SALE_AGE_MONTHS,
  madeOn,
  madeSinceYear,
  parseDotCode,
  pickOldestFirst,
  storedDotCode,
} from './tire-age';

const at = new Date('2026-12-03T12:00:00Z'); // a Thursday of ISO week 49 of 2026

describe('reading a DOT date code', () => {
  it('reads week then year: 2324 is week 23 of 2024, made from the Monday of that week', () => {
    expect(parseDotCode('2324', at)).toEqual({ code: '2324', week: 23, year: 2024 });
    expect(madeOn({ code: '2324', week: 23, year: 2024 }).toISOString().slice(0, 10)).toBe('2024-06-03');
    expect(parseDotCode(' 0126 ', at)).toEqual({ code: '0126', week: 1, year: 2026 });
  });

  it('refuses week 00 and weeks from 54, and anything but four digits', () => {
    for (const bad of ['0024', '5424', '9924', '224', '23245', '23a4', '', 'week'])
      expect(parseDotCode(bad, at)).toHaveProperty('error');
    expect(parseDotCode('5324', at)).toMatchObject({ week: 53 });
  });

  it('refuses a year still to come and a later week of the current year', () => {
    expect(parseDotCode('0127', at)).toHaveProperty('error');
    expect(parseDotCode('5026', at)).toHaveProperty('error');
    expect(parseDotCode('4926', at)).toMatchObject({ week: 49, year: 2026 });
  });

  it('numbers weeks as ISO weeks (the week of 4 January is week 1)', () => {
    expect(isoWeekOf(new Date('2021-01-03T00:00:00Z'))).toEqual({ year: 2020, week: 53 });
    expect(isoWeekOf(new Date('2021-01-04T00:00:00Z'))).toEqual({ year: 2021, week: 1 });
    expect(isoWeekOf(new Date('2024-12-30T00:00:00Z'))).toEqual({ year: 2025, week: 1 });
  });
});

describe('how old a lot is', () => {
  const code = (c: string) => storedDotCode(c)!;

  it('counts whole months from the start of its week', () => {
    expect(ageInMonths(code('2324'), at)).toBe(30);
    expect(ageInMonths(code('4926'), at)).toBe(0);
  });

  it('is within a maximum age when its week started no earlier than that many months ago', () => {
    // 12 months before 3 Dec 2026 is 3 Dec 2025; week 49 of 2025 starts 1 Dec 2025.
    expect(isWithinMonths(code('4925'), 12, at)).toBe(false);
    expect(isWithinMonths(code('5025'), 12, at)).toBe(true);
  });

  it('is never sold new once older than six years', () => {
    expect(isTooOldToSell(code('4820'), at)).toBe(true);
    expect(isTooOldToSell(code('5020'), at)).toBe(false);
    expect(isEligibleLot('4820', null, at)).toBe(false);
  });

  it('lots of unknown age are taken only when the buyer set no maximum age', () => {
    expect(isEligibleLot(null, null, at)).toBe(true);
    expect(isEligibleLot(null, 24, at)).toBe(false);
  });

  it('orders lots oldest first, unknown last', () => {
    const sorted = ['2324', null, '0119', '5225'].sort(compareLotAge);
    expect(sorted).toEqual(['0119', '2324', '5225', null]);
  });

  it('says from which year a maximum age guarantees tires', () => {
    expect(madeSinceYear(24, at)).toBe(2024);
    expect(madeSinceYear(12, at)).toBe(2025);
  });
});

// Codes of weeks 01–53 of 2015–2026 that are not in the future at `at`; a few unknown lots.
const dotCode = fc
  .tuple(fc.integer({ min: 1, max: 53 }), fc.integer({ min: 15, max: 26 }))
  .map(([w, y]) => `${String(w).padStart(2, '0')}${y}`)
  .filter((c) => !('error' in parseDotCode(c, at)));
const lots = fc.array(
  fc.record({ dotCode: fc.option(dotCode, { nil: null, freq: 5 }), free: fc.integer({ min: 0, max: 8 }) }),
  { maxLength: 8 },
);
const maxAge = fc.option(fc.integer({ min: 1, max: 120 }), { nil: null });

describe('picking lots (property)', () => {
  it('never takes a lot older than the maximum age, nor older than six years, nor of unknown age under a maximum', () => {
    fc.assert(
      fc.property(lots, fc.integer({ min: 0, max: 40 }), maxAge, (stock, quantity, max) => {
        for (const take of pickOldestFirst(stock, quantity, max, at)) {
          expect(take.quantity).toBeGreaterThan(0);
          if (take.dotCode === null) expect(max).toBeNull();
          else {
            const code = storedDotCode(take.dotCode)!;
            expect(isWithinMonths(code, MAX_SALE_AGE_MONTHS, at)).toBe(true);
            if (max !== null) expect(isWithinMonths(code, max, at)).toBe(true);
          }
        }
      }),
    );
  });

  it('takes the oldest eligible units: no unit left behind is older than one taken', () => {
    fc.assert(
      fc.property(lots, fc.integer({ min: 0, max: 40 }), maxAge, (stock, quantity, max) => {
        const taken = pickOldestFirst(stock, quantity, max, at);
        const eligible = stock.filter((l) => l.free > 0 && isEligibleLot(l.dotCode, max, at));
        const total = eligible.reduce((s, l) => s + l.free, 0);
        // As many as asked, or every eligible unit when there are fewer.
        expect(taken.reduce((s, t) => s + t.quantity, 0)).toBe(Math.min(quantity, total));
        const youngestTaken = taken.at(-1)?.dotCode;
        if (youngestTaken === undefined) return;
        // Units of each lot left behind (a code may come in several lots).
        const left = new Map<string | null, number>();
        for (const l of eligible) left.set(l.dotCode, (left.get(l.dotCode) ?? 0) + l.free);
        for (const t of taken) left.set(t.dotCode, (left.get(t.dotCode) ?? 0) - t.quantity);
        for (const [code, units] of left)
          if (units > 0) expect(compareLotAge(code, youngestTaken)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('never takes more than a lot has free, nor more than the cap', () => {
    fc.assert(
      fc.property(lots, fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 }), (stock, q, cap) => {
        const taken = pickOldestFirst(stock, q, null, at, cap);
        expect(taken.reduce((s, t) => s + t.quantity, 0)).toBeLessThanOrEqual(Math.min(q, cap));
        const free = new Map<string | null, number>();
        for (const l of stock as Lot[]) free.set(l.dotCode, (free.get(l.dotCode) ?? 0) + l.free);
        for (const t of taken) expect(t.quantity).toBeLessThanOrEqual(free.get(t.dotCode) ?? 0);
      }),
    );
  });
});
