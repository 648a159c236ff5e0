import type { z } from 'zod';
import type { ResellerAccount, WholesaleApplication, WholesaleSignup } from '../../../contract/wholesale';
import { assertWholesaleTransition, type WholesaleStatus } from '../../../domain/wholesale-status';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/connection';
import { pageAnswer } from '../../db/list-page';
import type { Actor } from '../../http/actor';
import { AppError, conflict, notFound } from '../../http/errors';
import { queueEmail } from '../../integrations/email/outbox';
import {
  attemptAllowed,
  claimAttempt,
  hashSecret,
  newSecret,
  signupMailRules,
} from '../sessions/sessions.service';
import { writeAudit } from '../audit/audit.service';
import { insertCompany, insertLocation } from '../companies/companies.service';
import { createInvitedUser, usernameInUse } from '../users/users.service';
import * as repo from './wholesale.repository';
import { iso } from '../../lib/dates';

/** The row without its confirmation secret, for answers and the audit log. */
function withoutSecret({ confirmTokenHash: _, confirmExpiresAt: __, ...row }: repo.ApplicationRow) {
  return row;
}

export function toApplication(row: repo.ApplicationRow): WholesaleApplication {
  const { confirmedAt: _, requestedIp: __, ...shown } = withoutSecret(row);
  return {
    ...shown,
    status: row.status as WholesaleStatus,
    reviewedAt: iso(row.reviewedAt),
    createdAt: iso(row.createdAt)!,
  };
}

export function toResellerAccount(row: repo.ResellerAccountRow): z.infer<typeof ResellerAccount> {
  return { ...row, createdAt: iso(row.createdAt) };
}

/** Loads the application and checks the transition; 409 names the current and allowed statuses. */
async function assertCanBecome(db: DbOrTx, id: number, to: WholesaleStatus) {
  const row = await repo.findApplication(db, id);
  if (!row) throw notFound('Application');
  const from = row.status as WholesaleStatus;
  assertWholesaleTransition(from, to);
  return row;
}

/** The one answer to every well-formed sign-up, whatever the username or the address. */
export const SIGNUP_ANSWER =
  'Thank you. Check your e-mail to confirm the address: a message with a link is on its way. Your application reaches our team once the address is confirmed.';
/** The one answer to a confirmation link, first click or later. */
export const CONFIRMED_ANSWER =
  'Thank you: your e-mail address is confirmed and your application is with our team. We will answer by e-mail.';
/** Confirmation links, like the newsletter's, last a week. */
const CONFIRM_DAYS = 7;

/**
 * A public sign-up. Every well-formed application gets the same answer, so the form never says
 * whether a username exists or an address has applied. The application waits, out of staff's
 * queue, for its address to prove itself: the mail carries only a link and fixed text (nothing
 * the caller wrote goes to an address nobody has confirmed). Throttled per caller address (a
 * 429) and per recipient (past it nothing is stored or sent, and the answer is the same).
 */
export async function applyWholesale(
  db: Db,
  config: Config,
  input: z.output<typeof WholesaleSignup>,
  baseUrl: string,
  ip: string,
) {
  const rules = signupMailRules(config, input.email, ip);
  await claimAttempt(db, config, rules.address);
  if (!(await attemptAllowed(db, config, rules.recipient))) return { message: SIGNUP_ANSWER };
  const token = newSecret();
  await db.transaction(async (tx) => {
    const row = await repo.insertApplication(tx, {
      ...input,
      requestedIp: ip,
      confirmTokenHash: hashSecret(token),
      confirmExpiresAt: new Date(Date.now() + CONFIRM_DAYS * 86_400_000),
    });
    const link = `${baseUrl}/wholesale/confirm?token=${encodeURIComponent(token)}`;
    await queueEmail(tx, {
      to: input.email,
      subject: 'Confirm your e-mail address for Tread',
      text: `Someone asked to open a Tread wholesale account with this e-mail address. To confirm the address and send the application to our team, open this link within ${CONFIRM_DAYS} days:\n\n${link}\n\nIf it was not you, ignore this mail: nothing more will be sent.`,
      kind: 'wholesale_confirm',
      meta: { applicationId: row.id, link },
    });
  });
  return { message: SIGNUP_ANSWER };
}

/**
 * The click on the confirmation link (on the /wholesale/confirm page, by a button, so that a mail
 * scanner following links confirms nothing): the application enters staff's queue. Only now,
 * and only to this proven address, is a taken username told, in fixed text. The answer is the
 * same in every case; a made-up or expired link is a 404.
 */
export async function confirmWholesale(db: Db, token: string) {
  return db.transaction(async (tx) => {
    const tokenHash = hashSecret(token);
    const row = await repo.confirmApplication(tx, tokenHash);
    if (!row) {
      if (await repo.confirmedByToken(tx, tokenHash)) return { message: CONFIRMED_ANSWER };
      throw new AppError(
        'not_found',
        'This confirmation link is unknown or has expired. Please apply again.',
      );
    }
    const duplicate = await repo.pendingDuplicate(tx, row.id, row.username, row.email);
    const taken = await usernameInUse(tx, row.username);
    await writeAudit(tx, null, {
      entity: 'wholesale_application',
      entityId: row.id,
      action: 'confirm',
      after: {
        ...withoutSecret(row),
        ...(taken && { usernameTaken: true }),
        ...(duplicate && { duplicate: true }),
      },
    });
    // Approving a taken username is refused (409), so staff reject it; the applicant knows why.
    if (taken)
      await queueEmail(tx, {
        to: row.email,
        subject: 'Your Tread wholesale application',
        text: 'Thank you for confirming your e-mail address. The username you asked for is already in use, so this application cannot be approved. Please apply again with another username.',
        kind: 'wholesale_application',
        meta: { applicationId: row.id },
      });
    return { message: CONFIRMED_ANSWER };
  });
}

/**
 * Approval opens the account in one transaction: a reseller company, its location (in the
 * wholesale price group unless another is chosen), a reseller user, and the invitation e-mail
 * with a link to choose a password.
 */
export async function approveApplication(
  db: Db,
  actor: Actor,
  id: number,
  decision: { priceGroupId: number | null; note: string },
  baseUrl: string,
) {
  return db.transaction(async (tx) => {
    const app = await assertCanBecome(tx, id, 'approved');
    if (await usernameInUse(tx, app.username))
      throw conflict(`The username ${app.username} was taken meanwhile`);
    const priceGroupId = decision.priceGroupId ?? (await repo.groupByCode(tx, 'wholesale'))?.id;
    if (!priceGroupId) throw notFound('Price group');
    const company = await insertCompany(tx, {
      name: app.companyName,
      kind: 'reseller',
      email: app.email,
      phone: app.phone || null,
    });
    const locationId = await insertLocation(tx, {
      companyId: company.id,
      name: app.city ? `${app.companyName} ${app.city}` : app.companyName,
      address1: app.address1,
      city: app.city,
      state: app.state,
      zip: app.zip,
      priceGroupId,
    });
    const userId = await createInvitedUser(
      tx,
      {
        username: app.username,
        name: app.contactName,
        email: app.email,
        role: 'reseller',
        companyId: company.id,
        locationIds: [locationId],
      },
      baseUrl,
    );
    const after = await repo.decide(tx, app, 'approved', {
      decisionNote: decision.note,
      reviewedBy: actor.userId,
      reviewedAt: new Date(),
      companyId: company.id,
      userId,
    });
    if (!after) throw conflict('The application was decided meanwhile');
    await writeAudit(tx, actor, {
      entity: 'wholesale_application',
      entityId: id,
      action: 'approve',
      before: withoutSecret(app),
      after: withoutSecret(after),
    });
    return toApplication(after);
  });
}

export async function rejectApplication(db: Db, actor: Actor, id: number, note: string) {
  return db.transaction(async (tx) => {
    const before = await assertCanBecome(tx, id, 'rejected');
    const after = await repo.decide(tx, before, 'rejected', {
      decisionNote: note,
      reviewedBy: actor.userId,
      reviewedAt: new Date(),
    });
    if (!after) throw conflict('The application was decided meanwhile');
    await writeAudit(tx, actor, {
      entity: 'wholesale_application',
      entityId: id,
      action: 'reject',
      before: withoutSecret(before),
      after: withoutSecret(after),
    });
    return toApplication(after);
  });
}

/** Staff review the sign-ups, by status. */
export async function listApplications(db: Db, q: repo.ApplicationQuery) {
  return pageAnswer(q, await repo.listApplications(db, q), toApplication);
}

export async function getApplication(db: Db, id: number) {
  const row = await repo.findApplication(db, id);
  if (!row) throw notFound('Application');
  return toApplication(row);
}

/** Any signed-in user may find an active reseller near them: name and main location only. */
export function listResellers(db: Db) {
  return repo.listResellers(db);
}

/** Sales see every reseller account, active or not, with its contacts and number of users. */
export async function listResellerAccounts(db: Db, q: repo.ResellerAccountQuery) {
  return pageAnswer(q, await repo.listResellerAccounts(db, q), toResellerAccount);
}
