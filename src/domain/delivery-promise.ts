// The delivery promise ("arrives by", docs/domain.md, "Delivery promise"): the day a warehouse
// ships an order confirmed at a moment, from its cut-off, handling days and holidays in its own
// time zone, and the day the house courier brings it, by the one shipping rule's transit days.
// Days are written YYYY-MM-DD and counted as calendar days; the warehouse's time zone decides
// only which local day and time of day a moment is there.

/** When and how a warehouse ships. */
export interface ShipSchedule {
  /** IANA time zone the cut-off and the calendar are kept in. */
  timeZone: string;
  /** Local time HH:MM: orders confirmed before it ship that business day. */
  cutoff: string;
  /** Business days of handling after the day an order counts for. */
  handlingDays: number;
  /** Local days (YYYY-MM-DD) on which the warehouse does not ship, besides weekends. */
  holidays: ReadonlySet<string> | readonly string[];
}

/** What a warehouse without settings keeps: ships the same day when confirmed before 14:00. */
export const DEFAULT_CUTOFF = '14:00';
export const DEFAULT_HANDLING_DAYS = 0;
export const MAX_HANDLING_DAYS = 30;

const DAY_MS = 86_400_000;

const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const dayString = (d: Date) => d.toISOString().slice(0, 10);

/** The day after a day (YYYY-MM-DD). */
export const nextDay = (day: string) => dayString(new Date(toDate(day).getTime() + DAY_MS));

/** Saturday and Sunday: no warehouse ships and no courier delivers. */
export const isWeekend = (day: string) => {
  const w = toDate(day).getUTCDay();
  return w === 0 || w === 6;
};

const holidaySet = (h: ShipSchedule['holidays']): ReadonlySet<string> =>
  h instanceof Set ? h : new Set(h as readonly string[]);

/** Whether a warehouse ships on a local day: a weekday that is not one of its holidays. */
export const shipsOn = (holidays: ReadonlySet<string>, day: string) => !isWeekend(day) && !holidays.has(day);

/** Minutes after local midnight of HH:MM. */
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string) {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** The local day and minute of the day of a moment in a time zone. */
export function localMoment(at: Date | number, timeZone: string): { day: string; minute: number } {
  const parts: Record<string, string> = {};
  for (const p of formatIn(timeZone).formatToParts(at)) parts[p.type] = p.value;
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    minute: (Number(parts.hour) % 24) * 60 + Number(parts.minute),
  };
}

/** The first day after `day` on which the warehouse ships. */
function nextShippingDay(holidays: ReadonlySet<string>, day: string) {
  let d = nextDay(day);
  // A calendar cannot close more days than it lists; the guard only bounds a broken one.
  for (let guard = 0; guard < 1000 && !shipsOn(holidays, d); guard++) d = nextDay(d);
  return d;
}

/**
 * The local day a warehouse ships an order confirmed at `at`: that day itself when the warehouse
 * ships that day and the order came before the cut-off, else its next shipping day; then as many
 * shipping days later as it needs for handling.
 */
export function shipDay(schedule: ShipSchedule, at: Date | number): string {
  const holidays = holidaySet(schedule.holidays);
  const { day, minute } = localMoment(at, schedule.timeZone);
  let d = day;
  if (!(shipsOn(holidays, d) && minute < minutesOf(schedule.cutoff))) d = nextShippingDay(holidays, d);
  for (let i = 0; i < schedule.handlingDays; i++) d = nextShippingDay(holidays, d);
  return d;
}

/** The day a parcel shipped on `day` arrives: that many courier business days later (weekends skipped). */
export function afterTransit(day: string, transitDays: number): string {
  let d = day;
  let left = Math.max(0, Math.ceil(transitDays));
  while (left > 0) {
    d = nextDay(d);
    if (!isWeekend(d)) left--;
  }
  return d;
}

/** Arrives by: the ship day of an order confirmed at `at`, plus the courier's transit days. */
export function arrivesBy(schedule: ShipSchedule, at: Date | number, transitDays: number): string {
  return afterTransit(shipDay(schedule, at), transitDays);
}

/** The earliest of some days (YYYY-MM-DD compare as text), or null when there is none. */
export const earliestDay = (days: readonly (string | null)[]) =>
  days.reduce<string | null>((a, d) => (d !== null && (a === null || d < a) ? d : a), null);

/** The latest of some days, or null when there is none. */
export const latestDay = (days: readonly (string | null)[]) =>
  days.reduce<string | null>((a, d) => (d !== null && (a === null || d > a) ? d : a), null);
