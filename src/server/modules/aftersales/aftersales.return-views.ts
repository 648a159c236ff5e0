// Reading returns: the list and one return as its caller sees it, with the actions they may take.
import type { Return } from '../../../contract/returns';
import { restockingFeeBasisPoints } from '../../../domain/aftersales-money';
import {
  returnActions,
  returnActionTarget,
  type ReturnReason,
  type ReturnStatus,
  returnTransitions,
} from '../../../domain/aftersales-status';
import { can } from '../../../domain/roles';
import type { Db, DbOrTx } from '../../db/connection';
import { pageAnswer } from '../../db/list-page';
import type { Actor } from '../../http/actor';
import { notFound } from '../../http/errors';
import { iso } from '../../lib/dates';
import * as orders from '../orders/orders.service';
import * as repo from './aftersales.repository';
import * as moneyRepo from './aftersales.money.repository';
import { returnPhotoUrl } from './aftersales.photos';
import { assertSees, companyScope, readLog } from './aftersales.rules';

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

export async function visibleReturn(db: DbOrTx, actor: Actor, id: number, lock = false) {
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
