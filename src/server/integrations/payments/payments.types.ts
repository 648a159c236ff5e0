// Payment provider kinds (DESIGN.md §8). Each kind is an interface; the sandbox implementations
// beside this file keep their state in the database (payments, payment_transactions,
// payment_tokens, payment_customers, payment_sources) and behave deterministically.
import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../db/connection';
import { AppError } from '../../http/errors';

export const providers = {
  card: 'cardpay',
  financing: 'finpay',
  hosted: 'hostedpay',
  crypto: 'coinpay',
  account: 'account',
} as const;

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface ChargeRequest {
  companyId: number;
  orderId: number;
  amountCents: number;
  card?: CardInput;
  /** A saved source of the company. */
  sourceId?: number;
}

/**
 * captured: money taken; on_account: owed on the company's terms; authorized: reserved on the
 * card until checkout captures it; review and pending: not money yet (risk review, crypto).
 */
export type PaymentStatus = 'captured' | 'on_account' | 'authorized' | 'review' | 'pending';
export interface ChargeResult {
  paymentId: number;
  status: PaymentStatus;
}

/** Whether a payment lets the order's stock be sold now. */
export const isSettled = (status: string) => status === 'captured' || status === 'on_account';

export interface CardProvider {
  name: string;
  charge(tx: DbOrTx, req: ChargeRequest): Promise<ChargeResult>;
  /** Authorizes now, captured at checkout (payment intents). */
  authorize(tx: DbOrTx, paymentId: number, req: ChargeRequest): Promise<ChargeResult>;
  capture(tx: DbOrTx, paymentId: number): Promise<ChargeResult>;
}

export interface TokenProvider {
  name: string;
  /** Opens a token for an amount (financing application, hosted page, crypto charge). */
  open(
    tx: DbOrTx,
    req: { companyId: number; orderId: number; amountCents: number; token?: string },
  ): Promise<string>;
  /** Turns an approved token into a captured payment of the order; a pending one into a pending payment. */
  settle(
    tx: DbOrTx,
    req: { companyId: number; orderId: number; amountCents: number; token: string },
  ): Promise<ChargeResult>;
}

export function reference(prefix: string): string {
  return `${prefix}_${randomBytes(9).toString('base64url')}`;
}

/** A declined or failed payment: the buyer sees why; the checkout leaves nothing behind. */
export function paymentRefused(
  reason: 'card_declined' | 'processing_error' | 'credit_limit' | 'token_invalid',
  message: string,
) {
  return new AppError('unprocessable', message, { reason });
}
