// Installer orders: an order delivered to an installer's bay, seen and worked by that bay
// (appointment, tires received, mounted with its labour) and corrected by staff (docs/installer.md).
import { isCancelledOrder } from '../../../domain/order-status';
import type { InstallerOrderChange } from '../../../contract/installer';
import { assertInstallerOrderTransition, type InstallerOrderStatus } from '../../../domain/installer-status';
import type { Db, DbOrTx } from '../../db/connection';
import { pageAnswer } from '../../db/list-page';
import type { Actor } from '../../http/actor';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import * as billing from './installer.billing.repository';
import * as repo from './installer.repository';
import { type Viewer, viewOrders } from './installer.views';

/** An installer works only the orders of its current location, and only when that location installs. */
function bayOf(actor: Actor): number {
  if (actor.installer <= 0 || !actor.locationId)
    throw forbidden('Your current location is not an installer location');
  return actor.locationId;
}

async function answerList(db: Db, viewer: Viewer, q: repo.InstallerOrderQuery) {
  const page = await repo.listOrders(db, q);
  if (q.orderId && !page.count) throw notFound('Installer order');
  return pageAnswer(q, { list: await viewOrders(db, viewer, page.list), count: page.count });
}

/** The installer's incoming orders: those delivered to its current location only. */
export function listInstallerOrders(
  db: Db,
  actor: Actor,
  q: Omit<repo.InstallerOrderQuery, 'installerLocationId'>,
) {
  return answerList(db, 'installer', { ...q, installerLocationId: bayOf(actor) });
}

/** Staff see the orders of every installer location. */
export function listStaffInstallerOrders(db: Db, q: repo.InstallerOrderQuery) {
  return answerList(db, 'staff', q);
}

/** The installer moves its own orders along the table; another bay's order is a 404. */
export function updateInstallerOrder(db: Db, actor: Actor, change: InstallerOrderChange) {
  return applyChange(db, actor, change, 'installer', bayOf(actor));
}

/** Support corrects any installer order, a mistaken mount or cancellation included. */
export function correctInstallerOrder(db: Db, actor: Actor, change: InstallerOrderChange) {
  return applyChange(db, actor, change, 'staff');
}

async function applyChange(db: Db, actor: Actor, change: InstallerOrderChange, viewer: Viewer, bay?: number) {
  return db.transaction(async (tx) => {
    const head = await repo.findOrder(tx, change.orderId);
    if (!head || (bay !== undefined && head.installerLocationId !== bay)) throw notFound('Installer order');
    if (isCancelledOrder(head.orderStatus)) throw conflict(`Order ${head.orderNumber} is cancelled`);
    const before = await repo.lockInstallerSide(tx, head.orderId, head.installerLocationId);
    const { to, set } = changeOf(before, change, viewer);
    const after = await repo.updateInstallerSide(tx, before, to, viewer === 'staff', set);
    if (after.status !== before.status)
      await repo.insertLog(tx, {
        installerOrderId: after.id,
        userId: actor.userId,
        fromStatus: before.status,
        toStatus: after.status,
        note: change.note ?? null,
      });
    await writeAudit(tx, actor, {
      entity: 'installer_order',
      entityId: head.orderId,
      action: viewer === 'staff' ? 'correct' : 'update',
      before,
      after,
    });
    const [view] = await viewOrders(tx, viewer, [{ ...head, io: after }]);
    return view;
  });
}

type Side = repo.InstallerOrderRow;

/**
 * The status and the columns a change writes, after the rules of each field. The table is read
 * first so that an illegal move is refused before the fields (the write checks it again).
 */
function changeOf(
  row: Side,
  change: InstallerOrderChange,
  viewer: Viewer,
): { to: InstallerOrderStatus; set: Partial<Omit<Side, 'status'>> } {
  const from = row.status as InstallerOrderStatus;
  const to = change.status ?? from;
  if (to !== from) assertInstallerOrderTransition(from, to, viewer === 'staff');
  else if (viewer === 'installer' && from === 'cancelled') throw conflict('The installer order is cancelled');
  const now = new Date();
  const set: Partial<Omit<Side, 'status'>> = {};
  if (change.appointmentAt !== undefined) {
    if (viewer === 'installer' && from === 'mounted')
      throw conflict('The tires are mounted: ask support to correct the appointment');
    const at = change.appointmentAt === null ? null : new Date(change.appointmentAt);
    if (viewer === 'installer' && at && at.getTime() < now.getTime() - 60_000)
      throw badRequest('The appointment is in the past', [
        { pointer: '/body/appointmentAt', detail: 'is in the past' },
      ]);
    set.appointmentAt = at;
  }
  const appointment = 'appointmentAt' in set ? set.appointmentAt : row.appointmentAt;
  if (to === 'scheduled' && !appointment)
    throw badRequest('Give the appointment to schedule the order', [
      { pointer: '/body/appointmentAt', detail: 'is needed to schedule' },
    ]);
  if (change.labourCents !== undefined) {
    if (to !== 'mounted' && viewer === 'installer')
      throw badRequest('Labour is recorded when the tires are mounted', [
        { pointer: '/body/labourCents', detail: 'is recorded with the mount' },
      ]);
    set.labourCents = change.labourCents;
  }
  if (to === 'mounted' && from !== 'mounted' && change.labourCents === undefined)
    throw badRequest('Enter the mounting labour', [
      { pointer: '/body/labourCents', detail: 'is needed to mark the tires mounted' },
    ]);
  if (change.vehicle !== undefined) set.vehicle = change.vehicle || null;
  if (change.note !== undefined) set.note = change.note || null;
  if (to === 'received' && !row.receivedAt) set.receivedAt = now;
  if (to === 'mounted' && from !== 'mounted') set.mountedAt = now;
  if (from === 'mounted' && to !== 'mounted') set.mountedAt = null;
  if ((to === 'incoming' || to === 'scheduled') && from !== to && viewer === 'staff') set.receivedAt = null;
  return { to, set };
}

/** Mounting labour owed to an installer company up to a time, for the bill run. */
export function mountedLabour(db: DbOrTx, installerCompanyId: number, until: Date) {
  return repo.mountedLabour(db, installerCompanyId, until);
}

/** The services (per tire, as sold) of an installer company's mounted orders up to a time, for the bill run. */
export function mountedServices(db: DbOrTx, installerCompanyId: number, until: Date) {
  return billing.mountedServices(db, installerCompanyId, until);
}
