import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterTransit,
  arrivesBy,
  isWeekend,
  localMoment,
  nextDay,
  type ShipSchedule,
  shipDay,
  shipsOn,
} from './delivery-promise';
import { canonicalTimeZone, isTimeZone } from './time-zone';

const zones = [
  'UTC',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'Pacific/Kiritimati',
  'Pacific/Pago_Pago',
  'Asia/Kolkata',
  'Australia/Lord_Howe',
  'Europe/London',
];

const hhmm = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);

// Moments from 2024 to 2030, DST changes included.
const moment = fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 11, 31) });

/** A schedule with holidays near the moment (up to 15 of the 30 days around it). */
const scheduled = moment.chain((at) =>
  fc.record({
    at: fc.constant(at),
    transit: fc.integer({ min: 0, max: 7 }),
    schedule: fc.record({
      timeZone: fc.constantFrom(...zones),
      cutoff: hhmm,
      handlingDays: fc.integer({ min: 0, max: 5 }),
      holidays: fc
        .uniqueArray(fc.integer({ min: -5, max: 25 }), { maxLength: 15 })
        .map((offsets) => offsets.map((o) => new Date(at + o * 86_400_000).toISOString().slice(0, 10))),
    }) as fc.Arbitrary<ShipSchedule & { holidays: string[] }>,
  }),
);

/** The days after `from` up to and including `to`. */
function daysBetween(from: string, to: string) {
  const out: string[] = [];
  for (let d = nextDay(from); d <= to; d = nextDay(d)) out.push(d);
  return out;
}

const runs = { numRuns: 400 };

describe('the delivery promise', () => {
  it('ships on a day the warehouse ships, never before the local day of the order', () => {
    fc.assert(
      fc.property(scheduled, ({ at, schedule }) => {
        const day = shipDay(schedule, at);
        const local = localMoment(at, schedule.timeZone);
        expect(shipsOn(new Set(schedule.holidays), day)).toBe(true);
        expect(day >= local.day).toBe(true);
      }),
      runs,
    );
  });

  it('counts the order for its day only before the cut-off of a shipping day, then adds the handling days', () => {
    fc.assert(
      fc.property(scheduled, ({ at, schedule }) => {
        const holidays = new Set(schedule.holidays);
        const local = localMoment(at, schedule.timeZone);
        const [h, m] = schedule.cutoff.split(':').map(Number);
        const countsToday = shipsOn(holidays, local.day) && local.minute < h * 60 + m;
        const day = shipDay(schedule, at);
        const shippingDaysAfter = daysBetween(local.day, day).filter((d) => shipsOn(holidays, d)).length;
        expect(shippingDaysAfter).toBe(schedule.handlingDays + (countsToday ? 0 : 1));
      }),
      runs,
    );
  });

  it('is never earlier than the earliest possible shipment plus transit', () => {
    fc.assert(
      fc.property(scheduled, ({ at, schedule, transit }) => {
        const promised = arrivesBy(schedule, at, transit);
        const local = localMoment(at, schedule.timeZone);
        // The earliest a warehouse could ship: the order's own local day, plus its handling days
        // (each a weekday at least); the courier then needs `transit` weekdays.
        expect(promised >= afterTransit(local.day, schedule.handlingDays + transit)).toBe(true);
        const shipped = shipDay(schedule, at);
        const weekdays = daysBetween(shipped, promised).filter((d) => !isWeekend(d)).length;
        expect(weekdays).toBe(transit);
        if (transit > 0) expect(isWeekend(promised)).toBe(false);
      }),
      runs,
    );
  });

  it('reads the local day and time across daylight saving changes', () => {
    // 8 March 2026, 02:30 does not exist in Chicago: 08:30 UTC is 03:30 CDT.
    expect(localMoment(Date.parse('2026-03-08T08:30:00Z'), 'America/Chicago')).toEqual({
      day: '2026-03-08',
      minute: 3 * 60 + 30,
    });
    expect(localMoment(Date.parse('2026-12-03T04:59:00Z'), 'America/New_York')).toEqual({
      day: '2026-12-02',
      minute: 23 * 60 + 59,
    });
    expect(localMoment(Date.parse('2026-12-03T00:00:00Z'), 'UTC').minute).toBe(0);
  });

  it('never promises an earlier day to a later order', () => {
    fc.assert(
      fc.property(
        scheduled,
        fc.integer({ min: 0, max: 10 * 86_400_000 }),
        ({ at, schedule, transit }, later) => {
          expect(arrivesBy(schedule, at + later, transit) >= arrivesBy(schedule, at, transit)).toBe(true);
        },
      ),
      runs,
    );
  });

  it('reads cut-offs in the warehouse time zone', () => {
    const chicago: ShipSchedule = {
      timeZone: 'America/Chicago',
      cutoff: '14:00',
      handlingDays: 0,
      holidays: [],
    };
    // Wednesday 2 December 2026: 13:30 in Chicago ships that day, 14:30 the next.
    expect(shipDay(chicago, Date.parse('2026-12-02T19:30:00Z'))).toBe('2026-12-02');
    expect(shipDay(chicago, Date.parse('2026-12-02T20:30:00Z'))).toBe('2026-12-03');
    // Friday after the cut-off ships on Monday; a Monday holiday moves it to Tuesday.
    expect(shipDay(chicago, Date.parse('2026-12-04T21:00:00Z'))).toBe('2026-12-07');
    expect(shipDay({ ...chicago, holidays: ['2026-12-07'] }, Date.parse('2026-12-04T21:00:00Z'))).toBe(
      '2026-12-08',
    );
    // Two handling days over a holiday; three transit days over a weekend.
    expect(
      arrivesBy(
        { ...chicago, handlingDays: 2, holidays: ['2026-12-04'] },
        Date.parse('2026-12-02T15:00:00Z'),
        3,
      ),
    ).toBe('2026-12-10');
  });

  it('knows time zones', () => {
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('+05:00')).toBe(false);
    expect(canonicalTimeZone('america/chicago')).toBe('America/Chicago');
  });
});
