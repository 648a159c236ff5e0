import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type * as api from '../../../contract/inventory';
import { assertFeedRunTransition, type FeedRunStatus } from '../../../domain/feed-run-status';
import type { DbOrTx } from '../../db/connection';
import { listPage, orderOf, searchWhere } from '../../db/list-page';
import { companies, feedFailures, feedRuns, inventory, makes, products, warehouses } from '../../db/schema';
import { companyTireAge, inventoryLots } from '../../db/schema/tire-age';
import { writeStatus } from '../../db/write-status';

export type WarehouseQuery = z.output<NonNullable<typeof api.listWarehouses.query>>;
export type InventoryQuery = z.output<NonNullable<typeof api.listInventory.query>>;
export type FailureQuery = z.output<NonNullable<typeof api.listFailedRows.query>>;
export type RunRow = typeof feedRuns.$inferSelect;
export type FailureRow = Awaited<ReturnType<typeof listFailures>>['list'][number];

const warehouseColumns = {
  ...getTableColumns(warehouses),
  supplierName: companies.name,
  products: sql<number>`(select count(*)::int from ${inventory} i where i.warehouse_id = ${warehouses}.id)`,
  units: sql<number>`(select coalesce(sum(i.quantity), 0)::int from ${inventory} i where i.warehouse_id = ${warehouses}.id)`,
};
export type WarehouseRow = NonNullable<Awaited<ReturnType<typeof findWarehouse>>>;

/** null = every supplier (staff); otherwise only that supplier company's rows. */
export type SupplierScope = number | null;
const ofSupplier = (scope: SupplierScope) =>
  scope === null ? undefined : eq(warehouses.supplierCompanyId, scope);

function warehousesFrom(db: DbOrTx) {
  return db
    .select(warehouseColumns)
    .from(warehouses)
    .innerJoin(companies, eq(companies.id, warehouses.supplierCompanyId));
}

export function listWarehouses(db: DbOrTx, scope: SupplierScope, q: WarehouseQuery) {
  const where = and(
    ofSupplier(scope),
    q.supplierCompanyId ? eq(warehouses.supplierCompanyId, q.supplierCompanyId) : undefined,
    q.type ? eq(warehouses.type, q.type) : undefined,
    q.active === undefined ? undefined : eq(warehouses.active, q.active),
    searchWhere(q.q, [warehouses.code, warehouses.name, warehouses.zip, companies.name]),
  );
  const sortable = { code: warehouses.code, name: warehouses.name, zip: warehouses.zip };
  return listPage(
    db,
    q,
    () => warehousesFrom(db).where(where).$dynamic(),
    orderOf(q.sort, sortable, warehouses.id, 'code'),
  );
}

export async function findWarehouse(db: DbOrTx, scope: SupplierScope, id: number) {
  const [row] = await warehousesFrom(db).where(and(ofSupplier(scope), eq(warehouses.id, id)));
  return row ?? null;
}

export async function codeTaken(db: DbOrTx, code: string, exceptId?: number) {
  const [row] = await db.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.code, code));
  return !!row && row.id !== exceptId;
}

export async function insertWarehouse(db: DbOrTx, values: typeof warehouses.$inferInsert) {
  const [row] = await db.insert(warehouses).values(values).returning({ id: warehouses.id });
  return row.id;
}

export async function updateWarehouse(db: DbOrTx, id: number, set: Partial<typeof warehouses.$inferInsert>) {
  if (Object.keys(set).length) await db.update(warehouses).set(set).where(eq(warehouses.id, id));
}

const inventoryColumns = {
  warehouseId: inventory.warehouseId,
  warehouseCode: warehouses.code,
  productId: inventory.productId,
  skuCode: products.skuCode,
  size: products.size,
  makeName: makes.name,
  quantity: inventory.quantity,
  reserved: inventory.reserved,
  costCents: inventory.costCents,
  updatedAt: inventory.updatedAt,
  /** Its lots by DOT code (the service orders them and works out their age). */
  lots: sql<{ dotCode: string; quantity: number }[]>`coalesce((
    select json_agg(json_build_object('dotCode', l.dot_code, 'quantity', l.quantity))
    from ${inventoryLots} l
    where l.warehouse_id = ${inventory.warehouseId} and l.product_id = ${inventory.productId} and l.quantity > 0),
    '[]')`,
};

function inventoryFrom(db: DbOrTx) {
  return db
    .select(inventoryColumns)
    .from(inventory)
    .innerJoin(warehouses, eq(warehouses.id, inventory.warehouseId))
    .innerJoin(products, eq(products.id, inventory.productId))
    .innerJoin(makes, eq(makes.id, products.makeId));
}

export function listInventory(db: DbOrTx, scope: SupplierScope, q: InventoryQuery) {
  const where = and(
    ofSupplier(scope),
    q.warehouseId ? eq(inventory.warehouseId, q.warehouseId) : undefined,
    q.productId ? eq(inventory.productId, q.productId) : undefined,
    searchWhere(q.q, [products.skuCode, products.size, makes.name, warehouses.code]),
  );
  const sortable = {
    skuCode: products.skuCode,
    quantity: inventory.quantity,
    costCents: inventory.costCents,
  };
  return listPage(
    db,
    q,
    () => inventoryFrom(db).where(where).$dynamic(),
    orderOf(q.sort, sortable, inventory.productId, 'skuCode'),
  );
}

export async function findInventory(db: DbOrTx, warehouseId: number, productId: number) {
  const [row] = await inventoryFrom(db).where(
    and(eq(inventory.warehouseId, warehouseId), eq(inventory.productId, productId)),
  );
  return row ?? null;
}

export async function productExists(db: DbOrTx, id: number) {
  return (await db.$count(products, eq(products.id, id))) > 0;
}

/**
 * Inserts or replaces stock rows; reserved units stay as they are. In statements of 1 000 rows
 * (4 000 bind parameters): PostgreSQL takes at most 65 535 per statement, and a feed may hold
 * half a million lines (docs/security.md).
 */
export async function upsertInventory(
  db: DbOrTx,
  rows: { warehouseId: number; productId: number; quantity: number; costCents: number }[],
) {
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insert(inventory)
      .values(rows.slice(i, i + 1000))
      .onConflictDoUpdate({
        target: [inventory.warehouseId, inventory.productId],
        set: { quantity: sql`excluded.quantity`, costCents: sql`excluded.cost_cents`, updatedAt: sql`now()` },
      });
}

/**
 * Replaces the lots of stock rows: each row named keeps exactly the lots given (none: all its
 * units of unknown age). Two statements for any number of rows.
 */
export async function replaceLots(
  db: DbOrTx,
  rows: { warehouseId: number; productId: number; lots: { dotCode: string; quantity: number }[] }[],
) {
  if (!rows.length) return;
  for (let i = 0; i < rows.length; i += 1000) {
    const part = rows.slice(i, i + 1000);
    const keys = JSON.stringify(part.map((r) => ({ w: r.warehouseId, p: r.productId })));
    await db.execute(sql`
      delete from inventory_lots l using json_to_recordset(${keys}::json) as k(w bigint, p bigint)
      where l.warehouse_id = k.w and l.product_id = k.p`);
    const lots = part.flatMap((r) =>
      r.lots.map((l) => ({ warehouseId: r.warehouseId, productId: r.productId, ...l })),
    );
    if (lots.length) await db.insert(inventoryLots).values(lots);
  }
}

/** The oldest tires a company buys, in months, or null. */
export async function findTireAge(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select({ maxAgeMonths: companyTireAge.maxAgeMonths })
    .from(companyTireAge)
    .where(eq(companyTireAge.companyId, companyId));
  return row?.maxAgeMonths ?? null;
}

/** Sets (or, with null, clears) the oldest tires a company buys. */
export async function saveTireAge(db: DbOrTx, companyId: number, maxAgeMonths: number | null) {
  if (maxAgeMonths === null) {
    await db.delete(companyTireAge).where(eq(companyTireAge.companyId, companyId));
    return;
  }
  await db
    .insert(companyTireAge)
    .values({ companyId, maxAgeMonths })
    .onConflictDoUpdate({
      target: companyTireAge.companyId,
      set: { maxAgeMonths, updatedAt: sql`now()` },
    });
}

/** The company an order is of, or null when there is no such order. */
export async function orderCompany(db: DbOrTx, orderId: number) {
  const { rows } = await db.execute<{ company_id: number }>(
    sql`select company_id from orders where id = ${orderId}`,
  );
  return rows[0] ? Number(rows[0].company_id) : null;
}

/** The units each line of an order holds or sold, by the DOT code its holds took. */
export async function orderLineLots(db: DbOrTx, orderId: number) {
  const { rows } = await db.execute<{ order_item_id: number; dot_code: string | null; quantity: number }>(sql`
    select h.order_item_id, l.dot_code, sum(h.quantity)::int as quantity
    from stock_holds h left join stock_hold_lots l on l.hold_id = h.id
    where h.order_id = ${orderId} and h.status in ('held', 'committed') and h.order_item_id is not null
    group by h.order_item_id, l.dot_code
    order by h.order_item_id`);
  return rows.map((r) => ({
    orderItemId: Number(r.order_item_id),
    dotCode: r.dot_code,
    quantity: Number(r.quantity),
  }));
}

export async function insertRun(db: DbOrTx, values: typeof feedRuns.$inferInsert) {
  const [row] = await db.insert(feedRuns).values(values).returning();
  return row;
}

/** A run's progress; its status is written only by finishRun. */
export async function updateRun(
  db: DbOrTx,
  id: number,
  set: Partial<Omit<typeof feedRuns.$inferInsert, 'status'>>,
) {
  const [row] = await db.update(feedRuns).set(set).where(eq(feedRuns.id, id)).returning();
  return row;
}

/** The one write of a run's status: its outcome, with the columns that record it; the table decides. */
export async function finishRun(
  db: DbOrTx,
  run: { id: number; status: string },
  to: FeedRunStatus,
  set: Partial<Omit<typeof feedRuns.$inferInsert, 'status'>>,
) {
  return writeStatus(db, feedRuns, assertFeedRunTransition, run, to, set);
}

export function listRuns(db: DbOrTx, warehouseId: number) {
  return db
    .select()
    .from(feedRuns)
    .where(eq(feedRuns.warehouseId, warehouseId))
    .orderBy(desc(feedRuns.id))
    .limit(20);
}

export async function insertFailures(db: DbOrTx, rows: (typeof feedFailures.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += 500) await db.insert(feedFailures).values(rows.slice(i, i + 500));
}

function failuresFrom(db: DbOrTx) {
  return db
    .select({
      ...getTableColumns(feedFailures),
      warehouseCode: warehouses.code,
      filename: feedRuns.filename,
    })
    .from(feedFailures)
    .innerJoin(feedRuns, eq(feedRuns.id, feedFailures.runId))
    .innerJoin(warehouses, eq(warehouses.id, feedFailures.warehouseId));
}

export function listFailures(db: DbOrTx, scope: SupplierScope, q: FailureQuery) {
  const where = and(
    ofSupplier(scope),
    q.warehouseId ? eq(feedFailures.warehouseId, q.warehouseId) : undefined,
    q.runId ? eq(feedFailures.runId, q.runId) : undefined,
    searchWhere(q.q, [feedFailures.reason, feedFailures.raw, feedRuns.filename]),
  );
  return listPage(
    db,
    q,
    () => failuresFrom(db).where(where).$dynamic(),
    orderOf(q.sort, { line: feedFailures.line, createdAt: feedFailures.createdAt }, feedFailures.id),
  );
}

/** Catalogue products by SKU, with their make's name and slug and this warehouse's reservations. */
export async function productsForFeed(db: DbOrTx, warehouseId: number, skus: string[]) {
  const { rows } = await db.execute<{
    id: number;
    sku: string;
    make_name: string;
    make_slug: string;
    reserved: number;
  }>(sql`
    select p.id, lower(p.sku_code) as sku, lower(m.name) as make_name, lower(m.slug) as make_slug,
           coalesce(i.reserved, 0)::int as reserved
    from products p
    join makes m on m.id = p.make_id
    left join inventory i on i.product_id = p.id and i.warehouse_id = ${warehouseId}
    where lower(p.sku_code) = any(${`{${skus.map((s) => `"${s.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[])`);
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Units free to sell of some products per active warehouse, with the warehouse's ZIP (no lock). */
export function freeStock(db: DbOrTx, productIds: number[]) {
  return db
    .select({
      productId: inventory.productId,
      warehouseId: warehouses.id,
      zip: warehouses.zip,
      free: sql<number>`(${inventory.quantity} - ${inventory.reserved})::int`,
    })
    .from(inventory)
    .innerJoin(warehouses, eq(warehouses.id, inventory.warehouseId))
    .where(
      and(
        inArray(inventory.productId, productIds.length ? productIds : [-1]),
        eq(warehouses.active, true),
        sql`${inventory.quantity} > ${inventory.reserved}`,
      ),
    );
}

/** Every warehouse of a supplier scope (all for staff), by code: a few rows per supplier. */
export function warehousesIn(db: DbOrTx, scope: SupplierScope) {
  return db
    .select({ id: warehouses.id, code: warehouses.code, name: warehouses.name, zip: warehouses.zip })
    .from(warehouses)
    .where(ofSupplier(scope))
    .orderBy(warehouses.code)
    .limit(500);
}
