import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { orderOf, pageWindow, searchWhere } from '../../db/list-page';
import { discounts } from '../../db/schema';

export type DiscountRow = typeof discounts.$inferSelect;

export async function listDiscounts(
  db: DbOrTx,
  q: {
    page: number;
    pageSize: number;
    sort?: string;
    q?: string;
    makeId?: number;
    companyId?: number;
    current?: boolean;
  },
) {
  const inForce = and(
    eq(discounts.active, true),
    lte(discounts.startsAt, sql`now()`),
    or(isNull(discounts.endsAt), gt(discounts.endsAt, sql`now()`)),
  );
  const where = and(
    q.makeId ? eq(discounts.makeId, q.makeId) : undefined,
    q.companyId ? eq(discounts.companyId, q.companyId) : undefined,
    q.current ? inForce : undefined,
    searchWhere(q.q, [discounts.name]),
  );
  const sortable = { name: discounts.name, startsAt: discounts.startsAt, endsAt: discounts.endsAt };
  const list = await db
    .select()
    .from(discounts)
    .where(where)
    .orderBy(...orderOf(q.sort, sortable, discounts.id))
    .limit(pageWindow(q).limit)
    .offset(pageWindow(q).offset);
  return { list, count: await db.$count(discounts, where) };
}

export async function findDiscount(db: DbOrTx, id: number) {
  const [row] = await db.select().from(discounts).where(eq(discounts.id, id));
  return row ?? null;
}

export async function insertDiscount(db: DbOrTx, values: typeof discounts.$inferInsert) {
  const [row] = await db.insert(discounts).values(values).returning();
  return row;
}

export async function updateDiscount(db: DbOrTx, id: number, set: Partial<typeof discounts.$inferInsert>) {
  const [row] = await db.update(discounts).set(set).where(eq(discounts.id, id)).returning();
  return row;
}

export async function setActive(db: DbOrTx, ids: number[], active: boolean) {
  return db.update(discounts).set({ active }).where(inArray(discounts.id, ids)).returning();
}

export async function deleteDiscounts(db: DbOrTx, ids: number[]) {
  return db.delete(discounts).where(inArray(discounts.id, ids)).returning();
}
