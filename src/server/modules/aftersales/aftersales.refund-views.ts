// Reading refunds: the list, one refund with its log and (for staff) its vendor records, and what
// its reader may do next.
import { RefundLine } from '../../../contract/aftersales';
import type { Refund, VendorRecord } from '../../../contract/refunds';
import { type RefundStatus, refundTransitions } from '../../../domain/aftersales-status';
import { can, isStaff } from '../../../domain/roles';
import type { Db, DbOrTx } from '../../db/connection';
import { pageAnswer } from '../../db/list-page';
import type { Actor } from '../../http/actor';
import { notFound } from '../../http/errors';
import { iso } from '../../lib/dates';
import * as moneyRepo from './aftersales.money.repository';
import { assertSees, companyScope, readLog } from './aftersales.rules';

/**
 * A refund within the rule is approved by its creator in the step that makes it; one held for
 * finance is approved by someone else (four eyes), or not yet.
 */
export const heldForFinance = (r: Pick<moneyRepo.RefundRow, 'createdByUserId' | 'approvedByUserId'>) =>
  r.approvedByUserId !== r.createdByUserId;

/**
 * Four eyes: a refund that waits for approval is approved by someone other than who asked for it
 * (docs/aftersales.md). Refunds within the threshold are approved by the rule, not by a person.
 */
export const mayApprove = (actor: Actor, r: Pick<moneyRepo.RefundRow, 'createdByUserId'>) =>
  can(actor.role, 'finance') && r.createdByUserId !== actor.userId;
export function toVendor(r: moneyRepo.VendorRow): VendorRecord {
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
    lines: RefundLine.array().parse(r.lines),
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
export async function visibleRefund(db: DbOrTx, actor: Actor, id: number, lock = false) {
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
