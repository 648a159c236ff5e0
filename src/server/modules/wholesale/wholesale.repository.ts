import { and, eq, getTableColumns, gt, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type * as api from '../../../contract/wholesale';
import { assertWholesaleTransition, type WholesaleStatus } from '../../../domain/wholesale-status';
import type { DbOrTx } from '../../db/connection';
import { listPage, orderOf, searchWhere } from '../../db/list-page';
import { companies, locations, priceGroups, users, wholesaleApplications } from '../../db/schema';

export type ApplicationRow = typeof wholesaleApplications.$inferSelect;
export type ApplicationQuery = z.output<NonNullable<typeof api.listApplications.query>>;
export type ResellerAccountQuery = z.output<NonNullable<typeof api.listResellerAccounts.query>>;
export type ResellerAccountRow = Awaited<ReturnType<typeof listResellerAccounts>>['list'][number];

/** Staff see an application only once its address is confirmed. */
const confirmed = isNotNull(wholesaleApplications.confirmedAt);

export function listApplications(db: DbOrTx, q: ApplicationQuery) {
  const t = wholesaleApplications;
  const where = and(
    confirmed,
    q.status ? eq(t.status, q.status) : undefined,
    searchWhere(q.q, [t.companyName, t.contactName, t.email, t.username]),
  );
  return listPage(
    db,
    q,
    () => db.select().from(t).where(where).$dynamic(),
    orderOf(q.sort, { companyName: t.companyName, createdAt: t.createdAt, status: t.status }, t.id),
  );
}

/** A confirmed application (an unconfirmed one is not staff's to see). */
export async function findApplication(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(wholesaleApplications)
    .where(and(eq(wholesaleApplications.id, id), confirmed));
  return row ?? null;
}

/** Another open, confirmed application with the same username or e-mail: this one is a duplicate. */
export async function pendingDuplicate(db: DbOrTx, id: number, username: string, email: string) {
  const t = wholesaleApplications;
  return (
    (await db.$count(
      t,
      and(
        ne(t.id, id),
        eq(t.status, 'pending'),
        confirmed,
        or(sql`lower(${t.username}) = lower(${username})`, sql`lower(${t.email}) = lower(${email})`),
      ),
    )) > 0
  );
}

/** Confirms the application of a link's token, once, before it expires (null otherwise). */
export async function confirmApplication(db: DbOrTx, tokenHash: string) {
  const t = wholesaleApplications;
  const [row] = await db
    .update(t)
    .set({ confirmedAt: sql`now()` })
    .where(and(eq(t.confirmTokenHash, tokenHash), isNull(t.confirmedAt), gt(t.confirmExpiresAt, sql`now()`)))
    .returning();
  return row ?? null;
}

/** Whether the link's application is confirmed already (a second click, or a mail scanner's). */
export async function confirmedByToken(db: DbOrTx, tokenHash: string) {
  const t = wholesaleApplications;
  return (await db.$count(t, and(eq(t.confirmTokenHash, tokenHash), confirmed))) > 0;
}

export async function insertApplication(db: DbOrTx, values: typeof wholesaleApplications.$inferInsert) {
  const [row] = await db.insert(wholesaleApplications).values(values).returning();
  return row;
}

/**
 * The one write of an application's status: the table decides the move, and the row moves only
 * if it is still in the status it was read in (no double approval); null otherwise.
 */
export async function decide(
  db: DbOrTx,
  application: { id: number; status: string },
  to: WholesaleStatus,
  set: Partial<Omit<typeof wholesaleApplications.$inferInsert, 'status'>>,
) {
  assertWholesaleTransition(application.status as WholesaleStatus, to);
  const [row] = await db
    .update(wholesaleApplications)
    .set({ ...set, status: to })
    .where(
      and(eq(wholesaleApplications.id, application.id), eq(wholesaleApplications.status, application.status)),
    )
    .returning();
  return row ?? null;
}

export async function groupByCode(db: DbOrTx, code: string) {
  const [row] = await db.select().from(priceGroups).where(eq(priceGroups.code, code));
  return row ?? null;
}

const mainLocation = (column: string) =>
  sql<string>`coalesce((select l.${sql.raw(column)} from ${locations} l where l.company_id = ${companies}.id order by l.id limit 1), '')`;

export function listResellers(db: DbOrTx) {
  return db
    .select({
      id: companies.id,
      name: companies.name,
      city: mainLocation('city'),
      state: mainLocation('state'),
      zip: mainLocation('zip'),
    })
    .from(companies)
    .where(and(eq(companies.kind, 'reseller'), eq(companies.active, true)))
    .orderBy(companies.name);
}

const resellerAccountColumns = {
  ...getTableColumns(companies),
  city: mainLocation('city'),
  state: mainLocation('state'),
  zip: mainLocation('zip'),
  users: sql<number>`(select count(*)::int from ${users} u where u.company_id = ${companies}.id)`,
};

export function listResellerAccounts(db: DbOrTx, q: ResellerAccountQuery) {
  const where = and(eq(companies.kind, 'reseller'), searchWhere(q.q, [companies.name, companies.email]));
  return listPage(
    db,
    q,
    () => db.select(resellerAccountColumns).from(companies).where(where).$dynamic(),
    orderOf(q.sort, { name: companies.name, createdAt: companies.createdAt }, companies.id, 'name'),
  );
}
