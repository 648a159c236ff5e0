// The SQL of fulfillments and labels: the confirmed supplier lines they take, their rows, and
// what a fulfillment view reads (order, warehouse, tires, labels, shipment).
import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import {
  assertFulfillmentTransition,
  assertPickupTransition,
  type FulfillmentStatus,
  labelTransitions,
  type PickupStatus,
} from '../../../domain/shipping-status';
import { statusesBefore } from '../../../domain/status-machine';
import type { DbOrTx } from '../../db/connection';
import { listPage, type Paging } from '../../db/list-page';
import { writeStatus } from '../../db/write-status';
import {
  type DeliveryAddress,
  fulfillmentLines,
  fulfillmentLog,
  fulfillments,
  pickups,
  shipments,
  shippingLabels,
} from '../../db/schema';

export type FulfillmentRow = typeof fulfillments.$inferSelect;
export type LabelRow = typeof shippingLabels.$inferSelect;

const idArray = (ids: number[]) => `{${[...new Set(ids)].map(Number).join(',')}}`;

/** A confirmed supplier line that no active fulfillment holds, with what a fulfillment shows of it. */
export interface OpenLine {
  supplierLineId: number;
  subOrderId: number;
  orderId: number;
  orderNumber: string;
  orderStatus: string;
  orderItemId: number;
  supplierCompanyId: number;
  warehouseId: number;
  warehouseName: string;
  warehouseZip: string;
  quantity: number;
  skuCode: string;
  description: string;
  weightLbs: number | null;
  shipTo: DeliveryAddress;
}

const lineSelect = sql`
  select sl.id as supplier_line_id, so.id as sub_order_id, o.id as order_id, o.number as order_number,
    o.status as order_status, sl.order_item_id, so.supplier_company_id, w.id as warehouse_id,
    w.name as warehouse_name, w.zip as warehouse_zip, sl.quantity, p.sku_code,
    mk.name || ' ' || md.name || ' ' || p.size as description, p.weight_lbs,
    o.delivery_kind, o.delivery_address, o.delivery_zip,
    coalesce(il.name, l.name) as place_name, coalesce(ic.name, c.name) as company_name,
    coalesce(il.address1, l.address1) as address1, coalesce(il.city, l.city) as city,
    coalesce(il.state, l.state) as state
  from supplier_lines sl
  join sub_orders so on so.id = sl.sub_order_id
  join orders o on o.id = so.order_id
  join companies c on c.id = o.company_id
  left join locations l on l.id = o.location_id
  left join locations il on il.id = o.installer_location_id
  left join companies ic on ic.id = il.company_id
  join warehouses w on w.id = so.warehouse_id
  join order_items oi on oi.id = sl.order_item_id
  join products p on p.id = oi.product_id
  join makes mk on mk.id = p.make_id
  join models md on md.id = p.model_id`;

function toOpenLine(r: Record<string, unknown>): OpenLine {
  const zip = String(r.delivery_zip ?? '');
  const shipTo: DeliveryAddress =
    r.delivery_kind === 'address' && r.delivery_address
      ? (r.delivery_address as DeliveryAddress)
      : {
          name: `${r.company_name} — ${r.place_name ?? ''}`.replace(/ — $/, ''),
          address1: String(r.address1 ?? ''),
          city: String(r.city ?? ''),
          state: String(r.state ?? ''),
          zip,
        };
  return {
    supplierLineId: Number(r.supplier_line_id),
    subOrderId: Number(r.sub_order_id),
    orderId: Number(r.order_id),
    orderNumber: String(r.order_number ?? r.order_id),
    orderStatus: String(r.order_status),
    orderItemId: Number(r.order_item_id),
    supplierCompanyId: Number(r.supplier_company_id),
    warehouseId: Number(r.warehouse_id),
    warehouseName: String(r.warehouse_name),
    warehouseZip: String(r.warehouse_zip),
    quantity: Number(r.quantity),
    skuCode: String(r.sku_code),
    description: String(r.description),
    weightLbs: r.weight_lbs === null ? null : Number(r.weight_lbs),
    shipTo,
  };
}

/**
 * Confirmed lines of open orders that no active fulfillment holds, oldest order first;
 * `lock` takes their rows (FOR NO KEY UPDATE, in this order) so two fulfillments never take the same line.
 */
export async function openLines(
  db: DbOrTx,
  f: { supplierId?: number; orderId?: number; warehouseId?: number; lineIds?: number[] },
  lock = false,
): Promise<OpenLine[]> {
  const where: SQL[] = [
    sql`sl.status = 'confirmed'`,
    sql`o.status in ('placed', 'processing', 'partially_shipped')`,
    sql`not exists (select 1 from fulfillment_lines fl where fl.supplier_line_id = sl.id and fl.released_at is null)`,
  ];
  if (f.supplierId !== undefined) where.push(sql`so.supplier_company_id = ${f.supplierId}`);
  if (f.orderId !== undefined) where.push(sql`o.id = ${f.orderId}`);
  if (f.warehouseId !== undefined) where.push(sql`w.id = ${f.warehouseId}`);
  if (f.lineIds) where.push(sql`sl.id = any(${idArray(f.lineIds)}::bigint[])`);
  const { rows } = await db.execute(
    sql`${lineSelect} where ${sql.join(where, sql` and `)} order by o.id, w.id, sl.id ${lock ? sql`for no key update of sl` : sql``}`,
  );
  return rows.map(toOpenLine);
}

/** Supplier lines by id, whatever their status, with what a fulfillment shows of them. */
export async function linesByIds(db: DbOrTx, lineIds: number[]): Promise<OpenLine[]> {
  if (!lineIds.length) return [];
  const { rows } = await db.execute(
    sql`${lineSelect} where sl.id = any(${idArray(lineIds)}::bigint[]) order by sl.id`,
  );
  return rows.map(toOpenLine);
}

/** The active and released lines of fulfillments, keyed by fulfillment. */
export function fulfillmentLineRows(db: DbOrTx, fulfillmentIds: number[]) {
  return db
    .select()
    .from(fulfillmentLines)
    .where(inArray(fulfillmentLines.fulfillmentId, fulfillmentIds.length ? fulfillmentIds : [-1]));
}

export async function insertFulfillment(db: DbOrTx, values: typeof fulfillments.$inferInsert) {
  const [row] = await db.insert(fulfillments).values(values).returning();
  return row;
}

export function insertFulfillmentLines(db: DbOrTx, values: (typeof fulfillmentLines.$inferInsert)[]) {
  return db.insert(fulfillmentLines).values(values);
}

export function releaseLines(db: DbOrTx, fulfillmentId: number) {
  return db
    .update(fulfillmentLines)
    .set({ releasedAt: new Date() })
    .where(and(eq(fulfillmentLines.fulfillmentId, fulfillmentId), isNull(fulfillmentLines.releasedAt)));
}

export async function findFulfillment(db: DbOrTx, id: number, lock = false) {
  const q = db.select().from(fulfillments).where(eq(fulfillments.id, id));
  const [row] = lock ? await q.for('no key update') : await q;
  return row;
}

export function fulfillmentsByIds(db: DbOrTx, ids: number[]) {
  return db
    .select()
    .from(fulfillments)
    .where(inArray(fulfillments.id, ids.length ? ids : [-1]))
    .orderBy(desc(fulfillments.id));
}

/** A fulfillment's columns other than its status, which only setFulfillmentStatus writes. */
export async function updateFulfillment(
  db: DbOrTx,
  id: number,
  set: Partial<Omit<FulfillmentRow, 'status'>>,
) {
  await db
    .update(fulfillments)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(fulfillments.id, id));
}

/** The one write of a fulfillment's status; the table decides. */
export async function setFulfillmentStatus(
  db: DbOrTx,
  f: { id: number; status: string },
  to: FulfillmentStatus,
) {
  return writeStatus(db, fulfillments, assertFulfillmentTransition, f, to);
}

export async function insertLog(db: DbOrTx, values: typeof fulfillmentLog.$inferInsert) {
  await db.insert(fulfillmentLog).values(values);
}

/** A page of fulfillments, newest first, filtered by supplier, status and order. */
export function listFulfillments(
  db: DbOrTx,
  q: Paging & { supplierId?: number; status?: string; orderId?: number },
) {
  const filters = [
    q.supplierId !== undefined ? eq(fulfillments.supplierCompanyId, q.supplierId) : undefined,
    q.status ? eq(fulfillments.status, q.status) : undefined,
    q.orderId ? eq(fulfillments.orderId, q.orderId) : undefined,
  ];
  return listPage(
    db,
    q,
    () =>
      db
        .select()
        .from(fulfillments)
        .where(and(...filters))
        .$dynamic(),
    [desc(fulfillments.id)],
  );
}

export async function warehouseOf(db: DbOrTx, warehouseId: number) {
  const { rows } = await db.execute<{
    name: string;
    zip: string;
    supplier_company_id: number;
    company: string;
  }>(sql`
    select w.name, w.zip, w.supplier_company_id, c.name as company
    from warehouses w join companies c on c.id = w.supplier_company_id where w.id = ${warehouseId}`);
  return rows[0];
}

export function orderNumbers(db: DbOrTx, orderIds: number[]) {
  return db.execute<{ id: number; number: string | null }>(
    sql`select id, number from orders where id = any(${idArray(orderIds)}::bigint[])`,
  );
}

export function warehouseNames(db: DbOrTx, ids: number[]) {
  return db.execute<{ id: number; name: string; zip: string }>(
    sql`select id, name, zip from warehouses where id = any(${idArray(ids)}::bigint[])`,
  );
}

export function labelsOf(db: DbOrTx, fulfillmentIds: number[]) {
  return db
    .select()
    .from(shippingLabels)
    .where(inArray(shippingLabels.fulfillmentId, fulfillmentIds.length ? fulfillmentIds : [-1]))
    .orderBy(shippingLabels.id);
}

export async function insertLabel(db: DbOrTx, values: typeof shippingLabels.$inferInsert) {
  const [row] = await db.insert(shippingLabels).values(values).returning();
  return row;
}

export function setLabelTracking(db: DbOrTx, id: number, trackingNumber: string) {
  return db.update(shippingLabels).set({ trackingNumber }).where(eq(shippingLabels.id, id));
}

/** The one write of labels' status: the fulfillment's labels that the table lets be voided are. */
export function voidLabels(db: DbOrTx, fulfillmentId: number) {
  return db
    .update(shippingLabels)
    .set({ status: 'voided', voidedAt: new Date() })
    .where(
      and(
        eq(shippingLabels.fulfillmentId, fulfillmentId),
        inArray(shippingLabels.status, statusesBefore(labelTransitions, 'voided')),
      ),
    );
}

export function shipmentsOfFulfillments(db: DbOrTx, fulfillmentIds: number[]) {
  return db
    .select({
      shipmentId: shipments.id,
      fulfillmentId: shipments.fulfillmentId,
      status: shipments.status,
      trackingNumber: shipments.trackingNumber,
    })
    .from(shipments)
    .where(inArray(shipments.fulfillmentId, fulfillmentIds.length ? fulfillmentIds : [-1]))
    .orderBy(desc(shipments.id));
}

export type PickupRow = typeof pickups.$inferSelect;

export function scheduledPickups(db: DbOrTx, warehouseId: number) {
  return db
    .select()
    .from(pickups)
    .where(and(eq(pickups.warehouseId, warehouseId), eq(pickups.status, 'scheduled')))
    .orderBy(pickups.windowStart);
}

export async function insertPickup(db: DbOrTx, values: typeof pickups.$inferInsert) {
  const [row] = await db.insert(pickups).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findPickup(db: DbOrTx, id: number) {
  const [row] = await db.select().from(pickups).where(eq(pickups.id, id)).for('no key update');
  return row;
}

/** The one write of a pickup's status: only cancelling it, which the table must allow. */
export async function cancelPickupRow(db: DbOrTx, pickup: { id: number; status: string }) {
  assertPickupTransition(pickup.status as PickupStatus, 'cancelled');
  const [row] = await db
    .update(pickups)
    .set({ status: 'cancelled', cancelledAt: new Date() })
    .where(eq(pickups.id, pickup.id))
    .returning();
  return row;
}

/** Parcels labeled at a warehouse with a courier that the courier has not picked up yet. */
export async function parcelsAwaitingPickup(db: DbOrTx, warehouseId: number, courier: string) {
  const { rows } = await db.execute<{ n: number }>(sql`
    select coalesce(sum(l.packages), 0)::int as n from shipping_labels l
    join fulfillments f on f.id = l.fulfillment_id
    where f.warehouse_id = ${warehouseId} and l.courier = ${courier} and l.status = 'active' and f.status = 'labeled'`);
  return Number(rows[0]?.n ?? 0);
}
