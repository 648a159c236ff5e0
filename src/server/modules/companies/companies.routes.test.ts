import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema';
import { type Caller, caller } from '../../test/admin-client';
import { groupId } from '../../test/factories';
import { createTestApp, type TestApp, unique } from '../../test/test-app';

let t: TestApp;
let admin: Caller;
let sales: Caller;
let finance: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await caller(t.app, 'admin');
  sales = await caller(t.app, 'sales');
  finance = await caller(t.app, 'finance');
});
afterAll(() => t.close());

describe('companies and locations', () => {
  it('creates, reads, updates and lists a company, and logs each change', async () => {
    const name = unique('Acme Fleet');
    const created = await sales('POST', '/api/v1/mts/company', { name, email: 'ap@acme.example' });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect((await sales('GET', `/api/v1/mts/company/${id}`)).json().data.name).toBe(name);
    const updated = await finance('PUT', `/api/v1/mts/company/${id}`, { paymentTermsDays: 45 });
    expect(updated.json().data).toMatchObject({ name, paymentTermsDays: 45 });
    const list = await sales('GET', `/api/v1/mts/company?q=${encodeURIComponent(name)}`);
    expect(list.json().data).toMatchObject({ count: 1, page: 0 });
    const audit = await admin('GET', `/api/v1/audit?entity=company&entityId=${id}&sort=at`);
    const entries = audit.json().data.list;
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['create', 'update']);
    expect(entries[1]).toMatchObject({
      actorUsername: 'finance',
      before: { paymentTermsDays: 0 },
      after: { paymentTermsDays: 45 },
    });
  });

  it('answers 400 with a pointer for a bad ZIP and 404 for an unknown company', async () => {
    const bad = await sales('POST', '/api/v1/mts/location', {
      companyId: 1,
      locationName: 'X',
      locationZip: 'abc',
      locationGroupPricing: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].pointer).toBe('/body/locationZip');
    expect((await sales('GET', '/api/v1/mts/company/999999999')).statusCode).toBe(404);
  });

  it('creates and updates a location with the spec field names, and assigns a user to it', async () => {
    const company = (await sales('POST', '/api/v1/mts/company', { name: unique('Loc Co') })).json().data;
    const fleet = await groupId(t.db, 'fleet');
    const created = await finance('POST', '/api/v1/mts/location', {
      companyId: company.id,
      locationName: 'Yard',
      locationZip: '78701',
      locationGroupPricing: fleet,
      locationInstaller: 1,
    });
    expect(created.statusCode).toBe(201);
    const loc = created.json().data;
    expect(loc).toMatchObject({ locationGroupPricing: fleet, locationInstaller: 1, locationSupplierId: 0 });
    const moved = await sales('PUT', `/api/v1/mts/location/${loc.locationId}`, { locationZip: '80202' });
    expect(moved.json().data.locationZip).toBe('80202');

    const user = await admin('POST', '/api/v1/user', {
      username: unique('loc-user'),
      name: 'Lou',
      email: 'lou@example.com',
      role: 'buyer',
      companyId: company.id,
      password: 'long-enough-1',
    });
    const userId = user.json().data.userId;
    expect((await admin('POST', `/api/v1/mts/location/${loc.locationId}/${userId}`)).statusCode).toBe(200);
    expect((await admin('GET', `/api/v1/user/${userId}`)).json().data.locationIds).toEqual([loc.locationId]);
  });

  it('refuses to give a user a location of another company (409) until the user moves company', async () => {
    const a = (await sales('POST', '/api/v1/mts/company', { name: unique('A') })).json().data;
    const b = (await sales('POST', '/api/v1/mts/company', { name: unique('B') })).json().data;
    const locB = (
      await sales('POST', '/api/v1/mts/location', {
        companyId: b.id,
        locationName: 'B1',
        locationZip: '10001',
        locationGroupPricing: await groupId(t.db, 'standard'),
      })
    ).json().data;
    const user = (
      await admin('POST', '/api/v1/user', {
        username: unique('mover'),
        name: 'Mo',
        email: 'mo@example.com',
        role: 'buyer',
        companyId: a.id,
        password: 'long-enough-1',
      })
    ).json().data;
    expect((await admin('POST', `/api/v1/mts/location/${locB.locationId}/${user.userId}`)).statusCode).toBe(
      409,
    );
    expect((await admin('POST', `/api/v1/mts/company/${b.id}/${user.userId}`)).statusCode).toBe(200);
    expect((await admin('POST', `/api/v1/mts/location/${locB.locationId}/${user.userId}`)).statusCode).toBe(
      200,
    );
    expect((await admin('GET', `/api/v1/user/${user.userId}`)).json().data).toMatchObject({
      companyId: b.id,
      locationIds: [locB.locationId],
    });
  });

  it('counts locations and users over the same joined search that lists them, page by page', async () => {
    const name = unique('Counted Co');
    const company = (await sales('POST', '/api/v1/mts/company', { name })).json().data;
    const standard = await groupId(t.db, 'standard');
    for (const locationName of ['C1', 'C2', 'C3']) {
      const res = await sales('POST', '/api/v1/mts/location', {
        companyId: company.id,
        locationName,
        locationZip: '78701',
        locationGroupPricing: standard,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    for (const who of ['one', 'two']) {
      const res = await admin('POST', '/api/v1/user', {
        username: unique(who),
        name: who,
        email: `${who}@example.com`,
        role: 'buyer',
        companyId: company.id,
        password: 'long-enough-1',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    // The text matches the company's name only: the join decides which rows count.
    const q = `q=${encodeURIComponent(name)}`;
    const first = (await sales('GET', `/api/v1/mts/location?${q}&pageSize=2`)).json().data;
    const second = (await sales('GET', `/api/v1/mts/location?${q}&pageSize=2&page=1`)).json().data;
    expect([first.count, first.list.length, second.count, second.list.length]).toEqual([3, 2, 3, 1]);
    const users = (await admin('GET', `/api/v1/user?${q}&pageSize=1`)).json().data;
    expect([users.count, users.list.length]).toEqual([2, 1]);
    const companies = (await sales('GET', `/api/v1/mts/company?${q}`)).json().data;
    expect([companies.count, companies.list.length]).toEqual([1, 1]);
  });
});

describe('users, roles and tokens', () => {
  it('invites a user created without a password; the link lets the user choose one and sign in', async () => {
    const username = unique('invitee');
    const created = await admin('POST', '/api/v1/user', {
      username,
      name: 'Ivy',
      email: `${username}@example.com`,
      role: 'buyer',
      companyId: 1,
    });
    expect(created.statusCode).toBe(201);
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, `${username}@example.com`))
      .orderBy(desc(emailOutbox.id));
    expect(mail.kind).toBe('invitation');
    const token = new URL(String(mail.meta.link)).searchParams.get('token');
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recover/complete',
      payload: { token, password: 'chosen-pass-1' },
    });
    expect(done.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username, password: 'chosen-pass-1' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a taken username with 409', async () => {
    const res = await admin('POST', '/api/v1/user', {
      username: 'BUYER',
      name: 'Dup',
      email: 'dup@example.com',
      role: 'buyer',
      companyId: 1,
    });
    expect(res.statusCode).toBe(409);
  });

  it('assigns a role, which ends the user’s sessions; issues and revokes a bearer token', async () => {
    const username = unique('roley');
    const user = (
      await admin('POST', '/api/v1/user', {
        username,
        name: 'Ro',
        email: 'ro@example.com',
        role: 'buyer',
        companyId: 1,
        password: 'long-enough-1',
      })
    ).json().data;
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username, password: 'long-enough-1' },
    });
    const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
    const role = await admin('PUT', `/api/v1/user/${user.userId}/role`, { role: 'sales' });
    expect(role.json().data.role).toBe('sales');
    expect((await t.app.inject({ url: '/api/session', headers: { cookie } })).statusCode).toBe(401);

    const issued = await admin('POST', `/api/v1/user/${user.userId}/token`, { name: 'erp' });
    expect(issued.statusCode).toBe(201);
    const bearer = { authorization: `Bearer ${issued.json().token}` };
    expect((await t.app.inject({ url: '/api/session', headers: bearer })).statusCode).toBe(200);
    const tokenId = issued.json().data.id;
    expect((await admin('DELETE', `/api/v1/user/${user.userId}/token/${tokenId}`)).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/session', headers: bearer })).statusCode).toBe(401);
    const tokens = (await admin('GET', `/api/v1/user/${user.userId}/token`)).json().data;
    expect(tokens[0].revokedAt).not.toBeNull();
  });
});

describe('customer groups', () => {
  it('creates, reads, updates, lists and deletes a group', async () => {
    const name = unique('Group');
    const created = await sales('POST', '/api/v1/group', { name, companyIds: [1, 1] });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data.companyIds).toEqual([1]);
    expect(
      (await sales('PUT', `/api/v1/group/${id}`, { description: 'Top accounts' })).json().data.description,
    ).toBe('Top accounts');
    expect((await sales('GET', `/api/v1/group?q=${encodeURIComponent(name)}`)).json().data.count).toBe(1);
    expect((await sales('POST', '/api/v1/group', { name })).statusCode).toBe(409);
    expect((await sales('DELETE', `/api/v1/group/${id}`)).statusCode).toBe(200);
    expect((await sales('GET', `/api/v1/group/${id}`)).statusCode).toBe(404);
  });
});

describe('money and scope settings belong to finance or admin', () => {
  it('sales cannot raise a credit limit or payment terms; finance can', async () => {
    const company = (await sales('POST', '/api/v1/mts/company', { name: unique('Credit Co') })).json().data;
    const raised = await sales('PUT', `/api/v1/mts/company/${company.id}`, { creditLimitCents: 100_000_000 });
    expect(raised.statusCode).toBe(403);
    expect(raised.json().errors[0].pointer).toBe('/body/creditLimitCents');
    expect(
      (await sales('PUT', `/api/v1/mts/company/${company.id}`, { paymentTermsDays: 60 })).statusCode,
    ).toBe(403);
    expect(
      (await sales('POST', '/api/v1/mts/company', { name: unique('X'), creditLimitCents: 5 })).statusCode,
    ).toBe(403);
    // Sales still edits the rest, and may resend the unchanged values a form holds.
    const renamed = await sales('PUT', `/api/v1/mts/company/${company.id}`, {
      name: unique('Renamed'),
      creditLimitCents: 0,
    });
    expect(renamed.statusCode).toBe(200);
    const byFinance = await finance('PUT', `/api/v1/mts/company/${company.id}`, {
      creditLimitCents: 500_000,
    });
    expect(byFinance.json().data.creditLimitCents).toBe(500_000);
    expect((await admin('GET', `/api/v1/mts/company/${company.id}`)).json().data.creditLimitCents).toBe(
      500_000,
    );
  });

  it('sales cannot re-point a location to a supplier or another price group', async () => {
    const company = (await sales('POST', '/api/v1/mts/company', { name: unique('Scope Co') })).json().data;
    const standard = await groupId(t.db, 'standard');
    const loc = (
      await sales('POST', '/api/v1/mts/location', {
        companyId: company.id,
        locationName: 'Shop',
        locationZip: '78701',
        locationGroupPricing: standard,
      })
    ).json().data;
    const supplierCo = (await admin('GET', '/api/v1/mts/company?kind=supplier')).json().data.list[0];
    const fleet = await groupId(t.db, 'fleet');
    const url = `/api/v1/mts/location/${loc.locationId}`;
    expect((await sales('PUT', url, { locationSupplierId: supplierCo.id })).statusCode).toBe(403);
    expect((await sales('PUT', url, { locationGroupPricing: fleet })).statusCode).toBe(403);
    expect((await finance('PUT', url, { locationGroupPricing: fleet })).statusCode).toBe(200);
    expect((await finance('PUT', url, { locationSupplierId: supplierCo.id })).statusCode).toBe(200);
  });

  it('a location supplier must be a supplier company', async () => {
    const company = (await sales('POST', '/api/v1/mts/company', { name: unique('Kind Co') })).json().data;
    const loc = (
      await finance('POST', '/api/v1/mts/location', {
        companyId: company.id,
        locationName: 'Shop',
        locationZip: '78701',
        locationGroupPricing: await groupId(t.db, 'standard'),
      })
    ).json().data;
    const res = await finance('PUT', `/api/v1/mts/location/${loc.locationId}`, {
      locationSupplierId: company.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].pointer).toBe('/body/locationSupplierId');
  });
});
