// SQL of refunds, their vendor records, and bills.
import { and, asc, desc, eq, inArray, isNull, lte, ne, notInArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type * as billsApi from '../../../contract/bills';
import type * as refundsApi from '../../../contract/refunds';
import {
  assertBillTransition,
  assertRefundTransition,
  type BillStatus,
  type RefundStatus,
} from '../../../domain/aftersales-status';
import type { DbOrTx } from '../../db/connection';
import { listPage, orderOf, type Paging, searchWhere } from '../../db/list-page';
import { billItems, bills, claims, companies, orders, refunds, refundVendors, users } from '../../db/schema';
import { writeStatus } from '../../db/write-status';

export type RefundRow = typeof refunds.$inferSelect;
export type BillRow = typeof bills.$inferSelect;
export type RefundQuery = z.output<NonNullable<typeof refundsApi.listRefunds.query>>;
export type BillQuery = z.output<NonNullable<typeof billsApi.listBills.query>>;

export async function insertRefund(tx: DbOrTx, values: typeof refunds.$inferInsert) {
  const [row] = await tx.insert(refunds).values(values).returning();
  return row;
}

export async function findRefund(db: DbOrTx, id: number, lock = false) {
  const q = db.select().from(refunds).where(eq(refunds.id, id));
  const [row] = lock ? await q.for('no key update') : await q;
  return row ?? null;
}

type RefundColumns = Partial<Omit<typeof refunds.$inferInsert, 'status'>>;

/** A refund's columns other than its status, which only setRefundStatus writes. */
export async function updateRefund(tx: DbOrTx, id: number, values: RefundColumns) {
  await tx
    .update(refunds)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(refunds.id, id));
}

/** The one write of a refund's status, with the columns that change with it; the table decides. */
export async function setRefundStatus(
  tx: DbOrTx,
  r: { id: number; status: string },
  to: RefundStatus,
  values: RefundColumns = {},
) {
  return writeStatus(tx, refunds, assertRefundTransition, r, to, values);
}

/** Refunds of an order that have not yet moved money but reserve their amount (pending, approved). */
export async function reservedCents(db: DbOrTx, orderId: number, exceptId = 0) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::bigint` })
    .from(refunds)
    .where(
      and(
        eq(refunds.orderId, orderId),
        inArray(refunds.status, ['pending', 'approved']),
        ne(refunds.id, exceptId),
      ),
    );
  return Number(row.n);
}

/** Refunds of an order in the given statuses, oldest first. */
export function refundsOfOrder(db: DbOrTx, orderId: number, statuses: readonly string[]) {
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), inArray(refunds.status, [...statuses])))
    .orderBy(asc(refunds.id));
}

/** The rate the order was taxed at, as placed (parts per million; 0 when exempt or untaxed). */
export async function taxRatePpmOfOrder(db: DbOrTx, orderId: number) {
  const [row] = await db.select({ ratePpm: orders.taxRatePpm }).from(orders).where(eq(orders.id, orderId));
  return row?.ratePpm ?? 0;
}

export function refundsFor(db: DbOrTx, by: { returnId?: number; claimId?: number }) {
  return db
    .select({ refundId: refunds.id, status: refunds.status, amountCents: refunds.amountCents })
    .from(refunds)
    .where(by.returnId ? eq(refunds.returnId, by.returnId) : eq(refunds.claimId, by.claimId ?? -1))
    .orderBy(asc(refunds.id));
}

const approver = alias(users, 'approver');

export async function refundNames(db: DbOrTx, r: RefundRow) {
  const [row] = await db
    .select({
      orderNumber: orders.number,
      companyName: companies.name,
      createdBy: users.username,
      approvedBy: approver.username,
    })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .innerJoin(users, eq(users.id, r.createdByUserId))
    .leftJoin(approver, eq(approver.id, r.approvedByUserId ?? -1))
    .where(eq(orders.id, r.orderId));
  return row;
}

export function listRefunds(db: DbOrTx, q: RefundQuery, companyId: number | null) {
  const where = and(
    companyId === null ? undefined : eq(refunds.companyId, companyId),
    q.companyId ? eq(refunds.companyId, q.companyId) : undefined,
    q.orderId ? eq(refunds.orderId, q.orderId) : undefined,
    q.status ? eq(refunds.status, q.status) : undefined,
    searchWhere(q.q, [orders.number, companies.name]),
  );
  return listPage(
    db,
    q,
    () =>
      db
        .select({ r: refunds, orderNumber: orders.number, companyName: companies.name })
        .from(refunds)
        .innerJoin(orders, eq(orders.id, refunds.orderId))
        .innerJoin(companies, eq(companies.id, refunds.companyId))
        .where(where)
        .$dynamic(),
    orderOf(q.sort, { createdAt: refunds.createdAt, amount: refunds.amountCents }, refunds.id, '-createdAt'),
  );
}

// Vendor records.

const supplier = alias(companies, 'supplier');
const activeBill = sql<
  number | null
>`(select ${billItems.billId} from ${billItems} where ${billItems.refundVendorId} = ${refundVendors.id} and ${billItems.active} limit 1)`;

function vendorQuery(db: DbOrTx) {
  return db
    .select({
      v: refundVendors,
      supplierName: supplier.name,
      orderId: refunds.orderId,
      orderNumber: orders.number,
      billId: activeBill,
    })
    .from(refundVendors)
    .innerJoin(refunds, eq(refunds.id, refundVendors.refundId))
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(supplier, eq(supplier.id, refundVendors.supplierCompanyId))
    .$dynamic();
}
export type VendorRow = Awaited<ReturnType<ReturnType<typeof vendorQuery>['execute']>>[number];

export function vendorsOf(db: DbOrTx, refundId: number) {
  return vendorQuery(db).where(eq(refundVendors.refundId, refundId)).orderBy(asc(refundVendors.id));
}

export function listVendorsOfSupplier(db: DbOrTx, q: Paging, supplierCompanyId: number) {
  return listPage(
    db,
    q,
    () => vendorQuery(db).where(eq(refundVendors.supplierCompanyId, supplierCompanyId)),
    [desc(refundVendors.id)],
  );
}

export async function insertVendors(tx: DbOrTx, values: (typeof refundVendors.$inferInsert)[]) {
  if (values.length) await tx.insert(refundVendors).values(values);
}

export async function updateVendor(
  tx: DbOrTx,
  id: number,
  values: Partial<typeof refundVendors.$inferInsert>,
) {
  await tx.update(refundVendors).set(values).where(eq(refundVendors.id, id));
}

export async function deleteVendors(tx: DbOrTx, ids: number[]) {
  if (ids.length) await tx.delete(refundVendors).where(inArray(refundVendors.id, ids));
}

// Bills.

export async function insertBill(tx: DbOrTx, values: typeof bills.$inferInsert) {
  const [row] = await tx.insert(bills).values(values).returning();
  return row;
}

export async function findBill(db: DbOrTx, id: number, lock = false) {
  const q = db.select().from(bills).where(eq(bills.id, id));
  const [row] = lock ? await q.for('no key update') : await q;
  return row ?? null;
}

type BillColumns = Partial<Omit<typeof bills.$inferInsert, 'status'>>;

/** A bill's columns other than its status, which only setBillStatus writes. */
export async function updateBill(tx: DbOrTx, id: number, values: BillColumns) {
  await tx
    .update(bills)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(bills.id, id));
}

/** The one write of a bill's status, with the columns that change with it; the table decides. */
export async function setBillStatus(
  tx: DbOrTx,
  b: { id: number; status: string },
  to: BillStatus,
  values: BillColumns = {},
) {
  return writeStatus(tx, bills, assertBillTransition, b, to, values);
}

export function itemsOfBill(db: DbOrTx, billId: number) {
  return db.select().from(billItems).where(eq(billItems.billId, billId)).orderBy(asc(billItems.id));
}

export async function insertBillItems(tx: DbOrTx, values: (typeof billItems.$inferInsert)[]) {
  if (values.length) await tx.insert(billItems).values(values);
}

export async function deleteBillItem(tx: DbOrTx, billId: number, itemId: number) {
  const rows = await tx
    .delete(billItems)
    .where(and(eq(billItems.billId, billId), eq(billItems.id, itemId)))
    .returning({ id: billItems.id });
  return rows.length > 0;
}

/** A void bill lets go of its sources: they may be billed again. */
export async function releaseBillItems(tx: DbOrTx, billId: number) {
  await tx.update(billItems).set({ active: false }).where(eq(billItems.billId, billId));
}

/** Supplier lines already on a bill that is not void. */
export async function billedLineIds(db: DbOrTx, lineIds: number[]) {
  if (!lineIds.length) return new Set<number>();
  const rows = await db
    .select({ id: billItems.supplierLineId })
    .from(billItems)
    .where(and(inArray(billItems.supplierLineId, lineIds), eq(billItems.active, true)));
  return new Set(rows.map((r) => r.id as number));
}

/** Vendor records of processed refunds that no bill deducts yet, made before `until`. */
export function unbilledVendorRecords(db: DbOrTx, supplierCompanyId: number, until: Date) {
  return vendorQuery(db)
    .where(
      and(
        eq(refundVendors.supplierCompanyId, supplierCompanyId),
        eq(refunds.status, 'processed'),
        lte(refundVendors.createdAt, until),
        isNull(activeBill),
      ),
    )
    .orderBy(asc(refundVendors.id));
}

/** Labour on paid claims that an installer company did and no bill pays yet. */
export function unbilledLabour(db: DbOrTx, installerCompanyId: number, until: Date) {
  return db
    .select({ claimId: claims.id, orderNumber: orders.number, labourCents: claims.labourCents })
    .from(claims)
    .innerJoin(orders, eq(orders.id, claims.orderId))
    .where(
      and(
        eq(claims.installerCompanyId, installerCompanyId),
        inArray(claims.status, ['paid', 'closed']),
        sql`${claims.labourCents} > 0`,
        lte(claims.updatedAt, until),
        notInArray(
          claims.id,
          db
            .select({ id: sql<number>`${billItems.claimId}` })
            .from(billItems)
            .where(and(eq(billItems.active, true), sql`${billItems.claimId} is not null`)),
        ),
      ),
    )
    .orderBy(asc(claims.id));
}

/**
 * Of the mounted orders whose labour or services are billable, the ones no bill that is not void
 * holds an item of that kind for yet, with their numbers (the source rows come from the installer
 * module's `mountedLabour` and `mountedServices`).
 */
export async function unbilledMountedOrders(db: DbOrTx, orderIds: number[], kind: 'labour' | 'services') {
  if (!orderIds.length) return new Map<number, string>();
  const rows = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(
      and(
        inArray(orders.id, orderIds),
        notInArray(
          orders.id,
          db
            .select({ id: sql<number>`${billItems.orderId}` })
            .from(billItems)
            .where(
              and(
                eq(billItems.active, true),
                eq(billItems.kind, kind),
                sql`${billItems.orderId} is not null`,
              ),
            ),
        ),
      ),
    );
  return new Map(rows.map((r) => [r.id, r.number]));
}

const billTotal = sql<number>`(select coalesce(sum(${billItems.amountCents}), 0)::bigint from ${billItems} where ${billItems.billId} = ${bills.id})`;

export async function billCompanyName(db: DbOrTx, companyId: number) {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name ?? null;
}

export function listBills(db: DbOrTx, q: BillQuery, companyIds: number[] | null) {
  const where = and(
    companyIds === null ? undefined : inArray(bills.companyId, companyIds.length ? companyIds : [-1]),
    q.companyId ? eq(bills.companyId, q.companyId) : undefined,
    q.status ? eq(bills.status, q.status) : undefined,
    searchWhere(q.q, [companies.name]),
  );
  return listPage(
    db,
    q,
    () =>
      db
        .select({ b: bills, companyName: companies.name, totalCents: billTotal })
        .from(bills)
        .innerJoin(companies, eq(companies.id, bills.companyId))
        .where(where)
        .$dynamic(),
    orderOf(q.sort, { createdAt: bills.createdAt, periodStart: bills.periodStart }, bills.id, '-createdAt'),
  );
}

/** Takes the company's row so that two bill runs for it never collect the same sources. */
export async function lockCompany(tx: DbOrTx, companyId: number) {
  const [row] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('no key update');
  return !!row;
}
