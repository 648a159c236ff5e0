import { createHash, randomBytes } from 'node:crypto';
import {
  awaitsConfirmation,
  isSubscribed,
  newsletterTransitions,
  type NewsletterStatus,
} from '../../../domain/marketing-status';
import { canTransition } from '../../../domain/status-machine';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/connection';
import type { Actor } from '../../http/actor';
import { AppError, notFound } from '../../http/errors';
import { queueEmail } from '../../integrations/email/outbox';
import * as repo from './marketing.repository';

// The newsletter by double opt-in: a request mails a confirmation link; only the click on it
// stores consent. Every mail carries an unsubscribe link.

/** The one answer to every sign-up, so nobody learns whether an address is subscribed. */
export const SIGNUP_ANSWER =
  'Thank you. If the address can receive our newsletter, a message with a confirmation link is on its way.';
const CONFIRM_DAYS = 7;
/** A second request for the same address within this time sends no second mail. */
const RESEND_MINUTES = 10;
/** Addresses one client may ask for per hour. */
const PER_IP_PER_HOUR = 10;

const token = () => randomBytes(32).toString('base64url');
const hashOf = (t: string) => createHash('sha256').update(t).digest('hex');

/** Links in mails start with PUBLIC_URL (never the request's Host, which a client chooses). */
export const linkBase = (config: Config) =>
  (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
const unsubscribeLine = (config: Config, row: repo.SubscriptionRow) =>
  `\n\nTo stop receiving Tread news: ${linkBase(config)}/newsletter/unsubscribe?token=${row.unsubscribeToken}`;

async function mail(
  tx: DbOrTx,
  config: Config,
  row: repo.SubscriptionRow,
  kind: string,
  subject: string,
  text: string,
) {
  await queueEmail(tx, {
    to: row.email,
    subject,
    text: text + unsubscribeLine(config, row),
    kind,
    meta: { subscriptionId: row.id },
  });
}

/**
 * Asks for the newsletter. A new or unsubscribed address gets a confirmation link, a subscribed
 * one a reminder that it is; a repeat within minutes sends nothing. The caller learns none of it.
 */
export async function subscribe(db: Db, config: Config, actor: Actor | null, email: string, ip: string) {
  if ((await repo.requestsFromIp(db, ip, new Date(Date.now() - 3_600_000))) >= PER_IP_PER_HOUR)
    throw new AppError('rate_limited', 'Too many sign-ups from this address. Try again later.', {
      headers: { 'retry-after': '3600' },
    });
  await db.transaction(async (tx) => {
    const now = new Date();
    const existing = await repo.lockSubscription(tx, email);
    if (existing?.lastMailAt && now.getTime() - existing.lastMailAt.getTime() < RESEND_MINUTES * 60_000)
      return;
    const confirm = token();
    const request = {
      requestedAt: now,
      requestedIp: ip,
      lastMailAt: now,
      userId: actor?.userId ?? existing?.userId ?? null,
    };
    const pending = {
      ...request,
      confirmTokenHash: hashOf(confirm),
      confirmExpiresAt: new Date(now.getTime() + CONFIRM_DAYS * 86_400_000),
    };
    let row: repo.SubscriptionRow;
    if (!existing)
      row = await repo.insertSubscription(tx, {
        email,
        unsubscribeToken: token(),
        status: 'pending',
        ...pending,
      });
    else if (isSubscribed(existing.status)) {
      row = await repo.updateSubscription(tx, existing.id, request);
      await mail(
        tx,
        config,
        row,
        'newsletter_reminder',
        'You already receive Tread news',
        'Someone asked for the Tread newsletter at this address. It is subscribed already: nothing to do.',
      );
      return;
    } else row = await repo.setSubscriptionStatus(tx, existing, 'pending', pending);
    await mail(
      tx,
      config,
      row,
      'newsletter_confirm',
      'Confirm your Tread newsletter',
      `Please confirm that you want Tread news at this address:\n${linkBase(config)}/newsletter/confirm?token=${confirm}\n\nThe link works for ${CONFIRM_DAYS} days. If you did not ask, ignore this mail: nothing will be sent.`,
    );
  });
  return { message: SIGNUP_ANSWER };
}

/** The click on the confirmation link: consent is stored with its time and client address. */
export async function confirm(db: Db, config: Config, confirmToken: string, ip: string) {
  return db.transaction(async (tx) => {
    const row = await repo.subscriptionBy(tx, repo.byConfirmHash(hashOf(confirmToken)));
    if (!row || (awaitsConfirmation(row.status) && (row.confirmExpiresAt?.getTime() ?? 0) < Date.now()))
      throw notFound('Confirmation link (it may have expired: ask again)');
    if (isSubscribed(row.status)) return { email: row.email, status: 'confirmed' as const };
    const after = await repo.setSubscriptionStatus(tx, row, 'confirmed', {
      consentAt: new Date(),
      consentIp: ip,
      confirmExpiresAt: null,
    });
    await mail(
      tx,
      config,
      after,
      'newsletter_welcome',
      'Welcome to Tread news',
      'Your subscription is confirmed. Thank you.',
    );
    return { email: after.email, status: 'confirmed' as const };
  });
}

/** The unsubscribe link works at any time, and again. */
export async function unsubscribe(db: Db, unsubscribeToken: string) {
  return db.transaction(async (tx) => {
    const row = await repo.subscriptionBy(tx, repo.byUnsubscribeToken(unsubscribeToken));
    if (!row) throw notFound('Subscription');
    if (canTransition(newsletterTransitions, row.status as NewsletterStatus, 'unsubscribed')) {
      await repo.setSubscriptionStatus(tx, row, 'unsubscribed', {
        unsubscribedAt: new Date(),
        confirmTokenHash: null,
      });
    }
    return { email: row.email, status: 'unsubscribed' as const };
  });
}
