import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { CheckoutBody } from '../../../contract/orders';
import type { CardInput } from '../../../contract/orders';
import { isStaff } from '../../../domain/roles';
import type { Db, Tx } from '../../db/connection';
import { orders, payments } from '../../db/schema';
import type { Actor } from '../../http/actor';
import { conflict, notFound } from '../../http/errors';
import { cardpay } from '../../integrations/payments/cardpay';
import {
  isSettled,
  providers,
  reference,
  type TokenProvider,
} from '../../integrations/payments/payments.types';
import { coinpay, finpay, hostedpay } from '../../integrations/payments/token-sandbox';
import { pricingOf } from '../orders/orders.cart';
import { repriceOrder } from '../orders/orders.pricing';
import { findCart } from '../orders/orders.repository';
import { findOrder } from '../orders/orders.repository';
import { commitStock } from '../orders/orders.stock';
import { orderDetail } from '../orders/orders.views';
import { payOrder, paymentStatusOf } from './payments.checkout';

type Card = z.output<typeof CardInput>;
interface Payable {
  companyId: number;
  orderId: number;
  amountCents: number;
}

/** The caller's cart, locked and re-priced: what a cart payment is for. */
async function cartPayable(tx: Tx, actor: Actor): Promise<Payable> {
  const cart = await findCart(tx, actor.userId, actor.locationId, true);
  if (!cart) throw conflict('The cart is empty');
  const { lines, totals } = await repriceOrder(tx, cart, pricingOf(actor));
  if (!lines.length) throw conflict('The cart is empty');
  return { companyId: cart.companyId, orderId: cart.id, amountCents: totals.totalCents };
}

/** An order of the caller's company (any order for staff) that still waits for its money. */
async function unpaidOrder(tx: Tx, actor: Actor, orderId: number): Promise<Payable> {
  const order = await findOrder(tx, orderId, true);
  if (!order || order.status === 'cart' || (order.companyId !== actor.companyId && !isStaff(actor.role)))
    throw notFound('Order');
  if (!['unpaid', 'pending'].includes(order.paymentStatus) || order.status === 'cancelled') {
    throw conflict(`This order is ${order.status} with payment ${order.paymentStatus}; nothing to pay`);
  }
  return { companyId: order.companyId, orderId: order.id, amountCents: order.totalCents };
}

async function openIntent(tx: Tx, p: Payable) {
  const [row] = await tx
    .insert(payments)
    .values({ ...p, provider: providers.card, status: 'requires_payment', reference: reference('pi') })
    .returning();
  return {
    intentId: row.id,
    clientSecret: `${row.reference}_secret`,
    amountCents: row.amountCents,
    status: row.status,
  };
}

async function authorizeIntent(
  tx: Tx,
  p: Payable,
  intentId: number,
  card: { card?: Card; sourceId?: number },
) {
  const [intent] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.id, intentId), eq(payments.orderId, p.orderId)))
    .for('update');
  if (!intent) throw notFound('Payment intent');
  if (intent.status !== 'requires_payment') throw conflict(`The payment intent is already ${intent.status}`);
  const result = await cardpay.authorize(tx, intentId, { ...p, ...card });
  return {
    intentId,
    clientSecret: `${intent.reference}_secret`,
    amountCents: intent.amountCents,
    status: result.status,
  };
}

export const createCartIntent = (db: Db, actor: Actor) =>
  db.transaction(async (tx) => openIntent(tx, await cartPayable(tx, actor)));

export const confirmCartIntent = (
  db: Db,
  actor: Actor,
  intentId: number,
  card: { card?: Card; sourceId?: number },
) => db.transaction(async (tx) => authorizeIntent(tx, await cartPayable(tx, actor), intentId, card));

type CryptoCurrency = 'BTC' | 'ETH' | 'USDC';

// The sandbox charge is priced in US dollars (no exchange rates here); the address names the
// coin the buyer chose, as a wallet needs it.
const redirectOf = (
  provider: string,
  token: string,
  amountCents: number,
  currency: CryptoCurrency = 'USDC',
) =>
  provider === providers.crypto
    ? `coinpay:${currency.toLowerCase()}?amount_usd=${(amountCents / 100).toFixed(2)}&ref=${token}`
    : `/pay/${provider}/${token}`;

/** Opens a financing, hosted or crypto session for the cart's total. */
export function openCartToken(
  db: Db,
  actor: Actor,
  provider: TokenProvider,
  options: { token?: string; currency?: CryptoCurrency } = {},
) {
  const { token, currency = 'USDC' } = options;
  return db.transaction(async (tx) => {
    const p = await cartPayable(tx, actor);
    const opened = await provider.open(tx, { ...p, token });
    const status = provider === finpay ? 'approved' : 'open';
    return {
      provider: provider.name,
      token: opened,
      status,
      amountCents: p.amountCents,
      redirectUrl: provider === finpay ? null : redirectOf(provider.name, opened, p.amountCents, currency),
    };
  });
}

export function payCartHosted(db: Db, actor: Actor, token: string, card: Card) {
  return db.transaction(async (tx) => {
    const p = await cartPayable(tx, actor);
    await hostedpay.pay(tx, actor.companyId, token, card);
    return {
      provider: providers.hosted,
      token,
      status: 'approved',
      amountCents: p.amountCents,
      redirectUrl: null,
    };
  });
}

/** Pays an existing order; the stock held for it is then sold. */
export async function payExistingOrder(
  db: Db,
  actor: Actor,
  orderId: number,
  body: Omit<CheckoutBody, 'poNumber' | 'orderId'>,
) {
  await db.transaction(async (tx) => {
    const p = await unpaidOrder(tx, actor, orderId);
    await voidOpenPayments(tx, orderId);
    const result = await payOrder(tx, p, body);
    await settleOrder(tx, orderId, body.paymentMethod, paymentStatusOf(result), isSettled(result.status));
  });
  return orderDetail(db, orderId, isStaff(actor.role));
}

async function voidOpenPayments(tx: Tx, orderId: number) {
  await tx
    .update(payments)
    .set({ status: 'voided', updatedAt: new Date() })
    .where(
      and(eq(payments.orderId, orderId), inArray(payments.status, ['requires_payment', 'review', 'pending'])),
    );
}

async function settleOrder(tx: Tx, orderId: number, method: string, paymentStatus: string, settled: boolean) {
  if (settled) await commitStock(tx, orderId);
  await tx
    .update(orders)
    .set({ paymentMethod: method, paymentStatus, updatedAt: new Date() })
    .where(eq(orders.id, orderId));
}

export const createOrderIntent = (db: Db, actor: Actor, orderId: number) =>
  db.transaction(async (tx) => openIntent(tx, await unpaidOrder(tx, actor, orderId)));

export async function confirmOrderIntent(
  db: Db,
  actor: Actor,
  orderId: number,
  intentId: number,
  card: { card?: Card; sourceId?: number },
) {
  await db.transaction(async (tx) => {
    const p = await unpaidOrder(tx, actor, orderId);
    const auth = await authorizeIntent(tx, p, intentId, card);
    const result =
      auth.status === 'authorized'
        ? await cardpay.capture(tx, intentId)
        : { paymentId: intentId, status: 'review' as const };
    await settleOrder(tx, orderId, 'card', paymentStatusOf(result), isSettled(result.status));
  });
  return orderDetail(db, orderId, isStaff(actor.role));
}

export function openOrderHostedToken(db: Db, actor: Actor, orderId: number) {
  return db.transaction(async (tx) => {
    const p = await unpaidOrder(tx, actor, orderId);
    const token = await hostedpay.open(tx, p);
    return {
      provider: providers.hosted,
      token,
      status: 'open',
      amountCents: p.amountCents,
      redirectUrl: redirectOf(providers.hosted, token, p.amountCents),
    };
  });
}

export async function payOrderHosted(db: Db, actor: Actor, orderId: number, token: string, card: Card) {
  await db.transaction(async (tx) => {
    const p = await unpaidOrder(tx, actor, orderId);
    await hostedpay.pay(tx, p.companyId, token, card);
    const result = await hostedpay.settle(tx, { ...p, token });
    await settleOrder(tx, orderId, providers.hosted, paymentStatusOf(result), isSettled(result.status));
  });
  return orderDetail(db, orderId, isStaff(actor.role));
}

export async function payOrderFinancing(db: Db, actor: Actor, orderId: number, token: string) {
  await db.transaction(async (tx) => {
    const p = await unpaidOrder(tx, actor, orderId);
    await finpay.open(tx, { ...p, token });
    const result = await finpay.settle(tx, { ...p, token });
    await settleOrder(tx, orderId, providers.financing, paymentStatusOf(result), isSettled(result.status));
  });
  return orderDetail(db, orderId, isStaff(actor.role));
}

/** The chain confirmed the order's pending crypto charge. */
export async function confirmOrderCrypto(db: Db, actor: Actor, orderId: number) {
  await db.transaction(async (tx) => {
    await unpaidOrder(tx, actor, orderId);
    const [pending] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.orderId, orderId),
          eq(payments.provider, providers.crypto),
          eq(payments.status, 'pending'),
        ),
      );
    if (!pending) throw conflict('This order has no crypto charge waiting for confirmation');
    await coinpay.confirm(tx, pending.id);
    await settleOrder(tx, orderId, providers.crypto, 'paid', true);
  });
  return orderDetail(db, orderId, isStaff(actor.role));
}

export { coinpay, finpay, hostedpay };
