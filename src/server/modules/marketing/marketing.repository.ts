import { and, asc, desc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type * as api from '../../../contract/marketing';
import {
  assertContactTransition,
  assertNewsletterTransition,
  type ContactStatus,
  type NewsletterStatus,
} from '../../../domain/marketing-status';
import type { DbOrTx } from '../../db/connection';
import { listPage, searchWhere } from '../../db/list-page';
import { companies, contactMessages, newsletterSubscriptions, users } from '../../db/schema';
import { writeStatus } from '../../db/write-status';

export type SubscriptionRow = typeof newsletterSubscriptions.$inferSelect;
export type ContactQuery = z.output<NonNullable<typeof api.listContact.query>>;

/** The subscription of an address (any case), locked for the change a request makes. */
export async function lockSubscription(db: DbOrTx, email: string) {
  const [row] = await db
    .select()
    .from(newsletterSubscriptions)
    .where(sql`lower(${newsletterSubscriptions.email}) = lower(${email})`)
    .for('no key update');
  return row;
}

export async function subscriptionBy(db: DbOrTx, where: SQL) {
  const [row] = await db.select().from(newsletterSubscriptions).where(where).for('no key update');
  return row;
}
export const byConfirmHash = (hash: string) => eq(newsletterSubscriptions.confirmTokenHash, hash);
export const byUnsubscribeToken = (token: string) => eq(newsletterSubscriptions.unsubscribeToken, token);

export async function insertSubscription(db: DbOrTx, values: typeof newsletterSubscriptions.$inferInsert) {
  const [row] = await db.insert(newsletterSubscriptions).values(values).returning();
  return row;
}

/** A subscription's columns other than its status, which only setSubscriptionStatus writes. */
export async function updateSubscription(
  db: DbOrTx,
  id: number,
  set: Partial<Omit<SubscriptionRow, 'status'>>,
) {
  const [row] = await db
    .update(newsletterSubscriptions)
    .set(set)
    .where(eq(newsletterSubscriptions.id, id))
    .returning();
  return row;
}

/**
 * The one write of a subscription's status, with the columns that change with it. The table
 * decides a move; asking again while pending keeps the status and writes the new request.
 */
export async function setSubscriptionStatus(
  db: DbOrTx,
  subscription: { id: number; status: string },
  to: NewsletterStatus,
  set: Partial<Omit<SubscriptionRow, 'status'>>,
) {
  const assertMove = (from: NewsletterStatus) => {
    if (from !== to) assertNewsletterTransition(from, to);
  };
  return writeStatus(db, newsletterSubscriptions, assertMove, subscription, to, set);
}

/** Addresses asked for from one client address since a time (the newsletter's throttle). */
export async function requestsFromIp(db: DbOrTx, ip: string, since: Date) {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(newsletterSubscriptions)
    .where(and(eq(newsletterSubscriptions.requestedIp, ip), gt(newsletterSubscriptions.requestedAt, since)));
  return n;
}

/** Contact messages sent since a time by this user and from this client address. */
export async function recentContacts(db: DbOrTx, userId: number, ip: string, since: Date) {
  const [row] = await db
    .select({
      byUser: sql<number>`(count(*) filter (where ${contactMessages.userId} = ${userId}))::int`,
      byIp: sql<number>`(count(*) filter (where ${contactMessages.clientIp} = ${ip}))::int`,
      oldest: sql<string | null>`min(${contactMessages.createdAt})`,
    })
    .from(contactMessages)
    .where(gt(contactMessages.createdAt, since));
  return row;
}

function contactsFrom(db: DbOrTx) {
  return db
    .select({ message: contactMessages, userName: users.name, companyName: companies.name })
    .from(contactMessages)
    .innerJoin(users, eq(users.id, contactMessages.userId))
    .innerJoin(companies, eq(companies.id, contactMessages.companyId))
    .$dynamic();
}
export type ContactRow = Awaited<ReturnType<typeof contactsFrom>>[number];

export async function insertContact(db: DbOrTx, values: typeof contactMessages.$inferInsert) {
  const [row] = await db.insert(contactMessages).values(values).returning({ id: contactMessages.id });
  return row.id;
}

export async function findContact(db: DbOrTx, id: number) {
  const [row] = await contactsFrom(db).where(eq(contactMessages.id, id));
  return row;
}

export async function lockContact(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.id, id))
    .for('no key update');
  return row;
}

/** The one write of a contact message's status, with the answer when it is answered; the table decides. */
export async function setContactStatus(
  db: DbOrTx,
  message: { id: number; status: string },
  to: ContactStatus,
  set: Partial<Omit<typeof contactMessages.$inferInsert, 'status'>>,
) {
  return writeStatus(db, contactMessages, assertContactTransition, message, to, set);
}

/** The inbox: open messages first, oldest first among them; searched in subject, text and sender. */
export function listContacts(db: DbOrTx, q: ContactQuery) {
  const where = and(
    q.status ? eq(contactMessages.status, q.status) : undefined,
    searchWhere(q.q, [
      contactMessages.subject,
      contactMessages.message,
      contactMessages.email,
      companies.name,
    ]),
  );
  return listPage(db, q, () => contactsFrom(db).where(where), [
    sql`${contactMessages.status} = 'open' desc`,
    asc(sql`case when ${contactMessages.status} = 'open' then ${contactMessages.createdAt} end`),
    desc(contactMessages.createdAt),
    desc(contactMessages.id),
  ]);
}
