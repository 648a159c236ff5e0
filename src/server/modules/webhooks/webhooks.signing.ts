// Signing a delivery by the Standard Webhooks scheme (docs/webhooks.md, "Verifying"): the secret is
// `whsec_` and base64 bytes; the signature is `v1,` and the base64 HMAC-SHA256 of
// "<webhook-id>.<webhook-timestamp>.<body>" with those bytes, made by the `standardwebhooks`
// package that receivers verify with.
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new signing secret: 24 random bytes, `whsec_` and base64. */
export const newSigningSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** The last characters of a secret, shown to tell secrets apart. */
export const secretHint = (secret: string) => `whsec_…${secret.slice(-4)}`;

/** The `webhook-id` of an event: the same for every endpoint, attempt and resend of it. */
export const webhookIdOf = (eventId: number) => `msg_${eventId}`;

/** The headers of one attempt: signed by each secret given (the current one first), space-separated. */
export function signedHeaders(secrets: readonly string[], webhookId: string, at: Date, body: string) {
  const timestamp = Math.floor(at.getTime() / 1000);
  const signatures = secrets.map((secret) =>
    new Webhook(secret).sign(webhookId, new Date(timestamp * 1000), body),
  );
  return {
    'webhook-id': webhookId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatures.join(' '),
  };
}
