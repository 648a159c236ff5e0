import { eq, type SQL, sql } from 'drizzle-orm';
import { DEFAULT_CUTOFF, DEFAULT_HANDLING_DAYS } from '../../../domain/delivery-promise';
import type { DbOrTx } from '../../db/connection';
import { orderPromises, warehouseHolidays, warehouseShipSchedules, warehouses } from '../../db/schema';

export interface ScheduleRow {
  warehouseId: number;
  zip: string;
  /** Null while the warehouse keeps the default. */
  timeZone: string | null;
  cutoff: string | null;
  handlingDays: number | null;
  holidays: { day: string; name: string }[];
}

/** Some warehouses with their ZIP, settings (null without any) and holiday calendar, in one statement. */
export async function schedulesOf(db: DbOrTx, warehouseIds: number[]): Promise<ScheduleRow[]> {
  if (!warehouseIds.length) return [];
  const { rows } = await db.execute<{
    warehouse_id: number;
    zip: string;
    time_zone: string | null;
    cutoff: string | null;
    handling_days: number | null;
    holidays: { day: string; name: string }[];
  }>(sql`
    select w.id as warehouse_id, w.zip, s.time_zone, s.cutoff, s.handling_days,
      coalesce((select json_agg(json_build_object('day', h.day, 'name', h.name) order by h.day)
                from ${warehouseHolidays} h where h.warehouse_id = w.id), '[]'::json) as holidays
    from ${warehouses} w
    left join ${warehouseShipSchedules} s on s.warehouse_id = w.id
    where w.id = any(${`{${warehouseIds.join(',')}}`}::bigint[])
    order by w.id`);
  return rows.map((r) => ({
    warehouseId: Number(r.warehouse_id),
    zip: r.zip,
    timeZone: r.time_zone,
    cutoff: r.cutoff,
    handlingDays: r.handling_days,
    holidays: r.holidays,
  }));
}

/** Whether the database knows a time zone by that name (the promise at placement reads it there). */
export async function databaseKnowsZone(db: DbOrTx, timeZone: string) {
  const { rows } = await db.execute<{ known: boolean }>(
    sql`select exists (select 1 from pg_timezone_names where name = ${timeZone}) as known`,
  );
  return rows[0]?.known === true;
}

/** Writes a warehouse's settings (insert or replace). */
export async function upsertSchedule(
  tx: DbOrTx,
  v: { warehouseId: number; timeZone: string; cutoff: string; handlingDays: number },
) {
  await tx
    .insert(warehouseShipSchedules)
    .values(v)
    .onConflictDoUpdate({
      target: warehouseShipSchedules.warehouseId,
      set: { timeZone: v.timeZone, cutoff: v.cutoff, handlingDays: v.handlingDays, updatedAt: sql`now()` },
    });
}

/** Replaces a warehouse's holiday calendar. */
export async function replaceHolidays(
  tx: DbOrTx,
  warehouseId: number,
  days: { day: string; name: string }[],
) {
  await tx.delete(warehouseHolidays).where(eq(warehouseHolidays.warehouseId, warehouseId));
  if (days.length) await tx.insert(warehouseHolidays).values(days.map((d) => ({ warehouseId, ...d })));
}

/** A leg of a placed order: units of an item from a warehouse, and what the database cannot know. */
export interface Leg {
  orderItemId: number;
  warehouseId: number;
  quantity: number;
  /** Courier business days from the warehouse to the delivery ZIP (the one shipping rule). */
  transitDays: number;
  /** The zone of a warehouse without settings of its own (its ZIP's state). */
  defaultTimeZone: string;
}

/**
 * The ship day and arrival of each leg for an order confirmed at `at`, as SQL: the rule of
 * shipDay and afterTransit (src/domain/delivery-promise.ts) over the warehouses' settings and
 * calendars as they stand, so that placing reads and writes the promise in one statement.
 * The first shipping day counted is the local day of `at` when it ships and `at` is before the
 * cut-off, else the next one; the ship day is that one plus the handling days, in shipping days.
 * delivery.test.ts holds it to the domain's rule.
 */
export function legDaysQuery(legs: Leg[], at: Date): SQL {
  const json = JSON.stringify(
    legs.map((l) => ({
      order_item_id: l.orderItemId,
      warehouse_id: l.warehouseId,
      quantity: l.quantity,
      transit: Math.max(0, Math.ceil(l.transitDays)),
      time_zone: l.defaultTimeZone,
    })),
  );
  return sql`
    select a.order_item_id, a.warehouse_id, a.quantity, ship.day as ships_by,
      case when a.transit = 0 then ship.day else (
        select ship.day + n from generate_series(1, 7 * a.transit + 7) n
        where extract(isodow from ship.day + n) < 6 order by n offset a.transit - 1 limit 1) end as arrives_by
    from jsonb_to_recordset(${json}::jsonb)
      as a(order_item_id bigint, warehouse_id bigint, quantity int, transit int, time_zone text)
    left join ${warehouseShipSchedules} s on s.warehouse_id = a.warehouse_id
    cross join lateral (
      select ${at.toISOString()}::timestamptz at time zone coalesce(s.time_zone, a.time_zone) as local,
        coalesce(s.cutoff, ${DEFAULT_CUTOFF})::time as cutoff,
        coalesce(s.handling_days, ${DEFAULT_HANDLING_DAYS}) as handling
    ) l
    cross join lateral (
      select l.local::date + n as day from generate_series(0, 1000) n
      where extract(isodow from l.local::date + n) < 6
        and (n > 0 or l.local::time < l.cutoff)
        and not exists (select 1 from ${warehouseHolidays} h
                        where h.warehouse_id = a.warehouse_id and h.day = l.local::date + n)
      order by n offset l.handling limit 1
    ) ship`;
}

/** Keeps the promise of a placed order's legs, worked out and written in one statement. */
export async function insertPromises(tx: DbOrTx, orderId: number, legs: Leg[], at: Date) {
  if (!legs.length) return;
  await tx.execute(sql`
    insert into ${orderPromises} (order_item_id, warehouse_id, order_id, quantity, ships_by, arrives_by, promised_at)
    select k.order_item_id, k.warehouse_id, ${orderId}, k.quantity, k.ships_by, k.arrives_by, ${at.toISOString()}::timestamptz
    from (${legDaysQuery(legs, at)}) k
    on conflict do nothing`);
}

/** The legs' days as the database works them out (what insertPromises writes). */
export async function legDays(db: DbOrTx, legs: Leg[], at: Date) {
  const { rows } = await db.execute<{ order_item_id: number; ships_by: string; arrives_by: string }>(
    sql`select k.order_item_id, k.ships_by::text, k.arrives_by::text from (${legDaysQuery(legs, at)}) k order by k.order_item_id`,
  );
  return rows.map((r) => ({
    orderItemId: Number(r.order_item_id),
    shipsBy: r.ships_by,
    arrivesBy: r.arrives_by,
  }));
}

/** The order's "arrives by" as a column of another read: the latest day of its promise rows. */
export const arrivesByColumn = (orderId: SQL) =>
  sql`(select max(p.arrives_by)::text from ${orderPromises} p where p.order_id = ${orderId})`;
