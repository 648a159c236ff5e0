// Payment providers: card, financing, hosted checkout and crypto, each a sandbox beside this file
// that keeps the provider's own state in the database (card_tokens, payment_customers,
// payment_sources, payment_tokens) and behaves deterministically. The shop's record of a payment
// (payments, payment_transactions) belongs to the payments module.
import { randomBytes } from 'node:crypto';
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

export type CardOutcome = 'approve' | 'decline' | 'fail' | 'review';

export function reference(prefix: string): string {
  return `${prefix}_${randomBytes(9).toString('base64url')}`;
}

/** A declined or failed payment: the buyer sees why; the checkout leaves nothing behind. */
export function paymentRefused(
  reason:
    | 'card_declined'
    | 'processing_error'
    | 'credit_limit'
    | 'token_invalid'
    | 'token_used'
    | 'method_unavailable',
  message: string,
) {
  return new AppError('unprocessable', message, { reason });
}
