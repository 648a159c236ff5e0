import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { makes, models, orderItems, orders, products } from '../../db/schema';

/** Order statuses in which the company has the tires in hand: what a review may be based on. */
const received = ['delivered', 'completed'];

/**
 * The tires a company has received: one row per item of its delivered or completed orders (items
 * staff removed left out), newest order first. Reviews read it as proof of purchase.
 */
export function receivedLines(
  db: DbOrTx,
  companyId: number,
  filter: { orderId?: number; modelId?: number } = {},
) {
  return db
    .select({
      orderId: orders.id,
      orderNumber: orders.number,
      productId: orderItems.productId,
      modelId: orderItems.modelId,
      brand: makes.name,
      line: models.name,
      size: products.size,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .innerJoin(models, eq(models.id, orderItems.modelId))
    .innerJoin(makes, eq(makes.id, orderItems.makeId))
    .where(
      and(
        eq(orders.companyId, companyId),
        inArray(orders.status, received),
        isNull(orderItems.removedAt),
        filter.orderId ? eq(orders.id, filter.orderId) : undefined,
        filter.modelId ? eq(orderItems.modelId, filter.modelId) : undefined,
      ),
    )
    .orderBy(desc(orders.placedAt), desc(orders.id), orderItems.id);
}
