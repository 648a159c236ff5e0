import { eq } from 'drizzle-orm';
import type { Db } from '../connection';
import { warehouses, wholesaleApplications } from '../schema';
import type { SeedContext } from './seed-context';

/** Back-office demo data: a feed warehouse for the demo supplier and one application to review. */
export async function seedBackoffice(db: Db, { accounts }: SeedContext) {
  const code = 'DTS-FEEDS';
  const [existing] = await db.select().from(warehouses).where(eq(warehouses.code, code));
  if (!existing)
    await db.insert(warehouses).values({
      supplierCompanyId: accounts.companies.supply,
      code,
      name: 'Demo Tire Supply feeds (Dallas)',
      type: 'distribution',
      zip: '75201',
    });
  await db.insert(wholesaleApplications).values({
    companyName: 'Prairie Tire & Lube',
    contactName: 'Pat Prairie',
    email: 'pat@prairietire.example',
    phone: '405-555-0142',
    username: 'prairie',
    address1: '12 Main St',
    city: 'Oklahoma City',
    state: 'OK',
    zip: '73102',
    taxId: 'OK-RESALE-4411',
    message: 'Two shops, about 300 tires a month.',
    confirmedAt: new Date(),
  });
}
