import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/connection';
import { inventory, stockHolds } from '../db/schema';

/** Stock of a product per warehouse. */
export function stockOf(db: DbOrTx, productId: number) {
  return db
    .select({
      warehouseId: inventory.warehouseId,
      quantity: inventory.quantity,
      reserved: inventory.reserved,
    })
    .from(inventory)
    .where(eq(inventory.productId, productId))
    .orderBy(inventory.warehouseId);
}

/** Units of a product sold: committed holds of placed orders. */
export async function soldUnits(db: DbOrTx, productId: number) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${stockHolds.quantity}), 0)::int` })
    .from(stockHolds)
    .where(and(eq(stockHolds.productId, productId), eq(stockHolds.status, 'committed')));
  return Number(row.n);
}

/** Items of placed orders whose supplier lines (cancelled ones left out) do not add up to the item's quantity. */
export async function unallocatedItems(db: DbOrTx, orderIds: number[]) {
  if (!orderIds.length) return [];
  const { rows } = await db.execute<{ id: number }>(sql`
    select oi.id from order_items oi
    left join supplier_lines sl on sl.order_item_id = oi.id and sl.status <> 'cancelled'
    where oi.order_id = any(${`{${orderIds.join(',')}}`}::bigint[]) and oi.removed_at is null
    group by oi.id, oi.quantity
    having coalesce(sum(sl.quantity), 0) <> oi.quantity`);
  return rows;
}
