import { and, eq } from 'drizzle-orm';
import type { CheckoutBody } from '../../../contract/orders';
import type { DbOrTx } from '../../db/connection';
import { payments } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import { cardpay } from '../../integrations/payments/cardpay';
import { chargeOnAccount } from '../../integrations/payments/on-account';
import type { ChargeResult } from '../../integrations/payments/payments.types';
import { coinpay, finpay, hostedpay } from '../../integrations/payments/token-sandbox';

const tokenProviders = { finpay, hostedpay, coinpay };

export interface Payable {
  companyId: number;
  orderId: number;
  amountCents: number;
}

/** Takes the payment of an order the way the buyer chose; a refusal throws and undoes the checkout. */
export async function payOrder(
  tx: DbOrTx,
  order: Payable,
  body: Omit<CheckoutBody, 'poNumber' | 'orderId'>,
): Promise<ChargeResult> {
  switch (body.paymentMethod) {
    case 'card':
      if (body.intentId) return captureIntent(tx, order, body.intentId);
      if (!body.card && !body.sourceId) {
        throw badRequest('Enter a card or choose a saved one', [
          { pointer: '/body/card', detail: 'is required' },
        ]);
      }
      return cardpay.charge(tx, { ...order, card: body.card, sourceId: body.sourceId });
    case 'account':
      return chargeOnAccount(tx, order.companyId, order.orderId, order.amountCents);
    default: {
      if (!body.token)
        throw badRequest('Start the payment first', [{ pointer: '/body/token', detail: 'is required' }]);
      return tokenProviders[body.paymentMethod].settle(tx, { ...order, token: body.token });
    }
  }
}

async function captureIntent(tx: DbOrTx, order: Payable, intentId: number): Promise<ChargeResult> {
  const [intent] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.id, intentId),
        eq(payments.orderId, order.orderId),
        eq(payments.companyId, order.companyId),
      ),
    )
    .for('update');
  if (!intent)
    throw badRequest('Unknown payment intent', [
      { pointer: '/body/intentId', detail: 'is not an intent of this cart' },
    ]);
  if (intent.amountCents !== order.amountCents)
    throw conflict('The cart total changed since the card was authorized; authorize again');
  if (intent.status === 'review') return { paymentId: intent.id, status: 'review' };
  if (intent.status !== 'authorized')
    throw conflict(`The payment intent is ${intent.status}; authorize the card first`);
  return cardpay.capture(tx, intent.id);
}

export function paymentStatusOf(result: ChargeResult): string {
  if (result.status === 'captured') return 'paid';
  if (result.status === 'on_account') return 'on_account';
  return 'pending';
}
