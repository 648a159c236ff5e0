import { sql } from 'drizzle-orm';
import {
  nextOrderStatuses,
  type OrderStatus,
  supplierLineTransitions,
  type SupplierLineStatus,
} from '../../../domain/order-status';
import { orderTotals } from '../../../domain/money';
import { isLiveSupplierLine } from '../../../domain/order-status';
import type { OrderDetail, OrderSummary, SupplierLine } from '../../../contract/order-shapes';
import type { DbOrTx } from '../../db/connection';
import { notFound } from '../../http/errors';
import { arrivesByColumn } from '../delivery/delivery.service';
import { taxAppliedOf, toCart, toCartItem } from './orders.pricing';
import type * as listsRepo from './orders.lists.repository';
import { readOrder } from './orders.detail.repository';
import * as itemsRepo from './orders.items.repository';
import * as repo from './orders.repository';
import * as routingRepo from './orders.routing.repository';

export function toSummary(row: listsRepo.SummaryRow): OrderSummary {
  const { order } = row;
  return {
    orderId: order.id,
    number: order.number ?? `cart-${order.id}`,
    status: order.status as OrderStatus,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    placedAt: order.placedAt?.toISOString() ?? null,
    companyId: order.companyId,
    companyName: row.companyName,
    buyerName: row.buyerName,
    placedByName: row.placedByName,
    totalCents: order.totalCents,
    itemCount: Number(row.itemCount),
    trackingNumber: order.trackingNumber,
  };
}

/** An item of a placed order as the back office lists them across orders. */
export function toOrderItemRow(r: listsRepo.OrderItemListRow) {
  const { available: _available, ...item } = toCartItem({ ...r, available: 0 });
  return {
    ...item,
    unroutedQuantity: Math.max(0, r.item.quantity - r.routed),
    orderId: r.item.orderId,
    orderNumber: r.orderNumber ?? '',
    status: r.orderStatus as OrderStatus,
  };
}

export function toSupplierLine(r: routingRepo.SupplierLineRow): SupplierLine {
  return {
    supplierLineId: r.line.id,
    subOrderId: r.sub.id,
    orderId: r.orderId,
    orderNumber: r.orderNumber ?? '',
    orderItemId: r.line.orderItemId,
    supplierCompanyId: r.sub.supplierCompanyId,
    supplierName: r.supplierName,
    warehouseId: r.sub.warehouseId,
    warehouseName: r.warehouseName,
    skuCode: r.skuCode,
    description: `${r.makeName} ${r.modelName} ${r.size}`,
    quantity: r.line.quantity,
    status: r.line.status as SupplierLineStatus,
    note: r.line.note,
    deliveryZip: r.deliveryZip,
    nextStatuses: [...supplierLineTransitions[r.line.status as SupplierLineStatus]],
    updatedAt: r.line.updatedAt.toISOString(),
  };
}

/**
 * The whole order; comments are the staff's working notes and stay in the back-office. `lines`:
 * the order's lines as its caller just wrote them in a committed transaction (checkout), instead
 * of reading them again.
 */
export async function orderDetail(
  db: DbOrTx,
  orderId: number,
  staff: boolean,
  lines?: itemsRepo.Line[],
): Promise<OrderDetail> {
  const detail = await fullOrderDetail(db, orderId, staff, lines);
  return staff ? detail : forBuyer(detail);
}

/**
 * What a buyer sees of the back office's side of an order (docs/security.md): shipments by
 * number, not the supplier, warehouse or its ZIP; the status log without the staff's or a
 * supplier's user names and free-text notes (hold reasons, supplier remarks). Ids stay, so the
 * buyer's own calls (returns, claims) can name a line.
 */
function forBuyer(detail: OrderDetail): OrderDetail {
  const names = new Map(detail.subOrders.map((s, i) => [s.subOrderId, `Shipment ${i + 1}`]));
  const hide = <T extends { supplierName: string; warehouseName: string }>(x: T, subOrderId: number) => ({
    ...x,
    supplierName: 'Tread',
    warehouseName: names.get(subOrderId) ?? 'Shipment',
  });
  return {
    ...detail,
    subOrders: detail.subOrders.map((s) => ({
      ...hide(s, s.subOrderId),
      warehouseZip: '',
      lines: s.lines.map((l) => ({ ...hide(l, l.subOrderId), note: null })),
    })),
    log: detail.log.map((e) => ({ ...e, userName: null, note: null })),
  };
}

async function fullOrderDetail(
  db: DbOrTx,
  orderId: number,
  staff: boolean,
  lines?: itemsRepo.Line[],
): Promise<OrderDetail> {
  const read = await readOrder(db, orderId, arrivesByColumn(sql`o.id`));
  if (!read) throw notFound('Order');
  const { summary, subLines } = read;
  const { order } = summary;
  // Lines handed in come from the transaction that just placed the order: nothing of it can be
  // at a distributor yet, so that read is skipped too.
  const justPlaced = lines !== undefined;
  lines ??= await itemsRepo.listLines(db, orderId, null);
  const subOrders = new Map<number, OrderDetail['subOrders'][number]>();
  for (const r of subLines) {
    const sub = subOrders.get(r.sub.id) ?? {
      subOrderId: r.sub.id,
      supplierCompanyId: r.sub.supplierCompanyId,
      supplierName: r.supplierName,
      warehouseId: r.sub.warehouseId,
      warehouseName: r.warehouseName,
      warehouseZip: r.warehouseZip,
      lines: [],
    };
    sub.lines.push(toSupplierLine(r));
    subOrders.set(r.sub.id, sub);
  }
  const routed = new Map<number, number>();
  for (const r of subLines)
    if (isLiveSupplierLine(r.line.status))
      routed.set(r.line.orderItemId, (routed.get(r.line.orderItemId) ?? 0) + r.line.quantity);
  const atDistributor = justPlaced
    ? new Map<number, number>()
    : await routingRepo.distributorUnitsOf(
        db,
        lines.map((l) => l.item.id),
      );
  for (const [id, units] of atDistributor) routed.set(id, (routed.get(id) ?? 0) + units);
  const items = lines.map((l) => {
    const { available: _available, ...item } = toCartItem(l);
    return { ...item, unroutedQuantity: Math.max(0, l.item.quantity - (routed.get(l.item.id) ?? 0)) };
  });
  const stored = orderTotals(
    lines.map((l) => l.item),
    order.shippingCents,
  );
  return {
    ...toSummary({ ...summary, itemCount: items.length }),
    poNumber: order.poNumber,
    delivery: toCart(order, null).delivery,
    totals: { ...stored, taxCents: order.taxCents, totalCents: order.totalCents },
    tax: taxAppliedOf(order),
    orderItems: items,
    subOrders: [...subOrders.values()],
    payments: read.payments.map((p) => ({
      paymentId: p.id,
      provider: p.provider,
      status: p.status,
      amountCents: p.amountCents,
      reference: p.reference,
      message: p.message,
      createdAt: p.createdAt.toISOString(),
    })),
    comments: staff
      ? (await repo.listComments(db, orderId)).map((c) => ({
          commentId: c.comment.id,
          userName: c.userName,
          body: c.comment.body,
          createdAt: c.comment.createdAt.toISOString(),
        }))
      : [],
    log: read.log.map((e) => ({
      userName: e.userName,
      supplierLineId: e.log.supplierLineId,
      from: e.log.fromStatus,
      to: e.log.toStatus,
      note: e.log.note,
      at: e.log.at.toISOString(),
    })),
    nextStatuses: [...nextOrderStatuses(order.status as OrderStatus, order.heldFrom as OrderStatus | null)],
    arrivesBy: read.arrivesBy,
  };
}
