// Support moves a return from status to status (approve, reject, receive with the units back on a
// shelf, inspect with scrapping, close), and a processed refund marks its return refunded.
import type { z } from 'zod';
import type * as api from '../../../contract/returns';
import {
  assertReturnTransition,
  hasReturnedUnits,
  isProcessedRefund,
  returnActionTarget,
  type ReturnStatus,
  returnTransitions,
} from '../../../domain/aftersales-status';
import { isLiveSupplierLine } from '../../../domain/order-status';
import type { Db, Tx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { badRequest, conflict, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import * as orders from '../orders/orders.service';
import { enqueueOrderWebhookEvents } from '../webhooks/webhooks.service';
import * as repo from './aftersales.repository';
import * as moneyRepo from './aftersales.money.repository';
import { writeLog } from './aftersales.rules';
import { getReturn, visibleReturn } from './aftersales.return-views';

/** Received units go on a shelf: the warehouse named, else the one that shipped each line. */
async function receive(tx: Tx, r: repo.ReturnRow, warehouseId?: number) {
  const facts = await orders.orderFacts(tx, r.orderId);
  if (!facts) throw notFound('Order');
  const items = await repo.itemsOfReturn(tx, r.id);
  let chosen = warehouseId ?? null;
  for (const i of items) {
    const shipped = facts.lines.find(
      (l) => l.orderItemId === i.item.orderItemId && isLiveSupplierLine(l.status),
    );
    const at = warehouseId ?? shipped?.warehouseId;
    if (!at)
      throw badRequest('Name the warehouse that receives the units', [
        { pointer: '/body/warehouseId', detail: 'is required' },
      ]);
    chosen ??= at;
    await orders.shelveReturnedUnits(tx, { warehouseId: at, productId: i.item.productId }, i.item.quantity);
    await repo.updateReturnItem(tx, i.item.id, { receivedQuantity: i.item.quantity });
  }
  await repo.updateReturn(tx, r.id, { warehouseId: chosen });
}

/** Inspection: units found unsellable leave the shelf they were put on (scrap). */
async function inspect(tx: Tx, r: repo.ReturnRow, scrap: { returnItemId: number; quantity: number }[]) {
  const items = await repo.itemsOfReturn(tx, r.id);
  for (const [i, s] of scrap.entries()) {
    const item = items.find((x) => x.item.id === s.returnItemId);
    if (!item)
      throw badRequest('That item is not in this return', [
        { pointer: `/body/scrap/${i}/returnItemId`, detail: 'is not an item of the return' },
      ]);
    if (s.quantity > item.item.receivedQuantity)
      throw badRequest(`Only ${item.item.receivedQuantity} units were received`, [
        { pointer: `/body/scrap/${i}/quantity`, detail: 'is more than were received' },
      ]);
    if (s.quantity === 0 || !r.warehouseId) continue;
    await orders.scrapReturnedUnits(
      tx,
      { warehouseId: r.warehouseId, productId: item.item.productId },
      s.quantity,
    );
    await repo.updateReturnItem(tx, item.item.id, { scrappedQuantity: s.quantity });
  }
}

/** Support moves the return: approve, reject, receive (stock back), inspect (scrap), close. */
export async function actOnReturn(
  db: Db,
  actor: Actor,
  id: number,
  body: z.output<typeof api.ReturnActionBody>,
) {
  await db.transaction(async (tx) => {
    const r = await visibleReturn(tx, actor, id, true);
    const to = returnActionTarget[body.action];
    await move(tx, actor, r, to, body.note, body);
  });
  return getReturn(db, actor, id);
}

/** Support sets a status directly; receiving and inspecting do what their actions do. */
export async function changeReturnStatus(db: Db, actor: Actor, id: number, to: ReturnStatus, note?: string) {
  await db.transaction(async (tx) => {
    const r = await visibleReturn(tx, actor, id, true);
    if (to === 'refunded') {
      const refunds = await moneyRepo.refundsFor(tx, { returnId: id });
      if (!refunds.some((x) => isProcessedRefund(x.status)))
        throw conflict('A return becomes refunded when a refund of it is processed', { reason: 'no_refund' });
    }
    await move(tx, actor, r, to, note, {});
  });
  return getReturn(db, actor, id);
}

async function move(
  tx: Tx,
  actor: Actor,
  r: repo.ReturnRow,
  to: ReturnStatus,
  note: string | undefined,
  extra: { warehouseId?: number; scrap?: { returnItemId: number; quantity: number }[] },
) {
  assertReturnTransition(r.status as ReturnStatus, to);
  if (to === 'received') await receive(tx, r, extra.warehouseId);
  if (to === 'inspected')
    await inspect(
      tx,
      { ...r, warehouseId: (await repo.findReturn(tx, r.id))!.warehouseId },
      extra.scrap ?? [],
    );
  await repo.setReturnStatus(tx, r, to);
  await reportReturn(tx, r, to, r.status);
  await writeLog(tx, 'return', r.id, actor, r.status, to, note ?? null);
  await writeAudit(tx, actor, {
    entity: 'return',
    entityId: r.id,
    action: to,
    before: { status: r.status },
    after: { status: to, ...extra },
  });
}

/** A return may be refunded once its units are received (or inspected). */
export async function refundableReturn(tx: Tx, returnId: number, orderId: number) {
  const r = await repo.findReturn(tx, returnId, true);
  if (!r || r.orderId !== orderId)
    throw badRequest('That return is not of this order', [
      { pointer: '/body/returnId', detail: 'is not a return of the order' },
    ]);
  if (!hasReturnedUnits(r.status))
    throw conflict(`A return is refunded once its units are received; this one is ${r.status}`, {
      reason: 'not_received',
    });
  const items = await repo.itemsOfReturn(tx, r.id);
  return {
    r,
    units: items.map((i) => ({ orderItemId: i.item.orderItemId, quantity: i.item.receivedQuantity })),
  };
}

/** A processed refund of a received return inspects it as it is and marks it refunded. */
export async function markReturnRefunded(tx: Tx, actor: Actor, returnId: number) {
  const r = await repo.findReturn(tx, returnId, true);
  if (!r) return;
  let status = r.status as ReturnStatus;
  for (const to of ['inspected', 'refunded'] as const) {
    if (!returnTransitions[status].includes(to)) continue;
    await repo.setReturnStatus(tx, { id: r.id, status }, to);
    await reportReturn(tx, r, to, status);
    await writeLog(tx, 'return', r.id, actor, status, to, 'refund processed');
    status = to;
  }
}

/**
 * Tells the company's systems a return of its order has a new status (`previous` null: it was
 * just opened), with the order's payload (docs/webhooks.md, "Events").
 */
export async function reportReturn(
  tx: Tx,
  r: { id: number; orderId: number },
  status: ReturnStatus,
  previous: string | null,
) {
  await enqueueOrderWebhookEvents(tx, r.orderId, ['return.updated'], {
    return: { id: r.id, status, previousStatus: previous },
  });
}
