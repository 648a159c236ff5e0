// Sign-in throttling; recovery and reset throttled, the reset token checked before any hashing;
// the current-password check throttled.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThrottles } from '../../db/schema';
import { createUser, FACTORY_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (username: string, password: string, remoteAddress: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { username, password },
    remoteAddress,
    ...(cookie && { headers: { cookie } }),
  });

describe('login throttling', () => {
  it('a client-chosen X-Forwarded-For does not dodge the per-address limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        remoteAddress: '10.20.0.1',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        payload: { username: `nobody-${i}`, password: 'wrong-password' },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toContain(429);
  });

  it('an attack on a username does not lock its user out of a known device', async () => {
    const user = await createUser(t.db);
    // The user signs in once from their browser: it becomes a known device.
    const first = await login(user.username, FACTORY_PASSWORD, '10.21.0.1');
    const device = first.cookies.find((c) => c.name === 'tread_device');
    expect(device).toBeDefined();
    // An attacker guesses from many addresses, far past every limit.
    for (let i = 0; i < 30; i++) await login(user.username, 'guess', `10.22.${i}.1`);
    expect((await login(user.username, FACTORY_PASSWORD, '10.22.99.1')).statusCode).toBe(429);
    // The real user, from the known browser (even on a new address), still gets in.
    const again = await login(user.username, FACTORY_PASSWORD, '10.21.0.2', `tread_device=${device!.value}`);
    expect(again.statusCode).toBe(200);
  });

  it('five wrong passwords from one address do not lock the user out elsewhere', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 5; i++) await login(user.username, 'wrong', '10.23.0.1');
    const blocked = await login(user.username, FACTORY_PASSWORD, '10.23.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(user.username, FACTORY_PASSWORD, '10.23.0.2')).statusCode).toBe(200);
  });

  it('parallel guesses cannot race past the count', async () => {
    const user = await createUser(t.db);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => login(user.username, 'wrong', '10.24.0.1')),
    );
    const verified = answers.filter((r) => r.statusCode === 401).length;
    expect(verified).toBeLessThanOrEqual(5);
    expect(answers.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(25);
  });

  it('the delay grows after each refused window', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 5; i++) await login(user.username, 'wrong', '10.25.0.1');
    const first = Number((await login(user.username, 'wrong', '10.25.0.1')).headers['retry-after']);
    // The wait passes; one more guess is allowed, fails, and the next wait is longer.
    const key = `login:pair:${user.username.toLowerCase()}|10.25.0.1`;
    await t.db.execute(
      sql`update ${loginThrottles} set last_at = now() - interval '31 seconds' where key = ${key}`,
    );
    expect((await login(user.username, 'wrong', '10.25.0.1')).statusCode).toBe(401);
    const second = Number((await login(user.username, 'wrong', '10.25.0.1')).headers['retry-after']);
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(first);
  });
});

describe('recovery throttled, the token checked before hashing', () => {
  it('/recover answers 429 after a few mails for one username', async () => {
    const user = await createUser(t.db);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/recover',
        remoteAddress: `10.30.0.${i}`,
        payload: { username: user.username },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 3)).toEqual([200, 200, 200]);
    expect(codes.at(-1)).toBe(429);
  });

  it('/recover/complete refuses a bad token without hashing and is throttled per address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/recover/complete',
        remoteAddress: '10.31.0.1',
        payload: { token: `not-a-real-token-${i}`, password: 'not-common-9x' },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('current-password check', () => {
  it('guessing the current password is throttled', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.app, user.username, FACTORY_PASSWORD);
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/account/password',
        headers: { cookie },
        payload: { currentPassword: `guess-${i}`, newPassword: 'new-password-1' },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('many honest users behind one address', () => {
  it('successful sign-ins never count against the address', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 30; i++)
      expect((await login(user.username, FACTORY_PASSWORD, '10.40.0.1')).statusCode).toBe(200);
  });
});
