// The SQL of the order aggregate: the order row (the cart is an order in status 'cart'), the
// customer location and buyer it is for, its comments. The other SQL of orders:
// orders.items.repository.ts (its lines and items), orders.lists.repository.ts (summaries, paged lists), orders.routing.repository.ts
// (sub-orders, supplier lines), orders.stock.repository.ts (stock, holds), orders.log.repository.ts
// (the status log) and orders.analytics.repository.ts (sales figures).
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { assertOrderTransition, type OrderStatus } from '../../../domain/order-status';
import { assertOrderPaymentTransition, type OrderPaymentStatus } from '../../../domain/payment-status';
import { builtOnce, type Placeholders } from '../../db/built-once';
import type { DbOrTx } from '../../db/connection';
import { writeStatus } from '../../db/write-status';
import {
  companies,
  locations,
  orderComments,
  orders,
  quotedOrderItems,
  stockHolds,
  users,
} from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;

/**
 * The order; `lock` takes its row for a change of its columns (FOR NO KEY UPDATE: the rows that
 * name the order, such as its log, payments and holds, can still be inserted beside the lock), or
 * 'key' for a transaction that deletes it (FOR UPDATE). docs/architecture.md, "Lock order".
 * `nowait` fails at once (lock_not_available) when another transaction holds the row.
 */
export async function findOrder(db: DbOrTx, orderId: number, lock: boolean | 'key' = false, nowait = false) {
  const q = db.select().from(orders).where(eq(orders.id, orderId));
  const config = nowait ? ({ noWait: true } as const) : {};
  const [row] =
    lock === 'key' ? await q.for('update', config) : lock ? await q.for('no key update', config) : await q;
  return row ?? null;
}

export async function insertOrder(db: DbOrTx, values: typeof orders.$inferInsert) {
  const [row] = await db.insert(orders).values(values).returning();
  return row;
}

/**
 * The order's columns other than its statuses: the status only setOrderStatus and
 * writePlacedOrder write, the payment status only setOrderPaymentStatus and writePlacedOrder.
 */
export async function updateOrder(
  db: DbOrTx,
  orderId: number,
  values: Partial<Omit<typeof orders.$inferInsert, 'status' | 'heldFrom' | 'paymentStatus'>>,
) {
  await db
    .update(orders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(orders.id, orderId));
}

/**
 * The one write of an order's status: the move must be in the order table (from on hold, only
 * back to where it was held from); going on hold keeps where from.
 */
export async function setOrderStatus(
  db: DbOrTx,
  order: { id: number; status: string; heldFrom: string | null },
  to: OrderStatus,
) {
  // The order table's check needs where a held order came from, besides the two statuses.
  const assertMove = (from: OrderStatus, wanted: OrderStatus) =>
    assertOrderTransition(from, wanted, order.heldFrom as OrderStatus | null);
  const heldFrom = to === 'on_hold' ? order.status : null;
  await writeStatus(db, orders, assertMove, order, to, { heldFrom });
}

/**
 * The one write of an order's payment status after placing (with the way it is now paid, when
 * that changes): the move must be in the order payment table.
 */
export async function setOrderPaymentStatus(
  db: DbOrTx,
  order: { id: number; paymentStatus: string },
  to: OrderPaymentStatus,
  paymentMethod?: string,
) {
  assertOrderPaymentTransition(order.paymentStatus as OrderPaymentStatus, to);
  await db
    .update(orders)
    // An undefined column is left as it is (Drizzle skips it): the way of paying stays.
    .set({ paymentStatus: to, paymentMethod: paymentMethod || undefined, updatedAt: new Date() })
    .where(eq(orders.id, order.id));
}

/** Moves an order to a location, its change time untouched (a staff order placed a moment ago). */
export async function setOrderLocation(db: DbOrTx, orderId: number, locationId: number) {
  await db.update(orders).set({ locationId }).where(eq(orders.id, orderId));
}

/** An entry of the order's status log written with the order's row. */
export interface LogLine {
  userId: number | null;
  fromStatus: string;
  toStatus: string;
  note: string | null;
}

/**
 * Writes the placed order's row (status, payment, number from its id, buyer and placing time)
 * and its log entries, in one statement that answers the rows of `andRead` (a read the caller
 * needs next, saving its round trip). Both moves are checked here first: the order's to placed,
 * then its payment's when that changes.
 */
export async function writePlacedOrder(
  db: DbOrTx,
  order: { id: number; status: string; heldFrom: string | null; paymentStatus: string },
  values: {
    paymentStatus: OrderPaymentStatus;
    paymentMethod: string | null;
    userId: number | null;
    placedByUserId: number | null;
    poNumber: string | null;
    placedAt: Date;
    /** placed, or awaiting_approval for an order over a spending limit or budget. */
    status: 'placed' | 'awaiting_approval';
  },
  log: LogLine[],
  andRead: SQL,
): Promise<Record<string, unknown>[]> {
  assertOrderTransition(order.status as OrderStatus, values.status, order.heldFrom as OrderStatus | null);
  if (values.paymentStatus !== order.paymentStatus)
    assertOrderPaymentTransition(order.paymentStatus as OrderPaymentStatus, values.paymentStatus);
  const entries = JSON.stringify(
    log.map((l, n) => ({
      n,
      user_id: l.userId,
      from_status: l.fromStatus,
      to_status: l.toStatus,
      note: l.note,
    })),
  );
  const at = values.placedAt.toISOString();
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    with o as (
      update orders set status = ${values.status}, held_from = null, payment_status = ${values.paymentStatus},
        payment_method = coalesce(${values.paymentMethod}::text, payment_method),
        number = 'TR-' || lpad(id::text, 6, '0'), user_id = ${values.userId},
        placed_by_user_id = ${values.placedByUserId}, po_number = ${values.poNumber},
        placed_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
      where id = ${order.id}
      returning id),
    logged as (
      insert into order_status_log (order_id, user_id, from_status, to_status, note)
      select o.id, e.user_id, e.from_status, e.to_status, e.note
      from o, json_to_recordset(${entries}::json) as e(n int, user_id bigint, from_status text, to_status text, note text)
      order by e.n
      returning 1)
    ${andRead}`);
  return rows;
}

/** The order's held units stay held until `until` (an order waiting for approval). */
export async function holdUntil(db: DbOrTx, orderId: number, until: Date) {
  await db
    .update(stockHolds)
    .set({ expiresAt: until })
    .where(and(eq(stockHolds.orderId, orderId), eq(stockHolds.status, 'held')));
}

export async function deleteOrder(db: DbOrTx, orderId: number) {
  await db.delete(orders).where(eq(orders.id, orderId));
}

export function listComments(db: DbOrTx, orderId: number) {
  return db
    .select({ comment: orderComments, userName: users.username })
    .from(orderComments)
    .innerJoin(users, eq(users.id, orderComments.userId))
    .where(eq(orderComments.orderId, orderId))
    .orderBy(asc(orderComments.id));
}

export async function insertComment(db: DbOrTx, values: typeof orderComments.$inferInsert) {
  await db.insert(orderComments).values(values);
}

// The cart: an order in status 'cart', one per user and location.

/** The open cart of a user at a location; `lock` takes the row for a checkout. */
export async function findCart(db: DbOrTx, userId: number, locationId: number | null, lock = false) {
  const find = (lock ? lockedCart : readCart)[locationId === null ? 'noLocation' : 'atLocation'];
  const [row] = await find(db, { userId, locationId });
  return row ?? null;
}

// Every cart call and checkout reads the cart: built once per variant (db/built-once.ts).
function cartQuery(lock: boolean, located: boolean) {
  return builtOnce((db, p: Placeholders<{ userId: number; locationId: number | null }>) => {
    const q = db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.userId, p.userId),
          eq(orders.status, 'cart'),
          located ? eq(orders.locationId, p.locationId) : isNull(orders.locationId),
        ),
      );
    // FOR UPDATE, not NO KEY: a checkout gives the cart its number, a key (unique) column.
    return lock ? q.for('update') : q;
  });
}
const readCart = { noLocation: cartQuery(false, false), atLocation: cartQuery(false, true) };
const lockedCart = { noLocation: cartQuery(true, false), atLocation: cartQuery(true, true) };

export async function insertCart(db: DbOrTx, values: typeof orders.$inferInsert) {
  await db.insert(orders).values(values).onConflictDoNothing();
}

// Who and where an order is for.

export async function findLocation(db: DbOrTx, locationId: number) {
  const [row] = await db.select().from(locations).where(eq(locations.id, locationId));
  return row ?? null;
}

/** The state a location is in ('' when none was entered). */
export async function stateOfLocation(db: DbOrTx, locationId: number) {
  const [row] = await db
    .select({ state: locations.state })
    .from(locations)
    .where(eq(locations.id, locationId));
  return row?.state ?? null;
}

/** A location of this company, with the company. */
export async function findCompanyLocation(db: DbOrTx, companyId: number, locationId: number) {
  const [row] = await db
    .select({ location: locations, company: companies })
    .from(locations)
    .innerJoin(companies, eq(companies.id, locations.companyId))
    .where(and(eq(locations.id, locationId), eq(locations.companyId, companyId)));
  return row ?? null;
}

/**
 * An active user of the company an order can be for: the one named (whatever its role), else
 * the company admin, else another user of a buying role, oldest first.
 */
export async function findBuyer(db: DbOrTx, companyId: number, userId?: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.active, true),
        userId ? eq(users.id, userId) : inArray(users.role, ['company_admin', 'buyer', 'reseller']),
      ),
    )
    // The company's admin first (the default buyer of a staff order), then its buyers, oldest first.
    .orderBy(sql`${users.role} = 'company_admin' desc`, asc(users.id))
    .limit(1);
  return row ?? null;
}

/** The quoted price an item of an accepted quote keeps (orders.pricing.ts, quotedPrice). */
export async function insertQuotedPrice(db: DbOrTx, values: typeof quotedOrderItems.$inferInsert) {
  await db.insert(quotedOrderItems).values(values);
}
