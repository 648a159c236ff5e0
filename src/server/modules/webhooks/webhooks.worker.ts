// The worker that sends the outbox (docs/webhooks.md, "Delivery"): started with the app
// (webhooksRoutes), it claims due deliveries with FOR UPDATE SKIP LOCKED, so any number of
// instances on one database send each delivery once, signs and POSTs each, and records the
// answer: delivered on a 2xx, else the next attempt by the back-off schedule, and after the
// last one the delivery has failed, its endpoint is failing and the company admins are e-mailed.
// It wakes on the NOTIFY a committed event sends (PostgreSQL) and polls besides (retries falling
// due, the embedded database, a lost notification).
import pg from 'pg';
import {
  isDeliveredStatusCode,
  WEBHOOK_RETRY_DELAYS_MS,
  webhookAttemptsPerRound,
  webhookRetryDelay,
} from '../../../domain/webhook-events';
import type { Config } from '../../config';
import type { Db } from '../../db/connection';
import { queueEmail } from '../../integrations/email/outbox';
import * as repo from './webhooks.repository';
import { type AttemptResult, attemptDelivery, WEBHOOK_TIMEOUT_MS } from './webhooks.sender';
import { signedHeaders, webhookIdOf } from './webhooks.signing';
import type { TargetRules } from './webhooks.targets';

export interface WorkerOptions {
  config: Pick<Config, 'PUBLIC_URL' | 'PORT'>;
  rules: TargetRules;
  /** PostgreSQL to LISTEN on; without it (the embedded database) the worker polls only. */
  listenUrl?: string;
  /** How often it looks for due deliveries besides the notifications. */
  pollMs?: number;
  /** Deliveries in flight at once. */
  concurrency?: number;
  /** How long a claimed delivery is kept from the other workers while it is being sent. */
  leaseMs?: number;
  /** The waits between attempts (tests shorten them). */
  delays?: readonly number[];
  timeoutMs?: number;
  log?: { warn(obj: object, msg: string): void };
}

export interface WebhookWorker {
  /** Looks for due deliveries now. */
  wake(): void;
  /** Ends the loop once the deliveries in flight are recorded. */
  stop(): Promise<void>;
}

const LEASE_MS = 60_000;

/** The payload of an event: the same bytes on every attempt (jsonb keeps one key order). */
export const payloadOf = (c: Pick<repo.ClaimedDelivery, 'type' | 'eventAt' | 'data'>) =>
  JSON.stringify({ type: c.type, timestamp: c.eventAt.toISOString(), data: c.data });

/** Signs and sends one claimed delivery, and records what came of it. */
export async function sendClaimed(db: Db, c: repo.ClaimedDelivery, options: WorkerOptions) {
  const now = new Date();
  const secrets = [c.secret];
  if (c.previousSecret && c.previousSecretUntil && c.previousSecretUntil > now)
    secrets.push(c.previousSecret);
  const body = payloadOf(c);
  const headers = signedHeaders(secrets, webhookIdOf(c.eventId), now, body);
  const result = await attemptDelivery(
    c.url,
    headers,
    body,
    options.rules,
    options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
  );
  await recordAttempt(db, c, result, options);
  return result;
}

const baseUrl = (config: WorkerOptions['config']) =>
  (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');

/**
 * The answer of one attempt, in one transaction that locks the endpoint, then the delivery
 * (the order an endpoint's removal takes them in). A claim that is no longer this one's (the
 * endpoint was removed, or the lease ran out and another worker took it over) records nothing.
 */
export async function recordAttempt(
  db: Db,
  c: repo.ClaimedDelivery,
  result: AttemptResult,
  options: WorkerOptions,
) {
  const delivered = result.statusCode !== null && isDeliveredStatusCode(result.statusCode);
  const outcome = {
    lastStatusCode: result.statusCode,
    lastError: result.error ?? (delivered ? null : `HTTP ${result.statusCode}`),
  };
  await db.transaction(async (tx) => {
    const endpoint = await repo.lockEndpointById(tx, c.endpointId);
    const row = endpoint && (await repo.lockClaimed(tx, c.id, c.attempts));
    if (!endpoint || !row || row.status !== 'pending') return;
    if (delivered) {
      await repo.setDeliveryStatus(tx, row, 'delivered', { ...outcome, deliveredAt: new Date() });
      if (endpoint.status === 'failing')
        await repo.setEndpointStatus(tx, endpoint, 'active', { failingSince: null });
      return;
    }
    const delay = webhookRetryDelay(c.roundAttempts, options.delays ?? WEBHOOK_RETRY_DELAYS_MS);
    if (delay !== null) {
      await repo.scheduleRetry(tx, c.id, outcome, delay);
      return;
    }
    await repo.setDeliveryStatus(tx, row, 'failed', outcome);
    if (endpoint.status !== 'active') return;
    // Told once, when the endpoint starts failing; it is active again at its next delivery.
    await repo.setEndpointStatus(tx, endpoint, 'failing', { failingSince: new Date() });
    const attempts = webhookAttemptsPerRound(options.delays ?? WEBHOOK_RETRY_DELAYS_MS);
    for (const admin of await repo.companyAdmins(tx, endpoint.companyId))
      await queueEmail(tx, {
        to: admin.email,
        subject: 'A webhook endpoint of your company is failing',
        text: `Hello ${admin.name},\n\nTread could not deliver a ${c.type} event to your webhook endpoint\n\n  ${endpoint.url}\n\nafter ${attempts} attempts (the last: ${outcome.lastError}). The endpoint is marked failing; new events are still queued for it.\nSee the delivery log and resend the failed events on your account page once it answers again:\n\n${baseUrl(options.config)}/account\n`,
        kind: 'webhook_failing',
        meta: { endpointId: endpoint.id, deliveryId: c.id },
      });
  });
}

/** Listens for committed events on a connection of its own, connecting again when it drops. */
function listen(url: string, onNotify: () => void, log: WorkerOptions['log']) {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url, application_name: 'tread webhooks' });
    next.on('notification', (m) => m.channel === repo.OUTBOX_CHANNEL && onNotify());
    next.on('error', () => reconnect());
    try {
      await next.connect();
      await next.query(`listen ${repo.OUTBOX_CHANNEL}`);
      if (closed) await next.end();
      else client = next;
      // Events committed while it was not listening.
      onNotify();
    } catch (error) {
      log?.warn({ err: error }, 'listening for webhook events failed; trying again');
      next.end().catch(() => {});
      reconnect();
    }
  };
  const reconnect = () => {
    if (closed || retry) return;
    client?.end().catch(() => {});
    client = undefined;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, 1_000);
    retry.unref();
  };
  void connect();
  return async () => {
    closed = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

/** Starts the loop on `db`; see the head of this file. */
export function startWebhookWorker(db: Db, options: WorkerOptions): WebhookWorker {
  const pollMs = options.pollMs ?? (options.listenUrl ? 1_000 : 250);
  const concurrency = options.concurrency ?? 10;
  const inFlight = new Set<Promise<unknown>>();
  let stopped = false;
  let wakeUp: (() => void) | undefined;
  let woken = false;
  const wake = () => {
    woken = true;
    wakeUp?.();
  };
  const pause = () =>
    new Promise<void>((resolve) => {
      if (woken || stopped) return resolve();
      const timer = setTimeout(resolve, pollMs);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const round = async () => {
    const room = concurrency - inFlight.size;
    if (room <= 0) return 0;
    const claimed = await repo.claimDue(db, room, options.leaseMs ?? LEASE_MS);
    for (const c of claimed) {
      const sending: Promise<unknown> = sendClaimed(db, c, options)
        .catch((error) =>
          options.log?.warn({ err: error, deliveryId: c.id }, 'recording a webhook attempt failed'),
        )
        .finally(() => {
          inFlight.delete(sending);
          wake();
        });
      inFlight.add(sending);
    }
    return claimed.length;
  };
  const unlisten = options.listenUrl ? listen(options.listenUrl, wake, options.log) : null;
  const loop = (async () => {
    while (!stopped) {
      woken = false;
      let claimed = 0;
      try {
        claimed = await round();
      } catch (error) {
        if (!stopped) options.log?.warn({ err: error }, 'claiming webhook deliveries failed');
      }
      if (claimed > 0 && inFlight.size < concurrency) continue;
      await pause();
      wakeUp = undefined;
    }
  })();
  return {
    wake,
    async stop() {
      stopped = true;
      wake();
      await loop;
      await Promise.all(inFlight);
      await unlisten?.();
    },
  };
}
