import { describe, expect, it } from 'vitest';
import { fractionToPpm } from './tax.zip-file';

describe('a rate of the ZIP-rate file', () => {
  it('is read from its digits as parts per million, without floating point', () => {
    expect(fractionToPpm('0.082500')).toBe(82_500);
    expect(fractionToPpm('.0825')).toBe(82_500);
    expect(fractionToPpm('0')).toBe(0);
    expect(fractionToPpm('0.0000005')).toBe(1);
    expect(fractionToPpm('0.0000004')).toBe(0);
    expect(fractionToPpm('-0.01')).toBe(-10_000);
    expect(fractionToPpm('1')).toBe(1_000_000);
  });

  it('is no rate when it is not a decimal fraction', () => {
    for (const text of ['', '.', '8.25%', 'abc', '0.08.1', '1e-2']) expect(fractionToPpm(text)).toBeNull();
  });
});
