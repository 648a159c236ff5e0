import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AdminUser, ApiToken, UserInput } from '../../../contract/users';
import type { Role } from '../../../domain/roles';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/connection';
import { publicBaseUrl } from '../../http/public-url';
import { definedOnly, pageAnswer } from '../../db/list-page';
import type { Actor } from '../../http/actor';
import { badRequest, conflict, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.service';
import {
  checkCurrentPassword,
  endUserSessions,
  hashPassword,
  hashSecret,
  newSecret,
  resetSecondFactor,
} from '../sessions/sessions.service';
import { queueEmail } from '../../integrations/email/outbox';
import * as repo from './users.repository';
import { inviteUser } from './users.invitations';
import { iso } from '../../lib/dates';

type UserData = z.output<typeof UserInput>;
type UserChange = Partial<Omit<UserData, 'username' | 'companyId' | 'password'>>;

export function toAdminUser(row: repo.UserView): AdminUser {
  return {
    userId: row.id,
    userName: row.username,
    name: row.name,
    email: row.email,
    role: row.role as Role,
    companyId: row.companyId,
    companyName: row.companyName,
    active: row.active,
    locationIds: row.locationIds.map(Number),
    createdAt: iso(row.createdAt)!,
  };
}

function toToken(row: Awaited<ReturnType<typeof repo.insertToken>>): ApiToken {
  return {
    id: row.id,
    name: row.name,
    createdAt: iso(row.createdAt)!,
    expiresAt: iso(row.expiresAt),
    revokedAt: iso(row.revokedAt),
    lastUsedAt: iso(row.lastUsedAt),
  };
}

/** Staff see the users of every company, by company, role or active flag. */
export async function listUsers(db: Db, q: repo.UserQuery) {
  return pageAnswer(q, await repo.listUsers(db, q), toAdminUser);
}

export async function getUser(db: Db, id: number) {
  const row = await repo.findUserView(db, id);
  if (!row) throw notFound('User');
  return toAdminUser(row);
}

async function assertCompanyLocations(
  db: Parameters<typeof repo.countCompanyLocations>[0],
  companyId: number,
  ids: number[],
) {
  if ((await repo.countCompanyLocations(db, companyId, ids)) !== new Set(ids).size)
    throw badRequest('Every location must belong to the user’s company', [
      { pointer: '/body/locationIds', detail: 'contains a location of another company' },
    ]);
}

/** Creates a user; without a password the user is invited to choose one by e-mail. */
export async function createUser(db: Db, actor: Actor, input: UserData, baseUrl: string) {
  const passwordHash = await hashPassword(input.password ?? newSecret());
  return db.transaction(async (tx) => {
    if (await repo.usernameTaken(tx, input.username))
      throw conflict('That username is taken', {
        errors: [{ pointer: '/body/username', detail: 'is taken' }],
      });
    await assertCompanyLocations(tx, input.companyId, input.locationIds);
    const id = await repo.insertUser(tx, {
      username: input.username,
      name: input.name,
      email: input.email,
      role: input.role,
      companyId: input.companyId,
      active: input.active,
      passwordHash,
    });
    await repo.setUserLocations(tx, id, input.locationIds);
    const after = (await repo.findUserView(tx, id))!;
    if (!input.password) await inviteUser(tx, after, baseUrl);
    await writeAudit(tx, actor, { entity: 'user', entityId: id, action: 'create', after });
    return toAdminUser(after);
  });
}

/**
 * The one handler of a user creation, for POST /api/v1/user and for POST /api/v1/make with a
 * username (the spec's alias for one client): the same rules, answer, audit entry and a
 * Content-Location naming the user, and a log line that names the path it came by, so that
 * neither reviewers nor log filters miss the alias (docs/security.md).
 */
export async function createUserCall(ctx: {
  db: Db;
  config: Config;
  actor: Actor;
  body: UserData;
  req: FastifyRequest;
  reply: FastifyReply;
}) {
  const data = await createUser(ctx.db, ctx.actor, ctx.body, publicBaseUrl(ctx.config, ctx.req));
  ctx.reply.header('content-location', `/api/v1/user/${data.userId}`);
  ctx.req.log.info({ userCreated: data.userId, via: ctx.req.url }, 'user created');
  return { data };
}

/**
 * An admin resets the second factor of a user who lost the phone and the recovery codes: the
 * factor and its codes go, the user's sessions end, and the audit log says who did it. The user
 * enrols again (at the next sign-in when the role requires a second factor).
 */
export async function resetMfa(db: Db, actor: Actor, id: number) {
  await getUser(db, id);
  await db.transaction(async (tx) => {
    const enabled = await resetSecondFactor(tx, id);
    await endUserSessions(tx, id);
    await writeAudit(tx, actor, {
      entity: 'user',
      entityId: id,
      action: 'reset_mfa',
      before: { mfaEnabled: enabled },
      after: { mfaEnabled: false },
    });
  });
  return { ok: true as const };
}

/** Updates a user; a role change or a disable ends the user's sessions so it applies at once. */
export async function updateUser(db: Db, actor: Actor, id: number, input: UserChange, action = 'update') {
  return db.transaction(async (tx) => {
    const before = await repo.findUserView(tx, id);
    if (!before) throw notFound('User');
    if (input.locationIds) {
      await assertCompanyLocations(tx, before.companyId, input.locationIds);
      await repo.setUserLocations(tx, id, input.locationIds);
    }
    const { locationIds: _, ...columns } = input;
    await repo.updateUser(tx, id, definedOnly(columns));
    if ((input.role && input.role !== before.role) || input.active === false) await endUserSessions(tx, id);
    const after = (await repo.findUserView(tx, id))!;
    await writeAudit(tx, actor, { entity: 'user', entityId: id, action, before, after });
    return toAdminUser(after);
  });
}

export async function listTokens(db: Db, userId: number) {
  await getUser(db, userId);
  return (await repo.listTokens(db, userId)).map(toToken);
}

/** Issues a bearer token for an integration; only its hash is kept. */
export async function issueToken(db: Db, actor: Actor, userId: number, name: string, days: number) {
  await getUser(db, userId);
  const token = newSecret('tread_');
  return db.transaction(async (tx) => {
    const row = await repo.insertToken(tx, {
      userId,
      name,
      tokenHash: hashSecret(token),
      expiresAt: new Date(Date.now() + days * 86_400_000),
    });
    const { tokenHash: _, ...safe } = row;
    await writeAudit(tx, actor, { entity: 'api_token', entityId: row.id, action: 'issue', after: safe });
    return { data: toToken(row), token };
  });
}

export async function revokeToken(db: Db, actor: Actor, userId: number, tokenId: number) {
  await db.transaction(async (tx) => {
    const row = await repo.revokeToken(tx, userId, tokenId);
    if (!row) throw notFound('Active token');
    await writeAudit(tx, actor, {
      entity: 'api_token',
      entityId: tokenId,
      action: 'revoke',
      after: { revokedAt: row.revokedAt },
    });
  });
}

/**
 * The signed-in user edits their own name and e-mail (nothing of their role or locations). A new
 * e-mail is where password resets go, so it needs the current password, and the old address is
 * told of the change: a stolen session alone cannot take the account over (docs/security.md).
 */
export async function updateOwnUser(
  db: Db,
  config: Config,
  actor: Actor,
  input: { name: string; email: string; currentPassword?: string },
) {
  const { currentPassword, ...values } = input;
  const before = await repo.findUserView(db, actor.userId);
  if (!before) throw notFound('User');
  const emailChanged = before.email.trim().toLowerCase() !== values.email.trim().toLowerCase();
  if (emailChanged) await checkCurrentPassword(db, config, actor.userId, currentPassword);
  await db.transaction(async (tx) => {
    await repo.updateUser(tx, actor.userId, values);
    if (!emailChanged) return;
    await queueEmail(tx, {
      to: before.email,
      subject: 'Your Tread e-mail address was changed',
      text: `Hello ${before.name},\n\nThe e-mail address of your Tread account ${before.username} was changed to ${values.email}.\nIf you did not do this, contact your administrator at once.`,
      kind: 'email_changed',
    });
    await writeAudit(tx, actor, {
      entity: 'user',
      entityId: actor.userId,
      action: 'change_email',
      before: { email: before.email },
      after: { email: values.email },
    });
  });
  return { userId: actor.userId, ...values };
}

/** Whether a username is someone's already: a confirmed sign-up is told so, an approval refused. */
export function usernameInUse(db: DbOrTx, username: string) {
  return repo.usernameTaken(db, username);
}

/**
 * Opens the account of someone another use case admitted (an approved wholesale applicant), in
 * that use case's transaction: the user with its locations, no password anyone knows, and the
 * invitation e-mail to choose one. Answers the new user's id.
 */
export async function createInvitedUser(
  tx: DbOrTx,
  user: {
    username: string;
    name: string;
    email: string;
    role: Role;
    companyId: number;
    locationIds: number[];
  },
  baseUrl: string,
) {
  const { locationIds, ...columns } = user;
  const id = await repo.insertUser(tx, { ...columns, passwordHash: await hashPassword(newSecret()) });
  await repo.setUserLocations(tx, id, locationIds);
  await inviteUser(tx, { ...columns, id }, baseUrl);
  return id;
}

/**
 * The first administrator of a production database (npm run admin:create): made in the staff
 * company (created if there is none yet), with a password chosen by the operator.
 */
export async function createAdministrator(
  db: Db,
  input: { username: string; name: string; email: string; password: string },
) {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    if (await repo.usernameTaken(tx, input.username)) throw conflict('That username is taken');
    const companyId = await repo.staffCompanyId(tx);
    const id = await repo.insertUser(tx, {
      username: input.username,
      name: input.name,
      email: input.email,
      role: 'admin',
      companyId,
      active: true,
      passwordHash,
    });
    const after = (await repo.findUserView(tx, id))!;
    const { createdAt: _, ...logged } = after;
    await writeAudit(tx, null, { entity: 'user', entityId: id, action: 'create', after: logged });
    return toAdminUser(after);
  });
}
