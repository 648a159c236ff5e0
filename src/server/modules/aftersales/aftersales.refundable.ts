// What an order may still have refunded: its units not yet in a refund, line by line, and the money
// taken less what refunds not yet failed hold; and a preview of a refund of some units.
import type { RefundLine } from '../../../contract/aftersales';
import { claimCreditLine, refundLine, refundNeedsApproval } from '../../../domain/aftersales-money';
import { nothingRefunded, refundedPartsOf } from '../../../domain/refund-charges';
import type { ReturnReason } from '../../../domain/aftersales-status';
import type { Db, DbOrTx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { badRequest, notFound } from '../../http/errors';
import * as orders from '../orders/orders.service';
import * as moneyRepo from './aftersales.money.repository';
import { assertSees } from './aftersales.rules';

export type Units = { orderItemId: number; quantity: number };

/**
 * The refund lines of some units of an order, each checked against the units not yet refunded;
 * each line gives back its units' part of the charges the order line was taxed at, after what the
 * order's refunds not failed (and the lines before it in this one) took (refundLine).
 */
export async function linesOf(
  tx: DbOrTx,
  facts: orders.OrderFacts,
  wanted: Units[],
  reason: ReturnReason | undefined,
): Promise<RefundLine[]> {
  const earlier = await moneyRepo.refundsOfOrder(tx, facts.id, ['pending', 'approved', 'processed']);
  const taken = earlier.flatMap((r) => r.lines as RefundLine[]);
  return wanted.map((w, i) => {
    const item = facts.items.find((it) => it.orderItemId === w.orderItemId);
    if (!item)
      throw badRequest('That item is not on this order', [
        { pointer: `/body/items/${i}/orderItemId`, detail: 'is not an item of the order' },
      ]);
    const before = refundedPartsOf(taken).get(item.orderItemId) ?? nothingRefunded();
    const left = item.quantity - before.units;
    if (w.quantity > left)
      throw badRequest(`Only ${left} units of that item are left to refund`, [
        { pointer: `/body/items/${i}/quantity`, detail: `is more than the ${left} not yet refunded` },
      ]);
    const line = { ...refundLine(item, w.quantity, before, reason), description: item.description };
    taken.push(line);
    return line;
  });
}

/**
 * The refund line of a road-hazard credit on one tire of an order line: the covered amount and the
 * sales tax the order charged on it, after what the order's refunds not failed took (claimCreditLine).
 */
export async function creditLineOf(
  tx: DbOrTx,
  facts: orders.OrderFacts,
  credit: { orderItemId: number; coveredCents: number },
): Promise<RefundLine> {
  const item = facts.items.find((it) => it.orderItemId === credit.orderItemId);
  if (!item) throw notFound('Order item');
  const earlier = await moneyRepo.refundsOfOrder(tx, facts.id, ['pending', 'approved', 'processed']);
  const before =
    refundedPartsOf(earlier.flatMap((r) => r.lines as RefundLine[])).get(item.orderItemId) ??
    nothingRefunded();
  const ratePpm = await moneyRepo.taxRatePpmOfOrder(tx, facts.id);
  return {
    ...claimCreditLine(item, before, credit.coveredCents, ratePpm),
    description: `${item.description}: road hazard credit`,
  };
}

/** What the order's refunds that are not failed (pending, approved, processed) add up to. */
export async function refundedBefore(tx: DbOrTx, orderId: number) {
  const rows = await moneyRepo.refundsOfOrder(tx, orderId, ['pending', 'approved', 'processed']);
  return rows.reduce((s, r) => s + r.amountCents, 0);
}

/** What may still be refunded: money taken and not given back, less refunds not yet processed. */
export async function available(tx: DbOrTx, orderId: number, exceptRefundId = 0) {
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
