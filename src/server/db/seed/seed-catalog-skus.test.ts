import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { MAX_SEED_SKUS, skuNumber } from './seed-catalog-skus';

describe('generated SKU codes', () => {
  it('stay unique for every SKU up to the largest catalogue the generator serves', () => {
    const seen = new Uint8Array(10_000_000);
    let repeated = 0;
    for (let i = 0; i < MAX_SEED_SKUS; i++) {
      const n = skuNumber(i);
      repeated += seen[n];
      seen[n] = 1;
    }
    expect(repeated).toBe(0);
  });

  it('keep the six-digit codes of the first 900,000 SKUs', () => {
    expect(skuNumber(0)).toBe(100_000);
    expect(skuNumber(1)).toBe(107_919);
    expect(skuNumber(899_999)).toBeLessThan(1_000_000);
    expect(skuNumber(900_000)).toBe(1_000_000);
  });

  it('a catalogue larger than the generator serves is refused, naming SEED_SKUS', () => {
    const env = (skus: number) => ({ NODE_ENV: 'test', SEED_SKUS: String(skus) });
    expect(loadConfig(env(MAX_SEED_SKUS)).SEED_SKUS).toBe(MAX_SEED_SKUS);
    expect(() => loadConfig(env(MAX_SEED_SKUS + 1))).toThrow(/SEED_SKUS: at most 2,000,000 SKUs/);
  });
});
