import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatSize,
  overallDiameter,
  parseTireSize,
  printTireSize,
  type TireSize,
  speedIndexes,
  withinDiameter,
} from './tire-size';

const metricSize = fc.record({
  type: fc.constantFrom('P' as const, 'metric' as const, 'LT' as const),
  width: fc.integer({ min: 13, max: 35 }).map((n) => n * 10 + 5),
  ratio: fc.integer({ min: 5, max: 17 }).map((n) => n * 5),
  rim: fc.oneof(fc.integer({ min: 13, max: 26 }), fc.constantFrom(16.5, 17.5, 19.5)),
  construction: fc.constantFrom('R' as const, 'ZR' as const, 'D' as const),
});
const flotationSize = fc.record({
  type: fc.constant('flotation' as const),
  width: fc.integer({ min: 27, max: 44 }),
  ratio: fc.integer({ min: 18, max: 30 }).map((n) => n / 2),
  rim: fc.integer({ min: 14, max: 24 }),
  construction: fc.constant('R' as const),
});
const service = fc.option(
  fc.record({
    loadIndex: fc.integer({ min: 60, max: 130 }),
    loadIndexDual: fc.option(fc.integer({ min: 60, max: 130 }), { nil: undefined }),
    speedIndex: fc.constantFrom(...speedIndexes),
  }),
  { nil: undefined },
);
const anySize = fc.tuple(fc.oneof(metricSize, flotationSize), service).map(([size, s]): TireSize => {
  if (!s) return size;
  const out: TireSize = { ...size, loadIndex: s.loadIndex, speedIndex: s.speedIndex };
  if (s.loadIndexDual) out.loadIndexDual = s.loadIndexDual;
  return out;
});

describe('tire sizes', () => {
  it('parses its own canonical text back to the same size', () => {
    fc.assert(
      fc.property(anySize, (size) => {
        expect(parseTireSize(printTireSize(size))).toEqual(size);
      }),
    );
  });

  it('prints the canonical text again from any parse of it', () => {
    fc.assert(
      fc.property(anySize, (size) => {
        const text = printTireSize(size);
        expect(printTireSize(parseTireSize(text.toLowerCase()) as TireSize)).toBe(text);
      }),
    );
  });

  it('computes the diameter as rim plus two sidewalls, and reads it from flotation sizes', () => {
    fc.assert(
      fc.property(anySize, (size) => {
        const d = overallDiameter(size);
        if (size.type === 'flotation') expect(d).toBe(size.width);
        else expect(d).toBeCloseTo(size.rim + (2 * size.width * size.ratio) / 2540, 2);
      }),
    );
  });

  it('reads every common notation of the same size', () => {
    for (const text of ['225/45R17', '2254517', '225-45-17', '225 45 17', '225/45/17', '225/45-17']) {
      expect(formatSize(parseTireSize(text) as TireSize)).toBe('225/45R17');
    }
    expect(printTireSize(parseTireSize('p225/45r17 94w') as TireSize)).toBe('P225/45R17 94W');
    expect(printTireSize(parseTireSize('LT265/70R17 121/118S') as TireSize)).toBe('LT265/70R17 121/118S');
    expect(printTireSize(parseTireSize('33X12.5R15LT 108Q') as TireSize)).toBe('33x12.50R15 108Q');
    expect(printTireSize(parseTireSize('245/40ZR18 (97Y)') as TireSize)).toBe('245/40ZR18 97Y');
  });

  it('knows well-known diameters and refuses what is not a size', () => {
    expect(overallDiameter({ type: 'metric', width: 225, ratio: 45, rim: 17 })).toBe(24.97);
    expect(overallDiameter({ type: 'LT', width: 265, ratio: 70, rim: 17 })).toBe(31.61);
    for (const text of ['michelin', '12345', '225/45', 'MIC-123456', ''])
      expect(parseTireSize(text)).toBeNull();
  });

  it('treats sizes within 3% of the diameter as alternatives', () => {
    expect(withinDiameter(24.97, 25.6)).toBe(true);
    expect(withinDiameter(24.97, 26)).toBe(false);
  });
});
