// Paying for a cart or an order: the order decides what is owed (its current total, never an
// amount from the client) and who may pay it; the payments module records the money.
import type { z } from 'zod';
import type { CardOrSource } from '../../../contract/payments';
import { awaitsApproval, isPlacedOrder } from '../../../domain/order-status';
import { canTransition } from '../../../domain/status-machine';
import {
  assertOrderPaymentTransition,
  awaitsPayment,
  isAuthorizedPayment,
  isCapturedPayment,
  isSettled,
  type OrderPaymentStatus,
  orderPaymentStatusOf,
  orderPaymentTransitions,
} from '../../../domain/payment-status';
import { can, isStaff } from '../../../domain/roles';
import type { Db, DbOrTx, Tx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { conflict, forbidden, notFound } from '../../http/errors';
import * as payments from '../payments/payments.service';
import { pricingOf } from './orders.cart';
import { logOrderChange } from './orders.log';
import { mailPaymentLink } from './orders.payment-link';
import { changePaymentStatus } from './orders.payment-status';
import { repriceOrder } from './orders.pricing';
import * as repo from './orders.repository';
import { commitStock, lockHeldStock } from './orders.stock';
import { orderDetail } from './orders.views';

type Card = Omit<z.output<typeof CardOrSource>, 'sourceId'>;

/** The caller's cart, locked and re-priced: what a cart payment is for. */
async function cartPayable(tx: Tx, actor: Actor): Promise<payments.Payable> {
  const cart = await repo.findCart(tx, actor.userId, actor.locationId, true);
  if (!cart) throw conflict('The cart is empty');
  const { lines, totals } = await repriceOrder(tx, cart, pricingOf(actor));
  if (!lines.length) throw conflict('The cart is empty');
  return { companyId: cart.companyId, orderId: cart.id, amountCents: totals.totalCents };
}

/** An order waiting for approval is charged by its approval, never before (docs/fleet.md). */
function refuseAwaitingApproval(order: { status: string }) {
  if (awaitsApproval(order.status))
    throw conflict('This order waits for approval; it is charged once a company approver approves it', {
      reason: 'awaiting_approval',
    });
}

/**
 * An order that still waits for its money, locked. Buyers pay their own company's orders; of
 * the staff only finance and admin take money (sales place and edit orders, never charge them).
 */
export async function unpaidOrder(tx: DbOrTx, actor: Actor, orderId: number) {
  const order = await repo.findOrder(tx, orderId, true);
  if (!order || !isPlacedOrder(order.status)) throw notFound('Order');
  if (order.companyId !== actor.companyId) {
    if (!isStaff(actor.role)) throw notFound('Order');
    if (!can(actor.role, 'finance')) throw forbidden('Only finance takes payments for a customer');
  }
  refuseAwaitingApproval(order);
  if (!awaitsPayment(order.paymentStatus as OrderPaymentStatus))
    throw conflict(`This order is ${order.status} with payment ${order.paymentStatus}; nothing to pay`, {
      paymentStatus: order.paymentStatus,
    });
  return order;
}

const payableOf = (order: repo.OrderRow): payments.Payable => ({
  companyId: order.companyId,
  orderId: order.id,
  amountCents: order.totalCents,
});

/** The order takes what the payment says: its stock is sold once money is taken or owed on terms. */
export async function settle(
  tx: DbOrTx,
  order: repo.OrderRow,
  taken: payments.Taken,
  method: string,
  userId: number | null,
) {
  if (isSettled(taken.status)) await commitStock(tx, order.id);
  await changePaymentStatus(tx, order, orderPaymentStatusOf(taken.status), method, userId);
}

const detailFor = (db: Db, actor: Actor, orderId: number) => orderDetail(db, orderId, isStaff(actor.role));

const intentAnswer = (i: { paymentId: number; amountCents: number; status: string }, reference = '') => ({
  intentId: i.paymentId,
  clientSecret: `${reference || `pi_${i.paymentId}`}_secret`,
  amountCents: i.amountCents,
  status: i.status,
});

export const createCartIntent = (db: Db, actor: Actor) =>
  db.transaction(async (tx) => intentAnswer(await payments.openIntent(tx, await cartPayable(tx, actor))));

export const confirmCartIntent = (
  db: Db,
  actor: Actor,
  intentId: number,
  card: Card & { sourceId?: number },
) =>
  db.transaction(async (tx) => {
    const p = await cartPayable(tx, actor);
    const taken = await payments.authorize(tx, p, intentId, card);
    return intentAnswer({ paymentId: taken.paymentId, amountCents: p.amountCents, status: taken.status });
  });

type CryptoCurrency = 'BTC' | 'ETH' | 'USDC';

// The sandbox charge is priced in US dollars (no exchange rates here); the address names the
// coin the buyer chose, as a wallet needs it.
function redirectOf(
  provider: payments.TokenProviderName,
  token: string,
  amountCents: number,
  currency: CryptoCurrency,
) {
  if (provider === 'finpay') return null;
  if (provider === 'coinpay')
    return `coinpay:${currency.toLowerCase()}?amount_usd=${(amountCents / 100).toFixed(2)}&ref=${token}`;
  return `/pay/${provider}/${token}`;
}

async function session(
  tx: Tx,
  p: payments.Payable,
  provider: payments.TokenProviderName,
  options: { token?: string; currency?: CryptoCurrency },
) {
  const opened = await payments.openSession(tx, p, provider, options.token);
  return {
    provider,
    token: opened.token,
    status: opened.status,
    amountCents: p.amountCents,
    redirectUrl: redirectOf(provider, opened.token, p.amountCents, options.currency ?? 'USDC'),
  };
}

/** Opens a hosted or crypto session, or attaches an issued financing approval, for the cart's total. */
export const openCartSession = (
  db: Db,
  actor: Actor,
  provider: payments.TokenProviderName,
  options: { token?: string; currency?: CryptoCurrency } = {},
) => db.transaction(async (tx) => session(tx, await cartPayable(tx, actor), provider, options));

/** The card entered on the hosted page (sandbox): the session is approved, checkout then spends it. */
export const payCartHosted = (db: Db, actor: Actor, token: string, card: Card) =>
  db.transaction(async (tx) => {
    const p = await cartPayable(tx, actor);
    const status = await payments.payHostedPage(tx, { ...card, companyId: p.companyId }, token);
    return {
      provider: 'hostedpay',
      token,
      status,
      amountCents: p.amountCents,
      redirectUrl: null,
    };
  });

/** Sandbox: the financing provider approves (or declines) an application for the cart's total. */
export const applyForFinancing = (db: Db, actor: Actor, decline: boolean, orderId?: number) =>
  db.transaction(async (tx) => {
    const p = orderId ? payableOf(await unpaidOrder(tx, actor, orderId)) : await cartPayable(tx, actor);
    const token = await payments.applyForFinancing(tx, {
      companyId: p.companyId,
      amountCents: p.amountCents,
      decline,
    });
    return {
      token,
      status: decline ? ('declined' as const) : ('approved' as const),
      amountCents: p.amountCents,
    };
  });

/** Pays an existing order; payments opened before are voided, the stock held for it is sold. */
export async function payOrder(db: Db, actor: Actor, orderId: number, method: payments.Method) {
  await db.transaction(async (tx) => {
    const order = await unpaidOrder(tx, actor, orderId);
    // The order's stock before the company a charge on account locks (the lock order).
    if (method.paymentMethod === 'account') await lockHeldStock(tx, orderId);
    await payments.voidOpen(tx, orderId, 'Replaced by another payment');
    const taken = await payments.take(tx, payableOf(order), method);
    await settle(tx, order, taken, method.paymentMethod, actor.userId);
    if (taken.authenticationRequired && taken.checkoutUrl)
      await mailPaymentLink(tx, order, taken.checkoutUrl);
  });
  return detailFor(db, actor, orderId);
}

export const createOrderIntent = (db: Db, actor: Actor, orderId: number) =>
  db.transaction(async (tx) =>
    intentAnswer(await payments.openIntent(tx, payableOf(await unpaidOrder(tx, actor, orderId)))),
  );

/** Authorizes and captures an intent, only for the order's current total. */
export async function confirmOrderIntent(
  db: Db,
  actor: Actor,
  orderId: number,
  intentId: number,
  card: Card & { sourceId?: number },
) {
  await db.transaction(async (tx) => {
    const order = await unpaidOrder(tx, actor, orderId);
    const p = payableOf(order);
    const authorized = await payments.authorize(tx, p, intentId, card);
    const taken = isAuthorizedPayment(authorized.status)
      ? await payments.capture(tx, p, intentId)
      : authorized;
    if (isCapturedPayment(taken.status))
      await payments.voidOpen(tx, orderId, 'Replaced by another payment', taken.paymentId);
    await settle(tx, order, taken, 'card', actor.userId);
  });
  return detailFor(db, actor, orderId);
}

export const openOrderSession = (db: Db, actor: Actor, orderId: number, provider: 'hostedpay') =>
  db.transaction(async (tx) => session(tx, payableOf(await unpaidOrder(tx, actor, orderId)), provider, {}));

/** The hosted page's card for an order: approved at the provider, then taken for the order. */
export async function payOrderHosted(db: Db, actor: Actor, orderId: number, token: string, card: Card) {
  await db.transaction(async (tx) => {
    const order = await unpaidOrder(tx, actor, orderId);
    await payments.payHostedPage(tx, { ...card, companyId: order.companyId }, token);
    const taken = await payments.take(tx, payableOf(order), { paymentMethod: 'hostedpay', token });
    await settle(tx, order, taken, 'hostedpay', actor.userId);
  });
  return detailFor(db, actor, orderId);
}

/** Financing for an order: an approval the provider issued for this total is attached and spent. */
export async function payOrderFinancing(db: Db, actor: Actor, orderId: number, token: string) {
  await db.transaction(async (tx) => {
    const order = await unpaidOrder(tx, actor, orderId);
    await payments.openSession(tx, payableOf(order), 'finpay', token);
    const taken = await payments.take(tx, payableOf(order), { paymentMethod: 'finpay', token });
    await settle(tx, order, taken, 'finpay', actor.userId);
  });
  return detailFor(db, actor, orderId);
}

/** "Check payment": the order as it stands. Only the provider's confirmation marks it paid. */
export async function checkOrderCrypto(db: Db, actor: Actor, orderId: number) {
  const order = await repo.findOrder(db, orderId);
  if (!order || !isPlacedOrder(order.status) || (order.companyId !== actor.companyId && !isStaff(actor.role)))
    throw notFound('Order');
  return detailFor(db, actor, orderId);
}

/**
 * The provider confirmed a charge (a verified webhook): its order is paid and its stock sold. A
 * charge unknown or no longer pending changes nothing (a late or repeated event).
 */
export async function chargeConfirmed(db: Db, provider: string, eventId: string, reference: string) {
  return db.transaction(async (tx) => {
    await payments.acceptEvent(tx, provider, eventId);
    // The order first, then its payment: the order's other writers (expiry, cancel, payments)
    // lock in that order too, so the two never wait on each other in a cycle.
    const orderId = await payments.orderOfCharge(tx, provider, reference);
    const order = orderId === null ? null : await repo.findOrder(tx, orderId, true);
    const confirmed = await payments.confirmCharge(tx, provider, reference, 'confirmed by the provider');
    if (!order) return false;
    if (!confirmed.applied) {
      if (confirmed.lateFor)
        await logOrderChange(
          tx,
          order,
          null,
          `${provider} confirmed ${confirmed.lateFor.amountCents} cents after the charge was ${confirmed.lateFor.status}: refund due`,
        );
      return false;
    }
    await settle(tx, order, { paymentId: 0, status: 'captured' }, provider, null);
    return true;
  });
}

/** Finance records the money of an order as received: its open payments settle at the order's total. */
export async function recordPaymentReceived(db: Db, actor: Actor, orderId: number, note?: string) {
  await db.transaction(async (tx) => {
    const order = await repo.findOrder(tx, orderId, true);
    if (!order || !isPlacedOrder(order.status)) throw notFound('Order');
    refuseAwaitingApproval(order);
    const status = order.paymentStatus as OrderPaymentStatus;
    if (!canTransition(orderPaymentTransitions, status, 'paid'))
      throw conflict(`The payment of this order is ${order.paymentStatus}`, { paymentStatus: status });
    const taken = await payments.recordReceived(
      tx,
      payableOf(order),
      note ?? `recorded by ${actor.username}`,
    );
    await settle(tx, order, taken, order.paymentMethod ?? 'manual', actor.userId);
  });
  return orderDetail(db, orderId, true);
}

/** Finance settles an unpaid order on the company's account terms. */
export async function checkoutOnAccount(db: Db, actor: Actor, orderId: number) {
  await db.transaction(async (tx) => {
    const order = await unpaidOrder(tx, actor, orderId);
    assertOrderPaymentTransition(order.paymentStatus as OrderPaymentStatus, 'on_account');
    // The order, its stock, then the company the charge locks (docs/architecture.md, "Lock order").
    await lockHeldStock(tx, orderId);
    await payments.voidOpen(tx, orderId, 'Replaced by a charge on account');
    const taken = await payments.chargeOnAccount(tx, payableOf(order));
    await settle(tx, order, taken, 'account', actor.userId);
  });
  return orderDetail(db, orderId, true);
}
