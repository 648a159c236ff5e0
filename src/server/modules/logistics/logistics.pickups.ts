// Courier pickups at a warehouse: two windows a weekday for the next five weekdays (the courier
// sandboxes' schedule), booked once per courier and window, cancelled only before it starts.
import { isScheduledPickup } from '../../../domain/shipping-status';
import { type Courier, couriers } from '../../../domain/shipping';
import { timeZoneOfState } from '../../../domain/time-zone';
import type { Db, DbOrTx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { badRequest, conflict, notFound } from '../../http/errors';
import { lookupZip } from '../../integrations/geo/zip-geo';
import { supplierScope } from './logistics.fulfillments';
import * as repo from './logistics.repository';

/** Window hours in UTC: mornings and afternoons of the US working day. */
const windowHoursUtc = [
  { start: 15, end: 18 },
  { start: 19, end: 22 },
];
const WEEKDAYS_AHEAD = 5;

/** The windows offered from `now`: the next five weekdays, none that has started. */
export function offeredWindows(now: Date) {
  const windows: { start: Date; end: Date }[] = [];
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  let weekdays = 0;
  while (weekdays < WEEKDAYS_AHEAD) {
    const dow = day.getUTCDay();
    if (dow !== 0 && dow !== 6) {
      weekdays += 1;
      for (const h of windowHoursUtc) {
        const start = new Date(day.getTime() + h.start * 3_600_000);
        if (start > now) windows.push({ start, end: new Date(day.getTime() + h.end * 3_600_000) });
      }
    }
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return windows;
}

async function scopedWarehouse(db: DbOrTx, actor: Actor, warehouseId: number) {
  const w = await repo.warehouseOf(db, warehouseId);
  const scope = supplierScope(actor);
  if (!w || (scope !== undefined && Number(w.supplier_company_id) !== scope)) throw notFound('Warehouse');
  return w;
}

const toPickup = (p: repo.PickupRow) => ({
  pickupId: p.id,
  courier: p.courier as Courier,
  warehouseId: p.warehouseId,
  windowStart: p.windowStart.toISOString(),
  windowEnd: p.windowEnd.toISOString(),
  status: p.status as 'scheduled' | 'cancelled',
  confirmation: p.confirmation,
  packages: p.packages,
});

export async function pickupAvailability(db: Db, actor: Actor, warehouseId: number, courier?: Courier) {
  const w = await scopedWarehouse(db, actor, warehouseId);
  const booked = await repo.scheduledPickups(db, warehouseId);
  const list = (courier ? [courier] : [...couriers]).flatMap((c) =>
    offeredWindows(new Date()).map((w) => ({
      courier: c,
      windowStart: w.start.toISOString(),
      windowEnd: w.end.toISOString(),
      available: !booked.some((b) => b.courier === c && b.windowStart.getTime() === w.start.getTime()),
    })),
  );
  // Windows are kept in UTC; the warehouse reads them in its own time zone.
  const timeZone = timeZoneOfState(lookupZip(w.zip)?.state);
  return { warehouseName: w.name, timeZone, list, scheduled: booked.map(toPickup) };
}

/** Books a courier for an offered window; one in the past or not offered is a 400, a booked one a 409. */
export async function schedulePickup(
  db: Db,
  actor: Actor,
  b: { warehouseId: number; courier: Courier; windowStart: string },
) {
  await scopedWarehouse(db, actor, b.warehouseId);
  const start = new Date(b.windowStart);
  if (start <= new Date())
    throw badRequest('A pickup cannot be booked in the past', [
      { pointer: '/body/windowStart', detail: 'has passed' },
    ]);
  const window = offeredWindows(new Date()).find((w) => w.start.getTime() === start.getTime());
  if (!window)
    throw badRequest('Choose one of the offered pickup windows', [
      { pointer: '/body/windowStart', detail: 'is not an offered window' },
    ]);
  const row = await db.transaction(async (tx) => {
    const packages = await repo.parcelsAwaitingPickup(tx, b.warehouseId, b.courier);
    const inserted = await repo.insertPickup(tx, {
      courier: b.courier,
      warehouseId: b.warehouseId,
      windowStart: window.start,
      windowEnd: window.end,
      packages,
      confirmation: `${b.courier.slice(0, 3).toUpperCase()}-${b.warehouseId}-${window.start.toISOString().slice(0, 13).replace(/\D/g, '')}`,
      createdByUserId: actor.userId,
    });
    if (!inserted) throw conflict('This courier is already booked for that window');
    return inserted;
  });
  return { data: toPickup(row) };
}

export async function cancelPickup(db: Db, actor: Actor, id: number) {
  const row = await db.transaction(async (tx) => {
    const p = await repo.findPickup(tx, id);
    if (!p) throw notFound('Pickup');
    await scopedWarehouse(tx, actor, p.warehouseId);
    if (!isScheduledPickup(p.status)) throw conflict('This pickup is already cancelled');
    if (p.windowStart <= new Date())
      throw conflict('A pickup can be cancelled only before its window starts');
    return repo.cancelPickupRow(tx, p);
  });
  return { data: toPickup(row) };
}
