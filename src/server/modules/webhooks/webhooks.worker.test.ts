import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { receiver, until } from './webhooks.test-helpers';
import { enqueueWebhookEvent, startWebhookWorker, type WorkerOptions } from './webhooks.service';
import { newSigningSecret } from './webhooks.signing';
import { WEBHOOK_TIMEOUT_MS } from './webhooks.sender';

let t: TestApp;
const secrets: string[] = [];
const hooks = receiver(() => secrets);
beforeAll(async () => {
  t = await createTestApp();
  await hooks.listen();
});
afterAll(async () => {
  await hooks.close();
  await t.close();
});

const options = (extra: Partial<WorkerOptions> = {}): WorkerOptions => ({
  config: t.app.config,
  rules: { httpsOnly: false, allowPrivate: true },
  pollMs: 50,
  ...extra,
});

/** A company with an admin and one endpoint at the receiver (at `path`) for `events`. */
async function companyWithEndpoint(path: string, events: string[], url = hooks.url(path)) {
  const admin = await createUser(t.db, { role: 'company_admin' });
  const secret = newSigningSecret();
  secrets.push(secret);
  const [endpoint] = await t.db
    .insert(webhookEndpoints)
    .values({ companyId: admin.companyId!, url, events, secret })
    .returning();
  return { admin, companyId: admin.companyId!, endpoint, secret };
}

const emit = (companyId: number, type: 'order.placed' | 'order.shipped', data: object) =>
  t.db.transaction((tx) => enqueueWebhookEvent(tx, companyId, type, data));

const deliveriesOf = (endpointId: number) =>
  t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

describe('the webhook worker', () => {
  it('sends each event once, signed by the Standard Webhooks scheme, which the standardwebhooks package verifies', async () => {
    const { companyId, endpoint } = await companyWithEndpoint('/signed', ['order.placed']);
    const worker = startWebhookWorker(t.db, options());
    try {
      const eventId = await emit(companyId, 'order.placed', {
        orderId: 41,
        number: 'T-41',
        status: 'placed',
      });
      await until(
        async () => (await deliveriesOf(endpoint.id))[0]?.status === 'delivered',
        10_000,
        'the delivery',
      );
      const got = hooks.received.filter((r) => r.id === `msg_${eventId}`);
      expect(got).toHaveLength(1);
      expect(got[0].verified).toMatchObject({
        type: 'order.placed',
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        data: { orderId: 41, number: 'T-41', status: 'placed' },
      });
      expect(got[0].signature).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(Math.abs(got[0].timestamp - Date.now() / 1000)).toBeLessThan(30);
      const [row] = await deliveriesOf(endpoint.id);
      expect(row).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 200, lastError: null });
    } finally {
      await worker.stop();
    }
  });

  it('retries a 5xx by the back-off schedule and records each answer until the receiver takes it', async () => {
    const { companyId, endpoint } = await companyWithEndpoint('/flaky', ['order.shipped']);
    hooks.answer(503);
    const worker = startWebhookWorker(t.db, options({ delays: [100, 100, 100, 100] }));
    try {
      const eventId = await emit(companyId, 'order.shipped', { orderId: 42 });
      await until(
        () => hooks.received.filter((r) => r.id === `msg_${eventId}`).length >= 2,
        10_000,
        'two attempts',
      );
      const [retrying] = await deliveriesOf(endpoint.id);
      expect(retrying).toMatchObject({ status: 'pending', lastStatusCode: 503, lastError: 'HTTP 503' });
      hooks.answer(200);
      await until(
        async () => (await deliveriesOf(endpoint.id))[0].status === 'delivered',
        10_000,
        'the delivery',
      );
      const got = hooks.received.filter((r) => r.id === `msg_${eventId}`);
      const [row] = await deliveriesOf(endpoint.id);
      expect(row.attempts).toBe(got.length);
      expect(row.attempts).toBeGreaterThanOrEqual(3);
      // The same event on every attempt: one id, one body; each attempt signed at its own time.
      expect(new Set(got.map((r) => r.body)).size).toBe(1);
      expect(got.every((r) => r.verified !== null)).toBe(true);
    } finally {
      hooks.answer(200);
      await worker.stop();
    }
  });

  it('after the last attempt marks the delivery failed, the endpoint failing, e-mails the company admin once, and recovers', async () => {
    const { admin, companyId, endpoint } = await companyWithEndpoint('/broken', ['order.placed']);
    hooks.answer(500);
    const worker = startWebhookWorker(t.db, options({ delays: [50, 50] }));
    try {
      await emit(companyId, 'order.placed', { orderId: 43 });
      await emit(companyId, 'order.placed', { orderId: 44 });
      await until(
        async () => (await deliveriesOf(endpoint.id)).every((d) => d.status === 'failed'),
        10_000,
        'both deliveries to fail',
      );
      for (const d of await deliveriesOf(endpoint.id))
        expect(d).toMatchObject({ attempts: 3, lastStatusCode: 500 });
      const [failing] = await t.db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, endpoint.id));
      expect(failing.status).toBe('failing');
      expect(failing.failingSince).not.toBeNull();
      const mails = await t.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, admin.email), eq(emailOutbox.kind, 'webhook_failing')));
      expect(mails).toHaveLength(1);
      expect(mails[0].text).toContain(endpoint.url);
      expect(mails[0].text).toContain('after 3 attempts (the last: HTTP 500)');
      expect(mails[0].text).toContain('/account');

      hooks.answer(200);
      await emit(companyId, 'order.placed', { orderId: 45 });
      await until(
        async () => (await deliveriesOf(endpoint.id)).some((d) => d.status === 'delivered'),
        10_000,
        'the next delivery',
      );
      const [active] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
      expect(active).toMatchObject({ status: 'active', failingSince: null });
    } finally {
      hooks.answer(200);
      await worker.stop();
    }
  });

  it('gives an attempt up after the time-out (10 s unless set) and retries it', async () => {
    expect(WEBHOOK_TIMEOUT_MS).toBe(10_000);
    const { companyId, endpoint } = await companyWithEndpoint('/slow', ['order.placed']);
    hooks.hangUp();
    const worker = startWebhookWorker(t.db, options({ timeoutMs: 300, delays: [60_000] }));
    try {
      await emit(companyId, 'order.placed', { orderId: 46 });
      await until(
        async () =>
          (await deliveriesOf(endpoint.id))[0].attempts === 1 &&
          (await deliveriesOf(endpoint.id))[0].lastError !== null,
        10_000,
        'the time-out',
      );
      const [row] = await deliveriesOf(endpoint.id);
      expect(row).toMatchObject({
        status: 'pending',
        lastStatusCode: null,
        lastError: 'no answer within 0.3 s',
      });
      expect(row.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(50_000);
    } finally {
      hooks.hangUp(false);
      await worker.stop();
    }
  });

  it('refuses to send to a private address when they are not allowed, at the time of sending', async () => {
    // Registered while private addresses were allowed; production's rules refuse it when sent.
    const { companyId, endpoint } = await companyWithEndpoint('/private', ['order.placed']);
    const before = hooks.received.length;
    const worker = startWebhookWorker(
      t.db,
      options({ rules: { httpsOnly: true, allowPrivate: false }, delays: [60_000] }),
    );
    try {
      await emit(companyId, 'order.placed', { orderId: 47 });
      await until(
        async () =>
          (await deliveriesOf(endpoint.id))[0].attempts === 1 &&
          (await deliveriesOf(endpoint.id))[0].lastError !== null,
        10_000,
        'the refusal',
      );
      const [row] = await deliveriesOf(endpoint.id);
      expect(row.lastError).toBe('127.0.0.1 is a private or loopback address');
      expect(hooks.received.length).toBe(before);
    } finally {
      await worker.stop();
    }
  });

  it('refuses a name that resolves to a private address, at the lookup the connection uses', async () => {
    const { companyId, endpoint } = await companyWithEndpoint(
      '',
      ['order.placed'],
      'http://localhost:9/hooks',
    );
    const worker = startWebhookWorker(
      t.db,
      options({ rules: { httpsOnly: false, allowPrivate: false }, delays: [60_000] }),
    );
    try {
      await emit(companyId, 'order.placed', { orderId: 48 });
      await until(async () => (await deliveriesOf(endpoint.id))[0].lastError !== null, 10_000, 'the refusal');
      const [row] = await deliveriesOf(endpoint.id);
      expect(row.lastError).toMatch(
        /^localhost resolves to (127\.0\.0\.1|::1), a private or loopback address$/,
      );
    } finally {
      await worker.stop();
    }
  });

  it('signs with the new and the old secret for a day after a rotation', async () => {
    const { companyId, endpoint, secret: old } = await companyWithEndpoint('/rotated', ['order.placed']);
    const fresh = newSigningSecret();
    await t.db
      .update(webhookEndpoints)
      .set({ secret: fresh, previousSecret: old, previousSecretUntil: new Date(Date.now() + 86_400_000) })
      .where(eq(webhookEndpoints.id, endpoint.id));
    const worker = startWebhookWorker(t.db, options());
    try {
      const eventId = await emit(companyId, 'order.placed', { orderId: 49 });
      await until(() => hooks.received.some((r) => r.id === `msg_${eventId}`), 10_000, 'the delivery');
      const got = hooks.received.find((r) => r.id === `msg_${eventId}`)!;
      expect(got.signature.split(' ')).toHaveLength(2);
      const { Webhook } = await import('standardwebhooks');
      const headers = {
        'webhook-id': got.id,
        'webhook-timestamp': String(got.timestamp),
        'webhook-signature': got.signature,
      };
      expect(new Webhook(fresh).verify(got.body, headers)).toMatchObject({ data: { orderId: 49 } });
      expect(new Webhook(old).verify(got.body, headers)).toMatchObject({ data: { orderId: 49 } });
      expect(() => new Webhook(newSigningSecret()).verify(got.body, headers)).toThrow();
    } finally {
      await worker.stop();
    }
  });
});
