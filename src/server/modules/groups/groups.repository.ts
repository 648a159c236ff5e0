import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type * as api from '../../../contract/groups';
import type { DbOrTx } from '../../db/connection';
import { listPage, orderOf, searchWhere } from '../../db/list-page';
import { customerGroups } from '../../db/schema';

export type GroupRow = typeof customerGroups.$inferSelect;
export type GroupQuery = z.output<NonNullable<typeof api.listGroups.query>>;

export function listGroups(db: DbOrTx, q: GroupQuery) {
  const where = searchWhere(q.q, [customerGroups.name, customerGroups.description]);
  return listPage(
    db,
    q,
    () => db.select().from(customerGroups).where(where).$dynamic(),
    orderOf(q.sort, { name: customerGroups.name }, customerGroups.id, 'name'),
  );
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
