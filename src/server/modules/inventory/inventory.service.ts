import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type {
  FeedFailure,
  FeedRun,
  InventoryInput,
  InventoryRow,
  Warehouse,
  WarehouseInput,
  updateWarehouse as updateEndpoint,
} from '../../../contract/inventory';
import { isStaff } from '../../../domain/roles';
import type { Db, DbOrTx } from '../../db/connection';
import { definedOnly, pageAnswer } from '../../db/list-page';
import type { Actor } from '../../http/actor';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { iso } from '../../lib/dates';
import { writeAudit } from '../audit/audit.service';
import { refreshProductPrices } from '../catalog/catalog.service';
import { readFeed } from './inventory.feed';
import * as repo from './inventory.repository';

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

export function toRun(row: repo.RunRow): FeedRun {
  return {
    ...row,
    status: row.status as FeedRun['status'],
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

export function toFailure(row: repo.FailureRow): FeedFailure {
  return { ...row, createdAt: iso(row.createdAt) };
}

/** Staff see every supplier's warehouses; a supplier only its own. */
export async function listWarehouses(db: Db, actor: Actor, q: repo.WarehouseQuery) {
  return pageAnswer(q, await repo.listWarehouses(db, scopeOf(actor), q), toWarehouse);
}

/** Stock rows of the warehouses the actor may see. */
export async function listInventory(db: Db, actor: Actor, q: repo.InventoryQuery) {
  return pageAnswer(q, await repo.listInventory(db, scopeOf(actor), q), toInventory);
}

/** Refused feed rows of the warehouses the actor may see, with line and reason. */
export async function listFailures(db: Db, actor: Actor, q: repo.FailureQuery) {
  return pageAnswer(q, await repo.listFailures(db, scopeOf(actor), q), toFailure);
}

/** The last 20 feed runs of a warehouse the actor may manage (polled while one runs). */
export async function listFeedRuns(db: Db, actor: Actor, warehouseId: number) {
  await ownWarehouse(db, actor, warehouseId);
  return (await repo.listRuns(db, warehouseId)).map(toRun);
}

/** The warehouse if the actor may manage it; another supplier's is "not found". */
export async function ownWarehouse(db: DbOrTx, actor: Actor, id: number) {
  const row = await repo.findWarehouse(db, scopeOf(actor), id);
  if (!row) throw notFound('Warehouse');
  return row;
}

/** One warehouse the actor may manage. */
export async function getWarehouse(db: Db, actor: Actor, id: number) {
  return toWarehouse(await ownWarehouse(db, actor, id));
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

/**
 * Imports a supplier's CSV feed into one warehouse: every row is validated while the file
 * streams in; then, in ONE transaction, the good rows replace stock and cost, the bad rows are
 * recorded with line and reason, and the touched products are re-priced. A failure half-way
 * writes nothing but the run's failed status.
 */
export async function importFeed(
  db: Db,
  actor: Actor,
  warehouseId: number,
  upload: { filename: string; stream: Readable & { truncated?: boolean } },
) {
  await ownWarehouse(db, actor, warehouseId);
  const run = await repo.insertRun(db, {
    warehouseId,
    uploadedBy: actor.userId,
    filename: upload.filename.slice(0, 200),
  });
  try {
    const { good, bad } = await readFeed(db, run.id, warehouseId, upload.stream);
    if (upload.stream.truncated)
      throw new AppError('too_large', 'The file is larger than the upload limit; nothing was imported');
    const done = await db.transaction(async (tx) => {
      await repo.upsertInventory(
        tx,
        good.map((g) => ({
          warehouseId,
          productId: g.productId,
          quantity: g.quantity,
          costCents: g.costCents,
        })),
      );
      await repo.insertFailures(
        tx,
        bad.map((b) => ({ ...b, runId: run.id, warehouseId })),
      );
      await refreshProductPrices(
        tx,
        good.map((g) => g.productId),
      );
      const counts = { processedRows: good.length + bad.length, goodRows: good.length, badRows: bad.length };
      const row = await repo.finishRun(tx, run, 'applied', { ...counts, finishedAt: new Date() });
      await writeAudit(tx, actor, { entity: 'feed_run', entityId: run.id, action: 'import', after: row });
      return row;
    });
    return toRun(done);
  } catch (error) {
    upload.stream.resume(); // drain what is left so the request can end
    const reason = error instanceof AppError ? error.message : 'The import failed; nothing was changed';
    await repo.finishRun(db, run, 'failed', { error: reason, finishedAt: new Date() });
    throw error;
  }
}

/** Free units of some products per active warehouse and its ZIP: what the delivery promise ships from. */
export const freeStockOf = (db: DbOrTx, productIds: number[]) => repo.freeStock(db, productIds);

/** The warehouses whose shipping days the actor may set: a supplier its own, staff every one. */
export const warehousesOf = (db: DbOrTx, actor: Actor) => repo.warehousesIn(db, scopeOf(actor));
