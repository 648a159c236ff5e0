// Picking the good / better / best option of a quote line and the price floor under each.
// Pure rules, shared by the server (generation, finalize) and the web (floor shown, warnings).
import { basisPointsOf } from './money';
import { parseTireSize, speedIndexes, withinDiameter } from './tire-size';

export const quoteTiers = ['good', 'better', 'best'] as const;
export type QuoteTier = (typeof quoteTiers)[number];

/** A SKU the catalogue could offer for a line, priced for the quote's price group. */
export interface Candidate {
  productId: number;
  makeName: string;
  /** 1 is the top brand tier (premium), larger numbers are value brands. */
  brandTier: number;
  categoryName: string | null;
  size: string;
  overallDiameter: number;
  loadIndex: number | null;
  speedIndex: string | null;
  treadWarrantyMiles: number | null;
  /** e.g. "500 A A": treadwear, traction, temperature. */
  utqg: string | null;
  /** Net price per tire the buyer would pay (price group price after discounts). */
  unitPriceCents: number;
  /** Units free to sell across warehouses. */
  available: number;
}

/** What a line asks for: the size it needs (exact, or the vehicle's OE size) and its constraints. */
export interface LineNeed {
  quantity: number;
  size: string;
  diameter: number;
  /** The OE (or requested) load index and speed rating an option must meet or beat. */
  loadIndex: number | null;
  speedIndex: string | null;
  brands?: string[];
  categories?: string[];
  minLoadIndex?: number | null;
  minSpeedRating?: string | null;
  budgetCents?: number | null;
  /** The date (YYYY-MM-DD) the tires must arrive by, if any. */
  deliverBy?: string | null;
}

export interface Pick {
  tier: QuoteTier;
  candidate: Candidate;
  plusSize: boolean;
  reason: string;
}

/** Rank of a speed rating (L lowest … Z highest); unknown ratings rank below every known one. */
export function speedRank(rating: string | null | undefined): number {
  return rating ? speedIndexes.indexOf(rating.toUpperCase() as (typeof speedIndexes)[number]) : -1;
}

function requiredLoad(need: LineNeed): number | null {
  const loads = [need.loadIndex, need.minLoadIndex].filter((n): n is number => typeof n === 'number');
  return loads.length ? Math.max(...loads) : null;
}

function requiredSpeed(need: LineNeed): number {
  return Math.max(speedRank(need.speedIndex), speedRank(need.minSpeedRating));
}

/** The same size whatever the notation: P225/45R17, 225/45ZR17 and 225/45R17 94W all match. */
export function sameSize(a: string, b: string): boolean {
  if (a === b) return true;
  const x = parseTireSize(a);
  const y = parseTireSize(b);
  return !!x && !!y && x.width === y.width && x.ratio === y.ratio && x.rim === y.rim;
}

/** Fitment: the exact size, or a plus size within 3 % of its diameter; load and speed at or above. */
export function fits(c: Candidate, need: LineNeed): boolean {
  const sized = sameSize(c.size, need.size) || withinDiameter(need.diameter, c.overallDiameter, 0.03);
  const load = requiredLoad(need);
  const speed = requiredSpeed(need);
  return (
    sized &&
    (load === null || (c.loadIndex !== null && c.loadIndex >= load)) &&
    (speed < 0 || speedRank(c.speedIndex) >= speed)
  );
}

const lower = (list?: string[]) => (list ?? []).map((s) => s.toLowerCase());

/** Fits, is in stock for the whole quantity, and meets the line's brand, category and budget. */
export function acceptable(c: Candidate, need: LineNeed): boolean {
  const brands = lower(need.brands);
  const categories = lower(need.categories);
  return (
    fits(c, need) &&
    c.available >= need.quantity &&
    (!brands.length || brands.includes(c.makeName.toLowerCase())) &&
    (!categories.length || (c.categoryName !== null && categories.includes(c.categoryName.toLowerCase()))) &&
    (!need.budgetCents || c.unitPriceCents <= need.budgetCents)
  );
}

/** Treadwear grade of a UTQG text ("500 A A" → 500); 0 when unknown. */
export function treadwearOf(utqg: string | null): number {
  const n = Number.parseInt(utqg ?? '', 10);
  return Number.isFinite(n) ? n : 0;
}

/** Warranty miles per dollar, the "better" tier's measure (UTQG treadwear breaks ties). */
export function milesPerDollar(c: Candidate): number {
  return ((c.treadWarrantyMiles ?? 0) * 100) / Math.max(c.unitPriceCents, 1);
}

const byPrice = (a: Candidate, b: Candidate) =>
  a.unitPriceCents - b.unitPriceCents || a.productId - b.productId;
const byValue = (a: Candidate, b: Candidate) =>
  milesPerDollar(b) - milesPerDollar(a) || treadwearOf(b.utqg) - treadwearOf(a.utqg) || byPrice(a, b);
const byBrand = (a: Candidate, b: Candidate) =>
  a.brandTier - b.brandTier ||
  (b.treadWarrantyMiles ?? 0) - (a.treadWarrantyMiles ?? 0) ||
  speedRank(b.speedIndex) - speedRank(a.speedIndex) ||
  byPrice(a, b);

/**
 * Good, better and best for one line. A line may need one of several sizes (a vehicle's OE
 * sizes): a SKU qualifies when it is acceptable for one of them, with that size's load and speed.
 * The exact sizes are used when any SKU of them is acceptable; only then plus sizes. Each tier
 * takes a different SKU when the pool allows; a pool of one or two SKUs gives one or two options.
 * Each option says why it was picked.
 */
export function selectTiers(candidates: Candidate[], needs: LineNeed | LineNeed[]): Pick[] {
  const all = Array.isArray(needs) ? needs : [needs];
  if (!all.length) return [];
  const need = all[0];
  const isExact = (c: Candidate) => all.some((n) => sameSize(c.size, n.size) && acceptable(c, n));
  const ok = candidates.filter((c) => all.some((n) => acceptable(c, n)));
  const exact = ok.filter(isExact);
  const plusSize = exact.length === 0;
  const pool = plusSize ? ok : exact;
  const sizes = [...new Set(all.map((n) => n.size))].join(' or ');
  const picks: Pick[] = [];
  const taken = new Set<number>();
  const take = (
    tier: QuoteTier,
    order: (a: Candidate, b: Candidate) => number,
    why: (c: Candidate) => string,
  ) => {
    const c = [...pool].sort(order).find((x) => !taken.has(x.productId));
    if (!c) return;
    taken.add(c.productId);
    const exactSize = all.some((n) => sameSize(c.size, n.size));
    const size = exactSize ? '' : ` Plus size ${c.size}: ${sizes} has no stock for ${need.quantity}.`;
    picks.push({ tier, candidate: c, plusSize: !exactSize, reason: `${why(c)}${size}` });
  };
  take('good', byPrice, () => `Lowest price of ${pool.length} fitting tires in stock for ${need.quantity}.`);
  take(
    'better',
    byValue,
    (c) =>
      `Best value: ${Math.round(milesPerDollar(c) * 10) / 10} warranty miles per dollar${c.utqg ? `, UTQG ${c.utqg}` : ''}.`,
  );
  take('best', byBrand, (c) => `Top brand tier (${c.makeName}, tier ${c.brandTier}).`);
  return picks;
}

/** Cost plus the price group's minimum margin, and never under the manufacturer's advertised minimum. */
export function floorCents(costCents: number, minMarginBasisPoints: number, mapCents: number | null): number {
  const margin = basisPointsOf(costCents, minMarginBasisPoints);
  return Math.max(costCents + margin, mapCents ?? 0);
}

export interface PricedOption {
  optionId: number;
  itemId: number;
  tier: QuoteTier;
  skuCode: string;
  unitPriceCents: number;
  floorCents: number;
}

/** The options of a quote priced below their floor: finalizing needs an approved exception then. */
export function floorBreaches<T extends PricedOption>(options: T[]): T[] {
  return options.filter((o) => o.unitPriceCents < o.floorCents);
}

/** The date (YYYY-MM-DD, UTC) a number of business days after `from` (weekends skipped). */
export function addBusinessDays(from: Date, days: number): string {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let left = Math.max(0, Math.ceil(days));
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) left--;
  }
  return d.toISOString().slice(0, 10);
}
