// Two app instances on one database, each running the worker as the app does in production (on
// its own connections, woken by NOTIFY on PostgreSQL, polling on the embedded database): every
// event reaches the receiver exactly once, signed, also when the receiver was down while the
// events were written; and how long a committed event waits for its first attempt.
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { enqueueWebhookEvent, startWebhookWorker, type WebhookWorker } from './webhooks.service';
import { newSigningSecret } from './webhooks.signing';
import { freePort, receiver, until } from './webhooks.test-helpers';

let one: TestApp;
let two: TestApp;
let workers: WebhookWorker[] = [];
const secrets: string[] = [];
const hooks = receiver(() => secrets);

beforeAll(async () => {
  // Every app of a test file shares the file's database: two instances of one deployment.
  one = await createTestApp();
  two = await createTestApp();
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  await hooks.close();
  await two.close();
  await one.close();
});

/** The worker of each instance, as the app starts it, with short waits between attempts. */
function startWorkers() {
  workers = [one, two].map((t) =>
    startWebhookWorker(t.db, {
      config: t.app.config,
      rules: { httpsOnly: false, allowPrivate: true },
      listenUrl: t.app.listenUrl,
      delays: Array.from({ length: 20 }, () => 200),
    }),
  );
}

async function companyWithEndpoint(url: string) {
  const admin = await createUser(one.db, { role: 'company_admin' });
  const secret = newSigningSecret();
  secrets.push(secret);
  const [endpoint] = await one.db
    .insert(webhookEndpoints)
    .values({ companyId: admin.companyId!, url, events: ['order.placed'], secret })
    .returning();
  return { companyId: admin.companyId!, endpoint };
}

/** Writes an event in a transaction of its own, alternately through each instance. */
const emit = (n: number, companyId: number) =>
  (n % 2 ? two : one).db.transaction((tx) =>
    enqueueWebhookEvent(tx, companyId, 'order.placed', { orderId: n, status: 'placed' }),
  );

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

describe('two instances sending one outbox', () => {
  it('deliver each event exactly once, after the receiver comes back up, then within a second of the commit', async () => {
    // Down: nothing listens on the endpoint's port while the first events are written.
    const port = await freePort();
    const { companyId, endpoint } = await companyWithEndpoint(`http://127.0.0.1:${port}/erp`);
    startWorkers();
    const early: number[] = [];
    for (let n = 0; n < 40; n++) early.push((await emit(n, companyId))!);
    await until(
      async () => {
        const rows = await one.db
          .select({ attempts: webhookDeliveries.attempts })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.endpointId, endpoint.id));
        return rows.length === 40 && rows.every((r) => r.attempts >= 2);
      },
      20_000,
      'two failed attempts of every early event',
    );
    // Up again on the same port.
    await hooks.listen(port);
    await until(() => new Set(hooks.received.map((r) => r.id)).size >= 40, 20_000, 'the early events');

    // Up: events written one by one; each is timed from its commit to its first request.
    const committedAt = new Map<string, number>();
    for (let n = 40; n < 140; n++) {
      const id = await emit(n, companyId);
      committedAt.set(`msg_${id}`, Date.now());
      await new Promise((r) => setTimeout(r, 10));
    }
    await until(() => new Set(hooks.received.map((r) => r.id)).size >= 140, 20_000, 'every event');
    await until(
      async () => {
        const rows = await one.db
          .select({ status: webhookDeliveries.status })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.endpointId, endpoint.id));
        return rows.every((r) => r.status === 'delivered');
      },
      10_000,
      'every delivery recorded',
    );
    await Promise.all(workers.map((w) => w.stop()));
    workers = [];

    // Exactly once: one request per event, each verified with the endpoint's secret.
    const ids = hooks.received.map((r) => r.id);
    expect(ids.length).toBe(140);
    expect(new Set(ids).size).toBe(140);
    expect(hooks.received.every((r) => r.verified?.type === 'order.placed')).toBe(true);
    const rows = await one.db
      .select()
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.eventId, early));
    expect(rows.every((r) => r.status === 'delivered' && r.attempts >= 3 && r.lastStatusCode === 200)).toBe(
      true,
    );

    const waits = hooks.received
      .filter((r) => committedAt.has(r.id))
      .map((r) => r.at - committedAt.get(r.id)!)
      .sort((a, b) => a - b);
    expect(waits).toHaveLength(100);
    const p95 = percentile(waits, 0.95);
    console.log(
      `webhook latency, commit to first attempt (${one.app.listenUrl ? 'PostgreSQL, NOTIFY' : 'embedded, polling'}): ` +
        `p50 ${percentile(waits, 0.5)} ms, p95 ${p95} ms, max ${waits.at(-1)} ms over ${waits.length} events`,
    );
    expect(p95).toBeLessThanOrEqual(1000);
  });
});
