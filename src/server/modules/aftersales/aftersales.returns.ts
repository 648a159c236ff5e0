// Returns (RMA): a buyer asks to send delivered units back; support approves, receives the units
// onto a shelf, inspects them (scrapping what cannot be sold) and the refund closes it.
import type { z } from 'zod';
import type { ReturnInput } from '../../../contract/aftersales';
import type * as api from '../../../contract/returns';
import type { Return } from '../../../contract/returns';
import { restockingFeeBasisPoints, withinReturnWindow } from '../../../domain/aftersales-money';
import {
  assertReturnTransition,
  isEditableReturn,
  returnActions,
  returnActionTarget,
  type ReturnReason,
  type ReturnStatus,
  returnTransitions,
} from '../../../domain/aftersales-status';
import { can } from '../../../domain/roles';
import type { Db, DbOrTx, Tx } from '../../db/connection';
import { pageAnswer } from '../../db/list-page';
import type { Actor } from '../../http/actor';
import { badRequest, conflict, notFound } from '../../http/errors';
import { iso } from '../../lib/dates';
import { writeAudit } from '../audit/audit.service';
import * as orders from '../orders/orders.service';
import * as repo from './aftersales.repository';
import * as moneyRepo from './aftersales.money.repository';
import { returnPhotoUrl } from './aftersales.photos';
import {
  assertMayAct,
  assertMayOpen,
  assertSees,
  companyScope,
  deliveredUnitsOf,
  readLog,
  writeLog,
} from './aftersales.rules';

type Units = { orderItemId: number; quantity: number };

export const rmaNumber = (id: number) => `RMA-${String(id).padStart(6, '0')}`;

/** The return as its caller sees it: actions only for those who may take them. */
export async function returnView(db: DbOrTx, actor: Actor, r: repo.ReturnRow): Promise<Return> {
  const names = await repo.returnNames(db, r);
  const items = await repo.itemsOfReturn(db, r.id);
  const facts = await orders.orderFacts(db, r.orderId);
  const shippedFrom = new Set(
    (facts?.lines ?? [])
      .filter((l) => items.some((i) => i.item.orderItemId === l.orderItemId))
      .map((l) => l.warehouseName),
  );
  const status = r.status as ReturnStatus;
  const staff = can(actor.role, 'support');
  return {
    returnId: r.id,
    number: rmaNumber(r.id),
    orderId: r.orderId,
    orderNumber: names.orderNumber ?? '',
    companyId: r.companyId,
    companyName: names.companyName,
    status,
    reason: r.reason as ReturnReason,
    units: items.reduce((s, i) => s + i.item.quantity, 0),
    note: r.note,
    warehouseId: r.warehouseId,
    warehouseName: names.warehouseName,
    restockingFeeBasisPoints: restockingFeeBasisPoints(r.reason as ReturnReason),
    items: items.map((i) => ({
      returnItemId: i.item.id,
      orderItemId: i.item.orderItemId,
      productId: i.item.productId,
      skuCode: i.skuCode,
      description: i.description,
      quantity: i.item.quantity,
      receivedQuantity: i.item.receivedQuantity,
      scrappedQuantity: i.item.scrappedQuantity,
      photos: i.item.photos.map((name) => returnPhotoUrl(r.id, name)),
    })),
    log: await readLog(db, 'return', r.id),
    nextStatuses: staff ? [...returnTransitions[status]] : [],
    actions: staff
      ? returnActions.filter((a) => returnTransitions[status].includes(returnActionTarget[a]))
      : [],
    refunds: await moneyRepo.refundsFor(db, { returnId: r.id }),
    shipTo: shippedFrom.size ? [...shippedFrom].join(', ') : null,
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

async function visibleReturn(db: DbOrTx, actor: Actor, id: number, lock = false) {
  const r = await repo.findReturn(db, id, lock);
  if (!r) throw notFound('Return');
  assertSees(actor, r.companyId, 'Return');
  return r;
}

/** Staff list every return, a customer its company's: filtered by status, company, order, number. */
export async function listReturns(db: Db, actor: Actor, q: repo.ReturnQuery) {
  return pageAnswer(q, await repo.listReturns(db, q, companyScope(actor)), (row) => ({
    returnId: row.r.id,
    number: rmaNumber(row.r.id),
    orderId: row.r.orderId,
    orderNumber: row.orderNumber ?? '',
    companyId: row.r.companyId,
    companyName: row.companyName,
    status: row.r.status as ReturnStatus,
    reason: row.r.reason as ReturnReason,
    units: Number(row.units),
    createdAt: iso(row.r.createdAt),
  }));
}

export async function getReturn(db: Db, actor: Actor, id: number) {
  return returnView(db, actor, await visibleReturn(db, actor, id));
}

/** Delivered units of an order line not yet in another return. */
async function returnable(tx: DbOrTx, facts: orders.OrderFacts, orderItemIds: number[], exceptReturnId = 0) {
  const already = await repo.returnedUnits(tx, orderItemIds, exceptReturnId);
  const delivered = await deliveredUnitsOf(tx, facts.id);
  return (orderItemId: number) => delivered(orderItemId) - (already.get(orderItemId) ?? 0);
}

/** Each line must be of the order and ask for no more units than were delivered and not yet returned. */
async function assertReturnable(
  tx: DbOrTx,
  facts: orders.OrderFacts,
  wanted: Units[],
  pointer: (i: number) => string,
  exceptReturnId = 0,
) {
  const left = await returnable(
    tx,
    facts,
    wanted.map((w) => w.orderItemId),
    exceptReturnId,
  );
  const totals = new Map<number, number>();
  for (const [i, w] of wanted.entries()) {
    if (!facts.items.some((it) => it.orderItemId === w.orderItemId))
      throw badRequest('That item is not on this order', [
        { pointer: `${pointer(i)}/orderItemId`, detail: 'is not an item of the order' },
      ]);
    totals.set(w.orderItemId, (totals.get(w.orderItemId) ?? 0) + w.quantity);
    const may = left(w.orderItemId);
    if ((totals.get(w.orderItemId) ?? 0) > may)
      throw badRequest(
        may > 0
          ? `At most ${may} units of that item can be returned`
          : 'No units of that item can be returned',
        [
          {
            pointer: `${pointer(i)}/quantity`,
            detail: `is more than the ${Math.max(0, may)} delivered and not yet returned`,
          },
        ],
      );
  }
}

async function assertWindow(tx: DbOrTx, facts: orders.OrderFacts, reason: ReturnReason) {
  const delivered = await deliveredUnitsOf(tx, facts.id);
  if (!facts.items.some((i) => delivered(i.orderItemId) > 0))
    throw conflict(`Only delivered units can be returned; the order is ${facts.status}`, {
      reason: 'not_delivered',
    });
  const deliveredAt = facts.deliveredAt ?? facts.placedAt;
  if (!withinReturnWindow(reason, deliveredAt, new Date()))
    throw conflict('Returns are accepted within 30 days of delivery, except for a defect', {
      reason: 'return_window',
    });
}

/** A buyer of the order's company (or support for it) asks to return delivered units. */
export async function openReturn(db: Db, actor: Actor, orderId: number, input: z.output<typeof ReturnInput>) {
  const id = await db.transaction(async (tx) => {
    const facts = await orders.orderFacts(tx, orderId, true);
    if (!facts) throw notFound('Order');
    assertMayOpen(actor, facts.companyId, 'return');
    await assertWindow(tx, facts, input.reason);
    await assertReturnable(tx, facts, input.items, (i) => `/body/items/${i}`);
    const r = await repo.insertReturn(tx, {
      orderId,
      companyId: facts.companyId,
      reason: input.reason,
      note: input.note,
      createdByUserId: actor.userId,
    });
    const merged = new Map<number, number>();
    for (const w of input.items) merged.set(w.orderItemId, (merged.get(w.orderItemId) ?? 0) + w.quantity);
    for (const [orderItemId, quantity] of merged)
      await repo.insertReturnItem(tx, {
        returnId: r.id,
        orderItemId,
        productId: facts.items.find((i) => i.orderItemId === orderItemId)!.productId,
        quantity,
      });
    await writeLog(tx, 'return', r.id, actor, null, 'requested', input.note || null);
    await writeAudit(tx, actor, {
      entity: 'return',
      entityId: r.id,
      action: 'create',
      after: { ...r, items: input.items },
    });
    return r.id;
  });
  return getReturn(db, actor, id);
}

async function editable(tx: Tx, actor: Actor, id: number) {
  const r = await visibleReturn(tx, actor, id, true);
  assertMayAct(actor, r.companyId, 'change a return', 'support');
  if (!isEditableReturn(r.status as ReturnStatus))
    throw conflict(`A return that is ${r.status} can no longer be changed`, { reason: 'not_editable' });
  const facts = await orders.orderFacts(tx, r.orderId, true);
  if (!facts) throw notFound('Order');
  return { r, facts };
}

/** The reason and the note may change while the return waits for support's decision. */
export async function updateReturn(
  db: Db,
  actor: Actor,
  id: number,
  input: z.output<NonNullable<typeof api.updateReturn.body>>,
) {
  await db.transaction(async (tx) => {
    const { r, facts } = await editable(tx, actor, id);
    if (input.reason && input.reason !== r.reason) await assertWindow(tx, facts, input.reason);
    await repo.updateReturn(tx, id, { reason: input.reason, note: input.note });
    await writeAudit(tx, actor, {
      entity: 'return',
      entityId: id,
      action: 'update',
      before: r,
      after: input,
    });
  });
  return getReturn(db, actor, id);
}

/** Anyone who sees the return may write in its log. */
export async function commentOnReturn(db: Db, actor: Actor, id: number, note: string) {
  await db.transaction(async (tx) => {
    const r = await visibleReturn(tx, actor, id, true);
    assertMayAct(actor, r.companyId, 'comment on a return', 'support');
    await writeLog(tx, 'return', r.id, actor, r.status, null, note);
  });
  return getReturn(db, actor, id);
}

/** More units of a line (or of another line) join the return while it is requested. */
export async function addReturnItem(db: Db, actor: Actor, id: number, units: Units) {
  await db.transaction(async (tx) => {
    const { r, facts } = await editable(tx, actor, id);
    await assertReturnable(tx, facts, [units], () => '/body');
    const existing = (await repo.itemsOfReturn(tx, id)).find((i) => i.item.orderItemId === units.orderItemId);
    if (existing)
      await repo.updateReturnItem(tx, existing.item.id, {
        quantity: existing.item.quantity + units.quantity,
      });
    else
      await repo.insertReturnItem(tx, {
        returnId: id,
        orderItemId: units.orderItemId,
        productId: facts.items.find((i) => i.orderItemId === units.orderItemId)!.productId,
        quantity: units.quantity,
      });
    await writeLog(
      tx,
      'return',
      id,
      actor,
      r.status,
      null,
      `Added ${units.quantity} units of item ${units.orderItemId}`,
    );
    await writeAudit(tx, actor, { entity: 'return', entityId: id, action: 'add_item', after: units });
  });
  return getReturn(db, actor, id);
}

/** The units of an item change while the return is requested; never above what may be returned. */
export async function updateReturnItem(db: Db, actor: Actor, id: number, itemId: number, quantity: number) {
  await db.transaction(async (tx) => {
    const { r, facts } = await editable(tx, actor, id);
    const items = await repo.itemsOfReturn(tx, id);
    const item = items.find((i) => i.item.id === itemId);
    if (!item) throw notFound('Return item');
    await assertReturnable(tx, facts, [{ orderItemId: item.item.orderItemId, quantity }], () => '/body', id);
    await repo.updateReturnItem(tx, itemId, { quantity });
    await writeLog(
      tx,
      'return',
      id,
      actor,
      r.status,
      null,
      `Item ${item.item.orderItemId}: ${item.item.quantity} → ${quantity} units`,
    );
    await writeAudit(tx, actor, {
      entity: 'return',
      entityId: id,
      action: 'update_item',
      before: item.item,
      after: { quantity },
    });
  });
  return getReturn(db, actor, id);
}

/** Received units go on a shelf: the warehouse named, else the one that shipped each line. */
async function receive(tx: Tx, r: repo.ReturnRow, warehouseId?: number) {
  const facts = await orders.orderFacts(tx, r.orderId);
  if (!facts) throw notFound('Order');
  const items = await repo.itemsOfReturn(tx, r.id);
  let chosen = warehouseId ?? null;
  for (const i of items) {
    const shipped = facts.lines.find((l) => l.orderItemId === i.item.orderItemId && l.status !== 'cancelled');
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
      if (!refunds.some((x) => x.status === 'processed'))
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
  await repo.updateReturn(tx, r.id, { status: to });
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
  if (r.status !== 'received' && r.status !== 'inspected')
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
    await repo.updateReturn(tx, r.id, { status: to });
    await writeLog(tx, 'return', r.id, actor, status, to, 'refund processed');
    status = to;
  }
}
