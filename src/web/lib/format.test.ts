import { describe, expect, it } from 'vitest';
import { calendarDay, grouped, money } from './format';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

describe('money and numbers as en-US writes them', () => {
  it('writes cents as Intl writes dollars', () => {
    for (const cents of [0, 1, 9, 10, 99, 100, 105, 12_345, 100_000, 123_456_789, -1, -300, -123_456])
      expect(money(cents), String(cents)).toBe(usd.format(cents / 100));
  });

  it('writes no amount as a dash and never a negative zero', () => {
    expect(money(null)).toBe('—');
    expect(money(undefined)).toBe('—');
    expect(money(-0)).toBe('$0.00');
    expect(money(-0.4)).toBe('$0.00');
  });

  it('groups thousands', () => {
    expect([0, 999, 1000, 50_000, 1_234_567, -4321].map(grouped)).toEqual([
      '0',
      '999',
      '1,000',
      '50,000',
      '1,234,567',
      '-4,321',
    ]);
  });

  it('writes a calendar day as that day wherever the browser is', () => {
    expect(calendarDay('2026-12-08')).toBe('Tue, Dec 8, 2026');
    expect(calendarDay('2027-01-01')).toBe('Fri, Jan 1, 2027');
    expect(calendarDay(null)).toBe('—');
    expect(calendarDay('8 Dec')).toBe('—');
  });
});
