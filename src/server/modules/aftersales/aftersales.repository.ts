// SQL of returns, claims and the shared after-sales log.
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type * as claimsApi from '../../../contract/claims';
import type * as returnsApi from '../../../contract/returns';
import {
  assertClaimTransition,
  assertReturnTransition,
  type ClaimStatus,
  type ReturnStatus,
} from '../../../domain/aftersales-status';
import type { DbOrTx } from '../../db/connection';
import { listPage, orderOf, searchWhere } from '../../db/list-page';
import {
  aftersalesLog,
  claims,
  companies,
  locations,
  makes,
  models,
  orderItems,
  orders,
  products,
  returnItems,
  returns,
  users,
  warehouses,
} from '../../db/schema';
import { writeStatus } from '../../db/write-status';

export type ReturnRow = typeof returns.$inferSelect;
export type ClaimRow = typeof claims.$inferSelect;
export type ReturnQuery = z.output<typeof returnsApi.ReturnQuery>;
export type ClaimQuery = z.output<NonNullable<typeof claimsApi.listClaims.query>>;

/** Units of a return: quantity asked for, or only what was received once it is rejected or closed. */
const heldUnits = sql<number>`case when ${returns.status} in ('rejected', 'closed') then ${returnItems.receivedQuantity} else ${returnItems.quantity} end`;

export async function insertReturn(tx: DbOrTx, values: typeof returns.$inferInsert) {
  const [row] = await tx.insert(returns).values(values).returning();
  return row;
}

export async function findReturn(db: DbOrTx, id: number, lock = false) {
  const q = db.select().from(returns).where(eq(returns.id, id));
  const [row] = lock ? await q.for('no key update') : await q;
  return row ?? null;
}

/** A return's columns other than its status, which only setReturnStatus writes. */
export async function updateReturn(
  tx: DbOrTx,
  id: number,
  values: Partial<Omit<typeof returns.$inferInsert, 'status'>>,
) {
  await tx
    .update(returns)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(returns.id, id));
}

/** The one write of a return's status; the table decides. */
export async function setReturnStatus(tx: DbOrTx, r: { id: number; status: string }, to: ReturnStatus) {
  return writeStatus(tx, returns, assertReturnTransition, r, to);
}

export async function insertReturnItem(tx: DbOrTx, values: typeof returnItems.$inferInsert) {
  await tx.insert(returnItems).values(values);
}

export async function updateReturnItem(
  tx: DbOrTx,
  id: number,
  values: Partial<typeof returnItems.$inferInsert>,
) {
  await tx.update(returnItems).set(values).where(eq(returnItems.id, id));
}

export function itemsOfReturn(db: DbOrTx, returnId: number) {
  return db
    .select({
      item: returnItems,
      skuCode: products.skuCode,
      description: sql<string>`${makes.name} || ' ' || ${models.name} || ' ' || ${products.size}`,
    })
    .from(returnItems)
    .innerJoin(products, eq(products.id, returnItems.productId))
    .innerJoin(makes, eq(makes.id, products.makeId))
    .innerJoin(models, eq(models.id, products.modelId))
    .where(eq(returnItems.returnId, returnId))
    .orderBy(asc(returnItems.id));
}

/** Units of each order line already in returns that hold them (all but `exceptReturnId`'s). */
export async function returnedUnits(db: DbOrTx, orderItemIds: number[], exceptReturnId = 0) {
  if (!orderItemIds.length) return new Map<number, number>();
  const rows = await db
    .select({ orderItemId: returnItems.orderItemId, n: sql<number>`sum(${heldUnits})::int` })
    .from(returnItems)
    .innerJoin(returns, eq(returns.id, returnItems.returnId))
    .where(and(inArray(returnItems.orderItemId, orderItemIds), sql`${returns.id} <> ${exceptReturnId}`))
    .groupBy(returnItems.orderItemId);
  return new Map(rows.map((r) => [r.orderItemId, Number(r.n)]));
}

export async function returnNames(db: DbOrTx, r: ReturnRow) {
  const [row] = await db
    .select({ orderNumber: orders.number, companyName: companies.name, warehouseName: warehouses.name })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .leftJoin(warehouses, eq(warehouses.id, r.warehouseId ?? -1))
    .where(eq(orders.id, r.orderId));
  return row;
}

export function listReturns(db: DbOrTx, q: ReturnQuery, companyId: number | null) {
  const where = and(
    companyId === null ? undefined : eq(returns.companyId, companyId),
    q.companyId ? eq(returns.companyId, q.companyId) : undefined,
    q.orderId ? eq(returns.orderId, q.orderId) : undefined,
    q.status ? eq(returns.status, q.status) : undefined,
    searchWhere(q.q, [orders.number, companies.name, sql`'RMA-' || lpad(${returns.id}::text, 6, '0')`]),
  );
  return listPage(
    db,
    q,
    () =>
      db
        .select({
          r: returns,
          orderNumber: orders.number,
          companyName: companies.name,
          units: sql<number>`(select coalesce(sum(${returnItems.quantity}), 0)::int from ${returnItems} where ${returnItems.returnId} = ${returns.id})`,
        })
        .from(returns)
        .innerJoin(orders, eq(orders.id, returns.orderId))
        .innerJoin(companies, eq(companies.id, returns.companyId))
        .where(where)
        .$dynamic(),
    orderOf(q.sort, { createdAt: returns.createdAt, status: returns.status }, returns.id, '-createdAt'),
  );
}

// Claims.

export async function insertClaim(tx: DbOrTx, values: typeof claims.$inferInsert) {
  const [row] = await tx.insert(claims).values(values).returning();
  return row;
}

export async function findClaim(db: DbOrTx, id: number, lock = false) {
  const q = db.select().from(claims).where(eq(claims.id, id));
  const [row] = lock ? await q.for('no key update') : await q;
  return row ?? null;
}

type ClaimColumns = Partial<Omit<typeof claims.$inferInsert, 'status'>>;

/** A claim's columns other than its status, which only setClaimStatus writes. */
export async function updateClaim(tx: DbOrTx, id: number, values: ClaimColumns) {
  await tx
    .update(claims)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(claims.id, id));
}

/** The one write of a claim's status, with the columns that change with it; the table decides. */
export async function setClaimStatus(
  tx: DbOrTx,
  c: { id: number; status: string },
  to: ClaimStatus,
  values: ClaimColumns = {},
) {
  return writeStatus(tx, claims, assertClaimTransition, c, to, values);
}

/** Claims of an order line that are still alive (not cancelled, denied or closed unpaid). */
export async function liveClaimsOfItem(db: DbOrTx, orderItemId: number) {
  return db
    .select({ id: claims.id })
    .from(claims)
    .where(
      and(eq(claims.orderItemId, orderItemId), inArray(claims.status, ['open', 'under_review', 'approved'])),
    );
}

const installer = alias(companies, 'installer');

export async function claimNames(db: DbOrTx, c: ClaimRow) {
  const [row] = await db
    .select({
      orderNumber: orders.number,
      companyName: companies.name,
      installerName: installer.name,
      tire: sql<string>`${makes.name} || ' ' || ${models.name} || ' ' || ${products.size}`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .innerJoin(makes, eq(makes.id, orderItems.makeId))
    .innerJoin(models, eq(models.id, orderItems.modelId))
    .leftJoin(installer, eq(installer.id, c.installerCompanyId ?? -1))
    .where(eq(orderItems.id, c.orderItemId));
  return row;
}

/** A company with an active installer location: one that may be named on a claim and paid labour. */
export async function isInstallerCompany(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.companyId, id), gt(locations.installer, 0), eq(locations.active, true)))
    .limit(1);
  return !!row;
}

export function listClaims(db: DbOrTx, q: ClaimQuery, companyId: number | null) {
  const where = and(
    companyId === null ? undefined : eq(claims.companyId, companyId),
    q.companyId ? eq(claims.companyId, q.companyId) : undefined,
    q.orderId ? eq(claims.orderId, q.orderId) : undefined,
    q.status ? eq(claims.status, q.status) : undefined,
    searchWhere(q.q, [orders.number, companies.name]),
  );
  return listPage(
    db,
    q,
    () =>
      db
        .select({
          c: claims,
          orderNumber: orders.number,
          companyName: companies.name,
          tire: sql<string>`${makes.name} || ' ' || ${models.name} || ' ' || ${products.size}`,
        })
        .from(claims)
        .innerJoin(orders, eq(orders.id, claims.orderId))
        .innerJoin(companies, eq(companies.id, claims.companyId))
        .innerJoin(orderItems, eq(orderItems.id, claims.orderItemId))
        .innerJoin(products, eq(products.id, orderItems.productId))
        .innerJoin(makes, eq(makes.id, orderItems.makeId))
        .innerJoin(models, eq(models.id, orderItems.modelId))
        .where(where)
        .$dynamic(),
    orderOf(q.sort, { createdAt: claims.createdAt, status: claims.status }, claims.id, '-createdAt'),
  );
}

// The log of returns, claims and refunds.

export async function insertLog(tx: DbOrTx, values: typeof aftersalesLog.$inferInsert) {
  await tx.insert(aftersalesLog).values(values);
}

export function logOf(db: DbOrTx, entity: 'return' | 'claim' | 'refund', entityId: number) {
  return db
    .select({ log: aftersalesLog, userName: users.username })
    .from(aftersalesLog)
    .leftJoin(users, eq(users.id, aftersalesLog.userId))
    .where(and(eq(aftersalesLog.entity, entity), eq(aftersalesLog.entityId, entityId)))
    .orderBy(asc(aftersalesLog.id));
}
