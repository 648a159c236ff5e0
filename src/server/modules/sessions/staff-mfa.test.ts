// Staff TOTP with a QR enrolment and hashed recovery
// codes, required at sign-in and for a bearer token; roles named by MFA_REQUIRED_ROLES must
// enrol. See docs/security.md.
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { mfaRecoveryCodes, sessions } from '../../db/schema';
import { createUser, FACTORY_PASSWORD } from '../../test/factories';
import { createTestApp, sessionCookieOf, signIn, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A code of the next time step: later than any code used just before (no replay refusal). */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
const nowCode = (secret: string) => generate({ secret });

const post = (url: string, cookie: string | undefined, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, ...(payload && { payload }) });

async function enrol(cookie: string) {
  const started = await post('/api/v1/account/mfa', cookie);
  expect(started.statusCode).toBe(200);
  const { secret, uri, qr } = started.json();
  expect(uri).toMatch(/^otpauth:\/\/totp\/Tread:/);
  expect(qr).toMatch(/^data:image\/png;base64,/);
  const confirmed = await post('/api/v1/account/mfa/confirm', cookie, { code: await nowCode(secret) });
  expect(confirmed.statusCode).toBe(200);
  return { secret: secret as string, recoveryCodes: confirmed.json().recoveryCodes as string[] };
}

/** Signs in with the password: answers the pending cookie of the second step. */
async function passwordStep(username: string, expectedStep = 'verify') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { username, password: FACTORY_PASSWORD },
  });
  expect(res.statusCode).toBe(401);
  expect(res.json()).toMatchObject({ code: 'mfa_required', step: expectedStep });
  return sessionCookieOf(res);
}

async function enrolledStaff(role: 'sales' | 'admin' | 'finance' = 'sales') {
  const user = await createUser(t.db, { role });
  const factor = await enrol(await signIn(t.app, user.username, FACTORY_PASSWORD));
  return { user, ...factor };
}

describe('staff MFA', () => {
  it('a staff user who enrols must then give a TOTP code after the password to sign in', async () => {
    const { user, secret, recoveryCodes } = await enrolledStaff('sales');
    expect(recoveryCodes).toHaveLength(10);
    const pending = await passwordStep(user.username);
    // The pending session grants nothing.
    const session = await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: pending } });
    expect(session.statusCode).toBe(401);
    const step = await t.app.inject({
      method: 'GET',
      url: '/api/v1/login/mfa',
      headers: { cookie: pending },
    });
    expect(step.json()).toEqual({ step: 'verify', userName: user.username });
    const wrong = await post('/api/v1/login/mfa', pending, { code: '000000' });
    expect(wrong.statusCode).toBe(401);
    const code = await nextCode(secret);
    const ok = await post('/api/v1/login/mfa', pending, { code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.userName).toBe(user.username);
    const full = sessionCookieOf(ok);
    expect(full).not.toBe(pending);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: full } })).statusCode,
    ).toBe(200);
    // The pending session is gone, and the same code is never accepted twice.
    expect((await post('/api/v1/login/mfa', pending, { code })).statusCode).toBe(401);
    const again = await passwordStep(user.username);
    expect((await post('/api/v1/login/mfa', again, { code })).statusCode).toBe(401);
  });

  it('recovery codes are stored hashed and each works once', async () => {
    const { user, recoveryCodes } = await enrolledStaff('admin');
    const stored = await t.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const row of stored)
      expect(recoveryCodes.map((c) => c.replace('-', ''))).not.toContain(row.codeHash);
    const first = await passwordStep(user.username);
    expect(
      (await post('/api/v1/login/mfa', first, { code: recoveryCodes[0].toUpperCase() })).statusCode,
    ).toBe(200);
    const second = await passwordStep(user.username);
    expect((await post('/api/v1/login/mfa', second, { code: recoveryCodes[0] })).statusCode).toBe(401);
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/v1/account/mfa',
      headers: {
        cookie: sessionCookieOf(await post('/api/v1/login/mfa', second, { code: recoveryCodes[1] })),
      },
    });
    expect(status.json()).toEqual({ enabled: true, required: false, recoveryCodesLeft: 8 });
  });

  it('a bearer token of a user with MFA needs the code as well as the password', async () => {
    const { user, secret } = await enrolledStaff('finance');
    const authorize = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/v1/authorize', payload });
    const bare = await authorize({ username: user.username, password: FACTORY_PASSWORD });
    expect(bare.statusCode).toBe(401);
    expect(bare.json().code).toBe('mfa_required');
    const wrong = await authorize({ username: user.username, password: FACTORY_PASSWORD, code: '123456' });
    expect(wrong.statusCode).toBe(401);
    const ok = await authorize({
      username: user.username,
      password: FACTORY_PASSWORD,
      code: await nextCode(secret),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toMatch(/^tread_/);
  });

  it('second-factor guesses are throttled, the right code included once the limit is hit', async () => {
    const { user, secret } = await enrolledStaff('sales');
    const pending = await passwordStep(user.username);
    for (let i = 0; i < 5; i++)
      expect((await post('/api/v1/login/mfa', pending, { code: `00000${i}` })).statusCode).toBe(401);
    const blocked = await post('/api/v1/login/mfa', pending, { code: await nextCode(secret) });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('turning MFA off needs a code, not only the session', async () => {
    const user = await createUser(t.db, { role: 'support' });
    const cookie = await signIn(t.app, user.username, FACTORY_PASSWORD);
    const { recoveryCodes } = await enrol(cookie);
    expect((await post('/api/v1/account/mfa/disable', cookie, { code: '999999' })).statusCode).toBe(400);
    expect((await post('/api/v1/account/mfa/disable', cookie, { code: recoveryCodes[3] })).statusCode).toBe(
      200,
    );
    await signIn(t.app, user.username, FACTORY_PASSWORD); // the password alone again
  });

  it('the demo accounts are not enrolled, so the demo signs in with the password alone', async () => {
    for (const name of ['admin', 'finance', 'sales']) await signIn(t.app, name);
    expect(loadConfig({ NODE_ENV: 'development' }).MFA_REQUIRED_ROLES).toEqual([]);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://shop.example',
        COINPAY_WEBHOOK_SECRET: 'a-real-secret-of-32-characters!!',
        TRACKHUB_WEBHOOK_SECRET: 'another-real-secret-of-32-chars!',
        MFA_SECRET_KEY: '0123456789abcdef'.repeat(4),
        CARD_PROVIDER: 'sandbox',
        ALLOW_SANDBOX_PAYMENTS: '1',
      }).MFA_REQUIRED_ROLES,
    ).toEqual(['admin', 'finance']);
    expect(loadConfig({ MFA_REQUIRED_ROLES: 'admin,support' }).MFA_REQUIRED_ROLES).toEqual([
      'admin',
      'support',
    ]);
    expect(() => loadConfig({ MFA_REQUIRED_ROLES: 'admin,boss' })).toThrow(/MFA_REQUIRED_ROLES/);
  });
});

describe('roles that must use MFA', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ MFA_REQUIRED_ROLES: ['finance'] });
  });
  afterAll(() => strict.close());

  it('a required role without a factor enrols at sign-in before anything is granted', async () => {
    const user = await createUser(strict.db, { role: 'finance' });
    const login = await strict.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username: user.username, password: FACTORY_PASSWORD },
    });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toMatchObject({ code: 'mfa_required', step: 'enrol' });
    const pending = sessionCookieOf(login);
    const [row] = await strict.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row.mfaPending).toBe(true);
    // No bearer token either, before enrolling.
    const token = await strict.app.inject({
      method: 'POST',
      url: '/api/v1/authorize',
      payload: { username: user.username, password: FACTORY_PASSWORD },
    });
    expect(token.statusCode).toBe(403);
    const started = await strict.app.inject({
      method: 'POST',
      url: '/api/v1/login/mfa/enrol',
      headers: { cookie: pending },
    });
    expect(started.statusCode).toBe(200);
    const confirmed = await strict.app.inject({
      method: 'POST',
      url: '/api/v1/login/mfa/enrol/confirm',
      headers: { cookie: pending },
      payload: { code: await nowCode(started.json().secret) },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().recoveryCodes).toHaveLength(10);
    expect(confirmed.json().session.user.role).toBe('finance');
    const session = await strict.app.inject({
      method: 'GET',
      url: '/api/v1/account/mfa',
      headers: { cookie: sessionCookieOf(confirmed) },
    });
    expect(session.json()).toMatchObject({ enabled: true, required: true });
  });

  it('roles not named sign in with the password alone', async () => {
    const user = await createUser(strict.db, { role: 'sales' });
    await signIn(strict.app, user.username, FACTORY_PASSWORD);
  });
});
