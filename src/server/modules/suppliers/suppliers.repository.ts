import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { orderOf, pageWindow, searchWhere } from '../../db/list-page';
import { companies, warehouses } from '../../db/schema';

const supplierColumns = {
  ...getTableColumns(companies),
  warehouses: sql<number>`(select count(*)::int from ${warehouses} w where w.supplier_company_id = ${companies}.id)`,
};
export type SupplierRow = typeof companies.$inferSelect & { warehouses: number };

const isSupplier = eq(companies.kind, 'supplier');

export async function listSuppliers(
  db: DbOrTx,
  q: { page: number; pageSize: number; sort?: string; q?: string; active?: boolean },
) {
  const where = and(
    isSupplier,
    q.active === undefined ? undefined : eq(companies.active, q.active),
    searchWhere(q.q, [companies.name, companies.email]),
  );
  const list = await db
    .select(supplierColumns)
    .from(companies)
    .where(where)
    .orderBy(
      ...orderOf(q.sort, { name: companies.name, createdAt: companies.createdAt }, companies.id, 'name'),
    )
    .limit(pageWindow(q).limit)
    .offset(pageWindow(q).offset);
  return { list, count: await db.$count(companies, where) };
}

export async function findSupplier(db: DbOrTx, id: number) {
  const [row] = await db
    .select(supplierColumns)
    .from(companies)
    .where(and(isSupplier, eq(companies.id, id)));
  return row ?? null;
}

/** Switches the supplier companies among `ids` on or off; other ids are left alone. */
export function setSuppliersActive(db: DbOrTx, ids: number[], active: boolean) {
  return db
    .update(companies)
    .set({ active })
    .where(and(isSupplier, inArray(companies.id, ids)))
    .returning();
}
