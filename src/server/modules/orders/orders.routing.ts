// Routing of order units to suppliers: every unit of an order item is held in one warehouse
// and listed on a supplier line of that warehouse's sub-order (one sub-order per warehouse).
// Checkout, staff orders, item edits, staff sub-orders and cancelled lines all route here, so
// holds and lines always agree: per item and warehouse, active holds = lines not cancelled.
import { isCancelledOrder, isUnsentLine } from '../../../domain/order-status';
import { isStockSold, type OrderPaymentStatus } from '../../../domain/payment-status';
import type { DbOrTx } from '../../db/connection';
import { conflict } from '../../http/errors';
import { changeLineStatus, logLineChange } from './orders.log';
import * as routingRepo from './orders.routing.repository';
import {
  type Allocation,
  commitStock,
  type ReserveOptions,
  releaseUnits,
  reserveStock,
  tryReserveStock,
  type WantedLine,
} from './orders.stock';

export interface RoutedOrder {
  id: number;
  companyId: number;
  deliveryZip: string | null;
  paymentStatus: string;
}

const holdTarget = (order: RoutedOrder) => ({
  id: order.id,
  companyId: order.companyId,
  zip: order.deliveryZip,
});

/**
 * Reserves the wanted units (nearest warehouse that fills a line whole, as checkout does) and
 * files them with the suppliers; a shortage is a 409 and nothing is written. Units of a paid
 * order leave the warehouse at once.
 */
export async function routeUnits(
  tx: DbOrTx,
  order: RoutedOrder,
  wanted: WantedLine[],
  options: ReserveOptions = {},
) {
  const allocations = await reserveStock(tx, holdTarget(order), wanted, options);
  await fileWithSuppliers(tx, order.id, allocations);
  if (isStockSold(order.paymentStatus as OrderPaymentStatus))
    await commitStock(tx, order.id, options.refresh);
  return allocations;
}

/**
 * One sub-order per warehouse (the one the order already has, else a new one), with a pending
 * line per order item; units added to an item that still has a pending line there join it.
 */
export async function fileWithSuppliers(tx: DbOrTx, orderId: number, allocations: Allocation[]) {
  if (!allocations.length) return;
  // An order routed for the first time (every checkout) is filed in one statement.
  if (await routingRepo.fileFirstRouting(tx, orderId, allocations)) return;
  const subs = await routingRepo.subOrdersOf(tx, orderId);
  const subOf = new Map(subs.map((s) => [s.warehouseId, s.id]));
  const pending = subs.length ? await routingRepo.pendingLinesOf(tx, orderId) : [];
  const fresh: routingRepo.NewSupplierLine[] = [];
  for (const a of allocations) {
    let subOrderId = subOf.get(a.warehouseId);
    if (!subOrderId) {
      subOrderId = (
        await routingRepo.insertSubOrder(tx, {
          orderId,
          warehouseId: a.warehouseId,
          supplierCompanyId: a.supplierCompanyId,
        })
      ).id;
      subOf.set(a.warehouseId, subOrderId);
    }
    const line = pending.find((l) => l.subOrderId === subOrderId && l.item === a.orderItemId);
    if (line) {
      await routingRepo.addUnitsToLine(tx, line.id, a.quantity);
    } else {
      fresh.push({ subOrderId, orderItemId: a.orderItemId, quantity: a.quantity });
    }
  }
  await routingRepo.insertSupplierLines(tx, fresh);
}

/**
 * Takes `count` units of an item back from its routing: unrouted units first, then pending
 * lines, newest first, whose stock goes back to the warehouse. Units already sent to a supplier
 * cannot be taken back here (409): the line has to be cancelled first.
 */
export async function withdrawUnits(
  tx: DbOrTx,
  orderId: number,
  item: { id: number; quantity: number; skuCode: string },
  count: number,
  userId: number | null = null,
) {
  const lines = await routingRepo.activeLinesOf(tx, item.id);
  const atDistributor = (await routingRepo.distributorUnitsOf(tx, [item.id])).get(item.id) ?? 0;
  const unrouted = Math.max(
    0,
    item.quantity - atDistributor - lines.reduce((s, r) => s + r.line.quantity, 0),
  );
  let left = count - unrouted;
  const pending = lines.filter((r) => isUnsentLine(r.line.status));
  const withdrawable = pending.reduce((s, r) => s + r.line.quantity, 0);
  if (left > withdrawable) {
    throw conflict(
      `Only ${unrouted + withdrawable} units of ${item.skuCode} are not yet with a supplier; cancel the supplier line first`,
      { available: unrouted + withdrawable },
    );
  }
  for (const { line, warehouseId } of pending) {
    if (left <= 0) break;
    const take = Math.min(left, line.quantity);
    await releaseUnits(tx, { orderId, orderItemId: item.id, warehouseId }, take);
    // The line stays in the order's history: cancelled when all its units go, else smaller.
    if (take === line.quantity)
      await changeLineStatus(tx, { ...line, orderId }, 'cancelled', userId, 'units withdrawn from the order');
    else {
      await routingRepo.updateLine(tx, line.id, { quantity: line.quantity - take });
      await logLineChange(tx, { ...line, orderId }, userId, `${take} of ${line.quantity} units withdrawn`);
    }
    left -= take;
  }
}

/**
 * A supplier line was cancelled: its units go back to that warehouse, then to the nearest
 * other warehouse that can fill them (a new pending line, sent with the next submit). When no
 * warehouse can, they stay unrouted (the item's unroutedQuantity) for staff to route with a
 * sub-order or a distributor. Answers a note for the order log and the units left unrouted.
 */
export async function rerouteCancelledLine(
  tx: DbOrTx,
  order: RoutedOrder & { status: string },
  line: { quantity: number; orderItemId: number; warehouseId: number; productId: number; skuCode: string },
) {
  await releaseUnits(
    tx,
    { orderId: order.id, orderItemId: line.orderItemId, warehouseId: line.warehouseId },
    line.quantity,
  );
  if (isCancelledOrder(order.status))
    return { note: `${line.quantity} × ${line.skuCode} released`, unrouted: 0 };
  const wanted = [
    {
      orderItemId: line.orderItemId,
      productId: line.productId,
      quantity: line.quantity,
      skuCode: line.skuCode,
    },
  ];
  const result = await tryReserveStock(tx, holdTarget(order), wanted, {
    excludeWarehouseIds: [line.warehouseId],
  });
  if (result.short)
    return {
      note: `${line.quantity} × ${line.skuCode} released and left unrouted: no other warehouse has them`,
      unrouted: line.quantity,
    };
  await fileWithSuppliers(tx, order.id, result.allocations);
  if (isStockSold(order.paymentStatus as OrderPaymentStatus)) await commitStock(tx, order.id);
  const names = await routingRepo.warehouseNames(
    tx,
    result.allocations.map((a) => a.warehouseId),
  );
  return {
    note: `${line.quantity} × ${line.skuCode} released and rerouted to ${names.map((w) => w.name).join(', ')}`,
    unrouted: 0,
  };
}
