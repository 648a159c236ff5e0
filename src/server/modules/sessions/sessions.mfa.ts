import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Role } from '../../../domain/roles';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db/connection';
import { AppError, conflict } from '../../http/errors';
import { isSealed, openMfaSecret, sealMfaSecret } from './sessions.mfa-secret';
import * as repo from './sessions.mfa.repository';
import { claimAttempt, clearAttempts, type ThrottleRule } from './sessions.throttle';
import { hashSecret } from './sessions.tokens';

// Staff MFA: TOTP codes (RFC 6238: SHA-1, 6 digits, 30-second steps, what every authenticator
// app speaks) and one-time recovery codes. The rules are in docs/security.md.

const ISSUER = 'Tread';
const RECOVERY_CODES = 10;
/** One step either side of now: a phone clock a little off still works. */
const TOLERANCE_SECONDS = 30;

/** Whether configuration makes this role use a second factor. */
export const mfaRequiredFor = (config: Config, role: Role) => config.MFA_REQUIRED_ROLES.includes(role);

/** Second-factor guesses: a few per user, then the growing delay of every throttled call. */
const mfaRule = (config: Config, userId: number): ThrottleRule => ({
  key: `mfa:user:${userId}`,
  free: config.LOGIN_MAX_FAILURES,
});

/** What a user owes after the right password: nothing, a code, or an enrolment first. */
export async function secondStepOwed(db: DbOrTx, config: Config, user: { id: number; role: string }) {
  if (await repo.hasEnabledMfa(db, user.id)) return 'verify' as const;
  return mfaRequiredFor(config, user.role as Role) ? ('enrol' as const) : null;
}

export async function mfaStatus(db: DbOrTx, config: Config, userId: number, role: Role) {
  return {
    enabled: await repo.hasEnabledMfa(db, userId),
    required: mfaRequiredFor(config, role),
    recoveryCodesLeft: await repo.countRecoveryCodesLeft(db, userId),
  };
}

/** A new secret and its QR code; the factor is not on until a code from the app confirms it. */
export async function startEnrolment(db: DbOrTx, config: Config, userId: number, username: string) {
  if (await repo.hasEnabledMfa(db, userId))
    throw conflict('A second factor is already on. Turn it off first to enrol another app.');
  const secret = generateSecret();
  await repo.putPendingMfa(db, userId, sealMfaSecret(config, userId, secret));
  const uri = generateURI({ issuer: ISSUER, label: username, secret });
  const qr = await QRCode.toDataURL(uri, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
  return { secret, uri, qr };
}

const wrongCode = (code: 'bad_request' | 'unauthenticated' = 'bad_request') =>
  new AppError(code, 'That code is wrong or was already used', {
    errors: [{ pointer: '/body/code', detail: 'is wrong or was already used' }],
  });

/** Confirms the enrolment with a first code; answers the recovery codes, shown only this once. */
export async function confirmEnrolment(db: Db, config: Config, userId: number, code: string) {
  const mfa = await repo.findMfa(db, userId);
  if (!mfa || mfa.enabledAt) throw conflict('Start the enrolment first');
  if (!(await checkCode(db, config, userId, code))) throw wrongCode();
  const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await db.transaction((tx) =>
    repo.enableMfa(
      tx,
      userId,
      codes.map((c) => recoveryHash(userId, c)),
    ),
  );
  return codes;
}

/** Turns the factor off; needs a code (TOTP or recovery), never the session alone. */
export async function disableMfa(db: Db, config: Config, userId: number, code: string) {
  if (!(await repo.hasEnabledMfa(db, userId))) throw conflict('No second factor is on');
  if (!(await checkCode(db, config, userId, code))) throw wrongCode();
  await db.transaction((tx) => repo.deleteMfa(tx, userId));
}

/**
 * An admin takes away the second factor of a user who lost it, inside the admin's transaction:
 * the factor and its recovery codes go, no code asked. Answers whether a factor was on.
 */
export async function resetSecondFactor(tx: DbOrTx, userId: number) {
  const wasOn = await repo.hasEnabledMfa(tx, userId);
  await repo.deleteMfa(tx, userId);
  return wasOn;
}

/** The second sign-in step (and a bearer token's): throws 401 unless the code is right. */
export async function assertSecondFactor(db: DbOrTx, config: Config, userId: number, code: string) {
  if (!(await checkCode(db, config, userId, code))) throw wrongCode('unauthenticated');
}

/**
 * Checks a TOTP code (never the same time step twice) or, once the factor is on, a recovery
 * code (each once). Every check claims a throttled attempt first; a right code clears them.
 */
async function checkCode(db: DbOrTx, config: Config, userId: number, code: string) {
  const rule = mfaRule(config, userId);
  await claimAttempt(db, config, rule);
  const mfa = await repo.findMfa(db, userId);
  if (!mfa) return false;
  const digits = code.replace(/\s/g, '');
  let ok = false;
  if (/^\d{6}$/.test(digits)) {
    const result = await verify({
      secret: openMfaSecret(config, userId, mfa.secret),
      token: digits,
      epochTolerance: TOLERANCE_SECONDS,
      ...(mfa.lastStep !== null && { afterTimeStep: mfa.lastStep }),
    });
    ok = result.valid && 'timeStep' in result && (await repo.acceptStep(db, userId, result.timeStep));
  } else if (mfa.enabledAt) {
    ok = await repo.spendRecoveryCode(db, userId, recoveryHash(userId, code));
  }
  if (ok) await clearAttempts(db, rule);
  // A secret stored before encryption at rest is sealed once it has proved itself.
  if (ok && !isSealed(mfa.secret))
    await repo.setMfaSecret(
      db,
      userId,
      sealMfaSecret(config, userId, openMfaSecret(config, userId, mfa.secret)),
    );
  return ok;
}

/** Ten random characters of a-z and 2-7 (50 bits), shown as two groups of five. */
function newRecoveryCode() {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const chars = [...randomBytes(10)].map((b) => alphabet[b % 32]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Stored only as a hash, tied to the user; typed with or without the dash, any case. */
const recoveryHash = (userId: number, code: string) =>
  hashSecret(`mfa-recovery:${userId}:${code.toLowerCase().replace(/[^a-z0-9]/g, '')}`);
