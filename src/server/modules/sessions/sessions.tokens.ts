import { createHash, randomBytes } from 'node:crypto';

/** A fresh secret of 256 bits, URL-safe: session ids, API tokens, reset tokens. */
export function newSecret(prefix = ''): string {
  return prefix + randomBytes(32).toString('base64url');
}

/** Secrets are stored only as their SHA-256, so the table cannot be replayed. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
