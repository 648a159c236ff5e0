import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { listPage, type Paging } from '../../db/list-page';
import { comparisons } from '../../db/schema';

export type ComparisonRow = typeof comparisons.$inferSelect;

export function listOfUser(db: DbOrTx, userId: number, q: Paging) {
  return listPage(
    db,
    q,
    () => db.select().from(comparisons).where(eq(comparisons.userId, userId)).$dynamic(),
    [desc(comparisons.updatedAt), desc(comparisons.id)],
  );
}

/** A comparison of this user only: another user's reads as missing. */
export async function findOfUser(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(comparisons)
    .where(and(eq(comparisons.id, id), eq(comparisons.userId, userId)));
  return row;
}

export async function insertComparison(db: DbOrTx, values: typeof comparisons.$inferInsert) {
  const [row] = await db.insert(comparisons).values(values).returning();
  return row;
}

export async function updateComparison(
  db: DbOrTx,
  userId: number,
  id: number,
  set: Partial<Pick<ComparisonRow, 'name' | 'productIds'>>,
) {
  const [row] = await db
    .update(comparisons)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(comparisons.id, id), eq(comparisons.userId, userId)))
    .returning();
  return row;
}

export async function deleteComparison(db: DbOrTx, userId: number, id: number) {
  const rows = await db
    .delete(comparisons)
    .where(and(eq(comparisons.id, id), eq(comparisons.userId, userId)))
    .returning({ id: comparisons.id });
  return rows.length > 0;
}
