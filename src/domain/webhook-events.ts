// Outbound webhooks (docs/webhooks.md): the event types a company's endpoint may subscribe to, and
// the schedule of retries. The server, the contract and the account page read the same lists.

export const webhookEventTypes = [
  'order.placed',
  'order.approval_requested',
  'order.approved',
  'order.rejected',
  'order.shipped',
  'order.delivered',
  'invoice.created',
  'return.updated',
  'refund.processed',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

export const isWebhookEventType = (s: string): s is WebhookEventType =>
  (webhookEventTypes as readonly string[]).includes(s);

/**
 * The wait before each retry after a failed attempt: immediately first, then 5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h and 10 h (eight attempts over 27 h 35 min). After the last the delivery has
 * failed and its endpoint is marked failing.
 */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];

/** How many attempts a delivery gets in one round (queued, or resent): the first and each retry. */
export const webhookAttemptsPerRound = (delays: readonly number[] = WEBHOOK_RETRY_DELAYS_MS) =>
  delays.length + 1;

/**
 * The wait after the `attempt`-th failed attempt of a round (1-based), or null when that was the
 * last: the delivery has then failed.
 */
export function webhookRetryDelay(
  attempt: number,
  delays: readonly number[] = WEBHOOK_RETRY_DELAYS_MS,
): number | null {
  return attempt >= 1 && attempt <= delays.length ? delays[attempt - 1] : null;
}

/** A receiver's answer that counts as delivered: any 2xx (docs/webhooks.md, "Retries"). */
export const isDeliveredStatusCode = (code: number) => code >= 200 && code < 300;
