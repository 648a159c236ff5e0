import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Config } from '../../config';

// The TOTP secret at rest (docs/security.md, "MFA decisions"): AES-256-GCM under MFA_SECRET_KEY,
// bound to its user (the user id is the additional data, so a sealed secret copied to another
// user's row does not open). Stored as `v1:` + base64url(iv ‖ tag ‖ ciphertext). A secret
// stored before encryption (plain base32) is still read, and sealed at its next accepted code.

const PREFIX = 'v1:';
/** Development and test only: production refuses to start without MFA_SECRET_KEY (config.ts). */
const DEVELOPMENT_KEY = createHash('sha256').update('tread-development-mfa-secret-key').digest();

/** The 32-byte key: MFA_SECRET_KEY as 64 hex digits or base64, else the development key. */
export function mfaKeyOf(config: Pick<Config, 'MFA_SECRET_KEY'>): Buffer {
  const value = config.MFA_SECRET_KEY;
  if (!value) return DEVELOPMENT_KEY;
  return /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
}

const aad = (userId: number) => Buffer.from(`user_mfa:${userId}`);

export function sealMfaSecret(config: Pick<Config, 'MFA_SECRET_KEY'>, userId: number, secret: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', mfaKeyOf(config), iv);
  cipher.setAAD(aad(userId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

export const isSealed = (stored: string) => stored.startsWith(PREFIX);

/** The secret of a stored value, sealed or (from before encryption) plain; throws on a wrong key. */
export function openMfaSecret(config: Pick<Config, 'MFA_SECRET_KEY'>, userId: number, stored: string) {
  if (!isSealed(stored)) return stored;
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', mfaKeyOf(config), raw.subarray(0, 12));
  decipher.setAAD(aad(userId));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
