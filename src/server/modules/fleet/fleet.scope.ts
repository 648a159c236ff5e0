// Who sees which roster, and what the vehicle data does not know: shared by the roster's use
// cases and its CSV import.
import type { Db, DbOrTx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { badRequest, notFound } from '../../http/errors';
import { isStaff } from '../../../domain/roles';
import { grantedLocations } from '../sessions/sessions.service';
import { vehicleList } from '../sizing/sizing.service';
import { companyLocationIds, type RowScope } from './fleet.repository';

export type VehicleOf = { year: number; make: string; model: string; option: string };

/**
 * The ids of the locations the caller may see and change the roster of: a company admin every
 * active location of the company, anyone else the locations granted to them.
 */
export async function rosterLocations(db: DbOrTx, actor: Actor) {
  if (actor.role === 'company_admin') return companyLocationIds(db, actor.companyId);
  return (await grantedLocations(db, actor.userId))
    .filter((l) => l.companyId === actor.companyId)
    .map((l) => l.id);
}

/** The rosters the caller keeps: their company's, at the locations they may act at. */
export async function ownScope(db: DbOrTx, actor: Actor): Promise<RowScope> {
  return { companyId: actor.companyId, locationIds: await rosterLocations(db, actor) };
}

/** Which units a read of one unit may reach: staff read every company's, anyone else their own. */
export async function readScope(db: DbOrTx, actor: Actor): Promise<RowScope> {
  return isStaff(actor.role) ? 'any' : ownScope(db, actor);
}

/** The location a write goes to: the one named, else the current one; never one the caller may not see. */
export async function writableLocation(
  db: DbOrTx,
  actor: Actor,
  locationId: number | undefined,
  pointer: string,
) {
  const allowed = await rosterLocations(db, actor);
  const id = locationId ?? actor.locationId;
  if (id === null || id === undefined)
    throw badRequest('Choose the location of the unit', [{ pointer, detail: 'is required' }]);
  if (!allowed.includes(id)) throw notFound('Location');
  return id;
}

/**
 * Which part of a vehicle the vehicle data does not know, as a pointer's last segment and its
 * detail: the make of the year, the model of the make, or the option of the model.
 */
export async function unknownPart(
  db: Db,
  v: VehicleOf,
): Promise<{ column: keyof VehicleOf; detail: string }> {
  const has = (list: { value: string }[], value: string) =>
    list.some((c) => c.value.toLowerCase() === value.toLowerCase());
  const makes = (await vehicleList(db, 'make', v.year)).body.data.list;
  if (!has(makes, v.make))
    return { column: 'make', detail: `is not a make of ${v.year} in the vehicle data` };
  const make = makes.find((c) => c.value.toLowerCase() === v.make.toLowerCase())!.value;
  const models = (await vehicleList(db, 'model', v.year, make)).body.data.list;
  if (!has(models, v.model))
    return { column: 'model', detail: `is not a model of the ${v.year} ${make} in the vehicle data` };
  return {
    column: 'option',
    detail: `is not an option of the ${v.year} ${make} ${v.model} in the vehicle data`,
  };
}
