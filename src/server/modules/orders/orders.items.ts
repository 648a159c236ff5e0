// Staff editing the items of a placed, unpaid order: every change re-prices the item from the
// server's prices of the order's price group, reserves or releases its stock through the
// supplier routing, recomputes the totals and is written to the order log.
import type { z } from 'zod';
import type { StaffOrderItem } from '../../../contract/orders-staff-edit';
import type { Db, Tx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { conflict, notFound } from '../../http/errors';
import { adjustCompensation } from '../comp/comp.service';
import { orderableProduct } from './orders.cart';
import { compensationOf, repriceOrder } from './orders.pricing';
import { editableOrder } from './orders.edit';
import { logOrderChange } from './orders.log';
import * as itemsRepo from './orders.items.repository';
import type * as repo from './orders.repository';
import { routeUnits, withdrawUnits } from './orders.routing';
import { orderDetail } from './orders.views';

type Input = z.output<typeof StaffOrderItem>;

function pricingOf(order: repo.OrderRow) {
  if (order.priceGroupId === null) throw conflict('This order has no price group to price items with');
  return { companyId: order.companyId, priceGroupId: order.priceGroupId };
}

/**
 * Re-prices the changed item (the others keep their prices), stores the order's new totals and
 * follows with the sales compensation the order earns.
 */
async function reprice(tx: Tx, order: repo.OrderRow, itemId: number | null, note: string) {
  const { lines } = await repriceOrder(tx, order, pricingOf(order), new Set(itemId === null ? [] : [itemId]));
  await adjustCompensation(tx, compensationOf(order, lines), note);
}

async function itemOfOrder(tx: Tx, orderId: number, itemId: number) {
  const row = await itemsRepo.lockLiveItem(tx, orderId, itemId);
  if (!row) throw notFound('Order item');
  return { ...row.item, skuCode: row.skuCode };
}

/** Adds units of a tire; a line of the same tire and road hazard cover takes them. */
export async function addItem(db: Db, actor: Actor, orderId: number, input: Input) {
  await db.transaction(async (tx) => {
    const order = await editableOrder(tx, orderId);
    const { product, priceCents } = await orderableProduct(tx, input, pricingOf(order).priceGroupId);
    const same = await itemsRepo.findSameItem(tx, orderId, {
      productId: product.id,
      roadHazard: input.orderItemRoadHazard,
    });
    const item = same
      ? await itemsRepo.setItemQuantity(tx, same.id, same.quantity + input.orderItemQuantity)
      : await itemsRepo.insertItem(tx, {
          orderId,
          productId: product.id,
          makeId: product.makeId,
          modelId: product.modelId,
          quantity: input.orderItemQuantity,
          unitPriceCents: priceCents,
          roadHazard: input.orderItemRoadHazard,
        });
    await routeUnits(tx, order, [
      {
        orderItemId: item.id,
        productId: product.id,
        quantity: input.orderItemQuantity,
        skuCode: product.skuCode,
      },
    ]);
    const note = `Item added: ${input.orderItemQuantity} × ${product.skuCode}${input.orderItemRoadHazard ? ' with road hazard' : ''}`;
    await reprice(tx, order, item.id, note);
    await logOrderChange(tx, order, actor.userId, note);
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
    if (delta < 0) await withdrawUnits(tx, orderId, item, -delta, actor.userId);
    const roadHazard = change.orderItemRoadHazard ?? item.roadHazard;
    await itemsRepo.updateItem(tx, item.id, { quantity: change.orderItemQuantity, roadHazard });
    const note = `Item ${item.skuCode}: quantity ${item.quantity} → ${change.orderItemQuantity}${roadHazard !== item.roadHazard ? `, road hazard ${roadHazard ? 'added' : 'removed'}` : ''}`;
    await reprice(tx, order, item.id, note);
    await logOrderChange(tx, order, actor.userId, note);
  });
  return orderDetail(db, orderId, true);
}

/**
 * Removes an item and releases its stock; the item stays in the order's history, marked removed,
 * with its cancelled supplier lines. The last item stays (delete or cancel the order instead).
 */
export async function deleteItem(db: Db, actor: Actor, orderId: number, itemId: number) {
  await db.transaction(async (tx) => {
    const order = await editableOrder(tx, orderId);
    const item = await itemOfOrder(tx, orderId, itemId);
    const items = await itemsRepo.liveItemIds(tx, orderId);
    if (items.length === 1)
      throw conflict('This is the last item of the order; delete or cancel the order instead');
    await withdrawUnits(tx, orderId, item, item.quantity, actor.userId);
    await itemsRepo.updateItem(tx, item.id, { removedAt: new Date() });
    const note = `Item removed: ${item.quantity} × ${item.skuCode}`;
    await reprice(tx, order, null, note);
    await logOrderChange(tx, order, actor.userId, note);
  });
  return orderDetail(db, orderId, true);
}
