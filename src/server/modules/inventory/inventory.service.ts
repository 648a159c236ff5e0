import type { z } from 'zod';
import type {
  InventoryInput,
  InventoryRow,
  Warehouse,
  WarehouseInput,
  updateWarehouse as updateEndpoint,
} from '../../../contract/inventory';
import { isStaff } from '../../../domain/roles';
import type { Db, DbOrTx } from '../../db/connection';
import { definedOnly } from '../../db/list-page';
import type { Actor } from '../../http/actor';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import { refreshProductPrices } from '../catalog/catalog.service';
import * as repo from './inventory.repository';
import { iso } from '../../lib/dates';

/** Staff see every supplier; a supplier user only the company of its current location. */
export function scopeOf(actor: Actor): repo.SupplierScope {
  if (isStaff(actor.role)) return null;
  if (actor.supplierId <= 0) throw forbidden('Your current location works for no supplier');
  return actor.supplierId;
}

export function toWarehouse(row: repo.WarehouseRow): Warehouse {
  const { createdAt: _, ...rest } = row;
  return { ...rest, type: row.type as Warehouse['type'] };
}

export function toInventory(row: NonNullable<Awaited<ReturnType<typeof repo.findInventory>>>): InventoryRow {
  return { ...row, updatedAt: iso(row.updatedAt) };
}

/** The warehouse if the actor may manage it; another supplier's is "not found". */
export async function ownWarehouse(db: DbOrTx, actor: Actor, id: number) {
  const row = await repo.findWarehouse(db, scopeOf(actor), id);
  if (!row) throw notFound('Warehouse');
  return row;
}

export async function createWarehouse(db: Db, actor: Actor, input: z.output<typeof WarehouseInput>) {
  const scope = scopeOf(actor);
  const supplierCompanyId = scope ?? input.supplierCompanyId;
  if (!supplierCompanyId)
    throw badRequest('Choose the supplier', [{ pointer: '/body/supplierCompanyId', detail: 'is required' }]);
  return db.transaction(async (tx) => {
    if (await repo.codeTaken(tx, input.code))
      throw conflict('That warehouse code is taken', {
        errors: [{ pointer: '/body/code', detail: 'is taken' }],
      });
    const id = await repo.insertWarehouse(tx, { ...input, supplierCompanyId });
    const after = await repo.findWarehouse(tx, null, id);
    if (!after) throw notFound('Supplier');
    await writeAudit(tx, actor, { entity: 'warehouse', entityId: id, action: 'create', after });
    return toWarehouse(after);
  });
}

export async function updateWarehouse(
  db: Db,
  actor: Actor,
  id: number,
  input: z.output<NonNullable<typeof updateEndpoint.body>>,
) {
  return db.transaction(async (tx) => {
    const before = await ownWarehouse(tx, actor, id);
    if (input.code && (await repo.codeTaken(tx, input.code, id)))
      throw conflict('That warehouse code is taken', {
        errors: [{ pointer: '/body/code', detail: 'is taken' }],
      });
    await repo.updateWarehouse(tx, id, definedOnly(input));
    const after = (await repo.findWarehouse(tx, null, id))!;
    await writeAudit(tx, actor, { entity: 'warehouse', entityId: id, action: 'update', before, after });
    return toWarehouse(after);
  });
}

/** Sets one stock row; the product's prices follow in the same transaction. */
export async function setInventory(db: Db, actor: Actor, input: z.output<typeof InventoryInput>) {
  return db.transaction(async (tx) => {
    await ownWarehouse(tx, actor, input.warehouseId);
    if (!(await repo.productExists(tx, input.productId))) throw notFound('Product');
    const before = await repo.findInventory(tx, input.warehouseId, input.productId);
    if (before && input.quantity < before.reserved)
      throw conflict(`Quantity cannot go below the ${before.reserved} units reserved by open orders`);
    await repo.upsertInventory(tx, [input]);
    await refreshProductPrices(tx, [input.productId]);
    const after = (await repo.findInventory(tx, input.warehouseId, input.productId))!;
    await writeAudit(tx, actor, {
      entity: 'inventory',
      entityId: `${input.warehouseId}:${input.productId}`,
      action: before ? 'update' : 'create',
      before,
      after,
    });
    return toInventory(after);
  });
}
