/**
 * A whole number with thousands separators ("12,345"), as en-US writes it. Written out, not with
 * Intl: a page's first use of Intl sets ICU up, 15–30 ms on a phone, in the results page's first
 * render (docs/performance-web.md).
 */
export const grouped = (n: number) => String(Math.round(n)).replace(/\B(?=(\d{3})+$)/g, ',');

/** Cents as dollars ("$1,234.50", "-$3.00"), formatted only for display; no amount is "—". */
export function money(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '—';
  const whole = Math.round(Math.abs(cents)) || 0;
  // Never "-$0.00".
  const sign = cents < 0 && whole ? '-' : '';
  return `${sign}$${grouped(Math.floor(whole / 100))}.${String(whole % 100).padStart(2, '0')}`;
}
export const percent = (basisPoints: number) => `${(basisPoints / 100).toFixed(2)} %`;
export const dateTime = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString('en-US') : '—';

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A calendar day (YYYY-MM-DD) as "Tue, Dec 8, 2026": the day itself, never shifted by the
 * browser's time zone (a delivery day is a day, not a moment). Anything else is "—".
 */
export function calendarDay(day: string | null | undefined): string {
  const m = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  if (!m) return '—';
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return `${weekdays[d.getUTCDay()]}, ${months[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`;
}
