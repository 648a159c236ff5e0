// Approving a refund gives the money back at once through the order's payments; then compensation,
// the return and the suppliers' records follow. Finance approves (never its own request) or fails
// a refund that waits.
import type { RefundLine } from '../../../contract/aftersales';
import { formatCents, netUnitCents } from '../../../domain/money';
import { assertRefundTransition, type RefundStatus } from '../../../domain/aftersales-status';
import type { Db, Tx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { AppError, conflict, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import { adjustCompensation } from '../comp/comp.service';
import * as orders from '../orders/orders.service';
import { enqueueOrderWebhookEvents } from '../webhooks/webhooks.service';
import * as moneyRepo from './aftersales.money.repository';
import { markReturnRefunded } from './aftersales.return-status';
import { writeLog } from './aftersales.rules';
import { getRefund, visibleRefund } from './aftersales.refund-views';
import { vendorRecordsOf } from './aftersales.supplier-records';

/** Approval gives the money back at once through the order's payments. */
export async function approveAndProcess(
  tx: Tx,
  actor: Actor,
  r: moneyRepo.RefundRow,
  note: string,
  facts: orders.OrderFacts,
) {
  await moneyRepo.setRefundStatus(tx, r, 'approved', { approvedByUserId: actor.userId });
  await writeLog(tx, 'refund', r.id, actor, r.status, 'approved', note);
  await writeAudit(tx, actor, {
    entity: 'refund',
    entityId: r.id,
    action: 'approve',
    before: { status: r.status },
  });
  const label = `refund ${r.id} by ${actor.username}`;
  const parts = await orders
    .refundOrderMoney(tx, facts, r.amountCents, label, actor.userId)
    .catch((error) => {
      if (!(error instanceof AppError && error.extra.reason === 'refund_failed')) throw error;
      return error;
    });
  // The card processor refused to give the money back: nothing moved; the refund is failed
  // with the processor's reason, never processed.
  if (parts instanceof AppError) return failAtProcessor(tx, actor, r, parts);
  if (parts.refundedCents + parts.creditedCents !== r.amountCents)
    throw conflict(
      `Only ${formatCents(parts.refundedCents + parts.creditedCents)} of this order can still be refunded`,
      {
        reason: 'over_refund',
      },
    );
  await moneyRepo.setRefundStatus(tx, { id: r.id, status: 'approved' }, 'processed', {
    processedAt: new Date(),
    ...parts,
  });
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
  await enqueueOrderWebhookEvents(tx, r.orderId, ['refund.processed'], {
    refund: { id: r.id, returnId: r.returnId, amountCents: r.amountCents, ...parts },
  });
  await followRefund(tx, actor, r, facts);
}

async function failAtProcessor(tx: Tx, actor: Actor, r: moneyRepo.RefundRow, error: AppError) {
  await moneyRepo.setRefundStatus(tx, { id: r.id, status: 'approved' }, 'failed');
  await writeLog(tx, 'refund', r.id, actor, 'approved', 'failed', error.message);
  await writeAudit(tx, actor, {
    entity: 'refund',
    entityId: r.id,
    action: 'fail',
    after: { reason: error.message },
  });
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
    await moneyRepo.setRefundStatus(tx, locked, body.status);
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
