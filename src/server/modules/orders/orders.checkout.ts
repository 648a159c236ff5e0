import type { CheckoutBody } from '../../../contract/cart';
import type { OrderDetail } from '../../../contract/order-shapes';
import { type Db, inTransaction } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { conflict } from '../../http/errors';
import { checkoutRules } from '../approvals/approvals.service';
import type * as payments from '../payments/payments.service';
import { pricingOf } from './orders.cart';
import { placeOrderLines } from './orders.placement';
import * as repo from './orders.repository';
import { orderDetail } from './orders.views';

/** The buyer's way of paying, as the payments module takes it. */
function methodOf(body: Omit<CheckoutBody, 'poNumber' | 'orderId'>, key?: string): payments.Method {
  const { paymentMethod, card, cardToken, sourceId, intentId, token } = body;
  if (paymentMethod === 'card') return { paymentMethod, card, cardToken, sourceId, intentId, key };
  if (paymentMethod === 'account') return { paymentMethod };
  return { paymentMethod, token };
}

/**
 * Turns the buyer's cart into an order in one transaction (the Idempotency-Key's, when the call
 * has one), paid the way the buyer chose; a refused payment undoes everything.
 */
export async function checkout(db: Db, actor: Actor, body: CheckoutBody, key?: string): Promise<OrderDetail> {
  const placed = await inTransaction(db, async (tx) => {
    // Read first: a location with a budget is locked before the cart (docs/architecture.md).
    const rules = await checkoutRules(tx, actor, body.poNumber);
    const cart = await repo.findCart(tx, actor.userId, actor.locationId, true);
    if (!cart || (body.orderId && body.orderId !== cart.id))
      throw conflict('This cart was already checked out');
    const result = await placeOrderLines(tx, {
      order: cart,
      pricing: pricingOf(actor),
      placedBy: { userId: actor.userId, staff: false },
      // The key (the buyer's Idempotency-Key) is what a card processor's own key is made from.
      payment: methodOf(body, key),
      poNumber: body.poNumber,
      note: 'Checked out',
      approval: { rules, holdHours: rules.approvalHoldHours },
    });
    return result;
  });
  // The lines are those the transaction priced and wrote: the answer does not read them again.
  return orderDetail(db, placed.orderId, false, placed.lines);
}
