import { z } from 'zod';
import { MAX_HANDLING_DAYS } from '../domain/delivery-promise';
import { isTimeZone } from '../domain/time-zone';
import { endpoint, Id } from './common';

// The delivery promise (docs/domain.md, "Delivery promise"): when each warehouse ships (cut-off,
// time zone, handling days, holidays) and the "arrives by" day of tires to the buyer's location
// or installer. The promise an order was placed with is its detail's `arrivesBy`.

const Day = z.iso.date({ message: 'is not a day (YYYY-MM-DD)' });

export const Holiday = z.object({
  day: Day,
  name: z.string().trim().max(80).default(''),
});

export const WarehouseSchedule = z.object({
  warehouseId: z.number().int(),
  warehouseCode: z.string(),
  warehouseName: z.string(),
  zip: z.string(),
  timeZone: z.string(),
  cutoff: z.string(),
  handlingDays: z.number().int(),
  holidays: z.array(z.object({ day: z.string(), name: z.string() })),
  /** False while the warehouse keeps the shop's default (no settings of its own yet). */
  custom: z.boolean(),
  /** The day an order confirmed now ships, in the warehouse's calendar. */
  shipsToday: z.string(),
});
export type WarehouseSchedule = z.infer<typeof WarehouseSchedule>;

export const ScheduleInput = z
  .object({
    timeZone: z
      .string()
      .trim()
      .max(64)
      .refine(isTimeZone, 'is not a known time zone (e.g. America/Chicago)')
      .optional(),
    cutoff: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'is not a time HH:MM (00:00 to 23:59)')
      .optional(),
    handlingDays: z
      .number()
      .int('is not a whole number of days')
      .min(0, 'cannot be negative')
      .max(MAX_HANDLING_DAYS, `is more than ${MAX_HANDLING_DAYS} business days`)
      .optional(),
    /** The warehouse's whole calendar of days it does not ship (replaces the one kept). */
    holidays: z
      .array(Holiday)
      .max(200)
      .refine((h) => new Set(h.map((x) => x.day)).size === h.length, 'has a day twice')
      .optional(),
  })
  .superRefine((body, ctx) => {
    // A time of day means nothing without the zone it is read in.
    if (body.cutoff !== undefined && body.timeZone === undefined)
      ctx.addIssue({ code: 'custom', path: ['timeZone'], message: 'is required with a cut-off' });
  });
export type ScheduleInput = z.input<typeof ScheduleInput>;

export const listSchedules = endpoint({
  method: 'GET',
  path: '/api/v1/supplier/delivery',
  access: 'supplier',
  summary: "Cut-off, time zone, handling days and holidays of the caller's warehouses (staff: every one)",
  response: z.object({ data: z.array(WarehouseSchedule) }),
});

export const updateSchedule = endpoint({
  method: 'PUT',
  path: '/api/v1/supplier/warehouse/:id/delivery',
  access: 'supplier',
  summary:
    'Set when a warehouse ships: a cut-off (HH:MM) with its time zone, handling days, the holiday calendar (fields left out stay)',
  params: z.object({ id: Id }),
  body: ScheduleInput,
  response: z.object({ data: WarehouseSchedule }),
});

export const PromiseItem = z.object({
  productId: Id,
  quantity: z.number().int().min(1).max(100).default(4),
});

export const PromiseQuery = z.object({
  items: z.array(PromiseItem).min(1).max(100),
  /** Deliver to this installer's bay instead of the current location. */
  installerLocationId: Id.optional(),
  /** Deliver to this ZIP (an address chosen at checkout) instead of the current location. */
  zip: z
    .string()
    .regex(/^\d{5}$/, 'is not a ZIP code (5 digits)')
    .optional(),
});
export type PromiseQuery = z.input<typeof PromiseQuery>;

export const Promised = z.object({
  productId: z.number().int(),
  quantity: z.number().int(),
  /** The earliest day the tires can arrive; null when no warehouse can fill the quantity. */
  arrivesBy: z.string().nullable(),
  /** The day the warehouse of that promise ships them. */
  shipsBy: z.string().nullable(),
});
export type Promised = z.infer<typeof Promised>;

export const promiseOf = endpoint({
  method: 'POST',
  path: '/api/delivery/promise',
  access: 'shop',
  summary:
    'Arrives by: for each tire and quantity, the earliest delivery day to the current location (or an installer) from the warehouses that can fill it',
  body: PromiseQuery,
  response: z.object({ data: z.object({ zip: z.string().nullable(), list: z.array(Promised) }) }),
  readOnly: true,
});
