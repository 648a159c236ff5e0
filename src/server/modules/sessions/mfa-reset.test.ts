// The MFA leftovers of docs/security.md ("MFA decisions"): an admin resets a user's second
// factor (lost phone and recovery codes), and the TOTP secret is encrypted at rest.
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { auditLog, mfaRecoveryCodes, userMfa } from '../../db/schema';
import { createUser, FACTORY_PASSWORD } from '../../test/factories';
import { createTestApp, sessionCookieOf, signIn, type TestApp } from '../../test/test-app';
import { openMfaSecret, sealMfaSecret } from './sessions.mfa-secret';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, 'admin');
});
afterAll(() => t.close());

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload && { payload }) });
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

async function enrolled(role: 'sales' | 'support' = 'sales') {
  const user = await createUser(t.db, { role });
  const cookie = await signIn(t.app, user.username, FACTORY_PASSWORD);
  const started = await inject('POST', '/api/v1/account/mfa', cookie);
  const secret = started.json().secret as string;
  const confirmed = await inject('POST', '/api/v1/account/mfa/confirm', cookie, {
    code: await generate({ secret }),
  });
  expect(confirmed.statusCode).toBe(200);
  return { user, cookie, secret };
}

const passwordStep = (username: string) =>
  inject('POST', '/api/v1/login', undefined, { username, password: FACTORY_PASSWORD });

describe('admin MFA reset', () => {
  it('lets an admin reset the second factor of a user who lost phone and codes; audited, the user re-enrols', async () => {
    const { user, cookie, secret } = await enrolled();
    expect((await passwordStep(user.username)).json()).toMatchObject({ code: 'mfa_required' });

    // Only an admin: the user's own session or another staff role cannot.
    const sales = await signIn(t.app, 'sales');
    expect((await inject('DELETE', `/api/v1/user/${user.id}/mfa`, sales)).statusCode).toBe(403);
    expect((await inject('DELETE', '/api/v1/user/99999999/mfa', admin)).statusCode).toBe(404);

    const reset = await inject('DELETE', `/api/v1/user/${user.id}/mfa`, admin);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await t.db.select().from(userMfa).where(eq(userMfa.userId, user.id))).toEqual([]);
    expect(await t.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id))).toEqual(
      [],
    );
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(user.id)));
    expect(audit.find((a) => a.action === 'reset_mfa')).toMatchObject({
      entity: 'user',
      actorUsername: 'admin',
      before: { mfaEnabled: true },
    });
    // The user's sessions end; the password alone signs in again, and the user may enrol anew.
    expect((await inject('GET', '/api/v1/account/mfa', cookie)).statusCode).toBe(401);
    const again = await passwordStep(user.username);
    expect(again.statusCode).toBe(200);
    const fresh = sessionCookieOf(again);
    const restarted = await inject('POST', '/api/v1/account/mfa', fresh);
    expect(restarted.statusCode).toBe(200);
    expect(restarted.json().secret).not.toBe(secret);
  });
});

describe('MFA secret encrypted at rest', () => {
  it('stores the TOTP secret sealed with AES-256-GCM, bound to the user, and still reads a plain one', async () => {
    const { user, secret } = await enrolled('support');
    const [row] = await t.db.select().from(userMfa).where(eq(userMfa.userId, user.id));
    expect(row.secret).toMatch(/^v1:/);
    expect(row.secret).not.toContain(secret);
    const config = { MFA_SECRET_KEY: undefined };
    expect(openMfaSecret(config, user.id, row.secret)).toBe(secret);
    // Bound to its user and its key: another user's row or another key does not open it.
    expect(() => openMfaSecret(config, user.id + 1, row.secret)).toThrow();
    expect(() => openMfaSecret({ MFA_SECRET_KEY: 'ab'.repeat(32) }, user.id, row.secret)).toThrow();
    expect(openMfaSecret(config, 7, sealMfaSecret(config, 7, 'JBSWY3DPEHPK3PXP'))).toBe('JBSWY3DPEHPK3PXP');

    // A secret stored before encryption (plain base32) still works and is sealed at its next use.
    await t.db.update(userMfa).set({ secret }).where(eq(userMfa.userId, user.id));
    const pending = await passwordStep(user.username);
    const cookie = sessionCookieOf(pending);
    const ok = await inject('POST', '/api/v1/login/mfa', cookie, { code: await nextCode(secret) });
    expect(ok.statusCode, ok.body).toBe(200);
    const [after] = await t.db.select().from(userMfa).where(eq(userMfa.userId, user.id));
    expect(after.secret).toMatch(/^v1:/);
    expect(openMfaSecret(config, user.id, after.secret)).toBe(secret);
  });

  it('refuses to start in production without MFA_SECRET_KEY, naming it', () => {
    const env = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example',
      COINPAY_WEBHOOK_SECRET: 'a-real-secret-of-32-characters!!',
      TRACKHUB_WEBHOOK_SECRET: 'another-real-secret-of-32-chars!',
      SEED: 'never',
      CARD_PROVIDER: 'sandbox',
      ALLOW_SANDBOX_PAYMENTS: '1',
    };
    expect(() => loadConfig(env)).toThrow(/MFA_SECRET_KEY/);
    expect(loadConfig({ ...env, MFA_SECRET_KEY: 'cd'.repeat(32) }).MFA_SECRET_KEY).toBe('cd'.repeat(32));
    expect(() => loadConfig({ ...env, MFA_SECRET_KEY: 'short' })).toThrow(/MFA_SECRET_KEY/);
  });
});
