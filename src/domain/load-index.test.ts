import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadCapacityKg, loadCapacityLbs, MAX_LOAD_INDEX } from './load-index';

describe('the load-index table', () => {
  it('gives the published kilograms of the standard table', () => {
    const published: [number, number][] = [
      [0, 45],
      [1, 46.2],
      [19, 77.5],
      [53, 206],
      [75, 387],
      [91, 615],
      [100, 800],
      [115, 1215],
      [127, 1750],
      [150, 3350],
      [200, 14000],
      [279, 136000],
    ];
    for (const [li, kg] of published) expect([li, loadCapacityKg(li)]).toEqual([li, kg]);
  });

  it('gives the published pounds of the loads passenger and LT tires carry', () => {
    const published: [number, number][] = [
      [75, 853],
      [82, 1047],
      [91, 1356],
      [94, 1477],
      [100, 1764],
      [104, 1984],
      [110, 2337],
      [116, 2756],
      [121, 3197],
      [123, 3417],
      [126, 3748],
      [127, 3858],
      [129, 4079],
    ];
    for (const [li, lbs] of published) expect([li, loadCapacityLbs(li)]).toEqual([li, lbs]);
  });

  it('knows nothing outside 0–279 or between whole indexes', () => {
    for (const li of [-1, 280, 1000, 91.5, Number.NaN]) {
      expect(loadCapacityKg(li)).toBeNull();
      expect(loadCapacityLbs(li)).toBeNull();
    }
    expect(MAX_LOAD_INDEX).toBe(279);
  });

  it('rises with every index, and each step of 80 indexes multiplies the load by about ten', () => {
    for (let li = 1; li <= MAX_LOAD_INDEX; li++) {
      expect(loadCapacityKg(li) as number).toBeGreaterThan(loadCapacityKg(li - 1) as number);
    }
    for (let li = 80; li <= MAX_LOAD_INDEX; li++) {
      const ratio = (loadCapacityKg(li) as number) / (loadCapacityKg(li - 80) as number);
      expect(Math.abs(ratio - 10)).toBeLessThan(0.2);
    }
  });

  it('converts kilograms to the nearest whole pound', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_LOAD_INDEX }), (li) => {
        const exact = (loadCapacityKg(li) as number) / 0.45359237;
        expect(Math.abs((loadCapacityLbs(li) as number) - exact)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});
