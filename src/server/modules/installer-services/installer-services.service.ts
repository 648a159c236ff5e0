// Installer service price lists (the module's public entry): what an installer location charges per tire to mount and
// balance (by rim size), for a valve stem or TPMS kit and for disposing of the old tire. The
// installer edits its own location's list, an admin any; buyers read a published list; the order
// pricing reads the price per tire with installerServicesFor (docs/installer.md).
import type { z } from 'zod';
import type * as api from '../../../contract/installer-services';
import type { ServiceList } from '../../../contract/installer-services';
import { rimRangeProblems } from '../../../domain/installer-services';
import { type ServicePriceList, servicesPerTire } from '../../../domain/out-the-door';
import { isStaff } from '../../../domain/roles';
import type { Db, DbOrTx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { badRequest, forbidden } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import * as repo from './installer-services.repository';

export interface InstallerServices {
  mountBalanceCents: number;
  valveKitCents: number;
  disposalCents: number;
  /** The three together: what the installer charges per tire. */
  unitCents: number;
}

/**
 * What an installer location charges per tire of a rim size, or null when it publishes no price
 * list. The order pricing calls this for an order delivered to an installer.
 */
export async function installerServicesFor(
  db: DbOrTx,
  installerLocationId: number,
  rimInches: number,
): Promise<InstallerServices | null> {
  const list = await servicePriceListOf(db, installerLocationId);
  // The rule the result card's out-the-door figure uses too (src/domain/out-the-door.ts).
  return list && servicesPerTire(list, rimInches);
}

/** An installer location's published prices per tire, as the landed cost reads them; null when none. */
export async function servicePriceListOf(
  db: DbOrTx,
  installerLocationId: number,
): Promise<ServicePriceList | null> {
  const found = await repo.findServiceList(db, installerLocationId);
  if (!found) return null;
  const { valveKitCents, disposalCents } = found.list;
  return { mountBalance: found.rates, valveKitCents, disposalCents };
}

/**
 * The installer location a caller's list call is about: an installer's current location (naming
 * another is refused), the location an admin names. `where` is the pointer's part ("querystring", "body").
 */
async function locationFor(db: DbOrTx, actor: Actor, named: number | undefined, where: string) {
  const pointer = `/${where}/installerLocationId`;
  if (!isStaff(actor.role)) {
    if (actor.installer <= 0 || !actor.locationId)
      throw forbidden('Your current location is not an installer location');
    if (named !== undefined && named !== actor.locationId)
      throw forbidden("An installer edits only its own location's price list");
    named = actor.locationId;
  }
  if (named === undefined)
    throw badRequest('Name the installer location', [{ pointer, detail: 'is required' }]);
  const location = await repo.findInstallerLocation(db, named);
  if (!location)
    throw badRequest('There is no installer location with this id', [
      { pointer, detail: 'is not an installer location' },
    ]);
  return location;
}

function toServiceList(
  location: { id: number; name: string },
  found: NonNullable<Awaited<ReturnType<typeof repo.findServiceList>>> | null,
): ServiceList | null {
  if (!found) return null;
  return {
    installerLocationId: location.id,
    installerLocationName: location.name,
    mountBalance: found.rates,
    valveKitCents: found.list.valveKitCents,
    disposalCents: found.list.disposalCents,
    updatedAt: found.list.updatedAt.toISOString(),
  };
}

/** The installer's own location's list (an admin's named one), null while it has none. */
export async function readInstallerServices(db: Db, actor: Actor, installerLocationId?: number) {
  const location = await locationFor(db, actor, installerLocationId, 'querystring');
  return toServiceList(location, await repo.findServiceList(db, location.id));
}

/** A buyer reads the list of the installer its tires would go to; an unknown location is a 400. */
export async function publishedInstallerServices(db: Db, installerLocationId: number) {
  const location = await repo.findInstallerLocation(db, installerLocationId);
  if (!location)
    throw badRequest('There is no installer location with this id', [
      { pointer: '/querystring/installerLocationId', detail: 'is not an installer location' },
    ]);
  return toServiceList(location, await repo.findServiceList(db, location.id));
}

/**
 * Publishes or replaces a location's whole list in one transaction. Rim ranges that overlap or
 * leave a rim without a price are a 400 naming the row's field; nothing is written then. Audited.
 */
export async function replaceInstallerServices(
  db: Db,
  actor: Actor,
  input: z.output<typeof api.ServiceListInput>,
) {
  await locationFor(db, actor, input.installerLocationId, 'body');
  const problems = rimRangeProblems(input.mountBalance);
  if (problems.length)
    throw badRequest(
      'The rim ranges must cover every rim size exactly once',
      problems.map((p) => ({ pointer: `/body/mountBalance/${p.index}/${p.field}`, detail: p.detail })),
    );
  return db.transaction(async (tx) => {
    const location = await locationFor(tx, actor, input.installerLocationId, 'body');
    const before = toServiceList(location, await repo.findServiceList(tx, location.id));
    const rates = [...input.mountBalance].sort(
      (a, b) => (a.fromInches ?? Number.NEGATIVE_INFINITY) - (b.fromInches ?? Number.NEGATIVE_INFINITY),
    );
    await repo.replaceServiceList(
      tx,
      {
        installerLocationId: location.id,
        valveKitCents: input.valveKitCents,
        disposalCents: input.disposalCents,
        updatedBy: actor.userId,
      },
      rates,
    );
    const after = toServiceList(location, await repo.findServiceList(tx, location.id))!;
    await writeAudit(tx, actor, {
      entity: 'installer_service_list',
      entityId: location.id,
      action: before ? 'update' : 'create',
      before,
      after,
    });
    return after;
  });
}
