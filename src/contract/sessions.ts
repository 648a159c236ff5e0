import { z } from 'zod';
import { commonPasswordMessage, isCommonPassword } from '../domain/common-passwords';
import { roles } from '../domain/roles';
import { endpoint, Id, Ok } from './common';

export const Location = z.object({
  locationId: z.number().int(),
  locationName: z.string(),
  locationSupplierId: z.number().int(),
  locationInstaller: z.number().int(),
  locationGroupPricing: z.number().int(),
  locationGroupPricingName: z.string(),
  locationZip: z.string(),
  locationAddress: z.string(),
  locationCity: z.string(),
  locationState: z.string(),
});
export type Location = z.infer<typeof Location>;

export const SessionUser = z.object({
  userId: z.number().int(),
  userName: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  companyId: z.number().int(),
  companyName: z.string(),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const PriceGroup = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const Session = z.object({
  user: SessionUser,
  location: Location.nullable(),
  locations: z.array(Location),
  /** The open order of the session (the cart), when there is one. */
  order: z.object({ orderId: z.number().int() }).nullable(),
  cart_count: z.number().int(),
  /** The price group in force: the session's override or the current location's. */
  priceGroup: PriceGroup.nullable(),
  /** Price groups this user may switch the session to. */
  priceGroups: z.array(PriceGroup),
  /** Where Contact Us writes to (configuration: SUPPORT_EMAIL). */
  supportEmail: z.string(),
});
export type Session = z.infer<typeof Session>;

export const Credentials = z
  .object({
    username: z.string().trim().min(1, 'Enter your username').max(100),
    password: z.string().min(1, 'Enter your password').max(200),
  })
  // One login variant sends extra fields; they are accepted and ignored.
  .passthrough();

/** A six-digit code from the authenticator app, or one of the recovery codes. */
const MfaCode = z.string().trim().min(6, 'Enter the code from your app').max(32);

export const AuthorizeBody = Credentials.extend({
  /** The second factor, for users with MFA (a TOTP code or a recovery code). */
  code: MfaCode.optional(),
});

export const login = endpoint({
  method: 'POST',
  path: '/api/v1/login',
  access: 'public',
  summary: 'Sign in; sets the session cookie',
  body: Credentials,
  response: Session,
});

export const authorize = endpoint({
  method: 'POST',
  path: '/api/v1/authorize',
  access: 'public',
  summary: 'Exchange username and password (and a second-factor code, for users with MFA) for a bearer token',
  body: AuthorizeBody,
  response: z.object({ status: z.literal('ok'), token: z.string(), expiresAt: z.string().nullable() }),
});

export const logout = endpoint({
  method: 'POST',
  path: '/api/v1/logout',
  access: 'public',
  summary: 'Sign out: ends the session of the cookie, and revokes the bearer token the call is made with',
  response: Ok,
});

export const getSession = endpoint({
  method: 'GET',
  path: '/api/session',
  access: 'user',
  summary: 'The signed-in user, current location, locations, cart count',
  response: Session,
});

export const switchLocation = endpoint({
  method: 'PUT',
  path: '/api/location',
  access: 'user',
  summary: "Switch to another of the user's locations",
  body: z.object({ locationId: Id }),
  response: Session,
});

export const setSessionGroup = endpoint({
  method: 'POST',
  path: '/api/session/group',
  access: 'user',
  summary: "Set the session's price group (null returns to the location's)",
  body: z.object({ group: Id.nullable() }),
  response: Session,
});

const UsernameBody = z.object({ username: z.string().trim().min(1, 'Enter your username').max(100) });
const Accepted = z.object({ status: z.literal('sent'), message: z.string() });

export const recover = endpoint({
  method: 'POST',
  path: '/api/v1/recover',
  access: 'public',
  summary: 'E-mail a password reset link (never reveals whether the user exists)',
  body: UsernameBody,
  response: Accepted,
});

export const requestReset = endpoint({
  method: 'POST',
  path: '/api/v1/user/reset',
  access: 'public',
  summary: 'E-mail a password reset link (same as recover)',
  body: UsernameBody,
  response: Accepted,
});

/** A new password: 8 to 200 characters and not a common or breached one (src/domain/common-passwords.ts). */
export const Password = z
  .string()
  .min(8, 'Use at least 8 characters')
  .max(200)
  .refine((p) => p.length < 8 || !isCommonPassword(p), commonPasswordMessage);

export const completeReset = endpoint({
  method: 'POST',
  path: '/api/v1/recover/complete',
  access: 'public',
  summary: 'Set a new password with a reset token from the e-mail',
  body: z.object({ token: z.string().min(10).max(200), password: Password }),
  response: Ok,
});

export const changePassword = endpoint({
  method: 'POST',
  path: '/api/v1/account/password',
  access: 'user',
  summary: "Change the signed-in user's password; ends the user's other sessions",
  body: z.object({ currentPassword: z.string().min(1).max(200), newPassword: Password }),
  response: Ok,
});

export const Account = z.object({
  user: SessionUser,
  company: z.object({
    id: z.number().int(),
    name: z.string(),
    kind: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  locations: z.array(Location),
});

export const getAccount = endpoint({
  method: 'GET',
  path: '/api/account',
  access: 'user',
  summary: 'The signed-in user, company and locations for the account page',
  response: Account,
});

/** A bearer token as its owner and admins see it: never its secret. */
export const ApiToken = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiToken>;

export const listOwnTokens = endpoint({
  method: 'GET',
  path: '/api/v1/account/tokens',
  access: 'user',
  summary: "The signed-in user's bearer tokens (never their secrets), newest first",
  response: z.object({ data: z.array(ApiToken) }),
});

export const revokeOwnToken = endpoint({
  method: 'DELETE',
  path: '/api/v1/account/tokens/:id',
  access: 'user',
  summary: "Revoke one of the signed-in user's bearer tokens",
  params: z.object({ id: Id }),
  response: Ok,
});

// Staff MFA (TOTP, RFC 6238): see docs/security.md. A sign-in of an enrolled user, or of a
// role that must use MFA, answers 401 `mfa_required` with a pending session cookie that grants
// nothing until the second step below succeeds.

export const MfaStatus = z.object({
  enabled: z.boolean(),
  /** The user's role must use MFA (configuration MFA_REQUIRED_ROLES). */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});

export const MfaEnrolment = z.object({
  /** The base32 secret, for typing into an app that cannot scan. */
  secret: z.string(),
  /** otpauth:// URI, the content of the QR code. */
  uri: z.string(),
  /** The QR code as a PNG data URL. */
  qr: z.string(),
});

export const MfaRecoveryCodes = z.object({
  /** Shown once: only their hashes are kept. */
  recoveryCodes: z.array(z.string()),
});

const CodeBody = z.object({ code: MfaCode });

export const getMfa = endpoint({
  method: 'GET',
  path: '/api/v1/account/mfa',
  access: 'user',
  summary: "Whether the signed-in user's second factor is on, and required",
  response: MfaStatus,
});

export const startMfa = endpoint({
  method: 'POST',
  path: '/api/v1/account/mfa',
  access: 'user',
  summary: 'Start enrolling a TOTP app: a new secret and its QR code (confirm with a code)',
  response: MfaEnrolment,
});

export const confirmMfa = endpoint({
  method: 'POST',
  path: '/api/v1/account/mfa/confirm',
  access: 'user',
  summary: 'Confirm the enrolment with a code from the app; answers the recovery codes once',
  body: CodeBody,
  response: MfaRecoveryCodes,
});

export const disableMfa = endpoint({
  method: 'POST',
  path: '/api/v1/account/mfa/disable',
  access: 'user',
  summary: 'Turn the second factor off (needs a code from the app or a recovery code)',
  body: CodeBody,
  response: Ok,
});

export const MfaPending = z.object({
  /** 'verify': enter a code; 'enrol': the role must use MFA and the user has none yet. */
  step: z.enum(['verify', 'enrol']),
  userName: z.string(),
});

export const getMfaPending = endpoint({
  method: 'GET',
  path: '/api/v1/login/mfa',
  access: 'public',
  summary: 'The second sign-in step owed by the pending session cookie',
  response: MfaPending,
});

export const verifyMfaLogin = endpoint({
  method: 'POST',
  path: '/api/v1/login/mfa',
  access: 'public',
  summary: 'Second sign-in step: a TOTP or recovery code turns the pending session into a full one',
  body: CodeBody,
  response: Session,
});

export const startMfaLogin = endpoint({
  method: 'POST',
  path: '/api/v1/login/mfa/enrol',
  access: 'public',
  summary: 'Second sign-in step of a role that must use MFA and has none: start enrolling',
  response: MfaEnrolment,
});

export const confirmMfaLogin = endpoint({
  method: 'POST',
  path: '/api/v1/login/mfa/enrol/confirm',
  access: 'public',
  summary: 'Confirm the enrolment at sign-in: answers the recovery codes once and signs in',
  body: CodeBody,
  response: MfaRecoveryCodes.extend({ session: Session }),
});
