import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, sessions, users } from '../../db/schema';
import { hashSecret } from './sessions.tokens';
import { createLocation, createUser, FACTORY_PASSWORD, groupId } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (username: string, password: string, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { username, password }, remoteAddress });

describe('signing in', () => {
  it('sets an HttpOnly, SameSite=Lax session cookie and answers the session', async () => {
    const res = await login('buyer', 'demo1234');
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(res.json().user.userName).toBe('buyer');
  });

  it('answers a wrong password and an unknown user with the same 401', async () => {
    const wrong = await login('buyer', 'not-the-password', '10.0.0.2');
    const unknown = await login('nobody-at-all', 'not-the-password', '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.headers['content-type']).toContain('application/problem+json');
    expect(wrong.json().detail).toBe(unknown.json().detail);
  });

  it('throttles repeated failures for a username from one address with 429 and Retry-After', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 5; i++)
      expect((await login(user.username, 'wrong', '10.1.0.1')).statusCode).toBe(401);
    const blocked = await login(user.username, FACTORY_PASSWORD, '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('throttles repeated failures from one client address across usernames', async () => {
    for (let i = 0; i < 20; i++) await login(`ghost-${i}`, 'wrong', '10.2.0.1');
    expect((await login('buyer', 'demo1234', '10.2.0.1')).statusCode).toBe(429);
    expect((await login('buyer', 'demo1234', '10.2.0.2')).statusCode).toBe(200);
  });

  it('rejects malformed bodies with a 400 problem pointing at each field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/login', payload: { username: 5 } });
    expect(res.statusCode).toBe(400);
    const pointers = res.json().errors.map((e: { pointer: string }) => e.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['/body/username', '/body/password']));
  });

  it('answers 400, not 500, for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });
});

describe('sessions', () => {
  it('rotates the session id at every sign-in', async () => {
    expect(await signIn(t.app, 'clerk')).not.toBe(await signIn(t.app, 'clerk'));
  });

  it('kills the session at sign-out: the replayed old cookie is 401', async () => {
    const cookie = await signIn(t.app, 'clerk');
    expect((await t.app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { cookie },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const replay = await t.app.inject({ url: '/api/session', headers: { cookie } });
    expect(replay.statusCode).toBe(401);
  });

  it('opening /logout (a link from anywhere) shows the page and does not sign out', async () => {
    const cookie = await signIn(t.app, 'clerk');
    const res = await t.app.inject({ url: '/logout', headers: { cookie, referer: 'https://evil.example/' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect((await t.app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(200);
    // Without a session the page is still there (its button then leads to sign-in).
    expect((await t.app.inject({ url: '/logout' })).statusCode).toBe(200);
  });

  it('answers the session with user, location, locations, order and cart_count', async () => {
    const cookie = await signIn(t.app, 'buyer');
    const res = await t.app.inject({ url: '/api/session', headers: { cookie } });
    expect(res.headers['cache-control']).toBe('no-store');
    const session = res.json();
    expect(session.user.userName).toBe('buyer');
    expect(session.locations).toHaveLength(2);
    expect(session.location).toMatchObject({
      locationId: expect.any(Number),
      locationSupplierId: 0,
      locationInstaller: 0,
      locationGroupPricing: expect.any(Number),
      locationZip: expect.any(String),
    });
    expect(session).toHaveProperty('order');
    expect(session.cart_count).toBe(0);
  });

  it('ends a session left idle longer than the idle time-out', async () => {
    const cookie = await signIn(t.app, 'clerk');
    const idHash = hashSecret(cookie.slice('sid='.length));
    await t.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '31 minutes'` })
      .where(eq(sessions.idHash, idHash));
    expect((await t.app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(401);
  });

  it('ends the sessions of a disabled account', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.app, user.username, FACTORY_PASSWORD);
    await t.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    expect((await t.app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(401);
  });

  it('a password change ends the other sessions of the user, not this one', async () => {
    const user = await createUser(t.db);
    const mine = await signIn(t.app, user.username, FACTORY_PASSWORD);
    const other = await signIn(t.app, user.username, FACTORY_PASSWORD);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/password',
      headers: { cookie: mine },
      payload: { currentPassword: FACTORY_PASSWORD, newPassword: 'a-new-password' },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/session', headers: { cookie: mine } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/session', headers: { cookie: other } })).statusCode).toBe(401);
  });

  it('refuses a password change with a wrong current password', async () => {
    const cookie = await signIn(t.app, 'clerk');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/password',
      headers: { cookie },
      payload: { currentPassword: 'not-it', newPassword: 'a-new-password' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].pointer).toBe('/body/currentPassword');
  });

  it('answers 401 problem+json to API calls without a session', async () => {
    const res = await t.app.inject({ url: '/api/session' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('does not reveal a password hash or session id in the session answer', async () => {
    const cookie = await signIn(t.app, 'buyer');
    const body = (await t.app.inject({ url: '/api/session', headers: { cookie } })).body;
    expect(body).not.toMatch(/argon2|passwordHash|password_hash/);
    expect(body).not.toContain(cookie.slice(4));
  });
});

describe('locations and price groups', () => {
  it('switches to one of the user’s own locations, remembered for the next sign-in', async () => {
    // A user of its own: switching is remembered, and demo users must keep their locations.
    const first = await createUser(t.db);
    const denver = await createLocation(t.db, first.companyId, {
      zip: '80202',
      priceGroupId: await groupId(t.db, 'fleet'),
    });
    const user = await createUser(t.db, {
      companyId: first.companyId,
      locationIds: [first.currentLocationId!, denver.id],
    });
    const cookie = await signIn(t.app, user.username, FACTORY_PASSWORD);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/location',
      headers: { cookie },
      payload: { locationId: denver.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().location.locationId).toBe(denver.id);
    expect(res.json().priceGroup.id).toBe(denver.priceGroupId);
    const again = await signIn(t.app, user.username, FACTORY_PASSWORD);
    expect(
      (await t.app.inject({ url: '/api/session', headers: { cookie: again } })).json().location.locationId,
    ).toBe(denver.id);
  });

  it('refuses a location of another company with 403', async () => {
    const stranger = await createUser(t.db);
    const cookie = await signIn(t.app, 'clerk');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/location',
      headers: { cookie },
      payload: { locationId: stranger.currentLocationId },
    });
    expect(res.statusCode).toBe(403);
  });

  it('sets the session price group to one the user may use, and refuses others', async () => {
    const cookie = await signIn(t.app, 'buyer');
    const fleet = await groupId(t.db, 'fleet');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/session/group',
      headers: { cookie },
      payload: { group: fleet },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().priceGroup.id).toBe(fleet);
    const wholesale = await groupId(t.db, 'wholesale');
    const no = await t.app.inject({
      method: 'POST',
      url: '/api/session/group',
      headers: { cookie },
      payload: { group: wholesale },
    });
    expect(no.statusCode).toBe(403);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/session/group',
      headers: { cookie },
      payload: { group: 'x' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('password recovery', () => {
  async function lastResetLink(userId: number) {
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'password_reset'))
      .orderBy(desc(emailOutbox.id))
      .limit(1);
    expect(mail.meta.userId).toBe(userId);
    return new URL(String(mail.meta.link)).searchParams.get('token')!;
  }

  it('writes a single-use link to the outbox and sets a new password with it', async () => {
    const location = await createLocation(t.db, (await createUser(t.db)).companyId);
    const user = await createUser(t.db, { locationIds: [location.id] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recover',
      payload: { username: user.username },
    });
    expect(res.statusCode).toBe(200);
    const token = await lastResetLink(user.id);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recover/complete',
      payload: { token, password: 'brand-new-pass' },
    });
    expect(done.statusCode).toBe(200);
    expect((await login(user.username, 'brand-new-pass', '10.3.0.1')).statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recover/complete',
      payload: { token, password: 'another-pass-1' },
    });
    expect(again.statusCode).toBe(400);
  });

  const askReset = (username: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/recover', payload: { username }, remoteAddress });
  const completeReset = (token: string, password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/recover/complete',
      payload: { token, password },
      remoteAddress,
    });

  it('a reset link stops working once the password changes', async () => {
    const user = await createUser(t.db);
    expect((await askReset(user.username, '10.3.1.1')).statusCode).toBe(200);
    const token = await lastResetLink(user.id);
    const cookie = await signIn(t.app, user.username, FACTORY_PASSWORD);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/password',
      headers: { cookie },
      payload: { currentPassword: FACTORY_PASSWORD, newPassword: 'owner-pass-after' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await completeReset(token, 'attacker-pass-1', '10.3.1.2')).statusCode).toBe(400);
    expect((await login(user.username, 'owner-pass-after', '10.3.1.3')).statusCode).toBe(200);
  });

  it('a successful reset ends every other reset link of the user', async () => {
    const user = await createUser(t.db);
    await askReset(user.username, '10.3.2.1');
    const first = await lastResetLink(user.id);
    await askReset(user.username, '10.3.2.1');
    const second = await lastResetLink(user.id);
    expect(second).not.toBe(first);
    expect((await completeReset(second, 'second-link-pass', '10.3.2.2')).statusCode).toBe(200);
    expect((await completeReset(first, 'first-link-pass', '10.3.2.2')).statusCode).toBe(400);
    expect((await login(user.username, 'second-link-pass', '10.3.2.3')).statusCode).toBe(200);
  });

  it('answers an unknown username exactly as a known one', async () => {
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/reset',
      payload: { username: 'clerk' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/reset',
      payload: { username: 'no-such-user' },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
  });
});

describe('bearer tokens', () => {
  it('issues a token that the API accepts in an Authorization header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authorize',
      payload: { username: 'clerk', password: 'demo1234' },
    });
    expect(res.statusCode).toBe(200);
    const { status, token } = res.json();
    expect(status).toBe('ok');
    const session = await t.app.inject({
      url: '/api/session',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(session.statusCode).toBe(200);
    expect(session.json().user.userName).toBe('clerk');
  });

  it('rejects a forged token with 401', async () => {
    const res = await t.app.inject({
      url: '/api/session',
      headers: { authorization: 'Bearer tread_forged-token-value' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('page guard', () => {
  it('sends a visitor without a session to /login with a 301 that is never cached', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/login');
    expect(res.headers['cache-control']).toBe('no-store');
    const orders = await t.app.inject({ url: '/orders' });
    expect(orders.statusCode).toBe(301);
    expect(orders.headers.location).toMatch(/^\/login/);
  });

  it('serves /login without a session, and pages to a signed-in user', async () => {
    expect((await t.app.inject({ url: '/login' })).statusCode).toBe(200);
    const cookie = await signIn(t.app, 'clerk');
    expect((await t.app.inject({ url: '/orders', headers: { cookie } })).statusCode).toBe(200);
  });

  it('answers unknown /api routes with a 404 problem', async () => {
    const res = await t.app.inject({ url: '/api/v1/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });

  it('keeps health routes open', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('sends the security headers on every answer, an error included', async () => {
    for (const url of ['/healthz', '/api/no-such-call']) {
      const { headers } = await t.app.inject({ url });
      expect(headers['content-security-policy']).toContain("default-src 'self'");
      expect(headers['content-security-policy']).toContain("img-src 'self' data: blob:");
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });
});

describe('cross-site writes', () => {
  it('refuses a form post from another origin', async () => {
    const cookie = await signIn(t.app, 'clerk');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: {
        cookie,
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'a=1',
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('breached and common passwords', () => {
  it('refuses a common password at change, reset and user creation with a clear 400', async () => {
    const user = await createUser(t.db, {});
    const cookie = await signIn(t.app, user.username, FACTORY_PASSWORD);
    const admin = await signIn(t.app, 'admin');
    const answers = [
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/account/password',
        headers: { cookie },
        payload: { currentPassword: FACTORY_PASSWORD, newPassword: 'Password123!' },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/recover/complete',
        payload: { token: 'not-a-real-token-1', password: 'qwertyuiop' },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/user',
        headers: { cookie: admin },
        payload: {
          username: `common-${Date.now()}`,
          name: 'Common',
          email: 'common@example.com',
          role: 'buyer',
          companyId: user.companyId,
          password: 'letmein2024',
        },
      }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(JSON.stringify(res.json().errors)).toContain('too common');
    }
    // The old password still signs in: nothing was changed.
    expect((await login(user.username, FACTORY_PASSWORD, '10.0.0.9')).statusCode).toBe(200);
  });
});
