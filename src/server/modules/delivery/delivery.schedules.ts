// How each warehouse ships: its own settings, or the shop's default for a warehouse without any.
import { DEFAULT_CUTOFF, DEFAULT_HANDLING_DAYS, type ShipSchedule } from '../../../domain/delivery-promise';
import { timeZoneOfState } from '../../../domain/time-zone';
import type { DbOrTx } from '../../db/connection';
import { lookupZip } from '../../integrations/geo/zip-geo';
import * as repo from './delivery.repository';

export interface WarehouseShipping extends ShipSchedule {
  warehouseId: number;
  zip: string;
  holidays: ReadonlySet<string>;
  holidayList: { day: string; name: string }[];
  /** False while the warehouse keeps the default. */
  custom: boolean;
}

/** The time zone of a warehouse without settings: that of its ZIP's state. */
export const defaultTimeZoneOf = (zip: string) => timeZoneOfState(lookupZip(zip)?.state);

function shippingOf(row: repo.ScheduleRow): WarehouseShipping {
  const holidayList = row.holidays.map((h) => ({ day: String(h.day).slice(0, 10), name: h.name }));
  const own = row.timeZone !== null && row.cutoff !== null && row.handlingDays !== null;
  return {
    warehouseId: row.warehouseId,
    zip: row.zip,
    timeZone: own ? (row.timeZone as string) : defaultTimeZoneOf(row.zip),
    cutoff: own ? (row.cutoff as string) : DEFAULT_CUTOFF,
    handlingDays: own ? (row.handlingDays as number) : DEFAULT_HANDLING_DAYS,
    holidays: new Set(holidayList.map((h) => h.day)),
    holidayList,
    custom: own || holidayList.length > 0,
  };
}

/** How some warehouses ship, read in one statement (with their ZIPs), by warehouse id. */
export async function shippingOfWarehouses(db: DbOrTx, warehouseIds: number[]) {
  const rows = await repo.schedulesOf(db, [...new Set(warehouseIds)]);
  return new Map(rows.map((r) => [r.warehouseId, shippingOf(r)]));
}
