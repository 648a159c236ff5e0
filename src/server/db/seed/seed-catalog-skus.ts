// Deterministic SKU generation for the demo and bench catalogues: sizes weighted by popularity,
// realistic load and speed ratings, weights and costs.
import {
  formatSize,
  overallDiameter,
  parseTireSize,
  type SizeType,
  type TireSize,
} from '../../../domain/tire-size';
import type { BrandDef, CategoryCode, LineDef } from './seed-catalog-brands';

/** A small, fast, seedable generator (mulberry32): the same seed gives the same catalogue. */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
export type Rand = ReturnType<typeof rng>;
export const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)];

type SizeClass = 'car' | 'suv' | 'lt' | 'flot';
// "size:popularity" lists per vehicle class.
const pools: Record<SizeClass, string> = {
  car: '175/65R14:2 185/65R14:2 185/65R15:4 195/65R15:6 205/65R15:3 195/60R15:2 205/55R16:8 215/55R16:3 215/60R16:5 225/60R16:4 205/60R16:3 215/55R17:5 225/45R17:7 225/50R17:4 225/55R17:5 235/45R17:3 215/50R17:3 235/55R17:3 225/40R18:4 235/40R18:3 245/40R18:4 225/45R18:4 235/45R18:4 245/45R18:3 255/35R18:1 245/40R19:3 245/45R19:2 255/35R19:2 275/35R19:2 255/40R19:2 245/35R20:2 275/30R20:1 255/35R20:1 285/30R20:1 295/30R20:1 305/30R20:1 225/35R19:1 275/40R20:1 265/35R18:1 285/35R19:1 295/35R19:1 305/35R20:1 325/30R20:1',
  suv: '215/70R16:2 225/70R16:2 235/70R16:2 225/65R17:6 235/65R17:5 245/65R17:3 225/60R18:4 235/60R18:4 245/60R18:3 235/55R19:3 255/55R18:3 265/65R17:4 265/70R16:3 265/70R17:5 275/65R18:3 265/60R18:3 275/55R20:3 285/45R22:1 275/60R20:3 265/50R20:2 245/50R20:2 255/50R20:2 235/50R19:2 255/45R20:2 285/50R20:1',
  lt: 'LT225/75R16:2 LT245/75R16:4 LT265/75R16:4 LT265/70R17:5 LT285/70R17:4 LT275/65R18:4 LT275/70R18:3 LT285/65R20:2 LT275/65R20:3 LT285/75R16:3 LT305/55R20:2 LT295/70R18:2 LT315/70R17:2 LT235/80R17:2 LT245/70R17:2',
  flot: '31x10.50R15:3 33x12.50R15:3 33x12.50R17:2 33x12.50R18:1 33x12.50R20:2 35x12.50R17:2 35x12.50R18:1 35x12.50R20:2 37x12.50R17:2 37x13.50R20:1 33x10.50R15:1 32x11.50R15:1',
};

interface Weighted {
  size: TireSize;
  weight: number;
}
const sizePools = Object.fromEntries(
  Object.entries(pools).map(([cls, text]) => [
    cls,
    text.split(' ').map((entry): Weighted => {
      const [size, weight] = entry.split(':');
      return { size: parseTireSize(size) as TireSize, weight: Number(weight) };
    }),
  ]),
) as Record<SizeClass, Weighted[]>;

/** Every size the catalogue sells (without the P-metric spellings, added per SKU). */
export const catalogueSizes = (cls?: SizeClass): TireSize[] =>
  (cls ? sizePools[cls] : Object.values(sizePools).flat()).map((w) => w.size);

const classMix: Record<CategoryCode, [SizeClass, number][]> = {
  AS: [
    ['car', 0.6],
    ['suv', 1],
  ],
  TR: [
    ['car', 0.7],
    ['suv', 1],
  ],
  PF: [['car', 1]],
  WI: [
    ['car', 0.6],
    ['suv', 1],
  ],
  HT: [
    ['suv', 0.7],
    ['lt', 1],
  ],
  AT: [
    ['suv', 0.4],
    ['lt', 0.85],
    ['flot', 1],
  ],
  MT: [
    ['lt', 0.6],
    ['flot', 1],
  ],
  CM: [['lt', 1]],
};
const speeds: Record<CategoryCode, string[]> = {
  AS: ['T', 'H', 'V'],
  TR: ['T', 'H'],
  PF: ['V', 'W', 'Y'],
  WI: ['T', 'H'],
  HT: ['T', 'H', 'S'],
  AT: ['S', 'T'],
  MT: ['Q', 'R'],
  CM: ['R', 'S'],
};
const categoryCost: Record<CategoryCode, number> = {
  AS: 1,
  TR: 1,
  PF: 1.15,
  WI: 1.1,
  HT: 1.02,
  AT: 1.1,
  MT: 1.25,
  CM: 1.05,
};
const usBrands = new Set(['GDY', 'FIR', 'COO', 'BFG', 'GEN', 'UNI', 'KEL', 'MAS', 'HER']);

function weightedPick(r: Rand, list: Weighted[]): TireSize {
  const total = list.reduce((s, w) => s + w.weight, 0);
  let x = r() * total;
  for (const w of list) {
    x -= w.weight;
    if (x < 0) return w.size;
  }
  return list[list.length - 1].size;
}

function classOf(r: Rand, category: CategoryCode): SizeClass {
  const x = r();
  return (classMix[category].find(([, upTo]) => x < upTo) ?? classMix[category][0])[0];
}

/** Load index from the size: close to what real tires of that size carry. */
export function loadIndexOf(s: TireSize): number {
  if (s.type === 'flotation')
    return Math.round(80 + (s.width - 27) * 4 + (s.ratio - 10) * 1.6 + (s.rim - 15));
  const base = 91 + 0.2 * (s.width - 205) + 0.25 * (s.ratio - 55) + 1.2 * (s.rim - 16);
  return Math.round(s.type === 'LT' ? base + 13 : base);
}

export interface SkuRow {
  makeId: number;
  modelId: number;
  skuCode: string;
  size: string;
  sizeType: SizeType;
  width: number;
  ratio: number;
  rim: number;
  construction: string;
  loadIndex: number;
  loadIndexDual: number | null;
  speedIndex: string;
  ply: number;
  loadRange: string;
  weightLbs: number;
  overallDiameter: number;
  specials: boolean;
  rebateCents: number;
  /** Cost before each warehouse's variation, in cents. */
  baseCostCents: number;
}

/**
 * The largest catalogue the generator serves (SEED_SKUS, BENCH_SKUS): a national distributor's
 * million SKUs, twice over.
 */
export const MAX_SEED_SKUS = 2_000_000;

/**
 * The i-th SKU's part number, unique per brand by construction: the first 900,000 are six digits
 * (i × 7919 mod 900,000, a bijection since 7919 is prime to 900,000), the rest seven digits
 * (the same walk mod 9,000,000), so no code of the second range can equal one of the first.
 */
export function skuNumber(i: number): number {
  if (i < 900_000) return ((i * 7919) % 900_000) + 100_000;
  return (((i - 900_000) * 7919) % 9_000_000) + 1_000_000;
}

/** The i-th SKU of the catalogue. */
export function skuRow(
  i: number,
  r: Rand,
  line: LineDef & { makeId: number; modelId: number },
  brand: BrandDef,
): SkuRow {
  const base = weightedPick(r, sizePools[classOf(r, line.category)]);
  const light = base.type === 'LT' || base.type === 'flotation';
  const speedIndex = pick(
    r,
    light ? speeds[line.category === 'PF' ? 'HT' : line.category] : speeds[line.category],
  );
  const zr =
    line.category === 'PF' && (speedIndex === 'W' || speedIndex === 'Y') && base.rim >= 17 && r() < 0.5;
  const pMetric = base.type === 'metric' && usBrands.has(brand.code) && r() < 0.5;
  const size: TireSize = { ...base, type: pMetric ? 'P' : base.type, construction: zr ? 'ZR' : 'R' };
  const xl = !light && r() < 0.3;
  const loadIndex = loadIndexOf(size) + (xl ? 3 : 0);
  const loadRange = light ? pick(r, ['C', 'D', 'E', 'E', 'E', 'F']) : xl ? 'XL' : 'SL';
  const ply = { C: 6, D: 8, E: 10, F: 12 }[loadRange] ?? 4;
  const diameter = overallDiameter(size);
  const sectionIn = size.type === 'flotation' ? size.ratio : size.width / 25.4;
  const weightLbs = Math.round(diameter * sectionIn * (light ? 0.145 : 0.108) * 10) / 10;
  const dollars =
    (45 + (size.rim - 14) * 9 + (sectionIn * 25.4 - 175) * 0.35 + (size.ratio < 50 && !light ? 10 : 0)) *
    (size.type === 'flotation' ? 1.6 : size.type === 'LT' ? 1.4 : 1) *
    brand.tier *
    categoryCost[line.category] *
    (line.runFlat ? 1.2 : 1) *
    (0.92 + r() * 0.16);
  return {
    makeId: line.makeId,
    modelId: line.modelId,
    skuCode: `${brand.code}-${skuNumber(i)}`,
    size: formatSize(size),
    sizeType: size.type,
    width: size.width,
    ratio: size.ratio,
    rim: size.rim,
    construction: size.construction,
    loadIndex,
    loadIndexDual: size.type === 'LT' ? loadIndex - 3 : null,
    speedIndex,
    ply,
    loadRange,
    weightLbs,
    overallDiameter: diameter,
    specials: r() < 0.05,
    rebateCents: r() < 0.08 ? pick(r, [2500, 5000, 7500]) : 0,
    baseCostCents: Math.max(2500, Math.round(dollars * 100)),
  };
}
