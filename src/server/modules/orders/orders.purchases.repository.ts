import { and, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '../../../domain/order-status';
import type { DbOrTx } from '../../db/connection';
import { makes, models, orderItems, orders, products } from '../../db/schema';

/**
 * The items of the company's orders in these statuses that match `where` (items staff removed
 * left out), with their order, product, line and brand and what they were sold at, newest
 * order first.
 */
function companyOrderItems(
  db: DbOrTx,
  companyId: number,
  statuses: readonly OrderStatus[],
  ...where: (SQL | undefined)[]
) {
  return db
    .select({
      orderItemId: orderItems.id,
      orderId: orders.id,
      orderNumber: orders.number,
      status: orders.status,
      placedAt: orders.placedAt,
      productId: orderItems.productId,
      makeId: orderItems.makeId,
      modelId: orderItems.modelId,
      skuCode: products.skuCode,
      brand: makes.name,
      line: models.name,
      size: products.size,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
      roadHazard: orderItems.roadHazard,
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
        ...where,
      ),
    )
    .orderBy(desc(orders.placedAt), desc(orders.id), orderItems.id);
}

/** The items of the company's orders in these statuses, of one order or one tire line. */
export function companyOrderLines(
  db: DbOrTx,
  companyId: number,
  statuses: readonly OrderStatus[],
  filter: { orderId?: number; modelId?: number } = {},
) {
  return companyOrderItems(
    db,
    companyId,
    statuses,
    filter.orderId ? eq(orders.id, filter.orderId) : undefined,
    filter.modelId ? eq(orderItems.modelId, filter.modelId) : undefined,
  );
}

/** These items of the company's orders in these statuses. */
export function companyItems(
  db: DbOrTx,
  companyId: number,
  itemIds: number[],
  statuses: readonly OrderStatus[],
) {
  return companyOrderItems(db, companyId, statuses, inArray(orderItems.id, itemIds.length ? itemIds : [-1]));
}
