// The delivery module's public entry (docs/domain.md, "Delivery promise"): warehouses' shipping
// days, "arrives by" for tires not yet ordered, the promise kept when an order is placed.
import type { Db } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { notFound } from '../../http/errors';
import { getLocation } from '../companies/companies.service';
import { promisesFor } from './delivery.promise';

export { arrivesByColumn, keepPromise, type Placed } from './delivery.orders';
export { promisesFor, type Wanted } from './delivery.promise';
export { listSchedules, updateSchedule } from './delivery.settings';

/**
 * Arrives by, to the caller's current location, a ZIP or an active installer's bay: per tire and
 * quantity, the earliest day from the warehouses that can fill it.
 */
export async function promiseOf(
  db: Db,
  actor: Actor,
  q: { items: { productId: number; quantity: number }[]; installerLocationId?: number; zip?: string },
) {
  let zip: string | null = null;
  if (q.installerLocationId !== undefined) {
    const bay = await getLocation(db, q.installerLocationId).catch(() => null);
    if (!bay || bay.locationInstaller <= 0 || !bay.active) throw notFound('Installer location');
    zip = bay.locationZip;
  } else if (q.zip !== undefined) {
    zip = q.zip;
  } else if (actor.locationId !== null) {
    zip = (await getLocation(db, actor.locationId)).locationZip;
  }
  return { data: { zip, list: await promisesFor(db, q.items, zip) } };
}
