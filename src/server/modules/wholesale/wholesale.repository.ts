import { and, eq, getTableColumns, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { orderOf, pageWindow, searchWhere } from '../../db/list-page';
import { companies, locations, priceGroups, users, wholesaleApplications } from '../../db/schema';

export type ApplicationRow = typeof wholesaleApplications.$inferSelect;

export async function listApplications(
  db: DbOrTx,
  q: { page: number; pageSize: number; sort?: string; q?: string; status?: string },
) {
  const t = wholesaleApplications;
  const where = and(
    q.status ? eq(t.status, q.status) : undefined,
    searchWhere(q.q, [t.companyName, t.contactName, t.email, t.username]),
  );
  const list = await db
    .select()
    .from(t)
    .where(where)
    .orderBy(
      ...orderOf(q.sort, { companyName: t.companyName, createdAt: t.createdAt, status: t.status }, t.id),
    )
    .limit(pageWindow(q).limit)
    .offset(pageWindow(q).offset);
  return { list, count: await db.$count(t, where) };
}

export async function findApplication(db: DbOrTx, id: number) {
  const [row] = await db.select().from(wholesaleApplications).where(eq(wholesaleApplications.id, id));
  return row ?? null;
}

/** An open application with the same username or e-mail: a second sign-up is a duplicate. */
export async function pendingDuplicate(db: DbOrTx, username: string, email: string) {
  const t = wholesaleApplications;
  return (
    (await db.$count(
      t,
      and(
        eq(t.status, 'pending'),
        or(sql`lower(${t.username}) = lower(${username})`, sql`lower(${t.email}) = lower(${email})`),
      ),
    )) > 0
  );
}

export async function insertApplication(db: DbOrTx, values: typeof wholesaleApplications.$inferInsert) {
  const [row] = await db.insert(wholesaleApplications).values(values).returning();
  return row;
}

/** Decides an application only if it is still in the expected status (no double approval). */
export async function decide(
  db: DbOrTx,
  id: number,
  from: string,
  set: Partial<typeof wholesaleApplications.$inferInsert>,
) {
  const [row] = await db
    .update(wholesaleApplications)
    .set(set)
    .where(and(eq(wholesaleApplications.id, id), eq(wholesaleApplications.status, from)))
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

export async function listResellerAccounts(
  db: DbOrTx,
  q: { page: number; pageSize: number; sort?: string; q?: string },
) {
  const where = and(eq(companies.kind, 'reseller'), searchWhere(q.q, [companies.name, companies.email]));
  const list = await db
    .select({
      ...getTableColumns(companies),
      city: mainLocation('city'),
      state: mainLocation('state'),
      zip: mainLocation('zip'),
      users: sql<number>`(select count(*)::int from ${users} u where u.company_id = ${companies}.id)`,
    })
    .from(companies)
    .where(where)
    .orderBy(
      ...orderOf(q.sort, { name: companies.name, createdAt: companies.createdAt }, companies.id, 'name'),
    )
    .limit(pageWindow(q).limit)
    .offset(pageWindow(q).offset);
  return { list, count: await db.$count(companies, where) };
}
