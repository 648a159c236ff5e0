import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type * as api from '../../../contract/suppliers';
import type { DbOrTx } from '../../db/connection';
import { listPage, orderOf, searchWhere } from '../../db/list-page';
import { companies, warehouses } from '../../db/schema';

export type SupplierQuery = z.output<NonNullable<typeof api.listSuppliers.query>>;

const supplierColumns = {
  ...getTableColumns(companies),
  warehouses: sql<number>`(select count(*)::int from ${warehouses} w where w.supplier_company_id = ${companies}.id)`,
};
export type SupplierRow = typeof companies.$inferSelect & { warehouses: number };

const isSupplier = eq(companies.kind, 'supplier');

export function listSuppliers(db: DbOrTx, q: SupplierQuery) {
  const where = and(
    isSupplier,
    q.active === undefined ? undefined : eq(companies.active, q.active),
    searchWhere(q.q, [companies.name, companies.email]),
  );
  return listPage(
    db,
    q,
    () => db.select(supplierColumns).from(companies).where(where).$dynamic(),
    orderOf(q.sort, { name: companies.name, createdAt: companies.createdAt }, companies.id, 'name'),
  );
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
