import { describe, expect, it } from 'vitest';
import { parseCsvLine, parseDollars, readHeader, readLine } from './csv';

describe('feed CSV', () => {
  it('splits quoted cells with commas and doubled quotes', () => {
    expect(parseCsvLine('a,"b, c","say ""hi""", d ')).toEqual(['a', 'b, c', 'say "hi"', 'd']);
    expect(parseCsvLine('a,"open')).toBeNull();
  });

  it('reads dollars into cents without floating point', () => {
    expect(parseDollars('89.5')).toBe(8950);
    expect(parseDollars('$1,234.56')).toBe(123456);
    expect(parseDollars('0.1')).toBe(10);
    expect(parseDollars('-3')).toBeNull();
    expect(parseDollars('1.234')).toBeNull();
  });

  it('finds the columns in any order and names the missing ones', () => {
    expect(readHeader('Cost,SKU,make,quantity')).toEqual({
      header: { sku: 1, make: 2, quantity: 3, cost: 0 },
    });
    expect(readHeader('sku,make')).toEqual({ missing: ['quantity', 'cost'] });
  });

  it('reports a bad line with its number and reason', () => {
    const { header } = readHeader('sku,make,quantity,cost') as { header: never };
    expect(readLine(header, 'A1,Acme,4,50.00', 2)).toMatchObject({ sku: 'A1', quantity: 4, costCents: 5000 });
    expect(readLine(header, 'A1,Acme,-4,50.00', 3)).toMatchObject({
      line: 3,
      reason: expect.stringContaining('quantity'),
    });
    expect(readLine(header, ',Acme,4,50', 4)).toMatchObject({ reason: 'sku is empty' });
  });
});
