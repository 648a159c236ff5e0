// What the signed-in user sees of their session and account, and what they may change of it:
// the current location and the session's price group.
import type { Location, Session } from '../../../contract/sessions';
import { isStaff, type Role } from '../../../domain/roles';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { AppError, forbidden } from '../../http/errors';
import { cartSummary } from '../orders/orders.service';
import * as repo from './sessions.repository';

type LocationRow = Awaited<ReturnType<typeof repo.listUserLocations>>[number];

export function toLocation({ location, group }: LocationRow): Location {
  return {
    locationId: location.id,
    locationName: location.name,
    locationSupplierId: location.supplierId,
    locationInstaller: location.installer,
    locationGroupPricing: group.id,
    locationGroupPricingName: group.name,
    locationZip: location.zip,
    locationAddress: location.address1,
    locationCity: location.city,
    locationState: location.state,
  };
}

/** Price groups a user may switch a session to: its locations' groups; staff: all. */
async function allowedGroups(db: Db, role: Role, locations: LocationRow[]) {
  return isStaff(role)
    ? repo.listPriceGroups(db)
    : repo.listPriceGroups(db, [...new Set(locations.map((l) => l.group.id))]);
}

export async function getSessionView(db: Db, config: Config, actor: Actor): Promise<Session> {
  const user = await repo.findUser(db, actor.userId);
  const company = user && (await repo.findCompany(db, user.companyId));
  if (!user || !company) throw new AppError('unauthenticated', 'Sign in to continue');
  const rows = await repo.listUserLocations(db, actor.userId);
  const groups = await allowedGroups(db, actor.role, rows);
  const current = rows.find((r) => r.location.id === actor.locationId);
  const cart = await cartSummary(db, actor);
  const inForce =
    actor.priceGroupId === null ? undefined : (await repo.listPriceGroups(db, [actor.priceGroupId]))[0];
  return {
    user: {
      userId: user.id,
      userName: user.username,
      name: user.name,
      email: user.email,
      role: user.role as Role,
      companyId: company.id,
      companyName: company.name,
    },
    location: current ? toLocation(current) : null,
    locations: rows.map(toLocation),
    order: cart.order,
    cart_count: cart.count,
    priceGroup: inForce ? { id: inForce.id, code: inForce.code, name: inForce.name } : null,
    priceGroups: groups.map((g) => ({ id: g.id, code: g.code, name: g.name })),
    supportEmail: config.SUPPORT_EMAIL,
  };
}

/**
 * The locations a user may act at: the active ones of the company granted to the user, the
 * current one among them (what /account lists). Other modules scope by it (the fleet roster).
 */
export async function grantedLocations(db: DbOrTx, userId: number) {
  const rows = await repo.listUserLocations(db, userId);
  return rows.map((r) => ({ id: r.location.id, name: r.location.name, companyId: r.location.companyId }));
}

/** Switches the current location to one of the user's own; remembered for the next sign-in. */
export async function switchLocation(db: Db, actor: Actor, locationId: number) {
  const rows = await repo.listUserLocations(db, actor.userId);
  if (!rows.some((r) => r.location.id === locationId)) throw forbidden('That location is not one of yours');
  await db.transaction(async (tx) => {
    if (actor.sessionIdHash)
      await repo.updateSession(tx, actor.sessionIdHash, { locationId, priceGroupId: null });
    await repo.setUserCurrentLocation(tx, actor.userId, locationId);
  });
  const location = rows.find((r) => r.location.id === locationId)!.location;
  return {
    ...actor,
    locationId,
    supplierId: location.supplierId,
    installer: location.installer,
    priceGroupId: location.priceGroupId,
  };
}

/** Overrides the session's price group with one the user may use; null goes back to the location's. */
export async function setSessionGroup(db: Db, actor: Actor, group: number | null): Promise<Actor> {
  if (!actor.sessionIdHash)
    throw new AppError('bad_request', 'Price groups are chosen per signed-in session');
  const rows = await repo.listUserLocations(db, actor.userId);
  const current = rows.find((r) => r.location.id === actor.locationId);
  if (group !== null) {
    const allowed = await allowedGroups(db, actor.role, rows);
    if (!allowed.some((g) => g.id === group)) throw forbidden('That price group is not available to you');
  }
  await repo.updateSession(db, actor.sessionIdHash, { priceGroupId: group });
  return { ...actor, priceGroupId: group ?? current?.location.priceGroupId ?? null };
}

export async function getAccount(db: Db, config: Config, actor: Actor) {
  const session = await getSessionView(db, config, actor);
  const company = await repo.findCompany(db, actor.companyId);
  if (!company) throw new AppError('not_found', 'Company not found');
  return {
    user: session.user,
    company: {
      id: company.id,
      name: company.name,
      kind: company.kind,
      email: company.email,
      phone: company.phone,
    },
    locations: session.locations,
  };
}
