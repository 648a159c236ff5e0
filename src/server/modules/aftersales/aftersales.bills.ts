// Bills (accounts payable): what the shop owes a supplier for a period, its fulfilled lines at
// cost less what it owes back on refunds, plus an installer's labour on paid claims and on the
// orders it mounted, and the installer services (mount and balance, valve kit, disposal) those
// mounted orders were sold with. The total is always the sum of the items, read from them (never stored apart).
import type { z } from 'zod';
import type * as api from '../../../contract/bills';
import type { Bill } from '../../../contract/bills';
import {
  assertBillTransition,
  type BillAction,
  type BillStatus,
  billActions,
  billActionTarget,
  billTransitions,
  isEditableBill,
} from '../../../domain/aftersales-status';
import { can, isStaff } from '../../../domain/roles';
import type { Db, DbOrTx, Tx } from '../../db/connection';
import { pageAnswer } from '../../db/list-page';
import type { Actor } from '../../http/actor';
import { badRequest, conflict, notFound } from '../../http/errors';
import { writeCsv } from '../../lib/csv';
import { iso } from '../../lib/dates';
import { writeAudit } from '../audit/audit.service';
import * as installer from '../installer/installer.service';
import * as orders from '../orders/orders.service';
import * as moneyRepo from './aftersales.money.repository';
import { fulfilledLineRule } from './aftersales.rules';

type Kind = 'line' | 'vendor_refund' | 'labour' | 'services';

/** Staff see every bill; a supplier its supplier company's; anyone else its own company's. */
function billScope(actor: Actor): number[] | null {
  if (isStaff(actor.role)) return null;
  return actor.supplierId > 0 ? [actor.supplierId, actor.companyId] : [actor.companyId];
}

const dayAfter = (day: string) => new Date(new Date(`${day}T00:00:00Z`).getTime() + 86_400_000);

/** Everything billable to the company for the bill's period that no other bill (not void) holds. */
async function collectItems(tx: Tx, bill: moneyRepo.BillRow) {
  const until = dayAfter(bill.periodEnd);
  const lines = await orders.supplierLinesForBill(tx, {
    supplierCompanyId: bill.companyId,
    ...fulfilledLineRule,
    from: new Date(`${bill.periodStart}T00:00:00Z`),
    to: until,
  });
  const billed = await moneyRepo.billedLineIds(
    tx,
    lines.map((l) => l.supplierLineId),
  );
  const vendors = await moneyRepo.unbilledVendorRecords(tx, bill.companyId, until);
  const labour = await moneyRepo.unbilledLabour(tx, bill.companyId, until);
  const mounted = await installer.mountedLabour(tx, bill.companyId, until);
  const mountable = await moneyRepo.unbilledMountedOrders(
    tx,
    mounted.map((m) => m.orderId),
    'labour',
  );
  const serviced = await installer.mountedServices(tx, bill.companyId, until);
  const serviceable = await moneyRepo.unbilledMountedOrders(
    tx,
    serviced.map((s) => s.orderId),
    'services',
  );
  const items = [
    ...lines
      .filter((l) => !billed.has(l.supplierLineId))
      .map((l) => ({
        kind: 'line' as Kind,
        supplierLineId: l.supplierLineId,
        description: `Order ${l.orderNumber}: ${l.description} (${l.skuCode})`,
        quantity: l.quantity,
        unitCents: l.costCents ?? 0,
        amountCents: l.quantity * (l.costCents ?? 0),
      })),
    ...vendors.map((v) => ({
      kind: 'vendor_refund' as Kind,
      refundVendorId: v.v.id,
      description: `Refund ${v.v.refundId} of order ${v.orderNumber}: ${v.v.note || 'owed back'}`,
      quantity: v.v.quantity,
      unitCents:
        v.v.quantity > 0 && v.v.amountCents % v.v.quantity === 0 ? -(v.v.amountCents / v.v.quantity) : 0,
      amountCents: -v.v.amountCents,
    })),
    ...labour.map((l) => ({
      kind: 'labour' as Kind,
      claimId: l.claimId,
      description: `Labour on road hazard claim ${l.claimId} (order ${l.orderNumber})`,
      quantity: 1,
      unitCents: l.labourCents,
      amountCents: l.labourCents,
    })),
    ...mounted
      .filter((m) => mountable.has(m.orderId))
      .map((m) => ({
        kind: 'labour' as Kind,
        orderId: m.orderId,
        description: `Mounting labour on order ${mountable.get(m.orderId)}`,
        quantity: 1,
        unitCents: m.labourCents,
        amountCents: m.labourCents,
      })),
    // The services as sold per tire: one item per order, its tires as the quantity.
    ...serviced
      .filter((s) => serviceable.has(s.orderId))
      .map((s) => ({
        kind: 'services' as Kind,
        orderId: s.orderId,
        description: `Installer services on order ${serviceable.get(s.orderId)} (${s.tires} tires)`,
        quantity: s.tires,
        unitCents: s.tires > 0 && s.servicesCents % s.tires === 0 ? s.servicesCents / s.tires : 0,
        amountCents: s.servicesCents,
      })),
  ];
  await moneyRepo.insertBillItems(
    tx,
    items.map((i) => ({ ...i, billId: bill.id })),
  );
  return items.length;
}

export async function billView(db: DbOrTx, actor: Actor, b: moneyRepo.BillRow): Promise<Bill> {
  const items = await moneyRepo.itemsOfBill(db, b.id);
  const sum = (kind: Kind) => items.filter((i) => i.kind === kind).reduce((s, i) => s + i.amountCents, 0);
  const status = b.status as BillStatus;
  const finance = can(actor.role, 'finance');
  return {
    billId: b.id,
    companyId: b.companyId,
    companyName: (await moneyRepo.billCompanyName(db, b.companyId)) ?? '',
    periodStart: b.periodStart,
    periodEnd: b.periodEnd,
    status,
    totalCents: items.reduce((s, i) => s + i.amountCents, 0),
    createdAt: iso(b.createdAt),
    note: b.note,
    linesCents: sum('line'),
    vendorRefundCents: sum('vendor_refund'),
    labourCents: sum('labour'),
    servicesCents: sum('services'),
    items: items.map((i) => ({
      billItemId: i.id,
      kind: i.kind as Kind,
      supplierLineId: i.supplierLineId,
      refundVendorId: i.refundVendorId,
      claimId: i.claimId,
      orderId: i.orderId,
      description: i.description,
      quantity: i.quantity,
      unitCents: i.unitCents,
      amountCents: i.amountCents,
    })),
    nextStatuses: finance ? [...billTransitions[status]] : [],
    actions: finance ? billActions.filter((a) => billTransitions[status].includes(billActionTarget[a])) : [],
    paidAt: iso(b.paidAt),
    updatedAt: iso(b.updatedAt),
  };
}

async function visibleBill(db: DbOrTx, actor: Actor, id: number, lock = false) {
  const b = await moneyRepo.findBill(db, id, lock);
  const scope = billScope(actor);
  if (!b || (scope && !scope.includes(b.companyId))) throw notFound('Bill');
  return b;
}

export async function listBills(db: Db, actor: Actor, q: moneyRepo.BillQuery) {
  return pageAnswer(q, await moneyRepo.listBills(db, q, billScope(actor)), (row) => ({
    billId: row.b.id,
    companyId: row.b.companyId,
    companyName: row.companyName,
    periodStart: row.b.periodStart,
    periodEnd: row.b.periodEnd,
    status: row.b.status as BillStatus,
    totalCents: Number(row.totalCents),
    createdAt: iso(row.b.createdAt),
  }));
}

export async function getBill(db: Db, actor: Actor, id: number) {
  return billView(db, actor, await visibleBill(db, actor, id));
}

/** Finance runs a draft bill for a company and period; the company's row is locked for the run. */
export async function createBill(
  db: Db,
  actor: Actor,
  input: z.output<NonNullable<typeof api.createBill.body>>,
) {
  if (input.periodEnd < input.periodStart)
    throw badRequest('The period ends before it starts', [
      { pointer: '/body/periodEnd', detail: 'is before the start' },
    ]);
  const id = await db.transaction(async (tx) => {
    if (!(await moneyRepo.lockCompany(tx, input.companyId)))
      throw badRequest('Unknown company', [{ pointer: '/body/companyId', detail: 'is not a company' }]);
    const bill = await moneyRepo.insertBill(tx, { ...input, createdByUserId: actor.userId });
    const count = await collectItems(tx, bill);
    await writeAudit(tx, actor, {
      entity: 'bill',
      entityId: bill.id,
      action: 'create',
      after: { ...bill, items: count },
    });
    return bill.id;
  });
  return getBill(db, actor, id);
}

/** The note may change; `refresh` adds what became billable since, until the bill is approved. */
export async function updateBill(
  db: Db,
  actor: Actor,
  id: number,
  input: z.output<NonNullable<typeof api.updateBill.body>>,
) {
  await db.transaction(async (tx) => {
    const b = await visibleBill(tx, actor, id, true);
    if (input.refresh) {
      if (!isEditableBill(b.status as BillStatus))
        throw conflict(`A bill that is ${b.status} no longer takes items`, { reason: 'not_editable' });
      await moneyRepo.lockCompany(tx, b.companyId);
      await collectItems(tx, b);
    }
    if (input.note !== undefined) await moneyRepo.updateBill(tx, id, { note: input.note });
    await writeAudit(tx, actor, { entity: 'bill', entityId: id, action: 'update', before: b, after: input });
  });
  return getBill(db, actor, id);
}

/** open, approve, pay or void; a void bill lets its sources be billed again. */
export async function actOnBill(db: Db, actor: Actor, id: number, action: BillAction, note?: string) {
  await db.transaction(async (tx) => {
    const b = await visibleBill(tx, actor, id, true);
    const to = billActionTarget[action];
    assertBillTransition(b.status as BillStatus, to);
    if (to === 'void') await moneyRepo.releaseBillItems(tx, id);
    await moneyRepo.setBillStatus(tx, b, to, to === 'paid' ? { paidAt: new Date() } : {});
    await writeAudit(tx, actor, {
      entity: 'bill',
      entityId: id,
      action,
      before: { status: b.status },
      after: { status: to, note },
    });
  });
  return getBill(db, actor, id);
}

/** An item leaves the bill before approval; its source may go on a later bill. */
export async function deleteBillItem(db: Db, actor: Actor, id: number, itemId: number) {
  await db.transaction(async (tx) => {
    const b = await visibleBill(tx, actor, id, true);
    if (!isEditableBill(b.status as BillStatus))
      throw conflict(`Items of a bill that is ${b.status} cannot be removed`, { reason: 'not_editable' });
    if (!(await moneyRepo.deleteBillItem(tx, id, itemId))) throw notFound('Bill item');
    await writeAudit(tx, actor, { entity: 'bill', entityId: id, action: 'delete_item', before: { itemId } });
  });
  return getBill(db, actor, id);
}

/** The bill as CSV: one row per item, amounts in cents and dollars, and the total. */
export async function billCsv(db: Db, actor: Actor, id: number) {
  const bill = await getBill(db, actor, id);
  const dollars = (c: number) => (c / 100).toFixed(2);
  const rows: (string | number)[][] = [
    [
      'bill',
      'company',
      'period_start',
      'period_end',
      'kind',
      'description',
      'quantity',
      'unit_cents',
      'amount_cents',
      'amount',
    ],
    ...bill.items.map((i) => [
      bill.billId,
      bill.companyName,
      bill.periodStart,
      bill.periodEnd,
      i.kind,
      i.description,
      i.quantity,
      i.unitCents,
      i.amountCents,
      dollars(i.amountCents),
    ]),
    [
      bill.billId,
      bill.companyName,
      bill.periodStart,
      bill.periodEnd,
      'total',
      '',
      '',
      '',
      bill.totalCents,
      dollars(bill.totalCents),
    ],
  ];
  return {
    name: `bill-${bill.billId}.csv`,
    body: writeCsv(rows),
  };
}
