// Tire age: the DOT date code a tire carries (week and year it was made), how old a lot is, and
// which lots an order may take, oldest first (docs/domain.md, "Tire age"). Pure: the server
// allocates stock with it and the web checks codes with it before sending.

/** A tire older than this is never sold new, whatever the buyer allows. */
export const MAX_SALE_AGE_MONTHS = 72;
/** The smallest maximum age a buyer may ask for. */
export const MIN_MAX_AGE_MONTHS = 1;

const DAY = 86_400_000;

/** The Monday (UTC midnight) that starts ISO week `week` of ISO year `year`. */
function isoWeekStart(year: number, week: number): number {
  const jan4 = Date.UTC(year, 0, 4);
  const weekday = (new Date(jan4).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return jan4 - weekday * DAY + (week - 1) * 7 * DAY;
}

/** The ISO week year and week of a moment (UTC). */
export function isoWeekOf(at: Date): { year: number; week: number } {
  const day = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const weekday = (new Date(day).getUTCDay() + 6) % 7;
  const thursday = day + (3 - weekday) * DAY; // the week belongs to the year of its Thursday
  const year = new Date(thursday).getUTCFullYear();
  return { year, week: Math.floor((thursday - isoWeekStart(year, 1)) / (7 * DAY)) + 1 };
}

export interface DotCode {
  /** The four digits as printed: week then the year's last two digits ("2324"). */
  code: string;
  week: number;
  year: number;
}

/**
 * Reads a DOT date code: four digits, week 01–53 then the year's two last digits (2000–2099).
 * Answers the reason when it is not one, or when it names a week after the current one (`at`).
 */
export function parseDotCode(text: string, at: Date = new Date()): DotCode | { error: string } {
  const code = text.trim();
  const m = /^(\d{2})(\d{2})$/.exec(code);
  if (!m) return { error: 'is not a DOT date code of four digits, week then year (2324 = week 23 of 2024)' };
  const week = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (week < 1 || week > 53) return { error: `has week ${m[1]}: a week is 01 to 53` };
  const now = isoWeekOf(at);
  if (year > now.year || (year === now.year && week > now.week))
    return { error: `is week ${week} of ${year}, which has not come yet` };
  return { code, week, year };
}

/** The day a code's week starts: the earliest the tire can have been made. */
export function madeOn(code: DotCode): Date {
  return new Date(isoWeekStart(code.year, code.week));
}

/** `months` calendar months before `at` (the day clamped to the month's length). */
function monthsBefore(at: Date, months: number): number {
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth() - months;
  const target = new Date(Date.UTC(y, m, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(at.getUTCDate(), last));
}

/** Whether a tire of this code is at most `months` old at `at` (its week started no earlier). */
export function isWithinMonths(code: DotCode, months: number, at: Date): boolean {
  return madeOn(code).getTime() >= monthsBefore(at, months);
}

/** Whole months since the code's week started, at `at` (for showing a lot's age). */
export function ageInMonths(code: DotCode, at: Date): number {
  const made = madeOn(code);
  let months = (at.getUTCFullYear() - made.getUTCFullYear()) * 12 + (at.getUTCMonth() - made.getUTCMonth());
  if (at.getUTCDate() < made.getUTCDate()) months -= 1;
  return Math.max(0, months);
}

/** A tire older than six years: not sold new, flagged in the supplier's stock. */
export function isTooOldToSell(code: DotCode, at: Date): boolean {
  return !isWithinMonths(code, MAX_SALE_AGE_MONTHS, at);
}

/** Reads a stored code (null = unknown); a stored code that no longer reads is unknown too. */
export function storedDotCode(text: string | null): DotCode | null {
  if (text === null) return null;
  const read = parseDotCode(text, new Date(8.64e15));
  return 'error' in read ? null : read;
}

/** Units of one stock row made in one week (`dotCode`), or of unknown age (null), free to take. */
export interface Lot {
  dotCode: string | null;
  free: number;
}

/**
 * Whether an order may take units of this lot: never one older than six years; with a maximum
 * age (months) only a known code within it, since a lot of unknown age cannot be shown to be.
 */
export function isEligibleLot(dotCode: string | null, maxAgeMonths: number | null, at: Date): boolean {
  const code = storedDotCode(dotCode);
  if (!code) return maxAgeMonths === null;
  if (isTooOldToSell(code, at)) return false;
  return maxAgeMonths === null || isWithinMonths(code, maxAgeMonths, at);
}

/** Oldest first: earlier weeks before later ones, lots of unknown age last. */
export function compareLotAge(a: string | null, b: string | null): number {
  const ca = storedDotCode(a);
  const cb = storedDotCode(b);
  if (!ca || !cb) return (ca ? 0 : 1) - (cb ? 0 : 1);
  return madeOn(ca).getTime() - madeOn(cb).getTime();
}

/** The eligible lots with free units, oldest first. */
export function eligibleLots(lots: Lot[], maxAgeMonths: number | null, at: Date): Lot[] {
  return lots
    .filter((l) => l.free > 0 && isEligibleLot(l.dotCode, maxAgeMonths, at))
    .sort((a, b) => compareLotAge(a.dotCode, b.dotCode));
}

/** Units taken from one lot. */
export interface LotTake {
  dotCode: string | null;
  quantity: number;
}

/**
 * Takes `quantity` units from the eligible lots, oldest first; at most `cap` in all (the free
 * units of the stock row, which also counts units reserved without a code). Answers what was
 * taken, which may be fewer than asked.
 */
export function pickOldestFirst(
  lots: Lot[],
  quantity: number,
  maxAgeMonths: number | null,
  at: Date,
  cap = Number.POSITIVE_INFINITY,
): LotTake[] {
  let left = Math.min(quantity, cap);
  const taken: LotTake[] = [];
  for (const lot of eligibleLots(lots, maxAgeMonths, at)) {
    if (left <= 0) break;
    const take = Math.min(left, lot.free);
    taken.push({ dotCode: lot.dotCode, quantity: take });
    left -= take;
  }
  return taken;
}

/** The first year a maximum age guarantees at `at`: "made 2024 or newer". */
export function madeSinceYear(maxAgeMonths: number, at: Date): number {
  return new Date(monthsBefore(at, maxAgeMonths)).getUTCFullYear();
}
