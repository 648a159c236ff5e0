// Installer locations: an installer lists and registers its own company's bays, staff every one;
// the address goes through the shop's one address rule (docs/installer.md).
import type { z } from 'zod';
import type * as api from '../../../contract/installer';
import type { VendorInstallerLocation } from '../../../contract/installer';
import { can, isStaff } from '../../../domain/roles';
import type { AddressField } from '../../../domain/address';
import type { Db, DbOrTx } from '../../db/connection';
import { pageAnswer } from '../../db/list-page';
import { checkedAddress } from '../../integrations/geo/address-check';
import type { Actor } from '../../http/actor';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import { insertLocation } from '../companies/companies.service';
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

const bodyField: Record<AddressField, string> = {
  address1: 'locationAddress',
  city: 'locationCity',
  state: 'locationState',
  zip: 'locationZip',
};

/**
 * A new bay of an installer company, at the standard prices. Its address goes through the
 * delivery address rule: a corrected one is taken with the correction, an invalid one is a 400. Audited.
 */
export async function registerInstallerLocation(
  db: Db,
  actor: Actor,
  input: z.output<typeof api.InstallerLocationInput>,
) {
  return db.transaction(async (tx) => {
    const companyId = await ownerOf(tx, actor, input.companyId);
    const address = checkedAddress(
      {
        address1: input.locationAddress,
        city: input.locationCity,
        state: input.locationState,
        zip: input.locationZip,
      },
      (field) => `/body/${bodyField[field]}`,
    );
    const priceGroupId = await repo.standardPriceGroup(tx);
    if (!priceGroupId) throw notFound('Price group');
    const id = await insertLocation(tx, {
      companyId,
      name: input.locationName,
      address1: address.address1,
      city: address.city,
      state: address.state,
      zip: address.zip,
      phone: input.locationPhone,
      priceGroupId,
      installer: 1,
    });
    const row = (await repo.findLocation(tx, id))!;
    await writeAudit(tx, actor, { entity: 'location', entityId: id, action: 'create', after: row.location });
    return toLocation(row);
  });
}
