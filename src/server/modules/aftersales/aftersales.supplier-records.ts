// Supplier records (vendor records): what each supplier owes back for refunded units, at its
// warehouse's cost, made with the refund or by staff, and deducted on the supplier's next bill.
import { isLiveSupplierLine } from '../../../domain/order-status';
import type { z } from 'zod';
import type { RefundLine } from '../../../contract/aftersales';
import type * as api from '../../../contract/refunds';
import { isEditableRefund, isProcessedRefund, type RefundStatus } from '../../../domain/aftersales-status';
import type { Db, DbOrTx, Tx } from '../../db/connection';
import { pageAnswer, type Paging } from '../../db/list-page';
import type { Actor } from '../../http/actor';
import { badRequest, conflict, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import * as orders from '../orders/orders.service';
import * as moneyRepo from './aftersales.money.repository';
import { getRefund, toVendor, visibleRefund } from './aftersales.refund-views';

/** Each refunded unit is owed back by the supplier that shipped it, at that warehouse's cost. */
export function vendorRecordsOf(r: moneyRepo.RefundRow, facts: orders.OrderFacts) {
  return (r.lines as RefundLine[]).flatMap((l) => {
    let left = l.quantity;
    return facts.lines
      .filter((f) => f.orderItemId === l.orderItemId && isLiveSupplierLine(f.status))
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
async function vendorEditable(tx: Tx, actor: Actor, refundId: number) {
  const r = await visibleRefund(tx, actor, refundId, true);
  if (!isEditableRefund(r.status as RefundStatus) && !isProcessedRefund(r.status))
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
