import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { FACTORY_PASSWORD, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { callerWith, freePort } from './webhooks.test-helpers';
import { enqueueWebhookEvent } from './webhooks.service';
import { sendClaimed } from './webhooks.worker';
import { claimDue } from './webhooks.repository';

type Caller = Awaited<ReturnType<typeof callerWith>>;

let t: TestApp;
let admin: Caller;
let clerk: Caller;
let demoCompanyId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await callerWith(t.app, 'buyer');
  clerk = await callerWith(t.app, 'clerk');
  const [buyer] = await t.db.select().from(users).where(eq(users.username, 'buyer'));
  demoCompanyId = buyer.companyId!;
});
afterAll(async () => {
  await t.close();
});

const endpointCount = async () => (await t.db.select({ n: count() }).from(webhookEndpoints))[0].n;

describe('registering a webhook endpoint', () => {
  it('answers the whsec_ secret once; the list shows only its last characters', async () => {
    const created = await admin('POST', '/api/v1/webhook', {
      url: 'https://erp.example.com/tread',
      description: 'ERP',
      events: ['order.placed', 'invoice.created'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { endpoint, secret } = created.json().data;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(24);
    expect(endpoint).toMatchObject({
      url: 'https://erp.example.com/tread',
      description: 'ERP',
      events: ['order.placed', 'invoice.created'],
      status: 'active',
      failingSince: null,
      secretHint: `whsec_…${secret.slice(-4)}`,
      secretRotatedAt: null,
    });

    const listed = await admin('GET', '/api/v1/webhook');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(secret);
    expect(listed.json().data.list).toContainEqual(endpoint);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'webhook_endpoint'), eq(auditLog.entityId, String(endpoint.id))));
    expect(audit).toMatchObject({ entity: 'webhook_endpoint', action: 'create', actorUsername: 'buyer' });
    expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it('rotates the secret: a new one, answered once; the old one signs beside it for 24 hours', async () => {
    const { endpoint, secret } = (
      await admin('POST', '/api/v1/webhook', {
        url: 'https://erp.example.com/rotate',
        events: ['order.shipped'],
      })
    ).json().data;
    const before = Date.now();
    const rotated = await admin('POST', `/api/v1/webhook/${endpoint.id}/rotate`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const next = rotated.json().data;
    expect(next.secret).toMatch(/^whsec_/);
    expect(next.secret).not.toBe(secret);
    expect(next.endpoint.secretHint).toBe(`whsec_…${next.secret.slice(-4)}`);
    const until = Date.parse(next.endpoint.previousSecretUntil);
    expect(until - before).toBeGreaterThanOrEqual(24 * 3_600_000 - 1_000);
    expect(until - before).toBeLessThanOrEqual(24 * 3_600_000 + 60_000);
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({ secret: next.secret, previousSecret: secret });
    expect((await admin('GET', '/api/v1/webhook')).body).not.toContain(next.secret);
  });

  it('changes the events, pauses and resumes an endpoint, and removes it', async () => {
    const { endpoint } = (
      await admin('POST', '/api/v1/webhook', {
        url: 'https://erp.example.com/change',
        events: ['order.placed'],
      })
    ).json().data;
    const changed = await admin('PUT', `/api/v1/webhook/${endpoint.id}`, {
      events: ['return.updated', 'refund.processed'],
      enabled: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({
      events: ['return.updated', 'refund.processed'],
      status: 'disabled',
    });
    expect((await admin('PUT', `/api/v1/webhook/${endpoint.id}`, { enabled: true })).json().data.status).toBe(
      'active',
    );
    const removed = await admin('DELETE', `/api/v1/webhook/${endpoint.id}`);
    expect(removed.statusCode).toBe(200);
    expect(
      (await admin('GET', '/api/v1/webhook')).json().data.list.map((e: { id: number }) => e.id),
    ).not.toContain(endpoint.id);
  });
});

describe('who may manage webhooks', () => {
  it('is the company admin only: a buyer gets 403 on every call, no session 401', async () => {
    const { endpoint } = (
      await admin('POST', '/api/v1/webhook', {
        url: 'https://erp.example.com/auth',
        events: ['order.placed'],
      })
    ).json().data;
    const calls: [Parameters<Caller>[0], string, object?][] = [
      ['GET', '/api/v1/webhook'],
      ['POST', '/api/v1/webhook', { url: 'https://erp.example.com/x', events: ['order.placed'] }],
      ['PUT', `/api/v1/webhook/${endpoint.id}`, { description: 'mine' }],
      ['POST', `/api/v1/webhook/${endpoint.id}/rotate`],
      ['DELETE', `/api/v1/webhook/${endpoint.id}`],
      ['GET', `/api/v1/webhook/${endpoint.id}/delivery`],
      ['POST', '/api/v1/webhook/delivery/1/resend'],
    ];
    const before = await endpointCount();
    for (const [method, url, body] of calls) {
      const res = await clerk(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await t.app.inject({ method, url, ...(body && { payload: body }) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await endpointCount()).toBe(before);
  });

  it("answers 404 for another company's endpoint and delivery, and lists only the caller's", async () => {
    const { endpoint } = (
      await admin('POST', '/api/v1/webhook', {
        url: 'https://erp.example.com/theirs',
        events: ['order.placed'],
      })
    ).json().data;
    const eventId = await t.db.transaction((tx) =>
      enqueueWebhookEvent(tx, demoCompanyId, 'order.placed', { orderId: 1 }),
    );
    const [delivery] = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventId, eventId!));
    const stranger = await createUser(t.db, { role: 'company_admin' });
    const other = await callerWith(t.app, stranger.username, FACTORY_PASSWORD);
    expect((await other('GET', '/api/v1/webhook')).json().data.list).toEqual([]);
    for (const [method, url, body] of [
      ['PUT', `/api/v1/webhook/${endpoint.id}`, { description: 'taken' }],
      ['POST', `/api/v1/webhook/${endpoint.id}/rotate`],
      ['DELETE', `/api/v1/webhook/${endpoint.id}`],
      ['GET', `/api/v1/webhook/${endpoint.id}/delivery`],
      ['POST', `/api/v1/webhook/delivery/${delivery.id}/resend`],
    ] as [Parameters<Caller>[0], string, object?][]) {
      const res = await other(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('not_found');
    }
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({ description: '', secret: expect.stringMatching(/^whsec_/) });
  });
});

describe('a webhook URL that cannot be used', () => {
  /**
   * An app with production's rules (https only, no private addresses). Closed with this block:
   * in production it runs the worker, which would send the deliveries the later blocks assert.
   */
  let prod: TestApp;
  let prodAdmin: Caller;
  beforeAll(async () => {
    prod = await createTestApp({ NODE_ENV: 'production', WEBHOOK_ALLOW_PRIVATE_URLS: false });
    prodAdmin = await callerWith(prod.app, 'buyer');
  });
  afterAll(() => prod.close());

  const refused = async (url: string, detail: RegExp, as = prodAdmin) => {
    const before = await endpointCount();
    const res = await as('POST', '/api/v1/webhook', { url, events: ['order.placed'] });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const body = res.json();
    expect(body.code).toBe('bad_request');
    expect(body.errors).toEqual([{ pointer: '/body/url', detail: expect.stringMatching(detail) }]);
    expect(await endpointCount()).toBe(before);
  };

  it('is a 400 at /body/url in production when it is not https', async () => {
    await refused('http://erp.example.com/tread', /must use https/);
    await refused('ftp://erp.example.com/tread', /must be an https URL, not ftp/);
    await refused('erp.example.com/tread', /is not a URL/);
    await refused('https://user:pw@erp.example.com/tread', /user name or password/);
  });

  it('is a 400 in production for private, loopback and link-local addresses, however written', async () => {
    for (const url of [
      'https://127.0.0.1/hooks',
      'https://2130706433/hooks',
      'https://0x7f.1/hooks',
      'https://10.1.2.3/hooks',
      'https://172.16.0.9/hooks',
      'https://192.168.1.1/hooks',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/hooks',
      'https://0.0.0.0/hooks',
      'https://[::1]/hooks',
      'https://[::ffff:127.0.0.1]/hooks',
      'https://[fd00::1]/hooks',
      'https://[fe80::1]/hooks',
    ])
      await refused(url, /private or loopback address/);
    await refused('https://localhost:8443/hooks', /name of this network/);
    await refused('https://erp.internal/hooks', /name of this network/);
  });

  it('is a 400 in production when the name resolves to a private address', async (ctx) => {
    const name = hostname();
    const addresses = await lookup(name, { all: true }).catch(() => []);
    if (!addresses.length) {
      console.log(`skipped: this machine's name ${name} does not resolve`);
      ctx.skip();
    }
    await refused(
      `https://${name}/hooks`,
      new RegExp(`${name} resolves to .*, a private or loopback address`),
    );
  });

  it('names every problem of the input at its pointer, and writes nothing', async () => {
    const before = await endpointCount();
    const res = await prodAdmin('POST', '/api/v1/webhook', {
      url: '',
      events: ['order.placed', 'order.paid'],
    });
    expect(res.statusCode).toBe(400);
    const pointers = res.json().errors.map((e: { pointer: string }) => e.pointer);
    expect(pointers).toContain('/body/url');
    expect(pointers.some((p: string) => p.startsWith('/body/events'))).toBe(true);
    const none = await prodAdmin('POST', '/api/v1/webhook', { url: 'https://erp.example.com/x', events: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([{ pointer: '/body/events', detail: 'Choose at least one event' }]);
    expect(await endpointCount()).toBe(before);
  });

  it('refuses a change to such a URL and keeps the old one', async () => {
    const { endpoint } = (
      await prodAdmin('POST', '/api/v1/webhook', {
        url: 'https://203.0.114.10/hooks',
        events: ['order.placed'],
      })
    ).json().data;
    const res = await prodAdmin('PUT', `/api/v1/webhook/${endpoint.id}`, { url: 'https://10.0.0.1/hooks' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].pointer).toBe('/body/url');
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row.url).toBe('https://203.0.114.10/hooks');
  });

  it('outside production takes http and this machine, for receivers under test', async () => {
    const res = await admin('POST', '/api/v1/webhook', {
      url: 'http://127.0.0.1:9/hooks',
      events: ['order.placed'],
    });
    expect(res.statusCode, res.body).toBe(201);
    await admin('DELETE', `/api/v1/webhook/${res.json().data.endpoint.id}`);
  });
});

describe('the delivery log and resend', () => {
  it('shows status, attempts and the last answer; resends a failed delivery with a new round, refuses a pending one', async () => {
    const port = await freePort();
    const stranger = await createUser(t.db, { role: 'company_admin' });
    const own = await callerWith(t.app, stranger.username, FACTORY_PASSWORD);
    const { endpoint } = (
      await own('POST', '/api/v1/webhook', {
        url: `http://127.0.0.1:${port}/down`,
        events: ['refund.processed'],
      })
    ).json().data;
    const eventId = await t.db.transaction((tx) =>
      enqueueWebhookEvent(tx, stranger.companyId!, 'refund.processed', { refundId: 12, amountCents: 4200 }),
    );
    const pending = (await own('GET', `/api/v1/webhook/${endpoint.id}/delivery`)).json().data;
    expect(pending).toMatchObject({ count: 1, page: 0 });
    const [first] = pending.list;
    expect(first).toMatchObject({
      webhookId: `msg_${eventId}`,
      eventType: 'refund.processed',
      status: 'pending',
      attempts: 0,
      lastStatusCode: null,
      data: { refundId: 12, amountCents: 4200 },
    });
    const early = await own('POST', `/api/v1/webhook/delivery/${first.id}/resend`);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'invalid_transition', current: 'pending', wanted: 'pending' });

    // One attempt per round (no retries), to a receiver that is down: failed.
    const options = { config: t.app.config, rules: { httpsOnly: false, allowPrivate: true }, delays: [] };
    const claimed = (await claimDue(t.db, 100, 60_000)).filter((c) => c.id === first.id);
    expect(claimed).toHaveLength(1);
    await sendClaimed(t.db, claimed[0], options);
    const failed = (await own('GET', `/api/v1/webhook/${endpoint.id}/delivery?status=failed`)).json().data
      .list[0];
    expect(failed).toMatchObject({
      id: first.id,
      status: 'failed',
      attempts: 1,
      lastStatusCode: null,
      nextAttemptAt: null,
    });
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/);
    expect((await own('GET', '/api/v1/webhook')).json().data.list[0]).toMatchObject({
      status: 'failing',
      failingSince: expect.any(String),
    });

    const resent = await own('POST', `/api/v1/webhook/delivery/${first.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().data).toMatchObject({
      id: first.id,
      status: 'pending',
      attempts: 1,
      webhookId: `msg_${eventId}`,
    });
    const [row] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, first.id));
    expect(row).toMatchObject({ status: 'pending', roundAttempts: 0, attempts: 1 });
  });

  it('pages the log newest first and refuses a bad page with a pointer', async () => {
    const { endpoint } = (
      await admin('POST', '/api/v1/webhook', {
        url: 'https://erp.example.com/log',
        events: ['order.delivered'],
      })
    ).json().data;
    for (let i = 1; i <= 3; i++)
      await t.db.transaction((tx) =>
        enqueueWebhookEvent(tx, demoCompanyId, 'order.delivered', { orderId: i }),
      );
    const page = (await admin('GET', `/api/v1/webhook/${endpoint.id}/delivery?pageSize=2`)).json().data;
    expect(page.count).toBe(3);
    expect(page.list.map((d: { data: { orderId: number } }) => d.data.orderId)).toEqual([3, 2]);
    const bad = await admin('GET', `/api/v1/webhook/${endpoint.id}/delivery?pageSize=500`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].pointer).toBe('/querystring/pageSize');
  });
});
