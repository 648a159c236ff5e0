import { describe, expect, it } from 'vitest';
import { rangeForRim, rimRangeLabel, rimRangeProblems } from './installer-services';

const rows = [
  { fromInches: null, toInches: 17 },
  { fromInches: 18, toInches: 20 },
  { fromInches: 21, toInches: null },
];

describe('rim ranges of an installer price list', () => {
  it('accepts ranges that cover every rim once, in any order, and one open row for every rim', () => {
    expect(rimRangeProblems(rows)).toEqual([]);
    expect(rimRangeProblems([rows[2], rows[0], rows[1]])).toEqual([]);
    expect(rimRangeProblems([{ fromInches: null, toInches: null }])).toEqual([]);
  });

  it('names the row that overlaps, leaves a gap, or leaves the ends without a price', () => {
    expect(rimRangeProblems([rows[0], { fromInches: 17, toInches: null }])).toEqual([
      { index: 1, field: 'fromInches', detail: 'overlaps up to 17"' },
    ]);
    expect(rimRangeProblems([rows[0], { fromInches: 19, toInches: null }])[0]).toMatchObject({
      index: 1,
      detail: 'leaves a gap after up to 17": start at 18"',
    });
    expect(rimRangeProblems([{ fromInches: null, toInches: null }, rows[2]])[0]).toMatchObject({
      index: 1,
      field: 'fromInches',
    });
    expect(rimRangeProblems([{ fromInches: 14, toInches: 30 }]).map((p) => p.field)).toEqual([
      'fromInches',
      'toInches',
    ]);
    expect(rimRangeProblems([{ fromInches: 20, toInches: 18 }])).toEqual([
      { index: 0, field: 'toInches', detail: 'ends before it starts (20")' },
    ]);
  });

  it('prices a fractional rim by its whole inches', () => {
    expect(rangeForRim(rows, 17.5)).toBe(rows[0]);
    expect(rangeForRim(rows, 19.5)).toBe(rows[1]);
    expect(rangeForRim(rows, 22.5)).toBe(rows[2]);
    expect(rows.map(rimRangeLabel)).toEqual(['up to 17"', '18–20"', '21" and up']);
  });
});
