// Production defaults: no demo accounts, links in e-mails from PUBLIC_URL only, forwarded
// headers only from TRUST_PROXY, a Secure cookie behind TLS and malformed origins refused.
import { desc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, testConfig } from '../config';
import { openDatabase } from '../db/connection';
import { migrateDatabase } from '../db/migrate';
import { seedIfEmpty } from '../db/seed';
import { emailOutbox, loginThrottles } from '../db/schema';
import { createAdministrator } from '../modules/users/users.service';
import { createTestApp, type TestApp } from '../test/test-app';

const productionEnv = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://shop.example',
  COINPAY_WEBHOOK_SECRET: 'a-long-random-webhook-secret-123',
  TRACKHUB_WEBHOOK_SECRET: 'another-long-random-secret-456',
  MFA_SECRET_KEY: '0123456789abcdef'.repeat(4),
  CARD_PROVIDER: 'sandbox',
  ALLOW_SANDBOX_PAYMENTS: '1',
};

describe('demo accounts are never created in production', () => {
  it('production defaults SEED to never and refuses SEED=auto', () => {
    expect(loadConfig(productionEnv).SEED).toBe('never');
    expect(() => loadConfig({ ...productionEnv, SEED: 'auto' })).toThrow(/SEED/);
    // A newcomer's `npm start` (development) still gets the demo data.
    expect(loadConfig({}).SEED).toBe('auto');
  });

  it('an empty production database gets no demo users; admin:create makes the first admin', async () => {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    try {
      await migrateDatabase(database.db);
      const config = { ...testConfig(), ...loadConfig(productionEnv), LOG_LEVEL: 'silent' as const };
      expect(await seedIfEmpty(database.db, config)).toBe(false);
      const { rows } = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
      expect(rows[0].n).toBe(0);

      const app = await buildApp(config, database.db);
      const demo = await app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { username: 'admin', password: 'demo1234' },
      });
      expect(demo.statusCode).toBe(401);

      const admin = await createAdministrator(database.db, {
        username: 'root',
        name: 'Root Admin',
        email: 'root@shop.example',
        password: 'a-strong-passphrase',
      });
      expect(admin.role).toBe('admin');
      // The password is right; production makes an admin set up MFA as the second step.
      const first = await app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { username: 'root', password: 'a-strong-passphrase' },
      });
      expect(first.statusCode).toBe(401);
      expect(first.json()).toMatchObject({ code: 'mfa_required', step: 'enrol' });
      await app.close();
    } finally {
      await database.close();
    }
  }, 60_000);

  it('production stops at start without PUBLIC_URL or with a default secret, naming the setting', () => {
    expect(() => loadConfig({ ...productionEnv, PUBLIC_URL: undefined })).toThrow(/PUBLIC_URL/);
    expect(() =>
      loadConfig({ ...productionEnv, COINPAY_WEBHOOK_SECRET: 'sandbox-coinpay-webhook-secret' }),
    ).toThrow(/COINPAY_WEBHOOK_SECRET: is a default secret/);
  });
});

describe('links in e-mails come from PUBLIC_URL, never from request headers', () => {
  let t: TestApp;
  let prod: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    prod = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' });
  });
  afterAll(async () => {
    await t.close();
    await prod.close();
  });

  async function lastResetLink(app: TestApp) {
    const [mail] = await app.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'password_reset'))
      .orderBy(desc(emailOutbox.id))
      .limit(1);
    return String(mail.meta.link ?? mail.text);
  }

  it('a spoofed X-Forwarded-Host does not choose the reset link host', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recover',
      headers: { host: 'shop.example', 'x-forwarded-host': 'evil.example' },
      payload: { username: 'clerk' },
    });
    expect(res.statusCode).toBe(200);
    const link = await lastResetLink(t);
    expect(link).not.toContain('evil.example');
    expect(link).toContain('shop.example');
  });

  it('in production the link is PUBLIC_URL whatever Host says', async () => {
    await prod.app.inject({
      method: 'POST',
      url: '/api/v1/recover',
      headers: { host: 'evil.example' },
      payload: { username: 'clerk' },
    });
    expect(await lastResetLink(prod)).toMatch(/^https:\/\/shop\.example\/reset\?token=/);
  });

  it('X-Forwarded-For counts only from a proxy named in TRUST_PROXY', async () => {
    expect(loadConfig({}).TRUST_PROXY).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).TRUST_PROXY).toEqual(['10.0.0.1', '10.0.0.2']);
    const proxied = await createTestApp({ TRUST_PROXY: ['10.9.9.9'] });
    try {
      // A failed sign-in records the address it came from (what throttling is keyed on).
      const recordedIp = async (app: TestApp, remoteAddress: string, forwardedFor: string) => {
        const username = `ghost-${Math.random().toString(36).slice(2)}`;
        await app.app.inject({
          method: 'POST',
          url: '/api/v1/login',
          remoteAddress,
          headers: { 'x-forwarded-for': forwardedFor },
          payload: { username, password: 'wrong-password' },
        });
        const [row] = await app.db
          .select()
          .from(loginThrottles)
          .where(like(loginThrottles.key, `login:pair:${username}|%`));
        return row.key.split('|')[1];
      };
      expect(await recordedIp(t, '10.1.1.1', '203.0.113.8')).toBe('10.1.1.1');
      expect(await recordedIp(proxied, '10.9.9.9', '203.0.113.7')).toBe('203.0.113.7');
      expect(await recordedIp(proxied, '10.1.1.2', '203.0.113.7')).toBe('10.1.1.2');
    } finally {
      await proxied.close();
    }
  });
});

describe('cookie and origin hardening', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://shop.example' });
  });
  afterAll(() => t.close());

  it('the session cookie is Secure when PUBLIC_URL is https even if no X-Forwarded-Proto arrives', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username: 'clerk', password: 'demo1234' },
    });
    expect(res.cookies.find((c) => c.name === 'sid')?.secure).toBe(true);
  });

  it('a malformed Origin is refused with 403, not a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { 'content-type': 'text/plain', origin: 'null' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });
});
