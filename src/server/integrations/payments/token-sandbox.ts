// Sandboxes of the redirect-style providers: financing "finpay", hosted checkout "hostedpay",
// crypto checkout "coinpay". A token stands for the buyer's session at the provider; the provider
// alone says whether it is approved, and each token pays one order, once, for one amount.
import { canTransition } from '../../../domain/status-machine';
import { and, eq } from 'drizzle-orm';
import {
  assertSandboxTokenTransition,
  isCompletedSession,
  isDeclinedToken,
  isUsedToken,
  sandboxTokenFirstStatuses,
  type SandboxTokenStatus,
  sandboxTokenTransitions,
} from '../../../domain/sandbox-token-status';
import type { DbOrTx } from '../../db/connection';
import { paymentTokens } from '../../db/schema';
import { conflict } from '../../http/errors';
import { paymentRefused, providers, reference } from './payments.types';

type TokenRow = typeof paymentTokens.$inferSelect;

/** What a token pays: one order of one company, for one amount. */
export interface TokenUse {
  companyId: number;
  orderId: number;
  amountCents: number;
}

async function findToken(tx: DbOrTx, provider: string, companyId: number, token: string) {
  const [row] = await tx
    .select()
    .from(paymentTokens)
    .where(
      and(
        eq(paymentTokens.token, token),
        eq(paymentTokens.provider, provider),
        eq(paymentTokens.companyId, companyId),
      ),
    )
    .for('no key update');
  if (!row)
    throw paymentRefused('token_invalid', `The ${provider} session is unknown; start the payment again`);
  return row;
}

/** A token bound to another order or amount, or already spent, is a 409 naming why. */
function assertFor(row: TokenRow, use: TokenUse) {
  if (isUsedToken(row.status))
    throw conflict(`This ${row.provider} payment was already used for an order`, { reason: 'token_used' });
  if (row.orderId !== null && row.orderId !== use.orderId)
    throw conflict(`This ${row.provider} payment belongs to another order`, { reason: 'token_foreign' });
  if (row.amountCents !== use.amountCents)
    throw conflict(
      `The order total changed since the payment was started (${row.amountCents} → ${use.amountCents} cents); start the payment again`,
      { tokenAmountCents: row.amountCents, totalCents: use.amountCents },
    );
  if (isDeclinedToken(row.status))
    throw paymentRefused('card_declined', `The ${row.provider} payment was declined`);
}

/** The one write of a token's status (with the order it now pays, when it is spent); the table decides. */
async function setTokenStatus(tx: DbOrTx, row: TokenRow, to: SandboxTokenStatus, orderId?: number) {
  assertSandboxTokenTransition(row.status as SandboxTokenStatus, to);
  await tx
    .update(paymentTokens)
    .set({ status: to, ...(orderId !== undefined && { orderId }) })
    .where(eq(paymentTokens.token, row.token));
}

const markUsed = (tx: DbOrTx, row: TokenRow, orderId: number) => setTokenStatus(tx, row, 'used', orderId);

/** The one insert of a token: it starts in a status the provider may issue it in. */
async function issueToken(
  tx: DbOrTx,
  values: Omit<typeof paymentTokens.$inferInsert, 'token' | 'status'>,
  prefix: string,
  status: SandboxTokenStatus,
) {
  if (!sandboxTokenFirstStatuses.includes(status))
    throw new Error(`A payment token is never issued ${status}`);
  const token = reference(prefix);
  await tx.insert(paymentTokens).values({ ...values, token, status });
  return token;
}

const openFresh = (tx: DbOrTx, provider: string, prefix: string, use: TokenUse) =>
  issueToken(tx, { provider, ...use }, prefix, 'open');

/**
 * Financing: the provider approves (or declines) an application for an amount and hands the
 * buyer a token. Only tokens it issued are approved; the shop binds one to the cart it pays.
 */
export const finpay = {
  name: providers.financing,
  /** Sandbox stand-in for the provider's application page: an approved (or declined) token. */
  apply(tx: DbOrTx, use: Omit<TokenUse, 'orderId'> & { decline?: boolean }) {
    const values = { provider: providers.financing, companyId: use.companyId, amountCents: use.amountCents };
    return issueToken(tx, values, 'fin', use.decline ? 'declined' : 'approved');
  },
  /** Binds an issued token to the order it pays: same company, same amount, unused. */
  async attach(tx: DbOrTx, use: TokenUse, token: string) {
    const row = await findToken(tx, providers.financing, use.companyId, token);
    assertFor(row, use);
    await tx.update(paymentTokens).set({ orderId: use.orderId }).where(eq(paymentTokens.token, token));
    return token;
  },
  /** Spends the approved token: the money is the provider's to pay. */
  async redeem(tx: DbOrTx, use: TokenUse, token: string): Promise<'approved'> {
    const row = await findToken(tx, providers.financing, use.companyId, token);
    assertFor(row, use);
    await markUsed(tx, row, use.orderId);
    return 'approved';
  },
};

/** Hosted checkout: a token opens the provider's page, where the card is entered (pay()). */
export const hostedpay = {
  name: providers.hosted,
  open: (tx: DbOrTx, use: TokenUse) => openFresh(tx, providers.hosted, 'hp', use),
  /** The card the buyer entered on the provider's page: approved, or held for the provider's review. */
  async approve(
    tx: DbOrTx,
    companyId: number,
    token: string,
    outcome: 'approve' | 'review' = 'approve',
  ): Promise<'approved' | 'review'> {
    const row = await findToken(tx, providers.hosted, companyId, token);
    if (!canTransition(sandboxTokenTransitions, row.status as SandboxTokenStatus, 'approved'))
      throw conflict(`This hosted payment is already ${row.status}`);
    const status = outcome === 'review' ? 'review' : 'approved';
    await setTokenStatus(tx, row, status);
    return status;
  },
  /** Spends a completed session: the money is taken, or waits for the provider's review. */
  async redeem(tx: DbOrTx, use: TokenUse, token: string): Promise<'approved' | 'review'> {
    const row = await findToken(tx, providers.hosted, use.companyId, token);
    assertFor(row, use);
    if (!isCompletedSession(row.status))
      throw paymentRefused('token_invalid', 'The hosted payment is not complete yet');
    await markUsed(tx, row, use.orderId);
    return row.status;
  },
};

/** Crypto checkout: the charge waits for the chain; the provider confirms it by webhook. */
export const coinpay = {
  name: providers.crypto,
  open: (tx: DbOrTx, use: TokenUse) => openFresh(tx, providers.crypto, 'cp', use),
  /** The charge is handed to the chain: pending until the provider's confirmation arrives. */
  async redeem(tx: DbOrTx, use: TokenUse, token: string): Promise<'pending'> {
    const row = await findToken(tx, providers.crypto, use.companyId, token);
    assertFor(row, use);
    await markUsed(tx, row, use.orderId);
    return 'pending';
  },
};
