import type { Db } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { badRequest, notFound } from '../../http/errors';
import { lookupZip, milesBetween, nearestZip } from '../../integrations/geo/zip-geo';
import * as repo from './shipping.repository';

export function placeOfZip(zip: string) {
  const place = lookupZip(zip);
  if (!place)
    throw badRequest('Unknown ZIP code', [{ pointer: '/body/zip', detail: 'is not a US ZIP code' }]);
  return place;
}

export function placeOfCoords(latitude: number, longitude: number) {
  const place = nearestZip(latitude, longitude);
  if (!place) throw notFound('ZIP code near these coordinates');
  return place;
}

/** Installer locations within a radius of a ZIP (default: the caller's location), nearest first. */
export async function findInstallers(db: Db, actor: Actor, zip: string | undefined, radiusMiles: number) {
  const origin = zip ?? (actor.locationId ? await repo.locationZip(db, actor.locationId) : undefined);
  const rows = await repo.listInstallerLocations(db);
  const list = rows
    .map(({ location: l, companyName }) => ({
      locationId: l.id,
      companyId: l.companyId,
      name: l.name,
      companyName,
      address: l.address1,
      city: l.city,
      state: l.state,
      zip: l.zip,
      miles: milesBetween(origin, l.zip),
    }))
    .filter((l) => !origin || (l.miles !== null && l.miles <= radiusMiles))
    .sort((a, b) => (a.miles ?? 1e9) - (b.miles ?? 1e9) || a.locationId - b.locationId);
  return { list: list.slice(0, 50) };
}
