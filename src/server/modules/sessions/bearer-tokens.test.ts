// Bearer tokens are listed and revocable by their
// owner, revoked by a password change or reset, expire when idle, and record their last use.
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens, emailOutbox } from '../../db/schema';
import { createUser, FACTORY_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function mint(username: string, password = FACTORY_PASSWORD) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/authorize',
    payload: { username, password },
  });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}
const withToken = (token: string, url = '/api/session') =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

describe('bearer tokens', () => {
  it('a password change revokes every bearer token of the user', async () => {
    const user = await createUser(t.db);
    const token = await mint(user.username);
    expect((await withToken(token)).statusCode).toBe(200);
    const cookie = await signIn(t.app, user.username, FACTORY_PASSWORD);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/account/password',
      headers: { cookie },
      payload: { currentPassword: FACTORY_PASSWORD, newPassword: 'another-pass-2' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await withToken(token)).statusCode).toBe(401);
  });

  it('a password reset revokes every bearer token of the user', async () => {
    const user = await createUser(t.db);
    const token = await mint(user.username);
    await t.app.inject({ method: 'POST', url: '/api/v1/recover', payload: { username: user.username } });
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'password_reset'))
      .orderBy(desc(emailOutbox.id))
      .limit(1);
    const link = String(mail.text.match(/https?:\/\/\S+/)?.[0]);
    const reset = new URL(link).searchParams.get('token');
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recover/complete',
      payload: { token: reset, password: 'reset-pass-123' },
    });
    expect(done.statusCode).toBe(200);
    expect((await withToken(token)).statusCode).toBe(401);
  });

  it('the owner lists tokens with last use and revokes one; another user cannot', async () => {
    const user = await createUser(t.db);
    const token = await mint(user.username);
    await withToken(token);
    const cookie = await signIn(t.app, user.username, FACTORY_PASSWORD);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/account/tokens', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    const [row] = list.json().data;
    expect(row.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(list.json())).not.toContain(token);

    const stranger = await signIn(t.app, (await createUser(t.db)).username, FACTORY_PASSWORD);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/account/tokens/${row.id}`,
      headers: { cookie: stranger },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await withToken(token)).statusCode).toBe(200);

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/account/tokens/${row.id}`,
      headers: { cookie },
    });
    expect(revoked.statusCode).toBe(200);
    expect((await withToken(token)).statusCode).toBe(401);
    const twice = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/account/tokens/${row.id}`,
      headers: { cookie },
    });
    expect(twice.statusCode).toBe(404);
  });

  it('a token unused for TOKEN_IDLE_DAYS stops working before its absolute expiry', async () => {
    const user = await createUser(t.db);
    const token = await mint(user.username);
    await t.db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now() - interval '8 days'`, createdAt: sql`now() - interval '8 days'` })
      .where(eq(apiTokens.userId, user.id));
    expect((await withToken(token)).statusCode).toBe(401);
  });

  it('signing out with a bearer token revokes that token, and only that one', async () => {
    const user = await createUser(t.db);
    const used = await mint(user.username);
    const other = await mint(user.username);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/logout',
      headers: { authorization: `Bearer ${used}` },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ok: true });
    expect((await withToken(used)).statusCode).toBe(401);
    expect((await withToken(other)).statusCode).toBe(200);
  });

  it('an admin revocation holds at once', async () => {
    const user = await createUser(t.db);
    const token = await mint(user.username);
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.userId, user.id));
    const admin = await signIn(t.app, 'admin');
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/user/${user.id}/token/${row.id}`,
      headers: { cookie: admin },
    });
    expect(res.statusCode).toBe(200);
    expect((await withToken(token)).statusCode).toBe(401);
  });
});
