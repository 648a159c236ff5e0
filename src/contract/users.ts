import { z } from 'zod';
import { roles } from '../domain/roles';
import { Email, ListQuery, OptionalBool, OptionalId, Required, patchOf } from './admin-common';
import { endpoint, Id, Ok, pageOf } from './common';
import { ApiToken, Password } from './sessions';

export { ApiToken } from './sessions';

export const AdminUser = z.object({
  userId: z.number().int(),
  userName: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  companyId: z.number().int(),
  companyName: z.string(),
  active: z.boolean(),
  locationIds: z.array(z.number().int()),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const UserInput = z.object({
  username: Required('a username', 100).regex(/^[\w.@-]+$/, 'Use letters, digits and . _ @ - only'),
  name: Required('a name'),
  email: Email,
  role: z.enum(roles),
  companyId: Id,
  locationIds: z.array(Id).max(50).default([]),
  /** Omitted: the user gets an invitation e-mail with a link to choose a password. */
  password: Password.optional(),
  active: z.boolean().default(true),
});
export type UserInput = z.input<typeof UserInput>;

const IdParams = z.object({ id: Id });
const One = z.object({ data: AdminUser });

export const listUsers = endpoint({
  method: 'GET',
  path: '/api/v1/user',
  access: 'admin',
  summary: 'Users, filterable by company, role and active',
  query: ListQuery.extend({ companyId: OptionalId, role: z.enum(roles).optional(), active: OptionalBool }),
  response: pageOf(AdminUser),
});

export const getUser = endpoint({
  method: 'GET',
  path: '/api/v1/user/:id',
  access: 'admin',
  summary: 'One user',
  params: IdParams,
  response: One,
});

export const createUser = endpoint({
  method: 'POST',
  path: '/api/v1/user',
  access: 'admin',
  summary: 'Create a user; without a password an invitation goes to the outbox',
  body: UserInput,
  response: One,
  status: 201,
});

export const updateUser = endpoint({
  method: 'PUT',
  path: '/api/v1/user/:id',
  access: 'admin',
  summary: 'Update a user (disabling ends its sessions)',
  params: IdParams,
  body: patchOf(UserInput.omit({ username: true, companyId: true, password: true })),
  response: One,
});

export const setUserRole = endpoint({
  method: 'PUT',
  path: '/api/v1/user/:id/role',
  access: 'admin',
  summary: "Assign a user's role; its sessions end so the new role applies at once",
  params: IdParams,
  body: z.object({ role: z.enum(roles) }),
  response: One,
});

export const listUserTokens = endpoint({
  method: 'GET',
  path: '/api/v1/user/:id/token',
  access: 'admin',
  summary: "A user's API tokens (never their secrets)",
  params: IdParams,
  response: z.object({ data: z.array(ApiToken) }),
});

export const issueUserToken = endpoint({
  method: 'POST',
  path: '/api/v1/user/:id/token',
  access: 'admin',
  summary: 'Issue an API token; the secret is shown only in this answer',
  params: IdParams,
  body: z.object({ name: Required('a token name', 60), days: z.number().int().min(1).max(730).default(365) }),
  response: z.object({ data: ApiToken, token: z.string() }),
  status: 201,
});

export const revokeUserToken = endpoint({
  method: 'DELETE',
  path: '/api/v1/user/:id/token/:tokenId',
  access: 'admin',
  summary: 'Revoke an API token',
  params: z.object({ id: Id, tokenId: Id }),
  response: Ok,
});

/**
 * A user who lost both the phone and the recovery codes: an admin turns the second factor off
 * (audited, the user's sessions end); the user enrols again, at the next sign-in if the role
 * requires it.
 */
export const resetUserMfa = endpoint({
  method: 'DELETE',
  path: '/api/v1/user/:id/mfa',
  access: 'admin',
  summary: "Reset a user's second factor (lost phone and recovery codes); the user enrols again",
  params: IdParams,
  response: Ok,
});

/** The signed-in user's own name and e-mail, not the back office's user update. */
export const updateOwnUser = endpoint({
  method: 'PUT',
  path: '/api/user',
  access: 'user',
  summary:
    "Update the signed-in user's name and e-mail; a new e-mail needs currentPassword and is announced to the old address",
  body: z.object({
    name: z.string().trim().min(1).max(120),
    email: z.string().email().max(200),
    currentPassword: z.string().max(200).optional(),
  }),
  response: z.object({ userId: z.number().int(), name: z.string(), email: z.string() }),
});
