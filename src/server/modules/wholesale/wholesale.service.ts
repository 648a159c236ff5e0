import type { z } from 'zod';
import type { ResellerAccount, WholesaleApplication, WholesaleSignup } from '../../../contract/wholesale';
import { assertWholesaleTransition, type WholesaleStatus } from '../../../domain/wholesale-status';
import type { Db, DbOrTx } from '../../db/connection';
import { pageAnswer } from '../../db/list-page';
import type { Actor } from '../../http/actor';
import { conflict, notFound } from '../../http/errors';
import { queueEmail } from '../../integrations/email/outbox';
import { hashPassword, newSecret } from '../sessions/sessions.service';
import { writeAudit } from '../audit/audit.service';
import { insertCompany, insertLocation } from '../companies/companies.service';
import { insertUser, inviteUser, setUserLocations, usernameTaken } from '../users/users.service';
import * as repo from './wholesale.repository';
import { iso } from '../../lib/dates';

export function toApplication(row: repo.ApplicationRow): WholesaleApplication {
  return {
    ...row,
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

/**
 * A public sign-up. Every well-formed application gets the same answer (201, pending), so the
 * form never says whether a username exists or an e-mail has applied (docs/security.md, L1):
 * a taken username or an application already under review is told to the applicant by e-mail,
 * at the address given. Such an application is kept for staff to see; approving one whose
 * username is taken is refused (409), so staff reject it.
 */
export async function applyWholesale(db: Db, input: z.output<typeof WholesaleSignup>) {
  return db.transaction(async (tx) => {
    const duplicate = await repo.pendingDuplicate(tx, input.username, input.email);
    const taken = await usernameTaken(tx, input.username);
    const row = await repo.insertApplication(tx, input);
    await writeAudit(tx, null, {
      entity: 'wholesale_application',
      entityId: row.id,
      action: 'apply',
      after: { ...row, ...(taken && { usernameTaken: true }), ...(duplicate && { duplicate: true }) },
    });
    if (taken || duplicate)
      await queueEmail(tx, {
        to: input.email,
        subject: 'Your Tread wholesale application',
        text: taken
          ? `Hello ${input.contactName},\n\nThank you for applying. The username "${input.username}" is not available: please apply again with another username. This application will not be approved.`
          : `Hello ${input.contactName},\n\nThank you for applying. An application with this username or e-mail address is already being reviewed; we will answer it by e-mail. You need not apply again.`,
        kind: 'wholesale_application',
      });
    return { id: row.id, status: row.status as WholesaleStatus };
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
  const passwordHash = await hashPassword(newSecret());
  return db.transaction(async (tx) => {
    const app = await assertCanBecome(tx, id, 'approved');
    if (await usernameTaken(tx, app.username))
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
    const user = { username: app.username, name: app.contactName, email: app.email };
    const userId = await insertUser(tx, { ...user, role: 'reseller', companyId: company.id, passwordHash });
    await setUserLocations(tx, userId, [locationId]);
    await inviteUser(tx, { ...user, id: userId }, baseUrl);
    const after = await repo.decide(tx, id, 'pending', {
      status: 'approved',
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
      before: app,
      after,
    });
    return toApplication(after);
  });
}

export async function rejectApplication(db: Db, actor: Actor, id: number, note: string) {
  return db.transaction(async (tx) => {
    const before = await assertCanBecome(tx, id, 'rejected');
    const after = await repo.decide(tx, id, 'pending', {
      status: 'rejected',
      decisionNote: note,
      reviewedBy: actor.userId,
      reviewedAt: new Date(),
    });
    if (!after) throw conflict('The application was decided meanwhile');
    await writeAudit(tx, actor, {
      entity: 'wholesale_application',
      entityId: id,
      action: 'reject',
      before,
      after,
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
