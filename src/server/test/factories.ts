import { eq } from 'drizzle-orm';
import type { Role } from '../../domain/roles';
import type { DbOrTx } from '../db/connection';
import { companies, exemptionCertificates, locations, priceGroups, userLocations, users } from '../db/schema';
import { hashPassword } from '../modules/sessions/sessions.service';
import { unique } from './test-app';

let passwordHash: Promise<string> | undefined;
export const FACTORY_PASSWORD = 'factory-pass-1';

export async function groupId(db: DbOrTx, code: 'standard' | 'fleet' | 'wholesale') {
  const [g] = await db.select().from(priceGroups).where(eq(priceGroups.code, code));
  return g.id;
}

export async function createCompany(db: DbOrTx, values: Partial<typeof companies.$inferInsert> = {}) {
  const [row] = await db
    .insert(companies)
    .values({ name: unique('Company'), kind: 'customer', ...values })
    .returning();
  return row;
}

export async function createLocation(
  db: DbOrTx,
  companyId: number,
  values: Partial<typeof locations.$inferInsert> = {},
) {
  const [row] = await db
    .insert(locations)
    .values({
      companyId,
      name: unique('Location'),
      zip: '78701',
      priceGroupId: await groupId(db, 'standard'),
      ...values,
    })
    .returning();
  return row;
}

/** A user with its own company and one location unless given; signs in with FACTORY_PASSWORD. */
export async function createUser(
  db: DbOrTx,
  options: { role?: Role; companyId?: number; locationIds?: number[]; username?: string } = {},
) {
  passwordHash ??= hashPassword(FACTORY_PASSWORD);
  const companyId = options.companyId ?? (await createCompany(db)).id;
  const locationIds = options.locationIds ?? [(await createLocation(db, companyId)).id];
  const [user] = await db
    .insert(users)
    .values({
      username: options.username ?? unique('user'),
      name: 'Test User',
      email: `${unique('mail')}@test.example`,
      role: options.role ?? 'buyer',
      companyId,
      passwordHash: await passwordHash,
      currentLocationId: locationIds[0],
    })
    .returning();
  if (locationIds.length) {
    await db.insert(userLocations).values(locationIds.map((locationId) => ({ userId: user.id, locationId })));
  }
  return user;
}

/**
 * A resale certificate finance has verified, for the company in a state (for one location when
 * `locationId` is given): deliveries there are not taxed. Its file is a stand-in of one byte.
 */
export async function verifiedCertificate(
  db: DbOrTx,
  c: { companyId: number; state: string; locationId?: number | null },
) {
  const [row] = await db
    .insert(exemptionCertificates)
    .values({
      companyId: c.companyId,
      locationId: c.locationId ?? null,
      state: c.state,
      kind: 'resale',
      number: `R-${c.companyId}`,
      expiresOn: '2099-12-31',
      fileName: 'cert.pdf',
      fileType: 'application/pdf',
      fileBytes: 1,
      originalName: 'cert.pdf',
      status: 'verified',
    })
    .returning();
  return row;
}
