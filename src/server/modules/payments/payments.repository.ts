import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  assertPaymentTransition,
  type PaymentStatus,
  paymentTransitions,
} from '../../../domain/payment-status';
import { canTransition } from '../../../domain/status-machine';
import type { DbOrTx } from '../../db/connection';
import { writeStatus } from '../../db/write-status';
import { companies, payments, paymentTransactions, webhookEvents } from '../../db/schema';

export type PaymentRow = typeof payments.$inferSelect;

/**
 * Inserts a payment and the provider transaction that created it, in one statement; answers
 * the payment's id. With `replacing`, the same statement voids the order's other payments in
 * those statuses that the table lets become voided (each with its void transaction, the reason as
 * its message). The new payment's first status must be one the table lets a payment start in.
 */
export async function insertPaymentWithTransaction(
  db: DbOrTx,
  values: {
    orderId: number | null;
    companyId: number;
    provider: string;
    status: PaymentStatus;
    amountCents: number;
    reference: string;
    sourceId?: number | null;
    message?: string | null;
  },
  kind: string,
  replacing?: { statuses: readonly PaymentStatus[]; message: string },
): Promise<number> {
  assertPaymentTransition('none', values.status);
  const voidable = replacing?.statuses.filter((s) => canTransition(paymentTransitions, s, 'voided')) ?? [];
  const voids = replacing
    ? sql`voided as (
        update payments set status = 'voided', message = ${replacing.message}, updated_at = now()
        where order_id = ${values.orderId} and status = any(${`{${voidable.join(',')}}`}::text[])
        returning id, amount_cents),
      void_transactions as (
        insert into payment_transactions (payment_id, kind, status, amount_cents, message)
        select id, 'void', 'voided', amount_cents, ${replacing.message} from voided),`
    : sql``;
  const { rows } = await db.execute<{ payment_id: number }>(sql`
    with ${voids} p as (
      insert into payments (order_id, company_id, provider, status, amount_cents, reference, source_id, message)
      values (${values.orderId}, ${values.companyId}, ${values.provider}, ${values.status}, ${values.amountCents},
              ${values.reference}, ${values.sourceId ?? null}, ${values.message ?? null})
      returning id)
    insert into payment_transactions (payment_id, kind, status, amount_cents)
    select id, ${kind}, ${values.status}, ${values.amountCents} from p
    returning payment_id`);
  return Number(rows[0].payment_id);
}

export async function findPayment(db: DbOrTx, where: { id: number; orderId: number; companyId?: number }) {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.id, where.id),
        eq(payments.orderId, where.orderId),
        where.companyId === undefined ? undefined : eq(payments.companyId, where.companyId),
      ),
    )
    .for('no key update');
  return row ?? null;
}

/** A payment by its provider reference; `lock` takes its row for a change. */
export async function findByReference(db: DbOrTx, provider: string, reference: string, lock = true) {
  const q = db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.reference, reference)));
  const [row] = lock ? await q.for('no key update') : await q;
  return row ?? null;
}

/** A Stripe payment by the PaymentIntent behind its Checkout Session, its row locked. */
export async function findByProcessorIntent(db: DbOrTx, intentId: string, lock = true) {
  const q = db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, 'stripe'), eq(payments.processorIntentId, intentId)));
  const [row] = lock ? await q.for('no key update') : await q;
  return row ?? null;
}

/**
 * Payments of an order, oldest first; `statuses` narrows them. Rows are locked for the change,
 * in id order (docs/architecture.md, "Lock order"); a payment's key never changes, so FOR NO KEY
 * UPDATE, which lets its transactions be inserted beside the lock.
 */
export function paymentsOfOrder(db: DbOrTx, orderId: number, statuses?: readonly PaymentStatus[]) {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), statuses ? inArray(payments.status, [...statuses]) : undefined))
    .orderBy(asc(payments.id))
    .for('no key update');
}

/** A payment's columns other than its status, which only setPaymentStatus writes. */
export async function updatePayment(
  db: DbOrTx,
  id: number,
  values: Partial<Omit<typeof payments.$inferInsert, 'status'>>,
) {
  await db
    .update(payments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(payments.id, id));
}

/** The one write of a payment's status (with the columns that move with it); the table decides. */
export async function setPaymentStatus(
  db: DbOrTx,
  payment: { id: number; status: string },
  to: PaymentStatus,
  values: Partial<Omit<typeof payments.$inferInsert, 'status'>> = {},
) {
  await writeStatus(db, payments, assertPaymentTransition, payment, to, values);
}

export async function insertTransaction(db: DbOrTx, values: typeof paymentTransactions.$inferInsert) {
  await db.insert(paymentTransactions).values(values);
}

/**
 * The company's account terms, its row locked until the transaction ends. FOR NO KEY UPDATE: the
 * rows that name the company (holds, payments, orders) take a foreign-key share lock on it, which
 * FOR UPDATE would wait for (two buyers of one company deadlocked so); this one does not, and
 * still keeps two charges on account from sharing the last credit (docs/architecture.md, "Lock order").
 */
export async function lockCompanyTerms(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select({ creditLimitCents: companies.creditLimitCents, paymentTermsDays: companies.paymentTermsDays })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('no key update');
  return row ?? null;
}

/** What a company owes on terms: on-account payments finance has not yet recorded as paid, less their credit memos. */
export async function openBalanceCents(db: DbOrTx, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${payments.amountCents} - ${payments.refundedCents}), 0)::bigint` })
    .from(payments)
    .where(and(eq(payments.companyId, companyId), eq(payments.status, 'on_account')));
  return Number(row.n);
}

/** Records a provider event once; false when it was seen before (a replay). */
export async function firstSighting(db: DbOrTx, provider: string, eventId: string): Promise<boolean> {
  const rows = await db.insert(webhookEvents).values({ provider, eventId }).onConflictDoNothing().returning();
  return rows.length > 0;
}
