// The SQL of distributor orders: their rows and lines, the units distributors have promised, an
// order's units no supplier line nor distributor order carries, and the stock locks of a send.
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  assertDistributorOrderTransition,
  type DistributorOrderStatus,
} from '../../../domain/distributor-status';
import type { DbOrTx } from '../../db/connection';
import { distributorOrderLines, distributorOrders } from '../../db/schema/logistics';
import { orders } from '../../db/schema/orders';
import { writeStatus } from '../../db/write-status';

export type DistributorOrderRow = typeof distributorOrders.$inferSelect;
export type DistributorOrderLineRow = typeof distributorOrderLines.$inferSelect;

/** Units each distributor has promised (orders not cancelled), per distributor and product. */
export async function promisedUnits(db: DbOrTx, productIds: number[]) {
  const rows = await db
    .select({
      distributor: distributorOrders.distributor,
      productId: distributorOrderLines.productId,
      units: sql<number>`sum(${distributorOrderLines.quantity})::int`,
    })
    .from(distributorOrderLines)
    .innerJoin(distributorOrders, eq(distributorOrders.id, distributorOrderLines.distributorOrderId))
    .where(
      and(inArray(distributorOrderLines.productId, productIds), ne(distributorOrders.status, 'cancelled')),
    )
    .groupBy(distributorOrders.distributor, distributorOrderLines.productId);
  return rows.map((r) => ({ ...r, units: Number(r.units) }));
}

/** A transaction-scoped advisory lock on one two-int key, held until commit. */
export async function advisoryLock(tx: DbOrTx, space: number, key: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${space}, ${key}::int)`);
}

/** Units of each item of the order not in a live supplier line nor a live distributor order. */
export async function unroutedItems(db: DbOrTx, orderId: number) {
  const { rows } = await db.execute<{ id: number; product_id: number; unrouted: number }>(sql`
    select oi.id, oi.product_id,
      oi.quantity
        - coalesce((select sum(sl.quantity) from supplier_lines sl
                    where sl.order_item_id = oi.id and sl.status <> 'cancelled'), 0)
        - coalesce((select sum(dl.quantity) from distributor_order_lines dl
                    join distributor_orders d on d.id = dl.distributor_order_id
                    where dl.order_item_id = oi.id and d.status <> 'cancelled'), 0) as unrouted
    from order_items oi where oi.order_id = ${orderId} order by oi.id`);
  return rows.map((r) => ({
    orderItemId: Number(r.id),
    productId: Number(r.product_id),
    unrouted: Number(r.unrouted),
  }));
}

export function linesOfDistributorOrders(db: DbOrTx, distributorOrderIds: number[]) {
  return db
    .select()
    .from(distributorOrderLines)
    .where(inArray(distributorOrderLines.distributorOrderId, distributorOrderIds))
    .orderBy(distributorOrderLines.id);
}

export function orderNumbers(db: DbOrTx, orderIds: number[]) {
  return db.select({ id: orders.id, number: orders.number }).from(orders).where(inArray(orders.id, orderIds));
}

export async function findDistributorOrder(db: DbOrTx, id: number) {
  const [row] = await db.select().from(distributorOrders).where(eq(distributorOrders.id, id));
  return row;
}

/** A distributor's latest 200 orders, of one shop order when one is named. */
export function distributorOrdersOf(db: DbOrTx, distributor: string, orderId?: number) {
  return db
    .select()
    .from(distributorOrders)
    .where(
      and(
        eq(distributorOrders.distributor, distributor),
        orderId === undefined ? undefined : eq(distributorOrders.orderId, orderId),
      ),
    )
    .orderBy(desc(distributorOrders.id))
    .limit(200);
}

export async function findByReference(db: DbOrTx, distributor: string, reference: string) {
  const [row] = await db
    .select()
    .from(distributorOrders)
    .where(and(eq(distributorOrders.distributor, distributor), eq(distributorOrders.reference, reference)));
  return row;
}

/** The shop order a send is for, locked against changes of its own columns when `lock` is set. */
export async function orderForRouting(db: DbOrTx, orderId: number, lock: boolean) {
  const q = db
    .select({ id: orders.id, status: orders.status, zip: orders.deliveryZip })
    .from(orders)
    .where(eq(orders.id, orderId));
  const [o] = lock ? await q.for('no key update') : await q;
  return o;
}

/** How many orders of this distributor the shop order has had: the next reference's number. */
export async function countDistributorOrders(db: DbOrTx, orderId: number, distributor: string) {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(distributorOrders)
    .where(and(eq(distributorOrders.orderId, orderId), eq(distributorOrders.distributor, distributor)));
  return Number(n);
}

export async function insertDistributorOrder(db: DbOrTx, values: typeof distributorOrders.$inferInsert) {
  const [row] = await db
    .insert(distributorOrders)
    .values(values)
    .returning({ id: distributorOrders.id, reference: distributorOrders.reference });
  return row;
}

export async function insertDistributorOrderLines(
  db: DbOrTx,
  values: (typeof distributorOrderLines.$inferInsert)[],
) {
  await db.insert(distributorOrderLines).values(values);
}

/** A distributor order by id or by reference, locked for a change of its status. */
export async function lockDistributorOrder(db: DbOrTx, by: { id: number } | { reference: string }) {
  const where = 'id' in by ? eq(distributorOrders.id, by.id) : eq(distributorOrders.reference, by.reference);
  const [row] = await db.select().from(distributorOrders).where(where).for('no key update');
  return row;
}

/**
 * The one write of a distributor order's status, with what that step records: a ship
 * confirmation's tracking number, shipment and time. The table decides.
 */
export async function setDistributorOrderStatus(
  db: DbOrTx,
  order: { id: number; status: string },
  status: DistributorOrderStatus,
  at: Date,
  shipped?: Pick<DistributorOrderRow, 'trackingNumber' | 'shipmentId' | 'shippedAt'>,
) {
  return writeStatus(db, distributorOrders, assertDistributorOrderTransition, order, status, {
    ...shipped,
    updatedAt: at,
  });
}

/** The units of a distributor order, as its shipment carries them. */
export function shippedUnits(db: DbOrTx, distributorOrderId: number) {
  return db
    .select({ orderItemId: distributorOrderLines.orderItemId, quantity: distributorOrderLines.quantity })
    .from(distributorOrderLines)
    .where(eq(distributorOrderLines.distributorOrderId, distributorOrderId));
}
