import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { orderOf, pageWindow, searchWhere } from '../../db/list-page';
import { customerGroups } from '../../db/schema';

export type GroupRow = typeof customerGroups.$inferSelect;

export async function listGroups(
  db: DbOrTx,
  q: { page: number; pageSize: number; sort?: string; q?: string },
) {
  const where = searchWhere(q.q, [customerGroups.name, customerGroups.description]);
  const list = await db
    .select()
    .from(customerGroups)
    .where(where)
    .orderBy(...orderOf(q.sort, { name: customerGroups.name }, customerGroups.id, 'name'))
    .limit(pageWindow(q).limit)
    .offset(pageWindow(q).offset);
  return { list, count: await db.$count(customerGroups, where) };
}

export async function findGroup(db: DbOrTx, id: number) {
  const [row] = await db.select().from(customerGroups).where(eq(customerGroups.id, id));
  return row ?? null;
}

export async function findGroupByName(db: DbOrTx, name: string) {
  const [row] = await db.select().from(customerGroups).where(eq(customerGroups.name, name));
  return row ?? null;
}

export async function insertGroup(db: DbOrTx, values: typeof customerGroups.$inferInsert) {
  const [row] = await db.insert(customerGroups).values(values).returning();
  return row;
}

export async function updateGroup(db: DbOrTx, id: number, set: Partial<typeof customerGroups.$inferInsert>) {
  const [row] = await db.update(customerGroups).set(set).where(eq(customerGroups.id, id)).returning();
  return row;
}

export async function deleteGroup(db: DbOrTx, id: number) {
  await db.delete(customerGroups).where(eq(customerGroups.id, id));
}
