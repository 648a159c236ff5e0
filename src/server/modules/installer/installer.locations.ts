// Installer locations: an installer lists and registers its own company's bays, staff every one;
// the address is checked against its ZIP (docs/installer.md).
import type { z } from 'zod';
import type * as api from '../../../contract/installer';
import type { VendorInstallerLocation } from '../../../contract/installer';
import { can, isStaff } from '../../../domain/roles';
import type { Db, DbOrTx } from '../../db/connection';
import { pageAnswer } from '../../db/list-page';
import type { Actor } from '../../http/actor';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import { insertLocation } from '../companies/companies.service';
import { checkedInstallerAddress } from './installer.address';
import * as repo from './installer.repository';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findLocation>>>;

function toLocation({ location: l, companyName }: Row): VendorInstallerLocation {
  return {
    locationId: l.id,
    companyId: l.companyId,
    companyName,
    locationName: l.name,
    locationAddress: l.address1,
    locationCity: l.city,
    locationState: l.state,
    locationZip: l.zip,
    locationPhone: l.phone,
    active: l.active,
  };
}

/** Staff see every installer location; an installer its own company's. */
export async function listVendorInstallerLocations(
  db: Db,
  actor: Actor,
  q: z.output<NonNullable<typeof api.listVendorInstallerLocations.query>>,
) {
  const companyId = isStaff(actor.role) ? undefined : actor.companyId;
  return pageAnswer(q, await repo.listLocations(db, q, companyId), toLocation);
}

/** Whose bay it is: an installer's own company; staff who edit companies name an installer company. */
async function ownerOf(db: DbOrTx, actor: Actor, companyId: number | undefined) {
  if (!isStaff(actor.role)) {
    if (companyId !== undefined && companyId !== actor.companyId)
      throw forbidden('An installer registers locations of its own company');
    return actor.companyId;
  }
  if (!can(actor.role, 'companySettings'))
    throw forbidden('Only sales, finance or an admin register locations');
  if (companyId === undefined)
    throw badRequest('Name the installer company', [{ pointer: '/body/companyId', detail: 'is required' }]);
  const company = await repo.companyOf(db, companyId);
  if (!company) throw notFound('Company');
  if (company.kind !== 'installer')
    throw badRequest('The company is not an installer', [
      { pointer: '/body/companyId', detail: 'is not an installer company' },
    ]);
  return companyId;
}

/** A new bay of an installer company, at the standard prices, once its address fits its ZIP. Audited. */
export async function registerInstallerLocation(
  db: Db,
  actor: Actor,
  input: z.output<typeof api.InstallerLocationInput>,
) {
  const address = checkedInstallerAddress(input);
  return db.transaction(async (tx) => {
    const companyId = await ownerOf(tx, actor, input.companyId);
    const priceGroupId = await repo.standardPriceGroup(tx);
    if (!priceGroupId) throw notFound('Price group');
    const id = await insertLocation(tx, {
      companyId,
      name: address.locationName,
      address1: address.locationAddress,
      city: address.locationCity,
      state: address.locationState,
      zip: address.locationZip,
      phone: address.locationPhone,
      priceGroupId,
      installer: 1,
    });
    const row = (await repo.findLocation(tx, id))!;
    await writeAudit(tx, actor, { entity: 'location', entityId: id, action: 'create', after: row.location });
    return toLocation(row);
  });
}
