import { isRoutableOrder, type OrderStatus } from '../../../domain/order-status';
import type { Db } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { conflict, notFound } from '../../http/errors';
import { logOrderChange } from './orders.log';
import * as itemsRepo from './orders.items.repository';
import * as repo from './orders.repository';
import { routeUnits, withdrawUnits } from './orders.routing';
import * as routingRepo from './orders.routing.repository';
import * as stockRepo from './orders.stock.repository';
import { orderDetail } from './orders.views';
import { isPlacedOrder } from '../../../domain/order-status';

interface SubOrderInput {
  warehouseId: number;
  items: { orderItemId: number; quantity: number }[];
  note?: string;
}

/**
 * Staff route units of items to one warehouse they choose: the order's sub-order there gets
 * pending lines (sent with the next submit). The units come from the item's unrouted units
 * first, then from its pending lines at other warehouses, whose stock is released; the chosen
 * warehouse must have them free (409 otherwise, and nothing changes).
 */
export async function createSubOrder(db: Db, actor: Actor, orderId: number, input: SubOrderInput) {
  await db.transaction(async (tx) => {
    const order = await repo.findOrder(tx, orderId, true);
    if (!order || !isPlacedOrder(order.status)) throw notFound('Order');
    if (!isRoutableOrder(order.status as OrderStatus))
      throw conflict(`The order is ${order.status}; its units can no longer be routed`);
    const warehouse = await routingRepo.findWarehouse(tx, input.warehouseId);
    if (!warehouse) throw notFound('Warehouse');
    if (!warehouse.active) throw conflict(`Warehouse ${warehouse.name} is inactive`);
    const ids = input.items.map((i) => i.orderItemId);
    if (new Set(ids).size !== ids.length) throw conflict('Name each item once');
    const items = await itemsRepo.lockItems(tx, orderId, ids);
    const wanted = input.items.map((want) => {
      const row = items.find((r) => r.item.id === want.orderItemId);
      if (!row) throw notFound('Order item');
      return { ...row.item, skuCode: row.skuCode, move: want.quantity };
    });
    // Every product's stock rows at once, in the one order all checkouts take them: no lock cycle.
    await stockRepo.lockStock(
      tx,
      wanted.map((i) => i.productId),
    );
    for (const item of wanted) {
      if (item.move > item.quantity)
        throw conflict(`Item ${item.skuCode} has only ${item.quantity} units`, { available: item.quantity });
      await withdrawUnits(tx, orderId, item, item.move, actor.userId);
    }
    const lines = wanted.map((i) => ({
      orderItemId: i.id,
      productId: i.productId,
      quantity: i.move,
      skuCode: i.skuCode,
    }));
    await routeUnits(tx, order, lines, { onlyWarehouseIds: [warehouse.id] });
    await logOrderChange(
      tx,
      order,
      actor.userId,
      `Sub-order at ${warehouse.name}: ${wanted.map((i) => `${i.move} × ${i.skuCode}`).join(', ')}${input.note ? ` (${input.note})` : ''}`,
    );
  });
  return orderDetail(db, orderId, true);
}
