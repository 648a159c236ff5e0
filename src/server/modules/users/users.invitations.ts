import type { DbOrTx } from '../../db/connection';
import { queueEmail } from '../../integrations/email/outbox';
import { openPasswordLink } from '../sessions/sessions.service';

/** Invitations last a week: new accounts are often opened days after approval. */
const INVITATION_DAYS = 7;

/**
 * Writes a set-password invitation to the outbox, inside the caller's transaction. It is a
 * reset token (the /reset page completes it), so the new user chooses the password alone.
 */
export async function inviteUser(
  tx: DbOrTx,
  user: { id: number; username: string; name: string; email: string },
  baseUrl: string,
) {
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
  const token = await openPasswordLink(tx, user.id, expiresAt);
  const link = `${baseUrl}/reset?token=${encodeURIComponent(token)}`;
  await queueEmail(tx, {
    to: user.email,
    subject: 'Your Tread account is ready',
    text: `Hello ${user.name},\n\nAn account was opened for you at Tread. Your username is ${user.username}.\nChoose your password within ${INVITATION_DAYS} days with this link:\n\n${link}\n`,
    kind: 'invitation',
    meta: { userId: user.id, link },
  });
}
