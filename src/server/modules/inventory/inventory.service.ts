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
import type { OrderLineLots, TireAgeSettings } from '../../../contract/tire-age';
import { isStaff } from '../../../domain/roles';
import { ageInMonths, compareLotAge, isTooOldToSell, storedDotCode } from '../../../domain/tire-age';
import type { Db, DbOrTx } from '../../db/connection';
import { definedOnly, pageAnswer } from '../../db/list-page';
import type { Actor } from '../../http/actor';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { iso } from '../../lib/dates';
import { writeAudit } from '../audit/audit.service';
import { refreshProductPrices } from '../catalog/catalog.service';
import { type GoodLine, readFeed } from './inventory.feed';
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
  const now = new Date();
  const lots = row.lots
    .map((l) => ({ ...l, code: storedDotCode(l.dotCode) }))
    .filter((l) => l.code !== null)
    .sort((a, b) => compareLotAge(a.dotCode, b.dotCode))
    .map(({ code, ...l }) => ({
      ...l,
      ageMonths: ageInMonths(code!, now),
      tooOld: isTooOldToSell(code!, now),
    }));
  return { ...row, updatedAt: iso(row.updatedAt), lots };
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
    if (input.lots) await repo.replaceLots(tx, [{ ...input, lots: input.lots }]);
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
      // A tire may come on several lines, one per DOT code: its row is their sum (feedDotColumn).
      const rows = stockRowsOf(good);
      await repo.upsertInventory(
        tx,
        rows.map((r) => ({
          warehouseId,
          productId: r.productId,
          quantity: r.quantity,
          costCents: r.costCents,
        })),
      );
      await repo.replaceLots(
        tx,
        rows.map((r) => ({ warehouseId, productId: r.productId, lots: r.lots })),
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

/** The feed's good lines as stock rows: one per tire, its lots the lines that name a DOT code. */
function stockRowsOf(good: GoodLine[]) {
  const rows = new Map<
    number,
    { productId: number; quantity: number; costCents: number; lots: { dotCode: string; quantity: number }[] }
  >();
  for (const g of good) {
    const row = rows.get(g.productId) ?? {
      productId: g.productId,
      quantity: 0,
      costCents: g.costCents,
      lots: [],
    };
    row.quantity += g.quantity;
    if (g.dotCode && g.quantity > 0) row.lots.push({ dotCode: g.dotCode, quantity: g.quantity });
    rows.set(g.productId, row);
  }
  return [...rows.values()];
}

/** The oldest tires the caller's company buys (docs/domain.md, "Tire age"); null: any age sold. */
export async function getTireAge(db: DbOrTx, actor: Actor): Promise<TireAgeSettings> {
  return { maxAgeMonths: await repo.findTireAge(db, actor.companyId) };
}

/** The company admin sets (or clears) the oldest tires the company buys; audited. */
export async function updateTireAge(db: Db, actor: Actor, body: TireAgeSettings) {
  return db.transaction(async (tx) => {
    const before = await getTireAge(tx, actor);
    await repo.saveTireAge(tx, actor.companyId, body.maxAgeMonths);
    const after = await getTireAge(tx, actor);
    await writeAudit(tx, actor, {
      entity: 'company_tire_age',
      entityId: actor.companyId,
      action: 'update',
      before,
      after,
    });
    return after;
  });
}

/**
 * The DOT codes each line of an order took (docs/domain.md, "Tire age"): for the users of the
 * order's company and staff; anyone else is told the order does not exist.
 */
export async function orderDotCodes(db: DbOrTx, actor: Actor, orderId: number): Promise<OrderLineLots[]> {
  const companyId = await repo.orderCompany(db, orderId);
  if (companyId === null || (!isStaff(actor.role) && companyId !== actor.companyId)) throw notFound('Order');
  const lines = new Map<number, OrderLineLots>();
  for (const r of await repo.orderLineLots(db, orderId)) {
    const line = lines.get(r.orderItemId) ?? { orderItemId: r.orderItemId, lots: [] };
    line.lots.push({ dotCode: r.dotCode, quantity: r.quantity });
    lines.set(r.orderItemId, line);
  }
  for (const line of lines.values()) line.lots.sort((a, b) => compareLotAge(a.dotCode, b.dotCode));
  return [...lines.values()];
}

/** Free units of some products per active warehouse and its ZIP: what the delivery promise ships from. */
export const freeStockOf = (db: DbOrTx, productIds: number[]) => repo.freeStock(db, productIds);

/** The warehouses whose shipping days the actor may set: a supplier its own, staff every one. */
export const warehousesOf = (db: DbOrTx, actor: Actor) => repo.warehousesIn(db, scopeOf(actor));
