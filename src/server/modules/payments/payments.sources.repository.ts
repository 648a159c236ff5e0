// The SQL of saved cards: the company's customer at the card provider and its payment
// sources (payments.sources.ts decides who may use them and which one is the default).
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/connection';
import { companies, paymentCustomers, paymentSources } from '../../db/schema';

export type SourceRow = typeof paymentSources.$inferSelect;

export async function findCompany(db: DbOrTx, companyId: number) {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId));
  return row ?? null;
}

export async function companyExists(db: DbOrTx, companyId: number) {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  return row !== undefined;
}

/** Creates the company's customer at a provider, unless it has one there already. */
export async function insertCustomerIfNone(db: DbOrTx, values: typeof paymentCustomers.$inferInsert) {
  await db.insert(paymentCustomers).values(values).onConflictDoNothing();
}

export async function findCustomer(db: DbOrTx, companyId: number, provider: string) {
  const [row] = await db
    .select()
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.companyId, companyId), eq(paymentCustomers.provider, provider)));
  return row;
}

export async function updateCustomer(
  db: DbOrTx,
  customerId: number,
  values: Partial<typeof paymentCustomers.$inferInsert>,
) {
  await db.update(paymentCustomers).set(values).where(eq(paymentCustomers.id, customerId));
}

/** The sources of a customer, oldest first. */
export function listSources(db: DbOrTx, customerId: number) {
  return db
    .select()
    .from(paymentSources)
    .where(eq(paymentSources.customerId, customerId))
    .orderBy(asc(paymentSources.id));
}

/** A source of this customer; a source of another customer is not found. */
export async function findSource(db: DbOrTx, customerId: number, sourceId: number) {
  const [row] = await db
    .select()
    .from(paymentSources)
    .where(and(eq(paymentSources.id, sourceId), eq(paymentSources.customerId, customerId)));
  return row ?? null;
}

/** Saves a source; `once`: a source already saved (the same provider token) is left as it is. */
export async function insertSource(db: DbOrTx, values: typeof paymentSources.$inferInsert, once = false) {
  const q = db.insert(paymentSources).values(values);
  await (once ? q.onConflictDoNothing() : q);
}

export async function findCustomerByExternal(db: DbOrTx, provider: string, externalId: string) {
  const [row] = await db
    .select()
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.provider, provider), eq(paymentCustomers.externalId, externalId)));
  return row ?? null;
}

/** Deletes a source of this customer; false when it has no such source. */
export async function deleteSource(db: DbOrTx, customerId: number, sourceId: number) {
  const deleted = await db
    .delete(paymentSources)
    .where(and(eq(paymentSources.id, sourceId), eq(paymentSources.customerId, customerId)))
    .returning();
  return deleted.length > 0;
}

/** None of the customer's sources is its default any more. */
export async function clearDefaultSource(db: DbOrTx, customerId: number) {
  await db.update(paymentSources).set({ isDefault: false }).where(eq(paymentSources.customerId, customerId));
}

export async function markDefaultSource(db: DbOrTx, sourceId: number) {
  await db.update(paymentSources).set({ isDefault: true }).where(eq(paymentSources.id, sourceId));
}
