import type { z } from 'zod';
import type { AdminLocation, Company, CompanyInput, LocationInput } from '../../../contract/companies';
import type { Db, DbOrTx } from '../../db/connection';
import type { DistributorAutoSend } from '../../../domain/distributor-auto-send';
import { can } from '../../../domain/roles';
import type { Actor } from '../../http/actor';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { definedOnly, pageAnswer } from '../../db/list-page';
import { writeAudit } from '../audit/audit.service';
import * as repo from './companies.repository';

type CompanyData = z.output<typeof CompanyInput>;
type LocationData = z.output<typeof LocationInput>;

export function toCompany(row: repo.CompanyRow): Company {
  return {
    ...row,
    kind: row.kind as Company['kind'],
    distributorAutoSend: row.distributorAutoSend as DistributorAutoSend,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

export function toAdminLocation(row: repo.LocationRow): AdminLocation {
  return {
    locationId: row.id,
    companyId: row.companyId,
    companyName: row.companyName,
    locationName: row.name,
    locationAddress: row.address1,
    locationCity: row.city,
    locationState: row.state,
    locationZip: row.zip,
    locationPhone: row.phone,
    locationSupplierId: row.supplierId,
    locationInstaller: row.installer,
    locationGroupPricing: row.priceGroupId,
    active: row.active,
  };
}

/** Wire names of a location to its columns; absent fields stay as they are. */
function locationColumns(input: Partial<LocationData>) {
  return definedOnly({
    name: input.locationName,
    address1: input.locationAddress,
    city: input.locationCity,
    state: input.locationState,
    zip: input.locationZip,
    phone: input.locationPhone,
    supplierId: input.locationSupplierId,
    installer: input.locationInstaller,
    priceGroupId: input.locationGroupPricing,
    active: input.active,
  });
}

/** The money settings of a company and what a new company has of each. */
const moneyDefaultsOfCompany = {
  creditLimitCents: 0,
  paymentTermsDays: 0,
  distributorAutoSend: 'off',
} as const;
const moneyFieldsOfCompany = Object.keys(moneyDefaultsOfCompany) as (keyof typeof moneyDefaultsOfCompany)[];

/**
 * Credit limits, payment terms, the automatic distributor rule (it spends money at the
 * distributor's cost), a location's supplier and price group are finance's (and the admin's):
 * sales may create and edit everything else, and may resend these fields unchanged.
 */
function assertMoneySettings(actor: Actor, fields: string[]) {
  if (!fields.length || can(actor.role, 'moneySettings')) return;
  throw new AppError('forbidden', `Only finance or an admin may set ${fields.join(', ')}`, {
    errors: fields.map((f) => ({ pointer: `/body/${f}`, detail: 'needs the finance or admin role' })),
  });
}

/** A location's supplier is a supplier company (0 means none). */
async function assertSupplier(db: DbOrTx, supplierId: number | undefined) {
  if (!supplierId) return;
  if ((await repo.companyKind(db, supplierId)) !== 'supplier')
    throw badRequest('The location’s supplier must be a supplier company', [
      { pointer: '/body/locationSupplierId', detail: 'is not a supplier company' },
    ]);
}

/** Staff see every company of every kind, searched by name, e-mail or phone. */
export async function listCompanies(db: Db, q: repo.CompanyQuery) {
  return pageAnswer(q, await repo.listCompanies(db, q), toCompany);
}

/** One company; an unknown id is a 404. */
export async function getCompany(db: Db, id: number) {
  const row = await repo.findCompany(db, id);
  if (!row) throw notFound('Company');
  return toCompany(row);
}

/** A new company of any kind; an empty e-mail is stored as none. Audited. */
export async function createCompany(db: Db, actor: Actor, input: CompanyData) {
  assertMoneySettings(
    actor,
    moneyFieldsOfCompany.filter((f) => input[f] !== moneyDefaultsOfCompany[f]),
  );
  return db.transaction(async (tx) => {
    const row = await repo.insertCompany(tx, { ...input, email: input.email || null });
    await writeAudit(tx, actor, { entity: 'company', entityId: row.id, action: 'create', after: row });
    return toCompany(row);
  });
}

/** Fields left out stay as they are; an empty e-mail clears it. Audited with before and after. */
export async function updateCompany(db: Db, actor: Actor, id: number, input: Partial<CompanyData>) {
  return db.transaction(async (tx) => {
    const before = await repo.findCompany(tx, id);
    if (!before) throw notFound('Company');
    assertMoneySettings(
      actor,
      moneyFieldsOfCompany.filter((f) => input[f] !== undefined && input[f] !== before[f]),
    );
    const email = input.email === '' ? null : input.email;
    const after = await repo.updateCompany(tx, id, { ...input, ...(email !== undefined && { email }) });
    await writeAudit(tx, actor, { entity: 'company', entityId: id, action: 'update', before, after });
    return toCompany(after);
  });
}

/** Staff see the locations of every company, or only suppliers' or installers' ones. */
export async function listLocations(db: Db, q: repo.LocationQuery) {
  return pageAnswer(q, await repo.listLocations(db, q), toAdminLocation);
}

/** One location with its company's name; an unknown id is a 404. */
export async function getLocation(db: Db, id: number) {
  const row = await repo.findLocation(db, id);
  if (!row) throw notFound('Location');
  return toAdminLocation(row);
}

/** A location always belongs to an existing company (else 404). Audited. */
export async function createLocation(db: Db, actor: Actor, input: LocationData) {
  return db.transaction(async (tx) => {
    if (!(await repo.findCompany(tx, input.companyId))) throw notFound('Company');
    // A new location starts at the standard prices and no supplier unless finance says otherwise.
    const standard = (await repo.priceGroupCode(tx, input.locationGroupPricing)) === 'standard';
    assertMoneySettings(actor, [
      ...(input.locationSupplierId ? ['locationSupplierId'] : []),
      ...(standard ? [] : ['locationGroupPricing']),
    ]);
    await assertSupplier(tx, input.locationSupplierId);
    const id = await repo.insertLocation(tx, {
      ...locationColumns(input),
      name: input.locationName,
      zip: input.locationZip,
      priceGroupId: input.locationGroupPricing,
      companyId: input.companyId,
    });
    const after = (await repo.findLocation(tx, id))!;
    await writeAudit(tx, actor, { entity: 'location', entityId: id, action: 'create', after });
    return toAdminLocation(after);
  });
}

/** Fields left out stay as they are; the location keeps its company. Audited with before and after. */
export async function updateLocation(db: Db, actor: Actor, id: number, input: Partial<LocationData>) {
  return db.transaction(async (tx) => {
    const before = await repo.findLocation(tx, id);
    if (!before) throw notFound('Location');
    assertMoneySettings(actor, [
      ...(input.locationSupplierId !== undefined && input.locationSupplierId !== before.supplierId
        ? ['locationSupplierId']
        : []),
      ...(input.locationGroupPricing !== undefined && input.locationGroupPricing !== before.priceGroupId
        ? ['locationGroupPricing']
        : []),
    ]);
    if (input.locationSupplierId !== before.supplierId) await assertSupplier(tx, input.locationSupplierId);
    await repo.updateLocation(tx, id, locationColumns(input));
    const after = (await repo.findLocation(tx, id))!;
    await writeAudit(tx, actor, { entity: 'location', entityId: id, action: 'update', before, after });
    return toAdminLocation(after);
  });
}

/** Moves a user into a company; the user keeps no location of the old one. */
export async function assignCompanyUser(db: Db, actor: Actor, companyId: number, userId: number) {
  await db.transaction(async (tx) => {
    const user = await repo.findUser(tx, userId);
    if (!user || !(await repo.findCompany(tx, companyId))) throw notFound(user ? 'Company' : 'User');
    await repo.moveUserToCompany(tx, userId, companyId);
    await writeAudit(tx, actor, {
      entity: 'user',
      entityId: userId,
      action: 'assign_company',
      before: { companyId: user.companyId },
      after: { companyId },
    });
  });
}

/** Gives a user a location of its own company; another company's location is a conflict. */
export async function assignLocationUser(db: Db, actor: Actor, locationId: number, userId: number) {
  await db.transaction(async (tx) => {
    const user = await repo.findUser(tx, userId);
    const location = await repo.findLocation(tx, locationId);
    if (!user || !location) throw notFound(user ? 'Location' : 'User');
    if (location.companyId !== user.companyId)
      throw conflict('The location belongs to another company: move the user to that company first');
    await repo.linkUserLocation(tx, userId, locationId);
    await writeAudit(tx, actor, {
      entity: 'user',
      entityId: userId,
      action: 'assign_location',
      after: { locationId },
    });
  });
}

/** A company admin edits the company's own name and contact details (nothing of its terms). */
export async function updateOwnCompany(
  db: Db,
  actor: Actor,
  values: { name: string; email?: string | null; phone?: string | null },
) {
  const row = await repo.updateCompany(db, actor.companyId, values);
  return { id: row.id, name: row.name, email: row.email, phone: row.phone };
}

/** The company's automatic distributor rule (logistics reads it when units go unrouted). */
export async function distributorAutoSendOf(db: DbOrTx, companyId: number): Promise<DistributorAutoSend> {
  const row = await repo.findCompany(db, companyId);
  return (row?.distributorAutoSend ?? 'off') as DistributorAutoSend;
}

// What other modules may write of companies directly: a supplier, an approved reseller or an
// installer's location is opened inside that module's own transaction, which writes its audit.
type CompanyValues = Parameters<typeof repo.insertCompany>[1];
type LocationValues = Parameters<typeof repo.insertLocation>[1];

/** Whether every one of these companies exists (a price group's members must). */
export function companiesExist(tx: DbOrTx, ids: number[]) {
  return repo.companiesExist(tx, ids);
}

/** Adds a company in the caller's transaction; answers its row. */
export function insertCompany(tx: DbOrTx, values: CompanyValues) {
  return repo.insertCompany(tx, values);
}

/** Changes a company's columns in the caller's transaction; answers its row. */
export function updateCompanyRow(tx: DbOrTx, id: number, values: Partial<CompanyValues>) {
  return repo.updateCompany(tx, id, values);
}

/** Adds a location to a company in the caller's transaction; answers its id. */
export function insertLocation(tx: DbOrTx, values: LocationValues) {
  return repo.insertLocation(tx, values);
}
