import { and, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type * as api from '../../../contract/discounts';
import { builtOnce, type Placeholders } from '../../db/built-once';
import type { DbOrTx } from '../../db/connection';
import { listPage, orderOf, searchWhere } from '../../db/list-page';
import { discounts } from '../../db/schema';

export type DiscountRow = typeof discounts.$inferSelect;
export type DiscountQuery = z.output<NonNullable<typeof api.listDiscounts.query>>;

export function listDiscounts(db: DbOrTx, q: DiscountQuery) {
  const inForce = and(
    eq(discounts.active, true),
    ne(discounts.approvalStatus, 'pending'),
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
  return listPage(
    db,
    q,
    () => db.select().from(discounts).where(where).$dynamic(),
    orderOf(q.sort, sortable, discounts.id),
  );
}

/** Active discounts started by `at` (or starting later, with `upcoming`), not ended, for every company or this one. */
export function rulesFor(db: DbOrTx, companyId: number, at: Date, upcoming: boolean) {
  return (upcoming ? upcomingRules : startedRules)(db, { companyId, at: at.toISOString() });
}

// Every priced cart and checkout reads them: built once per variant (db/built-once.ts).
function rulesQuery(upcoming: boolean) {
  return builtOnce((db, p: Placeholders<{ companyId: number; at: string }>) =>
    db
      .select()
      .from(discounts)
      .where(
        and(
          eq(discounts.active, true),
          // One waiting for approval takes a price under its floor: not in force until approved.
          ne(discounts.approvalStatus, 'pending'),
          upcoming ? undefined : lte(discounts.startsAt, p.at),
          or(isNull(discounts.endsAt), gt(discounts.endsAt, p.at)),
          or(isNull(discounts.companyId), eq(discounts.companyId, p.companyId)),
        ),
      ),
  );
}
const startedRules = rulesQuery(false);
const upcomingRules = rulesQuery(true);

export async function findDiscount(db: DbOrTx, id: number, lock = false) {
  const q = db.select().from(discounts).where(eq(discounts.id, id));
  const [row] = lock ? await q.for('no key update') : await q;
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
