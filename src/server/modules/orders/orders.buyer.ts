import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { orderItems, orders } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { notFound } from '../../http/errors';
import { addToCart } from './orders.cart';
import * as repo from './orders.repository';
import { orderDetail, toSummary } from './orders.views';
import { isPlacedOrder } from '../../../domain/order-status';

/** Order history of the caller's company: only its own orders, newest first. */
export async function listMyOrders(
  db: Db,
  actor: Actor,
  q: { page: number; pageSize: number; status?: string },
) {
  const where = and(
    eq(orders.companyId, actor.companyId),
    ne(orders.status, 'cart'),
    q.status ? eq(orders.status, q.status) : undefined,
  );
  const rows = await repo
    .orderSummaryQuery(db)
    .where(where)
    .orderBy(desc(orders.placedAt), desc(orders.id))
    .limit(q.pageSize)
    .offset(q.page * q.pageSize);
  const [{ n }] = await db.select({ n: count() }).from(orders).where(where);
  return {
    data: { list: rows.map(toSummary), count: n, page: q.page },
  };
}

/** One order of the caller's company; another company's order is a 404, never a 403. */
export async function getMyOrder(db: Db, actor: Actor, orderId: number) {
  const order = await repo.findOrder(db, orderId);
  if (!order || order.companyId !== actor.companyId || !isPlacedOrder(order.status)) throw notFound('Order');
  return orderDetail(db, orderId, false);
}

/** Puts a past order's items back in the cart, skipping what is no longer in stock. */
export async function reorder(db: Db, actor: Actor, orderId: number) {
  await getMyOrder(db, actor, orderId);
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  let added = 0;
  const skipped: string[] = [];
  for (const i of items) {
    try {
      await addToCart(db, actor, {
        orderItemMakeId: i.makeId,
        orderItemModelId: i.modelId,
        orderItemProductId: i.productId,
        orderItemQuantity: i.quantity,
        orderItemRoadHazard: i.roadHazard,
      });
      added += 1;
    } catch {
      skipped.push(`item ${i.id}`);
    }
  }
  return { added, skipped };
}
