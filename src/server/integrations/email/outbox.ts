import { asc, isNull, eq, sql, and } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/connection';
import { emailOutbox } from '../../db/schema';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /** What the mail is for (password_reset, invitation, order_confirmation …). */
  kind: string;
  meta?: Record<string, unknown>;
}

/** Writes the mail to the outbox inside the caller's transaction; a sender delivers it later. */
export async function queueEmail(db: DbOrTx, mail: OutgoingEmail) {
  const [row] = await db
    .insert(emailOutbox)
    .values({ ...mail, meta: mail.meta ?? {} })
    .returning({ id: emailOutbox.id });
  return row.id;
}

/** A file sent with a mail, kept in the outbox row's meta (`meta.attachments`) as base64. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
  encoding: 'base64';
}

/**
 * Reset and invitation links carry a live token: once a mail is delivered, and in any view of
 * the outbox, the token is replaced by this mark (the database then holds no usable link).
 */
export function redactTokens(text: string): string {
  return text.replace(/([?&]token=)[^\s&"']+/g, '$1[redacted]');
}

export interface MailTransport {
  send(mail: {
    from: string;
    to: string;
    subject: string;
    text: string;
    attachments?: MailAttachment[];
  }): Promise<void>;
}

const attachmentsOf = (meta: unknown) =>
  (meta as { attachments?: MailAttachment[] } | null)?.attachments ?? undefined;

/** Sends what the outbox holds, oldest first; a failure is recorded and retried next round. */
export async function deliverOutbox(db: Db, transport: MailTransport, from: string, limit = 20) {
  const pending = await db
    .select()
    .from(emailOutbox)
    .where(isNull(emailOutbox.sentAt))
    .orderBy(asc(emailOutbox.id))
    .limit(limit);
  for (const mail of pending) {
    try {
      await transport.send({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        attachments: attachmentsOf(mail.meta),
      });
      const { link: _, ...meta } = mail.meta;
      await db
        .update(emailOutbox)
        .set({ sentAt: sql`now()`, error: null, text: redactTokens(mail.text), meta })
        .where(eq(emailOutbox.id, mail.id));
    } catch (error) {
      await db
        .update(emailOutbox)
        .set({ error: String(error instanceof Error ? error.message : error) })
        .where(and(eq(emailOutbox.id, mail.id), isNull(emailOutbox.sentAt)));
    }
  }
  return pending.length;
}
