import type { z } from 'zod';
import type * as api from '../../../contract/marketing';
import type { ContactMessage } from '../../../contract/marketing';
import type { ContactStatus } from '../../../domain/marketing-status';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { pageAnswer } from '../../db/list-page';
import type { Actor } from '../../http/actor';
import { AppError, notFound } from '../../http/errors';
import { queueEmail } from '../../integrations/email/outbox';
import { writeAudit } from '../audit/audit.service';
import { getUser } from '../users/users.service';
import * as repo from './marketing.repository';

export { confirm as confirmNewsletter, subscribe, unsubscribe } from './marketing.newsletter';

type Body<E extends { body?: z.ZodType }> = z.output<NonNullable<E['body']>>;

/** Contact messages one user, and one client address (an office), may send per hour. */
export const CONTACT_PER_USER_PER_HOUR = 5;
export const CONTACT_PER_IP_PER_HOUR = 20;
const HOUR = 3_600_000;

function toContact(row: repo.ContactRow): ContactMessage {
  const m = row.message;
  return {
    id: m.id,
    userId: m.userId,
    userName: row.userName,
    companyName: row.companyName,
    email: m.email,
    subject: m.subject,
    message: m.message,
    orderNumber: m.orderNumber,
    status: m.status as ContactStatus,
    answer: m.answer,
    answeredAt: m.answeredAt?.toISOString() ?? null,
    createdAt: m.createdAt.toISOString(),
  };
}

/**
 * A message to the support inbox: stored for the console, mailed to support through the outbox,
 * and a copy to the sender. A few per hour per user and per client address.
 */
export async function sendContact(
  db: Db,
  config: Config,
  actor: Actor,
  input: Body<typeof api.sendContact>,
  ip: string,
) {
  const sender = await getUser(db, actor.userId);
  const id = await db.transaction(async (tx) => {
    const since = new Date(Date.now() - HOUR);
    const recent = await repo.recentContacts(tx, actor.userId, ip, since);
    if (recent.byUser >= CONTACT_PER_USER_PER_HOUR || recent.byIp >= CONTACT_PER_IP_PER_HOUR) {
      const until = recent.oldest ? new Date(recent.oldest).getTime() + HOUR : Date.now() + HOUR;
      throw new AppError(
        'rate_limited',
        'You have sent several messages within the hour. Please wait a little.',
        {
          headers: { 'retry-after': String(Math.max(1, Math.ceil((until - Date.now()) / 1000))) },
        },
      );
    }
    const messageId = await repo.insertContact(tx, {
      userId: actor.userId,
      companyId: actor.companyId,
      email: sender.email,
      subject: input.subject,
      message: input.message,
      orderNumber: input.orderNumber || null,
      clientIp: ip,
    });
    const about = input.orderNumber ? `Order: ${input.orderNumber}\n` : '';
    await queueEmail(tx, {
      to: config.SUPPORT_EMAIL,
      subject: `[Contact #${messageId}] ${input.subject}`,
      text: `From: ${sender.name} <${sender.email}>, ${sender.companyName}\n${about}\n${input.message}`,
      kind: 'contact_message',
      meta: { contactId: messageId, replyTo: sender.email },
    });
    await queueEmail(tx, {
      to: sender.email,
      subject: `We received your message: ${input.subject}`,
      text: `Hello ${sender.name},\n\nthank you for writing to Tread support. We will answer soon. Your message:\n\n${about}${input.message}`,
      kind: 'contact_copy',
      meta: { contactId: messageId },
    });
    return messageId;
  });
  return getContact(db, id);
}

async function getContact(db: Db, id: number) {
  const row = await repo.findContact(db, id);
  if (!row) throw notFound('Message');
  return toContact(row);
}

export async function listContacts(db: Db, q: repo.ContactQuery) {
  return pageAnswer(q, await repo.listContacts(db, q), toContact);
}

/** Support answers a message (the answer is mailed to its sender) or opens it again; audited. */
export async function answerContact(db: Db, actor: Actor, id: number, input: Body<typeof api.answerContact>) {
  await db.transaction(async (tx) => {
    const before = await repo.lockContact(tx, id);
    if (!before) throw notFound('Message');
    const answered = input.status === 'answered';
    const after = await repo.setContactStatus(tx, before, input.status, {
      ...(answered && { answer: input.answer, answeredAt: new Date(), answeredBy: actor.userId }),
    });
    if (answered)
      await queueEmail(tx, {
        to: before.email,
        subject: `Re: ${before.subject}`,
        text: `${input.answer}\n\n— Tread support\n\nYou wrote:\n${before.message}`,
        kind: 'contact_answer',
        meta: { contactId: id },
      });
    await writeAudit(tx, actor, {
      entity: 'contact_message',
      entityId: id,
      action: input.status,
      before,
      after,
    });
  });
  return getContact(db, id);
}
