import type { CheckoutBody, OrderDetail } from '../../../contract/orders';
import type { Db, Tx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { conflict } from '../../http/errors';
import { isSettled } from '../../integrations/payments/payments.types';
import { expireUnpaidOrders } from './orders.expiry';
import { markPlaced } from './orders.placement';
import { routeUnits } from './orders.routing';
import { assertHeldUnderCap, commitStock } from './orders.stock';
import { orderDetail } from './orders.views';
import { refreshProductPrices } from '../catalog/catalog.prices';
import { payOrder, paymentStatusOf } from '../payments/payments.checkout';
import { pricingOf } from './orders.cart';
import { repriceOrder } from './orders.pricing';
import * as repo from './orders.repository';

/**
 * Turns the cart into an order in one transaction: re-prices it, reserves the stock across
 * warehouses, splits it into supplier sub-orders and takes the payment. A refused payment
 * undoes everything: no order, no reservation.
 */
export async function checkout(db: Db, actor: Actor, body: CheckoutBody): Promise<OrderDetail> {
  await expireUnpaidOrders(db);
  const orderId = await db.transaction((tx) => placeOrder(tx, actor, body));
  return orderDetail(db, orderId, false);
}

async function placeOrder(tx: Tx, actor: Actor, body: CheckoutBody) {
  const cart = await repo.findCart(tx, actor.userId, actor.locationId, true);
  if (!cart || (body.orderId && body.orderId !== cart.id))
    throw conflict('This cart was already checked out');
  const { lines, totals } = await repriceOrder(tx, cart, pricingOf(actor));
  if (!lines.length) throw conflict('The cart is empty');
  // Nothing is committed before the payment answers: a refusal rolls the reservation back.
  const allocations = await routeUnits(
    tx,
    { ...cart, paymentStatus: 'unpaid' },
    lines.map((l) => ({
      orderItemId: l.item.id,
      productId: l.item.productId,
      quantity: l.item.quantity,
      skuCode: l.skuCode,
    })),
    { refresh: false },
  );
  const payment = await payOrder(
    tx,
    { companyId: cart.companyId, orderId: cart.id, amountCents: totals.totalCents },
    body,
  );
  if (isSettled(payment.status)) await commitStock(tx, cart.id, false);
  else
    await assertHeldUnderCap(
      tx,
      cart.companyId,
      allocations.map((a) => a.productId),
    );
  await repo.updateOrder(tx, cart.id, {
    paymentMethod: body.paymentMethod,
    paymentStatus: paymentStatusOf(payment),
    poNumber: body.poNumber ?? null,
    placedAt: new Date(),
  });
  await refreshProductPrices(
    tx,
    lines.map((l) => l.item.productId),
  );
  await markPlaced(
    tx,
    cart,
    lines.map((l) => l.item),
    actor.userId,
    `Checked out; payment ${payment.status}`,
  );
  return cart.id;
}
