// The SQL of the quote and its line requests, its log, the people and locations it names, and
// expiry. Options, generation jobs, stock holds, the floors' settings and the catalogue
// candidates have repositories of their own beside this one (quotes.<thing>.repository.ts).
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { assertQuoteTransition, type QuoteStatus } from '../../../domain/quote-status';
import type { DbOrTx } from '../../db/connection';
import { listPage, orderOf } from '../../db/list-page';
import { companies, locations, quoteItems, quoteLog, quotes, users } from '../../db/schema';
import { writeStatus } from '../../db/write-status';

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteItemRow = typeof quoteItems.$inferSelect;

const requester = alias(users, 'requester');
const owner = alias(users, 'owner');

export interface QuoteFilter {
  page: number;
  pageSize: number;
  sort?: string;
  companyId?: number;
  status?: string;
  ownerUserId?: number;
  from?: string;
  to?: string;
  text?: string;
}

function summaries(db: DbOrTx) {
  return db
    .select({
      quote: quotes,
      companyName: companies.name,
      locationName: locations.name,
      requesterName: requester.name,
      ownerName: owner.name,
      lineCount: sql<number>`(select count(*)::int from quote_items qi where qi.quote_id = ${quotes.id})`,
      tireCount: sql<number>`(select coalesce(sum(qi.quantity), 0)::int from quote_items qi where qi.quote_id = ${quotes.id})`,
    })
    .from(quotes)
    .innerJoin(companies, eq(companies.id, quotes.companyId))
    .innerJoin(locations, eq(locations.id, quotes.locationId))
    .innerJoin(requester, eq(requester.id, quotes.requesterUserId))
    .leftJoin(owner, eq(owner.id, quotes.ownerUserId));
}
export type QuoteSummaryRow = Awaited<ReturnType<typeof findSummary>> & {};

/** Quotes by the filter; `text` matches the title, note, company, number or a line's size or MPN. */
export function listQuotes(db: DbOrTx, f: QuoteFilter) {
  const pattern = f.text ? `%${f.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    f.companyId ? eq(quotes.companyId, f.companyId) : undefined,
    f.status ? eq(quotes.status, f.status) : undefined,
    f.ownerUserId ? eq(quotes.ownerUserId, f.ownerUserId) : undefined,
    f.from ? gte(quotes.createdAt, new Date(`${f.from}T00:00:00Z`)) : undefined,
    f.to ? lt(quotes.createdAt, new Date(new Date(`${f.to}T00:00:00Z`).getTime() + 86_400_000)) : undefined,
    pattern
      ? sql`(${quotes.title} ilike ${pattern} or ${quotes.note} ilike ${pattern} or ${companies.name} ilike ${pattern}
          or ${quotes.id}::text = ${f.text} or exists (select 1 from quote_items qi where qi.quote_id = ${quotes.id}
          and (qi.size ilike ${pattern} or qi.mpn ilike ${pattern})))`
      : undefined,
  );
  const sortable = { createdAt: quotes.createdAt, validUntil: quotes.validUntil, status: quotes.status };
  return listPage(db, f, () => summaries(db).where(where).$dynamic(), orderOf(f.sort, sortable, quotes.id));
}

export async function findSummary(db: DbOrTx, id: number) {
  const [row] = await summaries(db).where(eq(quotes.id, id));
  return row ?? null;
}

export async function lockQuote(db: DbOrTx, id: number) {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id)).for('no key update');
  return row ?? null;
}

export async function insertQuote(db: DbOrTx, values: typeof quotes.$inferInsert) {
  const [row] = await db.insert(quotes).values(values).returning();
  return row;
}

type QuoteColumns = Partial<Omit<typeof quotes.$inferInsert, 'status'>>;

/** A quote's columns other than its status, which only setQuoteStatus writes. */
export async function updateQuote(db: DbOrTx, id: number, set: QuoteColumns) {
  const [row] = await db
    .update(quotes)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(quotes.id, id))
    .returning();
  return row;
}

/** The one write of a quote's status, with the columns that change with it; the table decides. */
export async function setQuoteStatus(
  db: DbOrTx,
  quote: { id: number; status: string },
  to: QuoteStatus,
  set: QuoteColumns = {},
) {
  return writeStatus(db, quotes, assertQuoteTransition, quote, to, set);
}

export async function insertItems(db: DbOrTx, values: (typeof quoteItems.$inferInsert)[]) {
  return db.insert(quoteItems).values(values).returning();
}

export async function deleteItems(db: DbOrTx, quoteId: number) {
  await db.delete(quoteItems).where(eq(quoteItems.quoteId, quoteId));
}

export function itemsOf(db: DbOrTx, quoteId: number) {
  return db
    .select()
    .from(quoteItems)
    .where(eq(quoteItems.quoteId, quoteId))
    .orderBy(asc(quoteItems.position));
}

export async function findItem(db: DbOrTx, itemId: number) {
  const [row] = await db.select().from(quoteItems).where(eq(quoteItems.id, itemId));
  return row ?? null;
}

export async function updateItem(db: DbOrTx, itemId: number, set: Partial<typeof quoteItems.$inferInsert>) {
  await db.update(quoteItems).set(set).where(eq(quoteItems.id, itemId));
}

/** Finalized or sent quotes past their validity, oldest first. */
export async function expiredQuoteIds(db: DbOrTx, limit = 50) {
  const rows = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(and(inArray(quotes.status, ['finalized', 'sent']), lt(quotes.validUntil, new Date())))
    .orderBy(asc(quotes.validUntil))
    .limit(limit);
  return rows.map((r) => r.id);
}

// Log

export async function insertLog(db: DbOrTx, values: typeof quoteLog.$inferInsert) {
  await db.insert(quoteLog).values(values);
}

export function logOf(db: DbOrTx, quoteId: number) {
  return db
    .select({ entry: quoteLog, userName: users.name })
    .from(quoteLog)
    .leftJoin(users, eq(users.id, quoteLog.userId))
    .where(eq(quoteLog.quoteId, quoteId))
    .orderBy(asc(quoteLog.id));
}

export async function userName(db: DbOrTx, userId: number | null) {
  if (!userId) return null;
  const [row] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function findCompanyLocation(db: DbOrTx, companyId: number, locationId: number) {
  const [row] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.id, locationId), eq(locations.companyId, companyId)));
  return row ?? null;
}

/** A location by id, whatever its company (an installer's bay a quote delivers to). */
export async function findLocation(db: DbOrTx, locationId: number | null) {
  if (locationId === null) return null;
  const [row] = await db.select().from(locations).where(eq(locations.id, locationId));
  return row ?? null;
}

/** An active user of the quoting staff (sales or admin), to own a quote. */
export async function findStaffUser(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), inArray(users.role, ['sales', 'admin']), eq(users.active, true)));
  return row ?? null;
}
