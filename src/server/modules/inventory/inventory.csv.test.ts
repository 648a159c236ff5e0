import { describe, expect, it } from 'vitest';
import { type FeedHeader, parseDollars, readFeedHeader, readFeedLine } from './inventory.csv';

const record = (line: number, text: string) => ({ line, raw: text, cells: text.split(',') });

describe('feed CSV records', () => {
  it('reads dollars into cents without floating point', () => {
    expect(parseDollars('89.5')).toBe(8950);
    expect(parseDollars('$1,234.56')).toBe(123456);
    expect(parseDollars('0.1')).toBe(10);
    expect(parseDollars('-3')).toBeNull();
    expect(parseDollars('1.234')).toBeNull();
  });

  it('finds the columns in any order and names the missing ones', () => {
    expect(readFeedHeader(['Cost', 'SKU', 'make', 'quantity'])).toEqual({
      header: { sku: 1, make: 2, quantity: 3, cost: 0 },
    });
    expect(readFeedHeader(['sku', 'make'])).toEqual({ missing: ['quantity', 'cost'] });
  });

  it('reports a bad record with its line and reason', () => {
    const { header } = readFeedHeader(['sku', 'make', 'quantity', 'cost']) as { header: FeedHeader };
    expect(readFeedLine(header, record(2, 'A1,Acme,4,50.00'))).toMatchObject({
      sku: 'A1',
      quantity: 4,
      costCents: 5000,
    });
    expect(readFeedLine(header, record(3, 'A1,Acme,-4,50.00'))).toMatchObject({
      line: 3,
      reason: expect.stringContaining('quantity'),
    });
    expect(readFeedLine(header, record(4, ',Acme,4,50'))).toMatchObject({ reason: 'sku is empty' });
  });
});
