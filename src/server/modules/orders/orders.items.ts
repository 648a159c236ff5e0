// Staff editing the items of a placed, unpaid order: every change re-prices the item from the
// server's prices of the order's price group, reserves or releases its stock through the
// supplier routing, recomputes the totals and is written to the order log.
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { StaffOrderItem } from '../../../contract/orders';
import type { Db, Tx } from '../../db/connection';
import { orderItems, products } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { conflict, notFound } from '../../http/errors';
import { orderableProduct } from './orders.cart';
import { repriceOrder } from './orders.pricing';
import { editableOrder } from './orders.edit';
import { logOrderChange } from './orders.log';
import type { OrderRow } from './orders.repository';
import { routeUnits, withdrawUnits } from './orders.routing';
import { orderDetail } from './orders.views';

type Input = z.output<typeof StaffOrderItem>;

function pricingOf(order: OrderRow) {
  if (order.priceGroupId === null) throw conflict('This order has no price group to price items with');
  return { companyId: order.companyId, priceGroupId: order.priceGroupId };
}

/** Re-prices the changed item and stores the order's new totals. */
async function reprice(tx: Tx, order: OrderRow, itemId: number) {
  await repriceOrder(tx, order, pricingOf(order), new Set([itemId]));
}

async function itemOfOrder(tx: Tx, orderId: number, itemId: number) {
  const [row] = await tx
    .select({ item: orderItems, skuCode: products.skuCode })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId)))
    .for('update', { of: orderItems });
  if (!row) throw notFound('Order item');
  return { ...row.item, skuCode: row.skuCode };
}

/** Adds units of a tire; a line of the same tire and road hazard cover takes them. */
export async function addItem(db: Db, actor: Actor, orderId: number, input: Input) {
  await db.transaction(async (tx) => {
    const order = await editableOrder(tx, orderId);
    const { product, priceCents } = await orderableProduct(tx, input, pricingOf(order).priceGroupId);
    const [same] = await tx
      .select()
      .from(orderItems)
      .where(
        and(
          eq(orderItems.orderId, orderId),
          eq(orderItems.productId, product.id),
          eq(orderItems.roadHazard, input.orderItemRoadHazard),
        ),
      );
    const item = same
      ? (
          await tx
            .update(orderItems)
            .set({ quantity: same.quantity + input.orderItemQuantity })
            .where(eq(orderItems.id, same.id))
            .returning()
        )[0]
      : (
          await tx
            .insert(orderItems)
            .values({
              orderId,
              productId: product.id,
              makeId: product.makeId,
              modelId: product.modelId,
              quantity: input.orderItemQuantity,
              unitPriceCents: priceCents,
              roadHazard: input.orderItemRoadHazard,
            })
            .returning()
        )[0];
    await routeUnits(tx, order, [
      {
        orderItemId: item.id,
        productId: product.id,
        quantity: input.orderItemQuantity,
        skuCode: product.skuCode,
      },
    ]);
    await reprice(tx, order, item.id);
    await logOrderChange(
      tx,
      order,
      actor.userId,
      `Item added: ${input.orderItemQuantity} × ${product.skuCode}${input.orderItemRoadHazard ? ' with road hazard' : ''}`,
    );
  });
  return orderDetail(db, orderId, true);
}

/** New quantity (more units reserved, fewer released) and road hazard cover of an item. */
export async function updateItem(
  db: Db,
  actor: Actor,
  orderId: number,
  itemId: number,
  change: { orderItemQuantity: number; orderItemRoadHazard?: boolean },
) {
  await db.transaction(async (tx) => {
    const order = await editableOrder(tx, orderId);
    const item = await itemOfOrder(tx, orderId, itemId);
    const delta = change.orderItemQuantity - item.quantity;
    if (delta > 0)
      await routeUnits(tx, order, [
        { orderItemId: item.id, productId: item.productId, quantity: delta, skuCode: item.skuCode },
      ]);
    if (delta < 0) await withdrawUnits(tx, orderId, item, -delta);
    const roadHazard = change.orderItemRoadHazard ?? item.roadHazard;
    await tx
      .update(orderItems)
      .set({ quantity: change.orderItemQuantity, roadHazard })
      .where(eq(orderItems.id, item.id));
    await reprice(tx, order, item.id);
    await logOrderChange(
      tx,
      order,
      actor.userId,
      `Item ${item.skuCode}: quantity ${item.quantity} → ${change.orderItemQuantity}${roadHazard !== item.roadHazard ? `, road hazard ${roadHazard ? 'added' : 'removed'}` : ''}`,
    );
  });
  return orderDetail(db, orderId, true);
}

/** Removes an item and releases its stock; the last item stays (delete or cancel the order instead). */
export async function deleteItem(db: Db, actor: Actor, orderId: number, itemId: number) {
  await db.transaction(async (tx) => {
    const order = await editableOrder(tx, orderId);
    const item = await itemOfOrder(tx, orderId, itemId);
    const items = await tx
      .select({ id: orderItems.id })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    if (items.length === 1)
      throw conflict('This is the last item of the order; delete or cancel the order instead');
    await withdrawUnits(tx, orderId, item, item.quantity);
    await tx.delete(orderItems).where(eq(orderItems.id, item.id));
    await repriceOrder(tx, order, pricingOf(order), new Set());
    await logOrderChange(tx, order, actor.userId, `Item removed: ${item.quantity} × ${item.skuCode}`);
  });
  return orderDetail(db, orderId, true);
}
