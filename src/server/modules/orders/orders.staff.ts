import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { StaffOrderQuery } from '../../../contract/orders-staff';
import {
  isPlacedOrder,
  type OrderStatus,
  type SupplierLineStatus,
  supplierLineTransitions,
} from '../../../domain/order-status';
import { canTransition } from '../../../domain/status-machine';
import type { Db, Tx } from '../../db/connection';
import { orderComments, orderItems, orders } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { conflict, notFound } from '../../http/errors';
import { reverseCompensation } from '../comp/comp.service';
import * as payments from '../payments/payments.service';
import { changeLineStatus, changeOrderStatus } from './orders.log';
import { changePaymentStatus } from './orders.payment-status';
import * as repo from './orders.repository';
import { releaseStock } from './orders.stock';
import { orderDetail, toSummary } from './orders.views';

const sorts = {
  placedAt: orders.placedAt,
  total: orders.totalCents,
  number: orders.number,
  status: orders.status,
} as const;

/** Every placed order, filtered by status, company, supplier, dates and number; paged on the server. */
export async function listOrders(db: Db, q: z.output<typeof StaffOrderQuery>) {
  const where = and(
    ne(orders.status, 'cart'),
    q.status ? eq(orders.status, q.status) : undefined,
    q.companyId ? eq(orders.companyId, q.companyId) : undefined,
    q.from ? gte(orders.placedAt, new Date(q.from)) : undefined,
    q.to ? lt(orders.placedAt, new Date(new Date(q.to).getTime() + 86_400_000)) : undefined,
    q.q ? sql`${orders.number} ilike ${`%${q.q}%`}` : undefined,
    q.supplierId
      ? inArray(orders.id, sql`(select order_id from sub_orders where supplier_company_id = ${q.supplierId})`)
      : undefined,
  );
  const key = q.sort.replace('-', '') as keyof typeof sorts;
  const order = q.sort.startsWith('-') ? desc(sorts[key]) : asc(sorts[key]);
  const rows = await repo
    .orderSummaryQuery(db)
    .where(where)
    .orderBy(order, desc(orders.id))
    .limit(q.pageSize)
    .offset(q.page * q.pageSize);
  const [{ n }] = await db.select({ n: count() }).from(orders).where(where);
  return {
    data: { list: rows.map(toSummary), count: n, page: q.page },
  };
}

export async function listShipments(db: Db, q: { page: number; pageSize: number }) {
  const where = or(
    isNotNull(orders.trackingNumber),
    inArray(orders.status, ['partially_shipped', 'shipped', 'delivered']),
  );
  const rows = await repo
    .orderSummaryQuery(db)
    .where(where)
    .orderBy(desc(orders.updatedAt))
    .limit(q.pageSize)
    .offset(q.page * q.pageSize);
  const [{ n }] = await db.select({ n: count() }).from(orders).where(where);
  return {
    data: { list: rows.map(toSummary), count: n, page: q.page },
  };
}

async function lockedOrder(tx: Tx, orderId: number) {
  const order = await repo.findOrder(tx, orderId, true);
  if (!order || !isPlacedOrder(order.status)) throw notFound('Order');
  return order;
}

/** Moves an order along the status machine; cancelling also undoes stock and payment. */
export async function changeStatus(db: Db, actor: Actor, orderId: number, to: OrderStatus, note?: string) {
  if (to === 'cancelled') return cancelOrder(db, actor, orderId, note);
  await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    await changeOrderStatus(tx, order, to, actor.userId, note ?? null);
  });
  return orderDetail(db, orderId, true);
}

/** Cancels an order: stock goes back, money is refunded or the charge voided, supplier lines stop. */
export async function cancelOrder(db: Db, actor: Actor, orderId: number, note?: string) {
  await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    await changeOrderStatus(tx, order, 'cancelled', actor.userId, note ?? null);
    await releaseStock(tx, orderId);
    const refunded = await payments.reverseAll(tx, orderId, `order cancelled by ${actor.username}`);
    await changePaymentStatus(
      tx,
      { ...order, status: 'cancelled' },
      refunded > 0 ? 'refunded' : 'voided',
      undefined,
      actor.userId,
    );
    await reverseCompensation(tx, orderId, 'order cancelled');
    const open = await repo.listSubOrderLines(tx, orderId);
    for (const r of open) {
      if (canTransition(supplierLineTransitions, r.line.status as SupplierLineStatus, 'cancelled')) {
        await changeLineStatus(
          tx,
          { id: r.line.id, status: r.line.status, orderId },
          'cancelled',
          actor.userId,
          'order cancelled',
        );
      }
    }
  });
  return orderDetail(db, orderId, true);
}

export async function addComment(db: Db, actor: Actor, orderId: number, body: string) {
  const order = await repo.findOrder(db, orderId);
  if (!order || !isPlacedOrder(order.status)) throw notFound('Order');
  await db.insert(orderComments).values({ orderId, userId: actor.userId, body });
  return orderDetail(db, orderId, true);
}

/** Sends the pending supplier lines; a placed order thereby starts processing. */
export async function submitOrder(db: Db, actor: Actor, orderId: number) {
  await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    const lines = (await repo.listSubOrderLines(tx, orderId)).filter((r) => r.line.status === 'pending');
    if (!lines.length) throw conflict('No supplier line is waiting to be sent');
    for (const r of lines)
      await changeLineStatus(tx, { id: r.line.id, status: r.line.status, orderId }, 'sent', actor.userId);
    if (order.status === 'placed')
      await changeOrderStatus(tx, order, 'processing', actor.userId, 'sent to suppliers');
  });
  return orderDetail(db, orderId, true);
}

export async function orderAction(
  db: Db,
  actor: Actor,
  orderId: number,
  action: 'hold' | 'release' | 'resend',
  note?: string,
) {
  await db.transaction(async (tx) => {
    const order = await lockedOrder(tx, orderId);
    if (action === 'hold') return changeOrderStatus(tx, order, 'on_hold', actor.userId, note ?? null);
    if (action === 'release') {
      if (order.status !== 'on_hold' || !order.heldFrom)
        throw conflict(`The order is ${order.status}, not on hold`);
      return changeOrderStatus(tx, order, order.heldFrom as OrderStatus, actor.userId, note ?? null);
    }
    const lines = (await repo.listSubOrderLines(tx, orderId)).filter((r) => r.line.status === 'exception');
    if (!lines.length) throw conflict('No supplier line is in exception');
    for (const r of lines)
      await changeLineStatus(
        tx,
        { id: r.line.id, status: r.line.status, orderId },
        'resent',
        actor.userId,
        note ?? null,
      );
  });
  return orderDetail(db, orderId, true);
}

export async function setTracking(db: Db, orderId: number, trackingNumber: string) {
  const order = await repo.findOrder(db, orderId);
  if (!order || !isPlacedOrder(order.status)) throw notFound('Order');
  await db.update(orders).set({ trackingNumber, updatedAt: new Date() }).where(eq(orders.id, orderId));
  return orderDetail(db, orderId, true);
}

export async function listItems(db: Db, q: { page: number; pageSize: number; productId?: number }) {
  const where = and(
    ne(orders.status, 'cart'),
    q.productId ? eq(orderItems.productId, q.productId) : undefined,
  );
  const ids = await db
    .select({ orderId: orderItems.orderId, id: orderItems.id, number: orders.number, status: orders.status })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(where)
    .orderBy(desc(orderItems.id))
    .limit(q.pageSize)
    .offset(q.page * q.pageSize);
  const [{ n }] = await db
    .select({ n: count() })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(where);
  const list = [];
  for (const row of ids) {
    const detail = await orderDetail(db, row.orderId, true);
    const item = detail.orderItems.find((i) => i.orderItemId === row.id);
    if (item)
      list.push({ ...item, orderId: row.orderId, orderNumber: row.number ?? '', status: detail.status });
  }
  return { data: { list, count: n, page: q.page } };
}
