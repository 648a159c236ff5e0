import type { Config } from '../../config';
import type { DbOrTx } from '../../db/connection';
import { AppError } from '../../http/errors';
import * as repo from './sessions.repository';

/**
 * Guarded calls (sign-in, password recovery, the current-password check) claim an attempt
 * under a key before any password is checked. The claim is one atomic statement, so fifty
 * parallel guesses get `free` attempts between them, not fifty. After `free` attempts each
 * further one waits twice as long as the one before (30 s, 60 s, … up to the window), and a
 * key left alone for twice the window starts over. A success clears the key it names.
 *
 * Keys are chosen so that an attacker cannot lock a real user out: the tight limit is per
 * username AND address; the per-username and per-address limits are looser and do not apply
 * to a browser the user has signed in from before (a known device).
 */
export interface ThrottleRule {
  key: string;
  free: number;
}

const BASE_DELAY_SECONDS = 30;

const claim = (db: DbOrTx, config: Config, rule: ThrottleRule) =>
  repo.claimThrottle(db, rule.key, rule.free, BASE_DELAY_SECONDS, config.LOGIN_WINDOW_MINUTES * 60);

export async function claimAttempt(db: DbOrTx, config: Config, rule: ThrottleRule) {
  const claimed = await claim(db, config, rule);
  if (claimed.ok) return;
  throw new AppError('rate_limited', 'Too many attempts. Try again later.', {
    headers: { 'retry-after': String(Math.max(1, claimed.retryAfterSeconds)) },
  });
}

/**
 * The same claim, answering false past the limit instead of a 429: for a limit the caller must
 * not notice, because it counts what others did (mails already sent to an address).
 */
export async function attemptAllowed(db: DbOrTx, config: Config, rule: ThrottleRule) {
  return (await claim(db, config, rule)).ok;
}

export const clearAttempts = (db: DbOrTx, rule: ThrottleRule) => repo.clearThrottle(db, rule.key);

/** A success counts as no attempt: many people behind one office address sign in all day. */
export const refundAttempt = (db: DbOrTx, rule: ThrottleRule) => repo.refundThrottle(db, rule.key);

/** The rules of one sign-in attempt; `knownDevice` lifts the per-username and per-address ones. */
export function signInRules(config: Config, username: string, ip: string, knownDevice: boolean) {
  const name = username.toLowerCase();
  const pair: ThrottleRule = { key: `login:pair:${name}|${ip}`, free: config.LOGIN_MAX_FAILURES };
  if (knownDevice) return { pair, all: [pair] };
  // A shared office address makes more honest mistakes than one person: four times more.
  const user: ThrottleRule = { key: `login:user:${name}`, free: config.LOGIN_MAX_FAILURES * 4 };
  const address: ThrottleRule = { key: `login:addr:${ip}`, free: config.LOGIN_MAX_FAILURES * 4 };
  return { pair, all: [pair, user, address] };
}

/** /recover mails a link: a few per username and per address in a window, whoever asks. */
export const recoverRules = (config: Config, username: string, ip: string): ThrottleRule[] => [
  { key: `recover:user:${username.toLowerCase()}`, free: 3 },
  { key: `recover:addr:${ip}`, free: config.LOGIN_MAX_FAILURES * 2 },
];

/**
 * The wholesale sign-up mails a confirmation link to the address it names: a few per caller
 * address (past it a 429, which tells the caller only about its own calls) and a few per
 * recipient (past it nothing is sent, and the answer is the same).
 */
export const signupMailRules = (config: Config, email: string, ip: string) => ({
  address: { key: `signup:addr:${ip}`, free: config.LOGIN_MAX_FAILURES * 2 } satisfies ThrottleRule,
  recipient: { key: `signup:to:${email.toLowerCase()}`, free: 3 } satisfies ThrottleRule,
});

export const resetRule = (config: Config, ip: string): ThrottleRule => ({
  key: `reset:addr:${ip}`,
  free: config.LOGIN_MAX_FAILURES * 2,
});

export const currentPasswordRule = (config: Config, userId: number): ThrottleRule => ({
  key: `password:user:${userId}`,
  free: config.LOGIN_MAX_FAILURES,
});
