import type { z } from 'zod';
import type { SupplierCompany, SupplierInput } from '../../../contract/suppliers';
import type { Db } from '../../db/connection';
import { definedOnly, pageAnswer } from '../../db/list-page';
import type { Actor } from '../../http/actor';
import { notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import { insertCompany, updateCompanyRow } from '../companies/companies.service';
import { toCompany } from '../companies/companies.service';
import * as repo from './suppliers.repository';

type SupplierData = z.output<typeof SupplierInput>;

export function toSupplier(row: repo.SupplierRow): SupplierCompany {
  return { ...toCompany(row), warehouses: row.warehouses };
}

/** Supplier companies with their number of warehouses, searched by name or e-mail. */
export async function listSuppliers(db: Db, q: repo.SupplierQuery) {
  return pageAnswer(q, await repo.listSuppliers(db, q), toSupplier);
}

export async function getSupplier(db: Db, id: number) {
  const row = await repo.findSupplier(db, id);
  if (!row) throw notFound('Supplier');
  return toSupplier(row);
}

export async function createSupplier(db: Db, actor: Actor, input: SupplierData) {
  return db.transaction(async (tx) => {
    const row = await insertCompany(tx, { ...input, email: input.email || null, kind: 'supplier' });
    await writeAudit(tx, actor, { entity: 'supplier', entityId: row.id, action: 'create', after: row });
    return toSupplier({ ...row, warehouses: 0 });
  });
}

export async function updateSupplier(db: Db, actor: Actor, id: number, input: Partial<SupplierData>) {
  return db.transaction(async (tx) => {
    const before = await repo.findSupplier(tx, id);
    if (!before) throw notFound('Supplier');
    const email = input.email === '' ? null : input.email;
    await updateCompanyRow(tx, id, definedOnly({ ...input, email }));
    const after = (await repo.findSupplier(tx, id))!;
    await writeAudit(tx, actor, { entity: 'supplier', entityId: id, action: 'update', before, after });
    return toSupplier(after);
  });
}

/** Switches several suppliers on or off in one transaction; ids that are no supplier are skipped. */
export async function setSuppliersActive(db: Db, actor: Actor, ids: number[], active: boolean) {
  return db.transaction(async (tx) => {
    const rows = await repo.setSuppliersActive(tx, ids, active);
    for (const after of rows)
      await writeAudit(tx, actor, {
        entity: 'supplier',
        entityId: after.id,
        action: active ? 'activate' : 'deactivate',
        after,
      });
    return { updated: rows.length };
  });
}
