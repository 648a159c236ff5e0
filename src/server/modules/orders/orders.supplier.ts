import { type Paging, pageAnswer } from '../../db/list-page';
import type { SupplierLineStatus } from '../../../domain/order-status';
import type { Db, Tx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { notFound } from '../../http/errors';
import { changeLineStatus, logOrderChange } from './orders.log';
import * as repo from './orders.repository';
import { rerouteCancelledLine } from './orders.routing';
import { offerUnroutedUnits } from './orders.unrouted';
import * as routingRepo from './orders.routing.repository';
import { orderDetail, toSupplierLine } from './orders.views';

/** Supplier lines, paged; `supplierId` scopes them to one supplier company. */
export async function listLines(
  db: Db,
  q: Paging & { supplierId?: number; status?: string; sentOnly?: boolean },
) {
  return pageAnswer(q, await routingRepo.listSupplierLines(db, q), toSupplierLine);
}

/**
 * The caller's own lines only, once staff have sent them: a supplier never sees another
 * supplier's work, nor lines still pending with staff (docs/security.md).
 */
export function listFulfillments(
  db: Db,
  actor: Actor,
  q: { page: number; pageSize: number; status?: string },
) {
  if (actor.supplierId <= 0) throw notFound('Supplier');
  return listLines(db, { ...q, supplierId: actor.supplierId, sentOnly: true });
}

/**
 * Moves a supplier line along its status machine. A cancelled line (by staff or by the
 * supplier) gives its stock back and is rerouted (orders.routing.ts); the log says where to.
 * Units no warehouse can take are offered to the unrouted-units handler (the company's
 * automatic distributor rule, orders.unrouted.ts), in the same transaction.
 */
async function moveLine(
  tx: Tx,
  r: routingRepo.SupplierLineRow,
  to: SupplierLineStatus,
  actor: Actor,
  note: string | null,
) {
  // The order first: item edits lock it too, so the two never wait on each other in a cycle.
  const order = await repo.findOrder(tx, r.orderId, true);
  if (!order) throw notFound('Order');
  const line = { id: r.line.id, status: r.line.status, orderId: r.orderId };
  await changeLineStatus(tx, line, to, actor.userId, note);
  if (to !== 'cancelled') return;
  const outcome = await rerouteCancelledLine(tx, order, {
    quantity: r.line.quantity,
    orderItemId: r.line.orderItemId,
    warehouseId: r.sub.warehouseId,
    productId: r.productId,
    skuCode: r.skuCode,
  });
  await logOrderChange(tx, order, actor.userId, `Line at ${r.warehouseName} cancelled: ${outcome.note}`);
  if (!outcome.unrouted) return;
  const placed = await offerUnroutedUnits(tx, actor, {
    order,
    orderItemId: r.line.orderItemId,
    productId: r.productId,
    skuCode: r.skuCode,
    quantity: outcome.unrouted,
    cause: `line at ${r.warehouseName} cancelled`,
  });
  // Said by the rule, not by whoever cancelled the line (no user on the entry).
  if (placed) await logOrderChange(tx, order, null, placed);
}

type Change = { supplierLineId: number; status: SupplierLineStatus; note?: string };

/** A supplier confirms, rejects or cancels lines sent to it; any other line (or a pending one) is a 404. */
export async function updateFulfillments(db: Db, actor: Actor, changes: Change[]) {
  const ids = changes.map((c) => c.supplierLineId);
  await db.transaction(async (tx) => {
    const rows = await routingRepo.linesOfSupplier(tx, ids, actor.supplierId);
    for (const c of changes) {
      const r = rows.find((x) => x.line.id === c.supplierLineId);
      if (!r) throw notFound('Order line');
      await moveLine(tx, r, c.status, actor, c.note ?? null);
    }
  });
  const rows = await routingRepo.linesByIds(db, ids);
  return { list: rows.map(toSupplierLine) };
}

const targetOf: Record<string, SupplierLineStatus> = {
  route: 'sent',
  confirm: 'confirmed',
  cancel: 'cancelled',
  exception: 'exception',
  resend: 'resent',
};

/** Staff acts on the line of item i at supplier s of order o (route sends it). */
export async function actOnLine(
  db: Db,
  actor: Actor,
  p: { o: number; i: number; s: number },
  action: keyof typeof targetOf,
  note?: string,
) {
  await db.transaction(async (tx) => {
    const rows = await routingRepo.linesOfItemAtSupplier(tx, {
      orderId: p.o,
      orderItemId: p.i,
      supplierId: p.s,
    });
    if (!rows.length) throw notFound('Order line at this supplier');
    const to = targetOf[action];
    // An item split across warehouses of one supplier has one line per warehouse: act on all that may move.
    const movable = rows.filter((r) => r.line.status !== to);
    for (const r of movable.length ? movable : rows) await moveLine(tx, r, to, actor, note ?? null);
  });
  return orderDetail(db, p.o, true);
}
