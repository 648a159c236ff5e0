// Refunds: money given back on an order through the way it was paid, never more than was taken
// (checked with the order's row locked, pending refunds counted), approved by finance when tied to
// no return or claim or when the order's refunds together pass a threshold (refundNeedsApproval).
// Reading a refund is in aftersales.refund-views.ts, approving it in aftersales.refund-approval.ts,
// what suppliers owe back for its units in aftersales.supplier-records.ts.
import type { z } from 'zod';
import { RefundLine } from '../../../contract/aftersales';
import type * as api from '../../../contract/refunds';
import { capRefundLines, refundNeedsApproval } from '../../../domain/aftersales-money';
import { formatCents } from '../../../domain/money';
import { awaitsRefundApproval, type ReturnReason } from '../../../domain/aftersales-status';
import { can } from '../../../domain/roles';
import type { Db, Tx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import * as orders from '../orders/orders.service';
import * as moneyRepo from './aftersales.money.repository';
import { refundableReturn } from './aftersales.return-status';
import { writeLog } from './aftersales.rules';
import { approveAndProcess } from './aftersales.refund-approval';
import { available, creditLineOf, linesOf, refundedBefore, type Units } from './aftersales.refundable';
import { getRefund, visibleRefund } from './aftersales.refund-views';

export interface NewRefund {
  orderId: number;
  returnId?: number;
  claimId?: number;
  items?: Units[];
  reason?: ReturnReason;
  amountCents?: number;
  /** A road-hazard credit on one tire: its covered amount, given back with the tax on it. */
  credit?: { orderItemId: number; coveredCents: number };
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
  const drafted = input.credit
    ? [await creditLineOf(tx, facts, input.credit)]
    : units?.length
      ? await linesOf(tx, facts, units, reason)
      : [];
  const amountCents = input.amountCents ?? drafted.reduce((s, l) => s + l.totalCents, 0);
  if (amountCents <= 0)
    throw badRequest('Name the units to refund or an amount', [
      { pointer: '/body/amountCents', detail: 'is required' },
    ]);
  const left = await available(tx, input.orderId);
  if (amountCents > left)
    throw conflict(`Only ${formatCents(left)} of this order can still be refunded`, {
      reason: 'over_refund',
      refundableCents: left,
      errors: [
        { pointer: '/body/amountCents', detail: `is more than the ${formatCents(left)} left to refund` },
      ],
    });
  // An amount below the lines (capped at what the order can still refund) shares the cut among
  // them, so the lines say what the refund gives back of each.
  const lines = capRefundLines(drafted, amountCents);
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
    if (!awaitsRefundApproval(locked.status))
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
        throw conflict(`Only ${formatCents(left)} of this order can still be refunded`, {
          reason: 'over_refund',
          refundableCents: left,
          errors: [
            { pointer: '/body/amountCents', detail: `is more than the ${formatCents(left)} left to refund` },
          ],
        });
    }
    const lines =
      input.amountCents === undefined
        ? undefined
        : capRefundLines(RefundLine.array().parse(locked.lines), input.amountCents);
    await moneyRepo.updateRefund(tx, id, { amountCents: input.amountCents, lines, reason: input.note });
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
