// Refunds: money given back on an order through the way it was paid, never more than was taken
// (checked with the order's row locked, pending refunds counted), approved by finance when tied to
// no return or claim or when the order's refunds together pass a threshold (refundNeedsApproval),
// with what each supplier owes back for the units recorded for their next bill.
import type { z } from 'zod';
import type { RefundLine } from '../../../contract/aftersales';
import type * as api from '../../../contract/refunds';
import type { Refund, VendorRecord } from '../../../contract/refunds';
import { refundLine, refundNeedsApproval } from '../../../domain/aftersales-money';
import { formatCents, netUnitCents } from '../../../domain/money';
import {
  assertRefundTransition,
  isEditableRefund,
  type RefundStatus,
  type ReturnReason,
  refundTransitions,
} from '../../../domain/aftersales-status';
import { can, isStaff } from '../../../domain/roles';
import type { Db, DbOrTx, Tx } from '../../db/connection';
import { pageAnswer, type Paging } from '../../db/list-page';
import type { Actor } from '../../http/actor';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { iso } from '../../lib/dates';
import { writeAudit } from '../audit/audit.service';
import { adjustCompensation } from '../comp/comp.service';
import * as orders from '../orders/orders.service';
import * as moneyRepo from './aftersales.money.repository';
import { markReturnRefunded, refundableReturn } from './aftersales.returns';
import { assertSees, companyScope, readLog, writeLog } from './aftersales.rules';

type Units = { orderItemId: number; quantity: number };

/** Units of each order line in refunds that are not failed. */
function refundedUnits(refunds: moneyRepo.RefundRow[]) {
  const units = new Map<number, number>();
  for (const r of refunds)
    for (const l of r.lines as RefundLine[])
      units.set(l.orderItemId, (units.get(l.orderItemId) ?? 0) + l.quantity);
  return units;
}

/** The refund lines of some units of an order, each checked against the units not yet refunded. */
export async function linesOf(
  tx: DbOrTx,
  facts: orders.OrderFacts,
  wanted: Units[],
  reason: ReturnReason | undefined,
): Promise<RefundLine[]> {
  const done = refundedUnits(
    await moneyRepo.refundsOfOrder(tx, facts.id, ['pending', 'approved', 'processed']),
  );
  const units = facts.items.reduce((s, i) => s + i.quantity, 0);
  return wanted.map((w, i) => {
    const item = facts.items.find((it) => it.orderItemId === w.orderItemId);
    if (!item)
      throw badRequest('That item is not on this order', [
        { pointer: `/body/items/${i}/orderItemId`, detail: 'is not an item of the order' },
      ]);
    const left = item.quantity - (done.get(item.orderItemId) ?? 0);
    if (w.quantity > left)
      throw badRequest(`Only ${left} units of that item are left to refund`, [
        { pointer: `/body/items/${i}/quantity`, detail: `is more than the ${left} not yet refunded` },
      ]);
    return {
      ...refundLine(item, w.quantity, { shippingCents: facts.shippingCents, units }, reason),
      description: item.description,
    };
  });
}

/** What the order's refunds that are not failed (pending, approved, processed) add up to. */
async function refundedBefore(tx: DbOrTx, orderId: number) {
  const rows = await moneyRepo.refundsOfOrder(tx, orderId, ['pending', 'approved', 'processed']);
  return rows.reduce((s, r) => s + r.amountCents, 0);
}

/**
 * A refund within the rule is approved by its creator in the step that makes it; one held for
 * finance is approved by someone else (four eyes), or not yet.
 */
const heldForFinance = (r: Pick<moneyRepo.RefundRow, 'createdByUserId' | 'approvedByUserId'>) =>
  r.approvedByUserId !== r.createdByUserId;

/** What may still be refunded: money taken and not given back, less refunds not yet processed. */
async function available(tx: DbOrTx, orderId: number, exceptRefundId = 0) {
  return (
    (await orders.refundableOfOrder(tx, orderId)) -
    (await moneyRepo.reservedCents(tx, orderId, exceptRefundId))
  );
}

/** What a refund of these units would give back, line by line; nothing is written. */
export async function previewRefund(
  db: Db,
  actor: Actor,
  threshold: number,
  orderId: number,
  body: { items: Units[]; reason?: ReturnReason },
) {
  const facts = await orders.orderFacts(db, orderId);
  if (!facts) throw notFound('Order');
  assertSees(actor, facts.companyId, 'Order');
  const lines = await linesOf(db, facts, body.items, body.reason);
  const totalCents = lines.reduce((s, l) => s + l.totalCents, 0);
  return {
    lines,
    totalCents,
    refundableCents: await available(db, orderId),
    // Units are previewed for a return: the refund would be tied to it.
    needsApproval: refundNeedsApproval({
      amountCents: totalCents,
      refundedBeforeCents: await refundedBefore(db, orderId),
      thresholdCents: threshold,
      forReturnOrClaim: true,
    }),
  };
}

function toVendor(r: moneyRepo.VendorRow): VendorRecord {
  return {
    vendorId: r.v.id,
    refundId: r.v.refundId,
    orderId: r.orderId,
    orderNumber: r.orderNumber ?? '',
    supplierCompanyId: r.v.supplierCompanyId,
    supplierName: r.supplierName,
    supplierLineId: r.v.supplierLineId,
    orderItemId: r.v.orderItemId,
    quantity: r.v.quantity,
    amountCents: r.v.amountCents,
    note: r.v.note,
    billId: r.billId === null ? null : Number(r.billId),
    createdAt: iso(r.v.createdAt),
  };
}

export async function refundView(db: DbOrTx, actor: Actor, r: moneyRepo.RefundRow): Promise<Refund> {
  const names = await moneyRepo.refundNames(db, r);
  const status = r.status as RefundStatus;
  return {
    refundId: r.id,
    orderId: r.orderId,
    orderNumber: names.orderNumber ?? '',
    companyId: r.companyId,
    companyName: names.companyName,
    returnId: r.returnId,
    claimId: r.claimId,
    status,
    amountCents: r.amountCents,
    needsApproval: heldForFinance(r),
    createdAt: iso(r.createdAt),
    reason: r.reason,
    lines: r.lines as RefundLine[],
    refundedCents: r.refundedCents,
    creditedCents: r.creditedCents,
    createdBy: names.createdBy,
    approvedBy: names.approvedBy,
    processedAt: iso(r.processedAt),
    // Supplier costs are for staff only.
    vendors: isStaff(actor.role) ? (await moneyRepo.vendorsOf(db, r.id)).map(toVendor) : [],
    log: await readLog(db, 'refund', r.id),
    nextStatuses: can(actor.role, 'finance')
      ? refundTransitions[status].filter((to) => to !== 'approved' || mayApprove(actor, r))
      : [],
    updatedAt: iso(r.updatedAt),
  };
}

async function visibleRefund(db: DbOrTx, actor: Actor, id: number, lock = false) {
  const r = await moneyRepo.findRefund(db, id, lock);
  if (!r) throw notFound('Refund');
  assertSees(actor, r.companyId, 'Refund');
  return r;
}

export async function listRefunds(db: Db, actor: Actor, q: moneyRepo.RefundQuery) {
  return pageAnswer(q, await moneyRepo.listRefunds(db, q, companyScope(actor)), (row) => ({
    refundId: row.r.id,
    orderId: row.r.orderId,
    orderNumber: row.orderNumber ?? '',
    companyId: row.r.companyId,
    companyName: row.companyName,
    returnId: row.r.returnId,
    claimId: row.r.claimId,
    status: row.r.status as RefundStatus,
    amountCents: row.r.amountCents,
    needsApproval: heldForFinance(row.r),
    createdAt: iso(row.r.createdAt),
  }));
}

export async function getRefund(db: Db, actor: Actor, id: number) {
  return refundView(db, actor, await visibleRefund(db, actor, id));
}

export interface NewRefund {
  orderId: number;
  returnId?: number;
  claimId?: number;
  items?: Units[];
  reason?: ReturnReason;
  amountCents?: number;
  note: string;
}

/**
 * Opens a refund inside the caller's transaction, the order's row locked so that two refunds
 * can never share the last dollars (nor both slip under the threshold); a refund for a return or
 * claim that keeps the order's refunds within the threshold is approved and given back at once,
 * any other waits for finance.
 */
export async function refundInTx(tx: Tx, actor: Actor, threshold: number, input: NewRefund) {
  const facts = await orders.orderFacts(tx, input.orderId, true);
  if (!facts) throw notFound('Order');
  let units = input.items;
  let reason = input.reason;
  if (input.returnId) {
    const ret = await refundableReturn(tx, input.returnId, input.orderId);
    units ??= ret.units.filter((u) => u.quantity > 0);
    reason ??= ret.r.reason as ReturnReason;
  }
  const lines = units?.length ? await linesOf(tx, facts, units, reason) : [];
  const amountCents = input.amountCents ?? lines.reduce((s, l) => s + l.totalCents, 0);
  if (amountCents <= 0)
    throw badRequest('Name the units to refund or an amount', [
      { pointer: '/body/amountCents', detail: 'is required' },
    ]);
  const left = await available(tx, input.orderId);
  if (amountCents > left)
    throw conflict(`Only ${left} cents of this order can still be refunded`, {
      reason: 'over_refund',
      refundableCents: left,
      errors: [{ pointer: '/body/amountCents', detail: `is more than the ${left} cents left to refund` }],
    });
  const waits = refundNeedsApproval({
    amountCents,
    refundedBeforeCents: await refundedBefore(tx, input.orderId),
    thresholdCents: threshold,
    forReturnOrClaim: Boolean(input.returnId || input.claimId),
  });
  const r = await moneyRepo.insertRefund(tx, {
    orderId: input.orderId,
    companyId: facts.companyId,
    returnId: input.returnId ?? null,
    claimId: input.claimId ?? null,
    amountCents,
    lines,
    reason: input.note || reason || '',
    createdByUserId: actor.userId,
  });
  await writeLog(tx, 'refund', r.id, actor, null, 'pending', input.note || null);
  await writeAudit(tx, actor, { entity: 'refund', entityId: r.id, action: 'create', after: r });
  if (!waits) await approveAndProcess(tx, actor, r, 'within the approval threshold', facts);
  return r.id;
}

/** Staff refund units (or an amount) of an order, for a return or a claim or on their own. */
export async function createRefund(db: Db, actor: Actor, threshold: number, input: NewRefund) {
  const id = await db.transaction((tx) => refundInTx(tx, actor, threshold, input));
  return getRefund(db, actor, id);
}

/** Approval gives the money back at once through the order's payments. */
async function approveAndProcess(
  tx: Tx,
  actor: Actor,
  r: moneyRepo.RefundRow,
  note: string,
  facts: orders.OrderFacts,
) {
  assertRefundTransition(r.status as RefundStatus, 'approved');
  await moneyRepo.updateRefund(tx, r.id, { status: 'approved', approvedByUserId: actor.userId });
  await writeLog(tx, 'refund', r.id, actor, r.status, 'approved', note);
  await writeAudit(tx, actor, {
    entity: 'refund',
    entityId: r.id,
    action: 'approve',
    before: { status: r.status },
  });
  const label = `refund ${r.id} by ${actor.username}`;
  const parts = await orders.refundOrderMoney(tx, facts, r.amountCents, label, actor.userId);
  if (parts.refundedCents + parts.creditedCents !== r.amountCents)
    throw conflict(
      `Only ${parts.refundedCents + parts.creditedCents} cents of this order can still be refunded`,
      {
        reason: 'over_refund',
      },
    );
  assertRefundTransition('approved', 'processed');
  await moneyRepo.updateRefund(tx, r.id, { status: 'processed', processedAt: new Date(), ...parts });
  await writeLog(
    tx,
    'refund',
    r.id,
    actor,
    'approved',
    'processed',
    `${formatCents(parts.refundedCents)} to the original payment, ${formatCents(parts.creditedCents)} credited on account`,
  );
  await writeAudit(tx, actor, { entity: 'refund', entityId: r.id, action: 'process', after: parts });
  await followRefund(tx, actor, r, facts);
}

/** After the money moved: compensation follows, the return is refunded, suppliers owe their cost. */
async function followRefund(tx: Tx, actor: Actor, r: moneyRepo.RefundRow, facts: orders.OrderFacts) {
  const lines = r.lines as RefundLine[];
  if (lines.length) {
    const processed = await moneyRepo.refundsOfOrder(tx, facts.id, ['processed']);
    const merchandise = new Map<number, number>();
    for (const p of processed)
      for (const l of p.lines as RefundLine[])
        merchandise.set(
          l.orderItemId,
          (merchandise.get(l.orderItemId) ?? 0) + l.priceCents - l.discountCents,
        );
    await adjustCompensation(
      tx,
      {
        id: facts.id,
        companyId: facts.companyId,
        lines: facts.items.map((i) => ({
          makeId: i.makeId,
          amountCents: i.quantity * netUnitCents(i) - (merchandise.get(i.orderItemId) ?? 0),
        })),
      },
      `refund ${r.id}`,
    );
    if (!(await moneyRepo.vendorsOf(tx, r.id)).length)
      await moneyRepo.insertVendors(tx, vendorRecordsOf(r, facts));
  }
  if (r.returnId) await markReturnRefunded(tx, actor, r.returnId);
}

/** Each refunded unit is owed back by the supplier that shipped it, at that warehouse's cost. */
function vendorRecordsOf(r: moneyRepo.RefundRow, facts: orders.OrderFacts) {
  return (r.lines as RefundLine[]).flatMap((l) => {
    let left = l.quantity;
    return facts.lines
      .filter((f) => f.orderItemId === l.orderItemId && f.status !== 'cancelled')
      .flatMap((f) => {
        const quantity = Math.min(left, f.quantity);
        left -= quantity;
        if (quantity <= 0) return [];
        return [
          {
            refundId: r.id,
            supplierCompanyId: f.supplierCompanyId,
            supplierLineId: f.supplierLineId,
            orderItemId: l.orderItemId,
            quantity,
            amountCents: quantity * f.unitCostCents,
            note: `${quantity} × ${l.description} returned`,
          },
        ];
      });
  });
}

/**
 * Four eyes: a refund that waits for approval is approved by someone other than who asked for it
 * (docs/aftersales.md). Refunds within the threshold are approved by the rule, not by a person.
 */
export const mayApprove = (actor: Actor, r: Pick<moneyRepo.RefundRow, 'createdByUserId'>) =>
  can(actor.role, 'finance') && r.createdByUserId !== actor.userId;

function assertSecondPair(actor: Actor, r: moneyRepo.RefundRow) {
  if (r.createdByUserId === actor.userId)
    throw new AppError('forbidden', 'A refund is approved by someone other than who asked for it', {
      reason: 'four_eyes',
    });
}

/**
 * Finance approves (the money goes back at once) or fails a refund; failing frees its amount. The
 * call names the amount finance saw: a refund whose amount changed since is a 409, nothing moves.
 */
export async function changeRefundStatus(
  db: Db,
  actor: Actor,
  body: { refund: number; status: RefundStatus; amountCents: number; note?: string },
) {
  await db.transaction(async (tx) => {
    const r = await visibleRefund(tx, actor, body.refund);
    const facts = await orders.orderFacts(tx, r.orderId, true);
    if (!facts) throw notFound('Order');
    const locked = (await moneyRepo.findRefund(tx, r.id, true))!;
    if (locked.amountCents !== body.amountCents)
      throw conflict(`This refund is now for ${locked.amountCents} cents; read it again before deciding`, {
        reason: 'amount_changed',
        amountCents: locked.amountCents,
        errors: [{ pointer: '/body/amountCents', detail: `is not the refund's ${locked.amountCents} cents` }],
      });
    if (body.status === 'approved') {
      assertRefundTransition(locked.status as RefundStatus, 'approved');
      assertSecondPair(actor, locked);
      return approveAndProcess(tx, actor, locked, body.note ?? 'approved', facts);
    }
    assertRefundTransition(locked.status as RefundStatus, body.status);
    if (body.status === 'processed')
      throw conflict('A refund is processed by approving it', { reason: 'approve_first' });
    await moneyRepo.updateRefund(tx, r.id, { status: body.status });
    await writeLog(tx, 'refund', r.id, actor, locked.status, body.status, body.note ?? null);
    await writeAudit(tx, actor, {
      entity: 'refund',
      entityId: r.id,
      action: body.status,
      before: { status: locked.status },
    });
  });
  return getRefund(db, actor, body.refund);
}

/**
 * The amount or note of a refund may change while it waits for approval; never above what is left.
 * Only its creator or finance changes the amount: finance approves what it reads, not a sum
 * someone else slipped in.
 */
export async function updateRefund(
  db: Db,
  actor: Actor,
  id: number,
  input: z.output<NonNullable<typeof api.updateRefund.body>>,
) {
  await db.transaction(async (tx) => {
    const r = await visibleRefund(tx, actor, id);
    await orders.orderFacts(tx, r.orderId, true);
    const locked = (await moneyRepo.findRefund(tx, id, true))!;
    if (locked.status !== 'pending')
      throw conflict(`A refund that is ${locked.status} can no longer be changed`, {
        reason: 'not_editable',
      });
    if (input.amountCents !== undefined) {
      if (locked.createdByUserId !== actor.userId && !can(actor.role, 'finance'))
        throw new AppError('forbidden', "Only the refund's creator or finance may change its amount", {
          reason: 'not_creator',
        });
      const left = await available(tx, r.orderId, id);
      if (input.amountCents > left)
        throw conflict(`Only ${left} cents of this order can still be refunded`, {
          reason: 'over_refund',
          refundableCents: left,
          errors: [{ pointer: '/body/amountCents', detail: `is more than the ${left} cents left to refund` }],
        });
    }
    await moneyRepo.updateRefund(tx, id, { amountCents: input.amountCents, reason: input.note });
    await writeLog(
      tx,
      'refund',
      id,
      actor,
      locked.status,
      null,
      input.note ?? `amount ${input.amountCents} cents`,
    );
    await writeAudit(tx, actor, {
      entity: 'refund',
      entityId: id,
      action: 'update',
      before: locked,
      after: input,
    });
  });
  return getRefund(db, actor, id);
}

// Vendor records.

async function vendorEditable(tx: Tx, actor: Actor, refundId: number) {
  const r = await visibleRefund(tx, actor, refundId, true);
  if (!isEditableRefund(r.status as RefundStatus) && r.status !== 'processed')
    throw conflict(`The vendor records of a ${r.status} refund cannot change`, { reason: 'not_editable' });
  return r;
}

async function unbilledVendor(tx: Tx, refundId: number, vendorId: number) {
  const v = (await moneyRepo.vendorsOf(tx, refundId)).find((x) => x.v.id === vendorId);
  if (!v) throw notFound('Vendor record');
  if (v.billId !== null)
    throw conflict(`Bill ${v.billId} already deducts this record; remove it from the bill first`, {
      reason: 'billed',
    });
  return v;
}

type VendorInput = z.output<NonNullable<typeof api.addVendorRecord.body>>;

/** Staff record what a supplier owes back for a refund, at its cost. */
export async function addVendorRecord(db: Db, actor: Actor, id: number, input: VendorInput) {
  await db.transaction(async (tx) => {
    const r = await vendorEditable(tx, actor, id);
    if (input.orderItemId !== null) {
      const facts = await orders.orderFacts(tx, r.orderId);
      if (!facts?.items.some((i) => i.orderItemId === input.orderItemId))
        throw badRequest('That item is not on the refunded order', [
          { pointer: '/body/orderItemId', detail: 'is not an item of the order' },
        ]);
    }
    const supplierLine = (await orders.orderFacts(tx, r.orderId))?.lines.find(
      (l) => l.supplierCompanyId === input.supplierCompanyId && l.orderItemId === input.orderItemId,
    );
    if (!(await companyIsSupplierOf(tx, r.orderId, input.supplierCompanyId)))
      throw badRequest('That supplier filled no line of this order', [
        { pointer: '/body/supplierCompanyId', detail: 'is not a supplier of the order' },
      ]);
    await moneyRepo.insertVendors(tx, [
      { ...input, refundId: id, supplierLineId: supplierLine?.supplierLineId ?? null },
    ]);
    await writeAudit(tx, actor, { entity: 'refund', entityId: id, action: 'add_vendor', after: input });
  });
  return getRefund(db, actor, id);
}

async function companyIsSupplierOf(tx: DbOrTx, orderId: number, supplierCompanyId: number) {
  const facts = await orders.orderFacts(tx, orderId);
  return !!facts?.lines.some((l) => l.supplierCompanyId === supplierCompanyId);
}

export async function updateVendorRecord(
  db: Db,
  actor: Actor,
  id: number,
  input: z.output<NonNullable<typeof api.updateVendorRecord.body>>,
) {
  await db.transaction(async (tx) => {
    await vendorEditable(tx, actor, id);
    const v = await unbilledVendor(tx, id, input.vendorId);
    const { vendorId, ...values } = input;
    await moneyRepo.updateVendor(tx, vendorId, values);
    await writeAudit(tx, actor, {
      entity: 'refund',
      entityId: id,
      action: 'update_vendor',
      before: v.v,
      after: input,
    });
  });
  return getRefund(db, actor, id);
}

export async function deleteVendorRecord(db: Db, actor: Actor, id: number, vendorId: number) {
  await db.transaction(async (tx) => {
    await vendorEditable(tx, actor, id);
    const v = await unbilledVendor(tx, id, vendorId);
    await moneyRepo.deleteVendors(tx, [vendorId]);
    await writeAudit(tx, actor, { entity: 'refund', entityId: id, action: 'delete_vendor', before: v.v });
  });
  return getRefund(db, actor, id);
}

/** Makes the records of the refund's lines (each supplier's units at its cost); 409 when some exist. */
export async function createVendorRecords(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const r = await vendorEditable(tx, actor, id);
    if ((await moneyRepo.vendorsOf(tx, id)).length)
      throw conflict('This refund has vendor records; remove them first to make them again', {
        reason: 'exists',
      });
    if (!(r.lines as RefundLine[]).length)
      throw conflict('This refund names no units: add the records by hand', { reason: 'no_lines' });
    const facts = await orders.orderFacts(tx, r.orderId);
    const rows = vendorRecordsOf(r, facts!);
    await moneyRepo.insertVendors(tx, rows);
    await writeAudit(tx, actor, {
      entity: 'refund',
      entityId: id,
      action: 'create_vendors',
      after: { rows },
    });
  });
  return getRefund(db, actor, id);
}

/** Removes every record of the refund that no bill deducts yet; 409 when a bill deducts one. */
export async function deleteOrderVendorRecords(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    await vendorEditable(tx, actor, id);
    const all = await moneyRepo.vendorsOf(tx, id);
    const billed = all.find((v) => v.billId !== null);
    if (billed)
      throw conflict(`Bill ${billed.billId} already deducts a record of this refund`, { reason: 'billed' });
    await moneyRepo.deleteVendors(
      tx,
      all.map((v) => v.v.id),
    );
    await writeAudit(tx, actor, {
      entity: 'refund',
      entityId: id,
      action: 'delete_vendors',
      before: { all },
    });
  });
  return getRefund(db, actor, id);
}

/** A supplier reads what it owes back for refunded units. */
export async function listSupplierVendorRecords(db: Db, actor: Actor, q: Paging) {
  return pageAnswer(q, await moneyRepo.listVendorsOfSupplier(db, q, actor.supplierId), toVendor);
}
