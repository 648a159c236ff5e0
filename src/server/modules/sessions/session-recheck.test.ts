// What a session or token grants is re-checked on every request
// (user active, company active, location still the user's), not kept from sign-in.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { type Caller, caller } from '../../test/admin-client';
import { createCompany, createLocation, createUser, FACTORY_PASSWORD, groupId } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Caller;
let sales: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await caller(t.app, 'admin');
  sales = await caller(t.app, 'sales');
});
afterAll(() => t.close());

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

async function bearerOf(username: string, password = FACTORY_PASSWORD) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/authorize',
    payload: { username, password },
  });
  return { authorization: `Bearer ${res.json().token}` };
}

describe('access removed takes effect on the next request', () => {
  it('a supplier removed from its location loses the supplier scope at once', async () => {
    const [supplier] = await t.db.select().from(users).where(eq(users.username, 'supplier'));
    const cookie = await signIn(t.app, 'supplier');
    expect((await get('/api/supplier/fulfillments', cookie)).statusCode).toBe(200);
    const removed = await admin('PUT', `/api/v1/user/${supplier.id}`, { locationIds: [] });
    expect(removed.statusCode).toBe(200);
    expect((await get('/api/supplier/fulfillments', cookie)).statusCode).toBe(404);
    const session = (await get('/api/session', cookie)).json();
    expect(session.location).toBeNull();
    await admin('PUT', `/api/v1/user/${supplier.id}`, { locationIds: [supplier.currentLocationId] });
  });

  it('a deactivated location takes its price group and scope away from sessions and tokens', async () => {
    const company = await createCompany(t.db);
    const fleet = await createLocation(t.db, company.id, { priceGroupId: await groupId(t.db, 'fleet') });
    const user = await createUser(t.db, { companyId: company.id, locationIds: [fleet.id] });
    const cookie = await signIn(t.app, user.username, FACTORY_PASSWORD);
    const bearer = await bearerOf(user.username);
    expect((await get('/api/session', cookie)).json().priceGroup.code).toBe('fleet');
    expect((await sales('PUT', `/api/v1/mts/location/${fleet.id}`, { active: false })).statusCode).toBe(200);
    const session = (await get('/api/session', cookie)).json();
    expect(session.location).toBeNull();
    expect(session.priceGroup).toBeNull();
    const viaToken = await t.app.inject({ method: 'GET', url: '/api/session', headers: bearer });
    expect(viaToken.json().location).toBeNull();
  });

  it('a user moved to another company keeps nothing of the old company', async () => {
    const user = await createUser(t.db);
    const cookie = await signIn(t.app, user.username, FACTORY_PASSWORD);
    const other = await createCompany(t.db);
    expect((await admin('POST', `/api/v1/mts/company/${other.id}/${user.id}`)).statusCode).toBe(200);
    const session = (await get('/api/session', cookie)).json();
    expect(session.user.companyId).toBe(other.id);
    expect(session.location).toBeNull();
  });

  it('a deactivated company cannot use its sessions or tokens, sign in or buy', async () => {
    const company = await createCompany(t.db);
    const user = await createUser(t.db, { companyId: company.id });
    const cookie = await signIn(t.app, user.username, FACTORY_PASSWORD);
    const bearer = await bearerOf(user.username);
    expect((await sales('PUT', `/api/v1/mts/company/${company.id}`, { active: false })).statusCode).toBe(200);
    expect((await get('/api/session', cookie)).statusCode).toBe(401);
    expect((await get('/api/cart', cookie)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/session', headers: bearer })).statusCode).toBe(
      401,
    );
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username: user.username, password: FACTORY_PASSWORD },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe('forbidden');
    // A wrong password says nothing about the company.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username: user.username, password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('the re-check stays one statement per uncached request', async () => {
    const cookie = await signIn(t.app, 'clerk');
    const client = t.database.pool;
    const seen: string[] = [];
    const original = client.query.bind(client);
    // Count statements the request runs: only the session lookup (GET /healthz needs no data).
    (client as { query: unknown }).query = (...args: Parameters<typeof original>) => {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
      seen.push(String(text));
      return original(...args);
    };
    try {
      await t.app.inject({ method: 'GET', url: '/healthz', headers: { cookie } });
    } finally {
      (client as { query: unknown }).query = original;
    }
    expect(seen.filter((s) => s.includes('"sessions"')).length).toBe(1);
  });
});
