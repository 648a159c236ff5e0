// The fleet roster: a company's units per location, scoped to the locations the caller may act
// at (the ones /account lists), their OE sizes from the vehicle data, and the cart and order
// lines that name a unit (docs/fleet.md).
import type { z } from 'zod';
import type * as api from '../../../contract/fleet';
import type { SizeRecord } from '../../../contract/catalog';
import { isStaff } from '../../../domain/roles';
import type { Db, DbOrTx } from '../../db/connection';
import { pageAnswer } from '../../db/list-page';
import type { Actor } from '../../http/actor';
import { badRequest, conflict, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import { addCartLinesApart, cartLineIds, itemsBoughtBy } from '../orders/orders.service';
import { vehicleKey, vehiclesWithSizes } from '../sizing/sizing.service';
import * as repo from './fleet.repository';
import { ownScope, readScope, unknownPart, type VehicleOf, writableLocation } from './fleet.scope';

export { importRoster } from './fleet.import';

type Vehicles = Awaited<ReturnType<typeof vehiclesWithSizes>>;

/** The sizes of the unit's fitment: the one chosen, else the vehicle's first. */
export function fitmentSizes(sizes: SizeRecord[], fitment: number | null): SizeRecord[] {
  const chosen = fitment ?? Math.min(...sizes.map((s) => s.fitment));
  return sizes.filter((s) => s.fitment === chosen);
}

export function toUnit(row: repo.UnitRow, vehicles: Vehicles): api.Unit {
  const allSizes = vehicles.get(vehicleKey(row))?.sizes ?? [];
  return {
    id: row.id,
    locationId: row.locationId,
    locationName: row.locationName,
    unitNumber: row.unitNumber,
    vin: row.vin,
    year: row.year,
    make: row.make,
    model: row.model,
    option: row.option,
    fitment: row.fitment,
    route: row.route,
    depot: row.depot,
    sizes: fitmentSizes(allSizes, row.fitment),
    allSizes,
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

const selectionOf = (v: VehicleOf) => ({ year: v.year, make: v.make, model: v.model, option: v.option });

/**
 * The vehicle as the vehicle data spells it, and its fitment checked; a 400 with a pointer at
 * the part it does not know.
 */
async function knownVehicle(db: Db, v: VehicleOf & { fitment?: number | null }, base = '/body') {
  const vehicles = await vehiclesWithSizes(db, [selectionOf(v)]);
  const found = vehicles.get(vehicleKey(v));
  if (!found) {
    const { column, detail } = await unknownPart(db, v);
    throw badRequest(`No ${v.year} ${v.make} ${v.model} ${v.option} in the vehicle data`, [
      { pointer: `${base}/${column}`, detail },
    ]);
  }
  if (v.fitment && !found.sizes.some((s) => s.fitment === v.fitment))
    throw badRequest('The vehicle has no such OE fitment', [
      {
        pointer: `${base}/fitment`,
        detail: `is not a fitment of the vehicle (it has ${[...new Set(found.sizes.map((s) => s.fitment))].join(', ')})`,
      },
    ]);
  return { ...selectionOf(found), vehicles };
}

async function assertNumberFree(tx: DbOrTx, locationId: number, unitNumber: string, id?: number) {
  const taken = (await repo.unitsByNumber(tx, locationId, [unitNumber])).get(unitNumber.toLowerCase());
  if (taken !== undefined && taken !== id)
    throw conflict(`Unit ${unitNumber} is on the roster of that location already`, {
      errors: [{ pointer: '/body/unitNumber', detail: 'is taken at this location' }],
    });
}

/**
 * A page of the roster of the caller's locations (or of one of them), with each unit's OE sizes;
 * staff read a customer's by `companyId`.
 */
export async function listUnits(db: Db, actor: Actor, q: repo.UnitFilter) {
  // Staff read a customer's roster by its company; without one, a list is of the caller's own.
  const scope = q.companyId && isStaff(actor.role) ? 'any' : await ownScope(db, actor);
  if (scope !== 'any' && q.locationId !== undefined && !scope.locationIds.includes(q.locationId))
    throw notFound('Location');
  const page = await repo.listUnits(db, scope, q);
  const vehicles = await vehiclesWithSizes(db, page.list.map(selectionOf));
  return pageAnswer(q, page, (row) => toUnit(row, vehicles));
}

/** A unit the caller may change, or a 404 (another company's or location's unit is not revealed). */
export async function unitOf(db: DbOrTx, actor: Actor, id: number) {
  const row = await repo.findUnit(db, await ownScope(db, actor), id);
  if (!row) throw notFound('Unit');
  return row;
}

/** One unit with its sizes and what was bought for it, newest order first (staff read any). */
export async function getUnit(db: Db, actor: Actor, id: number): Promise<api.UnitDetail> {
  const row = await repo.findUnit(db, await readScope(db, actor), id);
  if (!row) throw notFound('Unit');
  const vehicles = await vehiclesWithSizes(db, [selectionOf(row)]);
  const bought = await itemsBoughtBy(db, row.companyId, await repo.itemIdsOfUnit(db, id));
  return {
    ...toUnit(row, vehicles),
    purchases: bought.map((b) => ({
      ...b,
      placedAt: b.placedAt ? new Date(b.placedAt).toISOString() : null,
    })),
  };
}

/** A new unit at one of the caller's locations; its vehicle must be in the vehicle data, its number free there. */
export async function createUnit(db: Db, actor: Actor, input: z.output<typeof api.UnitInput>) {
  const locationId = await writableLocation(db, actor, input.locationId, '/body/locationId');
  const vehicle = await knownVehicle(db, input);
  const id = await db.transaction(async (tx) => {
    await assertNumberFree(tx, locationId, input.unitNumber);
    const values = { ...input, ...selectionOf(vehicle), companyId: actor.companyId, locationId };
    const made = await repo.insertUnit(tx, values);
    await writeAudit(tx, actor, { entity: 'fleet_unit', entityId: made, action: 'create', after: values });
    return made;
  });
  return toUnit(await unitOf(db, actor, id), vehicle.vehicles);
}

/** Changes a unit; a new vehicle must be known and a new number free at its (new) location. */
export async function updateUnit(db: Db, actor: Actor, id: number, input: z.output<typeof api.UnitPatch>) {
  const before = await unitOf(db, actor, id);
  const locationId =
    input.locationId === undefined
      ? before.locationId
      : await writableLocation(db, actor, input.locationId, '/body/locationId');
  const merged = { ...before, ...input, locationId };
  // A new vehicle's fitments are its own: a fitment not given goes back to the first.
  const newVehicle = vehicleKey(merged) !== vehicleKey(before);
  if (newVehicle && input.fitment === undefined) merged.fitment = null;
  const vehicle = await knownVehicle(db, merged);
  await db.transaction(async (tx) => {
    await assertNumberFree(tx, locationId, merged.unitNumber, id);
    const values = {
      ...input,
      ...selectionOf(vehicle),
      locationId,
      fitment: merged.fitment,
    };
    await repo.updateUnit(tx, id, values);
    await writeAudit(tx, actor, {
      entity: 'fleet_unit',
      entityId: id,
      action: 'update',
      before,
      after: values,
    });
  });
  return toUnit(await unitOf(db, actor, id), vehicle.vehicles);
}

/** Takes a unit off the roster; the lines bought for it stay on their orders, naming no unit. */
export async function deleteUnit(db: Db, actor: Actor, id: number) {
  const before = await unitOf(db, actor, id);
  await db.transaction(async (tx) => {
    await repo.deleteUnit(tx, id);
    await writeAudit(tx, actor, { entity: 'fleet_unit', entityId: id, action: 'delete', before });
  });
}

/** Tires into the cart for a unit, each a line of its own that names the unit; the cart answers. */
export async function addForUnit(
  db: Db,
  actor: Actor,
  id: number,
  lines: z.output<typeof api.UnitCartLine>[],
) {
  await unitOf(db, actor, id);
  return db.transaction(async (tx) => {
    const added = await addCartLinesApart(tx, actor, lines);
    await repo.linkLines(tx, id, added.itemIds);
    return added.cart();
  });
}

/**
 * The unit's last order's tires into the cart again, at today's prices and the same road
 * hazard choice; a unit nothing was bought for is a 409.
 */
export async function reorderUnit(db: Db, actor: Actor, id: number) {
  await unitOf(db, actor, id);
  const unit = await getUnit(db, actor, id);
  const last = unit.purchases[0];
  if (!last) throw conflict(`Nothing was bought for unit ${unit.unitNumber} yet`);
  const lines = unit.purchases
    .filter((p) => p.orderId === last.orderId)
    .map((p) => ({
      orderItemMakeId: p.makeId,
      orderItemModelId: p.modelId,
      orderItemProductId: p.productId,
      orderItemQuantity: p.quantity,
      orderItemRoadHazard: p.roadHazard,
    }));
  return addForUnit(db, actor, id, lines);
}

/** The units the caller's cart lines name. */
export async function listCartUnits(db: Db, actor: Actor) {
  return { list: await repo.unitsOfLines(db, await cartLineIds(db, actor)) };
}

/** Names the unit a line of the caller's own cart is for (null: none). */
export async function setCartLineUnit(db: Db, actor: Actor, orderItemId: number, unitId: number | null) {
  const lines = await cartLineIds(db, actor);
  if (!lines.includes(orderItemId)) throw notFound('Cart item');
  if (unitId !== null) await unitOf(db, actor, unitId);
  await db.transaction(async (tx) => {
    if (unitId === null) await repo.unlinkLine(tx, orderItemId);
    else await repo.linkLines(tx, unitId, [orderItemId]);
  });
  return { list: await repo.unitsOfLines(db, lines) };
}
