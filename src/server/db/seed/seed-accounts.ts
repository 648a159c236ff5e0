import type { Role } from '../../../domain/roles';
import { hashPassword } from '../../modules/sessions/sessions.service';
import type { DbOrTx } from '../connection';
import { companies, locations, priceGroups, userLocations, users } from '../schema';

export const DEMO_PASSWORD = 'demo1234';

/** The demo accounts every later area relies on (README lists them). */
export const demoUsers = [
  {
    username: 'buyer',
    name: 'Bea Buyer',
    role: 'company_admin',
    company: 'fleet',
    locations: ['fleetAustin', 'fleetDenver'],
  },
  { username: 'clerk', name: 'Cole Clerk', role: 'buyer', company: 'fleet', locations: ['fleetAustin'] },
  {
    username: 'supplier',
    name: 'Sam Supplier',
    role: 'supplier',
    company: 'supply',
    locations: ['supplyDallas'],
  },
  {
    username: 'installer',
    name: 'Ines Installer',
    role: 'installer',
    company: 'install',
    locations: ['installPhoenix'],
  },
  {
    username: 'reseller',
    name: 'Rey Reseller',
    role: 'reseller',
    company: 'resale',
    // Houston holds the demo's verified Texas resale certificate (seed-exemptions.ts).
    locations: ['resaleAtlanta', 'resaleHouston'],
  },
  { username: 'admin', name: 'Ada Admin', role: 'admin', company: 'tread', locations: ['treadHq'] },
  { username: 'sales', name: 'Sal Sales', role: 'sales', company: 'tread', locations: ['treadHq'] },
  { username: 'support', name: 'Sue Support', role: 'support', company: 'tread', locations: ['treadHq'] },
  { username: 'finance', name: 'Fin Finance', role: 'finance', company: 'tread', locations: ['treadHq'] },
] as const satisfies readonly {
  username: string;
  name: string;
  role: Role;
  company: string;
  locations: readonly string[];
}[];

export interface SeededAccounts {
  groups: Record<'standard' | 'fleet' | 'wholesale', number>;
  companies: Record<'tread' | 'fleet' | 'supply' | 'install' | 'resale', number>;
  locations: Record<string, number>;
  users: Record<string, number>;
}

export async function seedAccounts(db: DbOrTx): Promise<SeededAccounts> {
  const groupRows = await db
    .insert(priceGroups)
    .values([
      { code: 'standard', name: 'Standard' },
      { code: 'fleet', name: 'Fleet' },
      { code: 'wholesale', name: 'Wholesale' },
    ])
    .returning();
  const groups = Object.fromEntries(groupRows.map((g) => [g.code, g.id])) as SeededAccounts['groups'];

  const companyDefs = {
    tread: { name: 'Tread', kind: 'staff', email: 'office@tread.example' },
    fleet: {
      name: 'Demo Fleet Services',
      kind: 'customer',
      email: 'ap@demofleet.example',
      creditLimitCents: 5_000_000,
      paymentTermsDays: 30,
    },
    supply: { name: 'Demo Tire Supply', kind: 'supplier', email: 'orders@demosupply.example' },
    install: { name: 'Demo Install Co', kind: 'installer', email: 'bay@demoinstall.example' },
    resale: { name: 'Demo Resale Tires', kind: 'reseller', email: 'hello@demoresale.example' },
  };
  const companyIds = {} as SeededAccounts['companies'];
  for (const [key, value] of Object.entries(companyDefs)) {
    const [row] = await db.insert(companies).values(value).returning({ id: companies.id });
    companyIds[key as keyof typeof companyDefs] = row.id;
  }

  const locationDefs = {
    treadHq: {
      companyId: companyIds.tread,
      name: 'Tread HQ',
      address1: '1 Main St',
      city: 'New York',
      state: 'NY',
      zip: '10001',
      priceGroupId: groups.standard,
    },
    fleetAustin: {
      companyId: companyIds.fleet,
      name: 'Fleet HQ Austin',
      address1: '200 Congress Ave',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      priceGroupId: groups.standard,
    },
    fleetDenver: {
      companyId: companyIds.fleet,
      name: 'Fleet Yard Denver',
      address1: '1600 Wynkoop St',
      city: 'Denver',
      state: 'CO',
      zip: '80202',
      priceGroupId: groups.fleet,
    },
    supplyDallas: {
      companyId: companyIds.supply,
      name: 'Supply DC Dallas',
      address1: '500 Commerce St',
      city: 'Dallas',
      state: 'TX',
      zip: '75201',
      priceGroupId: groups.wholesale,
      supplierId: companyIds.supply,
    },
    installPhoenix: {
      companyId: companyIds.install,
      name: 'Install Bay Phoenix',
      address1: '100 Van Buren St',
      city: 'Phoenix',
      state: 'AZ',
      zip: '85004',
      priceGroupId: groups.standard,
      installer: 1,
    },
    resaleAtlanta: {
      companyId: companyIds.resale,
      name: 'Resale Atlanta',
      address1: '50 Peachtree St',
      city: 'Atlanta',
      state: 'GA',
      zip: '30303',
      priceGroupId: groups.wholesale,
    },
    resaleHouston: {
      companyId: companyIds.resale,
      name: 'Resale Houston',
      address1: '901 Bagby St',
      city: 'Houston',
      state: 'TX',
      zip: '77002',
      priceGroupId: groups.wholesale,
    },
  };
  const locationIds: Record<string, number> = {};
  for (const [key, value] of Object.entries(locationDefs)) {
    const [row] = await db.insert(locations).values(value).returning({ id: locations.id });
    locationIds[key] = row.id;
  }

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const userIds: Record<string, number> = {};
  for (const u of demoUsers) {
    const [row] = await db
      .insert(users)
      .values({
        username: u.username,
        name: u.name,
        email: `${u.username}@tread.example`,
        role: u.role,
        companyId: companyIds[u.company],
        passwordHash,
        currentLocationId: locationIds[u.locations[0]],
      })
      .returning({ id: users.id });
    userIds[u.username] = row.id;
    await db
      .insert(userLocations)
      .values(u.locations.map((l) => ({ userId: row.id, locationId: locationIds[l] })));
  }
  return { groups, companies: companyIds, locations: locationIds, users: userIds };
}
