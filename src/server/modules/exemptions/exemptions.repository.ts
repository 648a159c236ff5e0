import { and, asc, desc, eq, gte, isNull, lt, lte, or, type SQL } from 'drizzle-orm';
import {
  type ExemptionStatus,
  assertExemptionTransition,
  statusesBeforeExpired,
} from '../../../domain/exemption-status';
import { builtOnce, type Placeholders } from '../../db/built-once';
import type { DbOrTx } from '../../db/connection';
import { companies, exemptionCertificates as certs, locations, users } from '../../db/schema';

export type CertificateRow = typeof certs.$inferSelect;

// Every priced cart and checkout asks for the certificate of its place: built once per variant
// (db/built-once.ts). A certificate of the whole company (no location) or of that location; the
// one of the location first, then the one that runs longest.
function validQuery(located: boolean) {
  return builtOnce(
    (db, p: Placeholders<{ companyId: number; locationId: number | null; state: string; day: string }>) =>
      db
        .select({ id: certs.id, kind: certs.kind, number: certs.number })
        .from(certs)
        .where(
          and(
            eq(certs.companyId, p.companyId),
            eq(certs.state, p.state),
            eq(certs.status, 'verified'),
            gte(certs.expiresOn, p.day),
            located
              ? or(isNull(certs.locationId), eq(certs.locationId, p.locationId))
              : isNull(certs.locationId),
          ),
        )
        .orderBy(asc(certs.locationId), desc(certs.expiresOn), desc(certs.id))
        .limit(1),
  );
}
const validAnywhere = validQuery(false);
const validAtLocation = validQuery(true);

/** The verified certificate of a company's place, good on `day` (YYYY-MM-DD), if any. */
export async function findValidCertificate(
  db: DbOrTx,
  q: { companyId: number; locationId: number | null; state: string; day: string },
) {
  const [row] = await (q.locationId === null ? validAnywhere : validAtLocation)(db, q);
  return row ?? null;
}

export async function insertCertificate(db: DbOrTx, values: Omit<typeof certs.$inferInsert, 'status'>) {
  const [row] = await db.insert(certs).values(values).returning();
  return row;
}

export async function findCertificate(db: DbOrTx, id: number, lock = false) {
  const q = db.select().from(certs).where(eq(certs.id, id));
  const [row] = lock ? await q.for('no key update') : await q;
  return row ?? null;
}

/** One certificate with the names its view shows. */
export async function findCertificateView(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ cert: certs, locationName: locations.name, companyName: companies.name })
    .from(certs)
    .innerJoin(companies, eq(companies.id, certs.companyId))
    .leftJoin(locations, eq(locations.id, certs.locationId))
    .where(eq(certs.id, id));
  return row ?? null;
}

/** The one write of a certificate's status: checked against its transition table first. */
export async function setCertificateStatus(
  db: DbOrTx,
  row: Pick<CertificateRow, 'id' | 'status'>,
  to: ExemptionStatus,
  decision: { decidedBy?: number; decidedAt?: Date; rejectionReason?: string | null } = {},
) {
  assertExemptionTransition(row.status as ExemptionStatus, to);
  const [updated] = await db
    .update(certs)
    .set({ status: to, ...decision, updatedAt: new Date() })
    .where(and(eq(certs.id, row.id), eq(certs.status, row.status)))
    .returning();
  return updated ?? null;
}

/** Certificates that may expire whose expiry date is before `day`, locked for the expiry job. */
export function pastExpiry(db: DbOrTx, day: string) {
  return db
    .select({ id: certs.id, status: certs.status })
    .from(certs)
    .where(and(inStatuses(statusesBeforeExpired), lt(certs.expiresOn, day)))
    .orderBy(asc(certs.id))
    .for('no key update', { skipLocked: true });
}

const inStatuses = (list: readonly string[]): SQL | undefined => or(...list.map((s) => eq(certs.status, s)));

/** Verified, not expired by `today`, expiring by `until`, no reminder yet: locked for the reminder job. */
export function dueForReminder(db: DbOrTx, today: string, until: string) {
  return db
    .select()
    .from(certs)
    .where(
      and(
        eq(certs.status, 'verified'),
        isNull(certs.reminderSentAt),
        gte(certs.expiresOn, today),
        lte(certs.expiresOn, until),
      ),
    )
    .orderBy(asc(certs.id))
    .for('no key update', { skipLocked: true });
}

export async function markReminded(db: DbOrTx, id: number, at: Date) {
  await db.update(certs).set({ reminderSentAt: at }).where(eq(certs.id, id));
}

/** Who gets a company's reminders: its active company admins with an e-mail address. */
export function companyAdmins(db: DbOrTx, companyId: number) {
  return db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, 'company_admin'), eq(users.active, true)));
}

/** A company's certificates, newest first. */
export function certificatesOfCompany(db: DbOrTx, companyId: number) {
  return db
    .select({ cert: certs, locationName: locations.name, companyName: companies.name })
    .from(certs)
    .innerJoin(companies, eq(companies.id, certs.companyId))
    .leftJoin(locations, eq(locations.id, certs.locationId))
    .where(eq(certs.companyId, companyId))
    .orderBy(desc(certs.createdAt), desc(certs.id));
}

/** Every certificate in a status (finance's queue), oldest first, with its company and location. */
export function certificatesInStatus(db: DbOrTx, status: ExemptionStatus) {
  return db
    .select({ cert: certs, locationName: locations.name, companyName: companies.name })
    .from(certs)
    .innerJoin(companies, eq(companies.id, certs.companyId))
    .leftJoin(locations, eq(locations.id, certs.locationId))
    .where(eq(certs.status, status))
    .orderBy(asc(certs.createdAt), asc(certs.id));
}

export async function findLocation(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: locations.id, companyId: locations.companyId, state: locations.state })
    .from(locations)
    .where(eq(locations.id, id));
  return row ?? null;
}
