import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { OrderStatus } from '../../../domain/order-status';
import type { DbOrTx } from '../../db/connection';
import { makes, models, orderItems, orders, products } from '../../db/schema';

/**
 * One row per item of the company's orders in these statuses (items staff removed left out),
 * newest order first.
 */
export function companyOrderLines(
  db: DbOrTx,
  companyId: number,
  statuses: readonly OrderStatus[],
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
        inArray(orders.status, [...statuses]),
        isNull(orderItems.removedAt),
        filter.orderId ? eq(orders.id, filter.orderId) : undefined,
        filter.modelId ? eq(orderItems.modelId, filter.modelId) : undefined,
      ),
    )
    .orderBy(desc(orders.placedAt), desc(orders.id), orderItems.id);
}
