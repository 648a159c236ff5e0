import type { z } from 'zod';
import type { BuyerOrderQuery } from '../../../contract/orders';
import { pageAnswer } from '../../db/list-page';
import type { Db } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { AppError, notFound } from '../../http/errors';
import { addSetToCart, addToCart } from './orders.cart';
import { lineSetOf } from './orders.pricing';
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
 * A staggered set goes back as a set, or is skipped whole (docs/fleet.md, "Staggered sets").
 */
export async function reorder(db: Db, actor: Actor, orderId: number) {
  await getMyOrder(db, actor, orderId);
  const lines = await itemsRepo.listLines(db, orderId, null);
  const byId = new Map(lines.map((l) => [l.item.id, l]));
  let added = 0;
  const skipped: string[] = [];
  const tire = (item: itemsRepo.Line['item']) => ({
    orderItemMakeId: item.makeId,
    orderItemModelId: item.modelId,
    orderItemProductId: item.productId,
    orderItemQuantity: item.quantity,
  });
  for (const line of lines) {
    const { item, skuCode } = line;
    const set = lineSetOf(line);
    const partner = set && byId.get(set.partnerItemId);
    // The set is added once, from its front line.
    if (partner && set.position === 'rear') continue;
    try {
      if (partner) {
        await addSetToCart(db, actor, {
          front: tire(item),
          rear: tire(partner.item),
          orderItemRoadHazard: item.roadHazard,
        });
        added += 2;
        continue;
      }
      await addToCart(db, actor, { ...tire(item), orderItemRoadHazard: item.roadHazard });
      added += 1;
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      skipped.push(`${skuCode}: ${error.message}`);
    }
  }
  return { added, skipped };
}
