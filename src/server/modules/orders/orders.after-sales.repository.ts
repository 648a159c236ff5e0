// The SQL the after-sales module needs of orders and stock: a warehouse's cost of a product,
// units back on a shelf, scrapped units, and the fulfilled supplier lines of a supplier.
import { and, asc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import {
  inventory,
  makes,
  models,
  orderItems,
  orders,
  products,
  subOrders,
  supplierLines,
} from '../../db/schema';

/** Unit cost of each (warehouse, product); missing rows are absent from the map. */
export async function costsAt(db: DbOrTx, at: { warehouseId: number; productId: number }[]) {
  if (!at.length) return new Map<string, number>();
  const rows = await db
    .select({
      warehouseId: inventory.warehouseId,
      productId: inventory.productId,
      costCents: inventory.costCents,
    })
    .from(inventory)
    .where(
      and(
        inArray(inventory.warehouseId, [...new Set(at.map((a) => a.warehouseId))]),
        inArray(inventory.productId, [...new Set(at.map((a) => a.productId))]),
      ),
    );
  return new Map(rows.map((r) => [`${r.warehouseId}:${r.productId}`, r.costCents]));
}

/** The lowest cost of a product anywhere: what a warehouse that never stocked it books it at. */
export async function lowestCost(db: DbOrTx, productId: number) {
  const [row] = await db
    .select({ cost: sql<number | null>`min(${inventory.costCents})` })
    .from(inventory)
    .where(eq(inventory.productId, productId));
  return row?.cost === null || row?.cost === undefined ? 0 : Number(row.cost);
}

/** Returned units go on the shelf of a warehouse, which gets a stock row if it had none. */
export async function shelveUnits(
  tx: DbOrTx,
  at: { warehouseId: number; productId: number },
  quantity: number,
  costCents: number,
) {
  await tx.execute(sql`
    insert into inventory (warehouse_id, product_id, quantity, reserved, cost_cents)
    values (${at.warehouseId}, ${at.productId}, ${quantity}, 0, ${costCents})
    on conflict (warehouse_id, product_id)
    do update set quantity = inventory.quantity + excluded.quantity, updated_at = now()`);
}

/** Scrapped units leave the shelf; false when fewer than that many are free there (nothing changed). */
export async function scrapUnits(
  tx: DbOrTx,
  at: { warehouseId: number; productId: number },
  quantity: number,
) {
  const { rowCount } = await tx.execute(sql`
    update inventory set quantity = quantity - ${quantity}, updated_at = now()
    where warehouse_id = ${at.warehouseId} and product_id = ${at.productId} and quantity - reserved >= ${quantity}`);
  return rowCount === 1;
}

export async function stockAt(db: DbOrTx, at: { warehouseId: number; productId: number }) {
  const [row] = await db
    .select({ quantity: inventory.quantity, reserved: inventory.reserved })
    .from(inventory)
    .where(and(eq(inventory.warehouseId, at.warehouseId), eq(inventory.productId, at.productId)));
  return row ?? null;
}

/**
 * Supplier lines of one supplier company in the given statuses, of orders in the given statuses
 * placed in [from, to), with their warehouse, product and cost there.
 */
export function supplierLinesOf(
  db: DbOrTx,
  q: {
    supplierCompanyId: number;
    lineStatuses: readonly string[];
    orderStatuses: readonly string[];
    /** A line also counts once a fulfillment holding it is in one of these statuses. */
    fulfillmentStatuses: readonly string[];
    from: Date;
    to: Date;
  },
) {
  return db
    .select({
      supplierLineId: supplierLines.id,
      orderId: orders.id,
      orderNumber: orders.number,
      orderItemId: orderItems.id,
      productId: orderItems.productId,
      warehouseId: subOrders.warehouseId,
      quantity: supplierLines.quantity,
      skuCode: products.skuCode,
      description: sql<string>`${makes.name} || ' ' || ${models.name} || ' ' || ${products.size}`,
      costCents: inventory.costCents,
    })
    .from(supplierLines)
    .innerJoin(subOrders, eq(subOrders.id, supplierLines.subOrderId))
    .innerJoin(orders, eq(orders.id, subOrders.orderId))
    .innerJoin(orderItems, eq(orderItems.id, supplierLines.orderItemId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .innerJoin(makes, eq(makes.id, orderItems.makeId))
    .innerJoin(models, eq(models.id, orderItems.modelId))
    .leftJoin(
      inventory,
      and(eq(inventory.warehouseId, subOrders.warehouseId), eq(inventory.productId, orderItems.productId)),
    )
    .where(
      and(
        eq(subOrders.supplierCompanyId, q.supplierCompanyId),
        inArray(supplierLines.status, [...q.lineStatuses]),
        or(
          inArray(orders.status, [...q.orderStatuses]),
          sql`exists (select 1 from fulfillment_lines fl join fulfillments f on f.id = fl.fulfillment_id
            where fl.supplier_line_id = ${supplierLines.id} and fl.released_at is null
              and f.status in (${sql.join(
                q.fulfillmentStatuses.map((s) => sql`${s}`),
                sql`, `,
              )}))`,
        ),
        gte(orders.placedAt, q.from),
        lt(orders.placedAt, q.to),
      ),
    )
    .orderBy(asc(orders.placedAt), asc(supplierLines.id));
}

/** The order an item belongs to (removed items included: they stay in the order's history). */
export async function orderIdOfItem(db: DbOrTx, orderItemId: number) {
  const [row] = await db
    .select({ orderId: orderItems.orderId })
    .from(orderItems)
    .where(eq(orderItems.id, orderItemId));
  return row?.orderId ?? null;
}
