// Returns (RMA): a buyer asks to send delivered units back; support approves, receives the units
// onto a shelf, inspects them (scrapping what cannot be sold) and the refund closes it. Here: opening
// a return and changing it while it waits. Reading it is in aftersales.return-views.ts, moving it
// from status to status in aftersales.return-status.ts.
import type { z } from 'zod';
import type { ReturnInput } from '../../../contract/aftersales';
import type * as api from '../../../contract/returns';
import { isEditableReturn, type ReturnStatus } from '../../../domain/aftersales-status';
import type { Db, Tx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { conflict, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import * as orders from '../orders/orders.service';
import * as repo from './aftersales.repository';
import { assertMayAct, assertMayOpen, writeLog } from './aftersales.rules';
import { assertReturnable, assertWindow, type Units } from './aftersales.returnable';
import { getReturn, visibleReturn } from './aftersales.return-views';
import { reportReturn } from './aftersales.return-status';

/** The units a return now takes back break the staggered sets they take only part of. */
async function markSetsBrokenByReturn(tx: Tx, returnId: number) {
  const items = await repo.itemsOfReturn(tx, returnId);
  await orders.markSetsBrokenBy(
    tx,
    items.map((i) => ({ orderItemId: i.item.orderItemId, quantity: i.item.quantity })),
  );
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
    // A return may take back half of a staggered set: the set is marked broken, never refused.
    await orders.markSetsBrokenBy(
      tx,
      [...merged].map(([orderItemId, quantity]) => ({ orderItemId, quantity })),
    );
    await writeLog(tx, 'return', r.id, actor, null, 'requested', input.note || null);
    await reportReturn(tx, r, 'requested', null);
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
    await markSetsBrokenByReturn(tx, id);
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
    await markSetsBrokenByReturn(tx, id);
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
