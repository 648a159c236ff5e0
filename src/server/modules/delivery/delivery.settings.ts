// A supplier's shipping days per warehouse: cut-off with its time zone, handling days, holidays.
import type { z } from 'zod';
import type { ScheduleInput, WarehouseSchedule } from '../../../contract/delivery';
import { shipDay } from '../../../domain/delivery-promise';
import { canonicalTimeZone } from '../../../domain/time-zone';
import type { Db } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { badRequest } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import { ownWarehouse, warehousesOf } from '../inventory/inventory.service';
import * as repo from './delivery.repository';
import { shippingOfWarehouses, type WarehouseShipping } from './delivery.schedules';

type Named = { id: number; code: string; name: string; zip: string };

function toSchedule(w: Named, s: WarehouseShipping, at: number): WarehouseSchedule {
  return {
    warehouseId: w.id,
    warehouseCode: w.code,
    warehouseName: w.name,
    zip: w.zip,
    timeZone: s.timeZone,
    cutoff: s.cutoff,
    handlingDays: s.handlingDays,
    holidays: s.holidayList,
    custom: s.custom,
    shipsToday: shipDay(s, at),
  };
}

/** The shipping days of the warehouses the actor manages (a supplier its own, staff all). */
export async function listSchedules(db: Db, actor: Actor, at = Date.now()) {
  const warehouses = await warehousesOf(db, actor);
  const shipping = await shippingOfWarehouses(
    db,
    warehouses.map((w) => w.id),
  );
  return warehouses.flatMap((w) => {
    const s = shipping.get(w.id);
    return s ? [toSchedule(w, s, at)] : [];
  });
}

/** The zone as this runtime spells it, known to the database too (placing reads it there). */
async function checkedZone(db: Db, name: string) {
  const zone = canonicalTimeZone(name);
  if (zone && (await repo.databaseKnowsZone(db, zone))) return zone;
  throw badRequest('Unknown time zone', [
    { pointer: '/body/timeZone', detail: 'is not a known time zone (e.g. America/Chicago)' },
  ]);
}

/**
 * Sets when a warehouse of the actor's ships; fields left out stay as they are (or the default),
 * holidays sent replace the calendar. Another supplier's warehouse is a 404. Audited.
 */
export async function updateSchedule(
  db: Db,
  actor: Actor,
  warehouseId: number,
  input: z.output<typeof ScheduleInput>,
  at = Date.now(),
) {
  const zone = input.timeZone === undefined ? undefined : await checkedZone(db, input.timeZone);
  return db.transaction(async (tx) => {
    const warehouse = await ownWarehouse(tx, actor, warehouseId);
    const before = (await shippingOfWarehouses(tx, [warehouseId])).get(warehouseId) as WarehouseShipping;
    const next = {
      warehouseId,
      timeZone: zone ?? before.timeZone,
      cutoff: input.cutoff ?? before.cutoff,
      handlingDays: input.handlingDays ?? before.handlingDays,
    };
    await repo.upsertSchedule(tx, next);
    if (input.holidays) await repo.replaceHolidays(tx, warehouseId, input.holidays);
    const after = (await shippingOfWarehouses(tx, [warehouseId])).get(warehouseId) as WarehouseShipping;
    await writeAudit(tx, actor, {
      entity: 'warehouse',
      entityId: warehouseId,
      action: 'ship_schedule',
      before: {
        timeZone: before.timeZone,
        cutoff: before.cutoff,
        handlingDays: before.handlingDays,
        holidays: before.holidayList,
        custom: before.custom,
      },
      after: { ...next, holidays: after.holidayList },
    });
    return toSchedule(warehouse, after, at);
  });
}
