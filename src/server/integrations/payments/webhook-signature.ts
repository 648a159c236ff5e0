// Provider webhooks are signed as the common providers sign them: the header
// `X-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. A signature
// older than five minutes is refused, so a captured request cannot be replayed later; replays
// within the window are refused by event id (webhook_events).
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-webhook-signature';
export const TOLERANCE_SECONDS = 300;

export function signPayload(secret: string, rawBody: string, at = Math.floor(Date.now() / 1000)): string {
  const mac = createHmac('sha256', secret).update(`${at}.${rawBody}`).digest('hex');
  return `t=${at},v1=${mac}`;
}

/** Whether the header signs this exact body with the secret, within the tolerance. */
export function verifySignature(
  secret: string,
  header: string | undefined,
  rawBody: string,
  now = Math.floor(Date.now() / 1000),
): { ok: true } | { ok: false; why: string } {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.trim().split('=', 2)));
  const at = Number(parts.t);
  if (!Number.isInteger(at) || typeof parts.v1 !== 'string') return { ok: false, why: 'missing signature' };
  if (Math.abs(now - at) > TOLERANCE_SECONDS)
    return { ok: false, why: 'signature timestamp out of tolerance' };
  const expected = Buffer.from(createHmac('sha256', secret).update(`${at}.${rawBody}`).digest('hex'));
  const given = Buffer.from(parts.v1);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, why: 'signature does not match' };
  return { ok: true };
}
