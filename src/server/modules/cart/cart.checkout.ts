import type { CheckoutBody, OrderDetail } from '../../../contract/orders';
import type { Db, Tx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { conflict } from '../../http/errors';
import { isSettled } from '../../integrations/payments/payments.types';
import { accrueCompensation } from '../comp/comp.service';
import { changeOrderStatus } from '../orders/orders.log';
import { insertSubOrder, insertSupplierLines, setOrderNumber } from '../orders/orders.repository';
import { expireUnpaidOrders } from '../orders/orders.expiry';
import { type Allocation, assertHeldUnderCap, commitStock, reserveStock } from '../orders/orders.stock';
import { orderDetail } from '../orders/orders.views';
import { refreshProductPrices } from '../catalog/catalog.prices';
import { payOrder, paymentStatusOf } from '../payments/payments.checkout';
import { repriceOrder } from './cart.pricing';
import * as repo from './cart.repository';
import { pricingOf } from './cart.service';

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
  const allocations = await reserveStock(
    tx,
    { id: cart.id, companyId: cart.companyId, zip: cart.deliveryZip },
    lines.map((l) => ({
      orderItemId: l.item.id,
      productId: l.item.productId,
      quantity: l.item.quantity,
      skuCode: l.skuCode,
    })),
  );
  await splitBySupplier(tx, cart.id, allocations);
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
  await setOrderNumber(tx, cart.id);
  await changeOrderStatus(tx, cart, 'placed', actor.userId, `Checked out; payment ${payment.status}`);
  // Sales compensation accrues when an order is placed (issue 5), on merchandise after discounts.
  await accrueCompensation(tx, {
    id: cart.id,
    companyId: cart.companyId,
    lines: lines.map(({ item }) => ({
      makeId: item.makeId,
      amountCents: item.quantity * (item.unitPriceCents - item.unitDiscountCents),
    })),
  });
  return cart.id;
}

/** One sub-order per warehouse, with a pending supplier line per order item it fills. */
async function splitBySupplier(tx: Tx, orderId: number, allocations: Allocation[]) {
  const byWarehouse = new Map<number, Allocation[]>();
  for (const a of allocations) byWarehouse.set(a.warehouseId, [...(byWarehouse.get(a.warehouseId) ?? []), a]);
  for (const [warehouseId, list] of byWarehouse) {
    const sub = await insertSubOrder(tx, {
      orderId,
      warehouseId,
      supplierCompanyId: list[0].supplierCompanyId,
    });
    await insertSupplierLines(
      tx,
      list.map((a) => ({ subOrderId: sub.id, orderItemId: a.orderItemId, quantity: a.quantity })),
    );
  }
}
