// Sandboxes of the redirect-style providers: financing "finpay", hosted checkout "hostedpay",
// crypto checkout "coinpay". A token stands for the buyer's session at the provider.
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { payments, paymentTokens } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { checkCard, record } from './cardpay';
import {
  type CardInput,
  type ChargeResult,
  paymentRefused,
  providers,
  reference,
  type TokenProvider,
} from './payments.types';

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
    .for('update');
  if (!row)
    throw paymentRefused('token_invalid', `The ${provider} session is unknown; start the payment again`);
  return row;
}

async function settleToken(
  tx: DbOrTx,
  provider: string,
  req: { companyId: number; orderId: number; amountCents: number; token: string },
): Promise<ChargeResult> {
  const row = await findToken(tx, provider, req.companyId, req.token);
  if (row.amountCents !== req.amountCents)
    throw conflict('The order total changed since the payment was started; start the payment again');
  if (row.status === 'declined')
    throw paymentRefused('card_declined', `The ${provider} payment was declined`);
  if (row.status === 'used') throw conflict('This payment was already used for an order');
  const status = row.status === 'approved' ? 'captured' : 'pending';
  if (status === 'captured' || provider === providers.crypto) {
    const [payment] = await tx
      .insert(payments)
      .values({
        orderId: req.orderId,
        companyId: req.companyId,
        provider,
        status,
        amountCents: req.amountCents,
        reference: row.token,
      })
      .returning();
    await tx
      .update(paymentTokens)
      .set({ status: 'used', orderId: req.orderId })
      .where(eq(paymentTokens.token, row.token));
    await record(tx, payment.id, status === 'captured' ? 'capture' : 'authorize', status, req.amountCents);
    return { paymentId: payment.id, status };
  }
  throw paymentRefused('token_invalid', `The ${provider} payment is not complete yet`);
}

/** Financing: the buyer's approved application comes back as a token; "decline" in it declines. */
export const finpay: TokenProvider = {
  name: providers.financing,
  async open(tx, req) {
    const token = req.token ?? reference('fin');
    const [existing] = await tx.select().from(paymentTokens).where(eq(paymentTokens.token, token));
    if (existing && existing.companyId !== req.companyId) throw notFound('Financing token');
    const status = token.toLowerCase().includes('decline') ? 'declined' : 'approved';
    await tx
      .insert(paymentTokens)
      .values({
        token,
        provider: providers.financing,
        companyId: req.companyId,
        orderId: req.orderId,
        amountCents: req.amountCents,
        status,
      })
      .onConflictDoUpdate({
        target: paymentTokens.token,
        set: { amountCents: req.amountCents, orderId: req.orderId, status },
      });
    if (status === 'declined')
      throw paymentRefused('card_declined', 'The financing application was declined');
    return token;
  },
  settle: (tx, req) => settleToken(tx, providers.financing, req),
};

async function openFresh(
  tx: DbOrTx,
  provider: string,
  prefix: string,
  req: { companyId: number; orderId: number; amountCents: number },
) {
  const token = reference(prefix);
  await tx.insert(paymentTokens).values({
    token,
    provider,
    companyId: req.companyId,
    orderId: req.orderId,
    amountCents: req.amountCents,
  });
  return token;
}

/** Hosted checkout: a token opens the provider's page, where the card is entered (pay()). */
export const hostedpay: TokenProvider & {
  pay(tx: DbOrTx, companyId: number, token: string, card: CardInput): Promise<'approved'>;
} = {
  name: providers.hosted,
  open: (tx, req) => openFresh(tx, providers.hosted, 'hp', req),
  settle: (tx, req) => settleToken(tx, providers.hosted, req),
  async pay(tx, companyId, token, card) {
    const row = await findToken(tx, providers.hosted, companyId, token);
    if (row.status !== 'open') throw conflict(`This hosted payment is already ${row.status}`);
    const outcome = checkCard(card);
    const approved = outcome === 'approve' || outcome === 'review';
    await tx
      .update(paymentTokens)
      .set({ status: approved ? 'approved' : 'declined' })
      .where(eq(paymentTokens.token, token));
    if (!approved) throw paymentRefused('card_declined', 'Your card was declined on the hosted payment page');
    return 'approved';
  },
};

/** Crypto checkout: the charge is pending until the chain confirms it (confirm()). */
export const coinpay: TokenProvider & { confirm(tx: DbOrTx, paymentId: number): Promise<void> } = {
  name: providers.crypto,
  open: (tx, req) => openFresh(tx, providers.crypto, 'cp', req),
  settle: (tx, req) => settleToken(tx, providers.crypto, req),
  async confirm(tx, paymentId) {
    await tx
      .update(payments)
      .set({ status: 'captured', updatedAt: new Date() })
      .where(eq(payments.id, paymentId));
    const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId));
    await record(tx, paymentId, 'capture', 'captured', p.amountCents, 'confirmed on chain');
  },
};
