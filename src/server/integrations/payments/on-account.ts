// On account: net terms against the company's credit limit (companies.credit_limit_cents).
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { companies, payments } from '../../db/schema';
import { notFound } from '../../http/errors';
import { record } from './cardpay';
import { type ChargeResult, paymentRefused, providers, reference } from './payments.types';

/** What the company owes on terms: on-account payments not yet paid. */
export async function openBalanceCents(tx: DbOrTx, companyId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${payments.amountCents}), 0)::bigint` })
    .from(payments)
    .where(
      and(
        eq(payments.companyId, companyId),
        eq(payments.provider, providers.account),
        eq(payments.status, 'on_account'),
      ),
    );
  return Number(row.n);
}

/** Charges the order to the company's account; the company row is locked so two orders cannot both use the last credit. */
export async function chargeOnAccount(
  tx: DbOrTx,
  companyId: number,
  orderId: number,
  amountCents: number,
): Promise<ChargeResult> {
  const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
  if (!company) throw notFound('Company');
  const availableCents = company.creditLimitCents - (await openBalanceCents(tx, companyId));
  if (company.creditLimitCents <= 0)
    throw paymentRefused('credit_limit', 'Your company has no account terms; choose another payment method');
  if (amountCents > availableCents) {
    throw paymentRefused(
      'credit_limit',
      `This order exceeds your available credit of $${(availableCents / 100).toFixed(2)}`,
    );
  }
  const [payment] = await tx
    .insert(payments)
    .values({
      orderId,
      companyId,
      provider: providers.account,
      status: 'on_account',
      amountCents,
      reference: reference('acct'),
      message: `Net ${company.paymentTermsDays}`,
    })
    .returning();
  await record(tx, payment.id, 'authorize', 'on_account', amountCents);
  return { paymentId: payment.id, status: 'on_account' };
}
