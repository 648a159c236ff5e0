import type { z } from 'zod';
import type { BuyerOrderQuery } from '../../../contract/orders';
import { pageAnswer } from '../../db/list-page';
import type { Db } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { AppError, notFound } from '../../http/errors';
import { addToCart } from './orders.cart';
import * as listsRepo from './orders.lists.repository';
import * as itemsRepo from './orders.items.repository';
import * as repo from './orders.repository';
import { orderDetail, toSummary } from './orders.views';
import { isPlacedOrder } from '../../../domain/order-status';

/** Order history of the caller's company: only its own orders, newest first. */
export async function listMyOrders(db: Db, actor: Actor, q: z.output<typeof BuyerOrderQuery>) {
  return pageAnswer(q, await listsRepo.listCompanyOrders(db, actor.companyId, q), toSummary);
}

/** One order of the caller's company; another company's order is a 404, never a 403. */
export async function getMyOrder(db: Db, actor: Actor, orderId: number) {
  const order = await repo.findOrder(db, orderId);
  if (!order || order.companyId !== actor.companyId || !isPlacedOrder(order.status)) throw notFound('Order');
  return orderDetail(db, orderId, false);
}

/**
 * Puts a past order's items back in the cart. A tire no longer sold, not sold to this price
 * group or short of stock is skipped and named (its SKU and why); any other failure is raised.
 */
export async function reorder(db: Db, actor: Actor, orderId: number) {
  await getMyOrder(db, actor, orderId);
  const lines = await itemsRepo.listLines(db, orderId, null);
  let added = 0;
  const skipped: string[] = [];
  for (const { item, skuCode } of lines) {
    try {
      await addToCart(db, actor, {
        orderItemMakeId: item.makeId,
        orderItemModelId: item.modelId,
        orderItemProductId: item.productId,
        orderItemQuantity: item.quantity,
        orderItemRoadHazard: item.roadHazard,
      });
      added += 1;
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      skipped.push(`${skuCode}: ${error.message}`);
    }
  }
  return { added, skipped };
}
