// The SQL of shipments: rows, the units they carry, the tracking timeline, and the counts an
// order's status follows.
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { assertShipmentTransition, type ShipmentStatus } from '../../../domain/shipping-status';
import type { DbOrTx } from '../../db/connection';
import { listPage, type Paging } from '../../db/list-page';
import { fulfillments, locations, orders, shipmentEvents, shipmentItems, shipments } from '../../db/schema';
import { writeStatus } from '../../db/write-status';

export type ShipmentRow = typeof shipments.$inferSelect;

export async function insertShipment(db: DbOrTx, values: typeof shipments.$inferInsert) {
  const [row] = await db.insert(shipments).values(values).returning();
  return row;
}

export async function insertItems(db: DbOrTx, values: (typeof shipmentItems.$inferInsert)[]) {
  if (values.length) await db.insert(shipmentItems).values(values);
}

export async function insertEvent(db: DbOrTx, values: typeof shipmentEvents.$inferInsert) {
  await db.insert(shipmentEvents).values(values);
}

/** Whether a courier event id was seen before (webhooks are applied once). */
export async function eventSeen(db: DbOrTx, eventId: string) {
  const [row] = await db
    .select({ id: shipmentEvents.id })
    .from(shipmentEvents)
    .where(eq(shipmentEvents.eventId, eventId));
  return Boolean(row);
}

export async function findShipment(db: DbOrTx, id: number, lock = false) {
  const q = db.select().from(shipments).where(eq(shipments.id, id));
  const [row] = lock ? await q.for('no key update') : await q;
  return row;
}

export async function findByTracking(db: DbOrTx, trackingNumber: string, lock = false) {
  const q = db.select().from(shipments).where(eq(shipments.trackingNumber, trackingNumber));
  const [row] = lock ? await q.for('no key update') : await q;
  return row;
}

export async function shipmentOfLabel(db: DbOrTx, labelId: number) {
  const [row] = await db.select().from(shipments).where(eq(shipments.labelId, labelId)).for('no key update');
  return row;
}

/** A shipment's columns other than its status, which only setShipmentStatus writes. */
export async function updateShipment(db: DbOrTx, id: number, set: Partial<Omit<ShipmentRow, 'status'>>) {
  await db
    .update(shipments)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(shipments.id, id));
}

/** The one write of a shipment's status (with the columns that move with it); the table decides. */
export async function setShipmentStatus(
  db: DbOrTx,
  s: { id: number; status: string },
  to: ShipmentStatus,
  set: Partial<Omit<ShipmentRow, 'status'>> = {},
) {
  return writeStatus(db, shipments, assertShipmentTransition, s, to, set);
}

export function eventsOf(db: DbOrTx, shipmentIds: number[]) {
  return db
    .select()
    .from(shipmentEvents)
    .where(inArray(shipmentEvents.shipmentId, shipmentIds.length ? shipmentIds : [-1]))
    .orderBy(asc(shipmentEvents.at), asc(shipmentEvents.id));
}

export function itemsOf(db: DbOrTx, shipmentIds: number[]) {
  return db.execute<{
    shipment_id: number;
    order_item_id: number;
    quantity: number;
    description: string;
  }>(sql`
    select si.shipment_id, si.order_item_id, si.quantity, mk.name || ' ' || md.name || ' ' || p.size as description
    from shipment_items si join order_items oi on oi.id = si.order_item_id
    join products p on p.id = oi.product_id join makes mk on mk.id = p.make_id join models md on md.id = p.model_id
    where si.shipment_id = any(${`{${shipmentIds.join(',')}}`}::bigint[]) order by si.order_item_id`);
}

/** Who may see a shipment: staff all; a supplier those of its fulfillments; a customer its company's; an installer those to its bays. */
export interface ShipmentScope {
  all?: boolean;
  supplierId?: number;
  companyId?: number;
  installerCompanyId?: number;
}

function scopeWhere(s: ShipmentScope): SQL | undefined {
  if (s.all) return undefined;
  if (s.supplierId !== undefined)
    return sql`${shipments.fulfillmentId} in (select id from fulfillments where supplier_company_id = ${s.supplierId})`;
  if (s.installerCompanyId !== undefined)
    return sql`${orders.installerLocationId} in (select id from locations where company_id = ${s.installerCompanyId})`;
  return eq(orders.companyId, s.companyId ?? -1);
}

export function listShipments(
  db: DbOrTx,
  q: Paging & { status?: string; orderId?: number },
  scope: ShipmentScope,
) {
  const where = and(
    scopeWhere(scope),
    q.status ? eq(shipments.status, q.status) : undefined,
    q.orderId ? eq(shipments.orderId, q.orderId) : undefined,
  );
  return listPage(db, q, () => shipmentRows(db).where(where).$dynamic(), [desc(shipments.id)]);
}

/** One shipment if the scope may see it. */
export async function scopedShipment(db: DbOrTx, id: number, scope: ShipmentScope) {
  const [row] = await shipmentRows(db).where(and(eq(shipments.id, id), scopeWhere(scope)));
  return row;
}

/** Shipments as the lists and the detail read them: with their order's number and their supplier. */
function shipmentRows(db: DbOrTx) {
  return db
    .select({
      shipment: shipments,
      orderNumber: orders.number,
      supplierCompanyId: fulfillments.supplierCompanyId,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .leftJoin(fulfillments, eq(fulfillments.id, shipments.fulfillmentId));
}

export function shipmentsOfOrder(db: DbOrTx, orderId: number) {
  return shipmentRows(db).where(eq(shipments.orderId, orderId)).orderBy(asc(shipments.id));
}

/** Per live order item: units ordered, units that left the warehouse, units delivered. */
export async function unitsOfOrder(db: DbOrTx, orderId: number) {
  const { rows } = await db.execute<{
    order_item_id: number;
    ordered: number;
    left: number;
    delivered: number;
  }>(sql`
    select oi.id as order_item_id, oi.quantity::int as ordered,
      coalesce(sum(si.quantity) filter (where s.status not in ('label_created', 'voided')), 0)::int as left,
      coalesce(sum(si.quantity) filter (where s.status = 'delivered'), 0)::int as delivered
    from order_items oi
    left join shipment_items si on si.order_item_id = oi.id
    left join shipments s on s.id = si.shipment_id
    where oi.order_id = ${orderId} and oi.removed_at is null
    group by oi.id order by oi.id`);
  return rows.map((r) => ({
    orderItemId: Number(r.order_item_id),
    ordered: Number(r.ordered),
    left: Math.min(Number(r.left), Number(r.ordered)),
    delivered: Math.min(Number(r.delivered), Number(r.ordered)),
  }));
}

/** The order's company and installer location, to scope a buyer's or installer's view. */
export async function orderOwner(db: DbOrTx, orderId: number) {
  const { rows } = await db.execute<{
    company_id: number;
    installer_company_id: number | null;
    status: string;
  }>(sql`
    select o.company_id, il.company_id as installer_company_id, o.status
    from orders o left join locations il on il.id = o.installer_location_id where o.id = ${orderId}`);
  return rows[0];
}

export async function orderDeliveryZip(db: DbOrTx, orderId: number) {
  const [row] = await db.select({ zip: orders.deliveryZip }).from(orders).where(eq(orders.id, orderId));
  return row?.zip ?? null;
}

export async function locationZip(db: DbOrTx, locationId: number) {
  const [row] = await db.select({ zip: locations.zip }).from(locations).where(eq(locations.id, locationId));
  return row?.zip;
}
