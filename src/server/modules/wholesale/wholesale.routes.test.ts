import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema';
import { type Caller, caller } from '../../test/admin-client';
import { createTestApp, type TestApp, unique } from '../../test/test-app';

let t: TestApp;
let sales: Caller;
beforeAll(async () => {
  t = await createTestApp();
  sales = await caller(t.app, 'sales');
});
afterAll(() => t.close());

function signup(path = '/api/vendor/wholesale') {
  const username = unique('ws');
  const body = {
    companyName: unique('Tire Barn'),
    contactName: 'Wes Wholesale',
    email: `${username}@barn.example`,
    username,
    city: 'Tulsa',
    state: 'OK',
    zip: '74103',
  };
  return { body, send: () => t.app.inject({ method: 'POST', url: path, payload: body }) };
}

describe('wholesale sign-up and approval', () => {
  it('takes a public application; approval opens company, location, user and invites; the user signs in', async () => {
    const { body, send } = signup('/api/v1/vendor/wholesale');
    const applied = await send();
    expect(applied.statusCode).toBe(201);
    const id = applied.json().data.id;
    // A second application is answered alike (L1); the applicant is told by e-mail.
    const second = await send();
    expect(second.statusCode).toBe(201);
    expect(second.json().data.status).toBe('pending');

    const approved = await sales('POST', `/api/v1/vendor/wholesale/${id}/approve`, { note: 'Welcome' });
    expect(approved.statusCode).toBe(200);
    const app = approved.json().data;
    expect(app).toMatchObject({ status: 'approved', decisionNote: 'Welcome' });
    expect(app.companyId).toBeGreaterThan(0);

    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, body.email))
      .orderBy(desc(emailOutbox.id));
    expect(mail.kind).toBe('invitation');
    const token = new URL(String(mail.meta.link)).searchParams.get('token');
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/v1/recover/complete',
      payload: { token, password: 'barn-pass-123' },
    });
    expect(set.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { username: body.username, password: 'barn-pass-123' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({
      user: { role: 'reseller', companyName: body.companyName },
      location: { locationZip: '74103', locationGroupPricingName: 'Wholesale' },
    });

    const again = await sales('POST', `/api/v1/vendor/wholesale/${id}/approve`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ current: 'approved', allowed: [] });
    const resellers = await sales('GET', `/api/v1/vendor/reseller?q=${encodeURIComponent(body.companyName)}`);
    expect(resellers.json().data.list[0]).toMatchObject({ users: 1, city: 'Tulsa' });
  });

  it('rejects with a reason, after which it cannot be approved', async () => {
    const { send } = signup();
    const id = (await send()).json().data.id;
    expect((await sales('POST', `/api/v1/vendor/wholesale/${id}/reject`, { note: '' })).statusCode).toBe(400);
    const rejected = await sales('POST', `/api/v1/vendor/wholesale/${id}/reject`, { note: 'No tax id' });
    expect(rejected.json().data.status).toBe('rejected');
    expect((await sales('POST', `/api/v1/vendor/wholesale/${id}/approve`, {})).statusCode).toBe(409);
    const list = await sales('GET', '/api/v1/vendor/wholesale?status=rejected&pageSize=100');
    expect(list.json().data.list.some((a: { id: number }) => a.id === id)).toBe(true);
  });

  it('L1 username enumeration in wholesale sign-up: a taken username is answered like a free one and told by e-mail; bad input is a 400', async () => {
    const { body } = signup();
    const apply = (username: string, email: string) =>
      t.app.inject({ method: 'POST', url: '/api/vendor/wholesale', payload: { ...body, username, email } });
    const taken = await apply('buyer', `taken-${body.email}`);
    const free = await apply(`free-${body.username}`, `free-${body.email}`);
    for (const res of [taken, free]) {
      expect(res.statusCode).toBe(201);
      expect(Object.keys(res.json().data).sort()).toEqual(['id', 'status']);
      expect(res.json().data.status).toBe('pending');
    }
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, `taken-${body.email}`));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('"buyer" is not available');
    expect(
      await t.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.to, `free-${body.email}`)),
    ).toEqual([]);
    // Staff see it and cannot approve a taken username.
    const approve = await sales('POST', `/api/v1/vendor/wholesale/${taken.json().data.id}/approve`, {});
    expect(approve.statusCode).toBe(409);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/vendor/wholesale',
      payload: { ...body, zip: 'x', email: 'no' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('lists resellers to signed-in users', async () => {
    const cookie = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { username: 'clerk', password: 'demo1234' },
      })
    ).cookies.find((c) => c.name === 'sid')!.value;
    const res = await t.app.inject({ url: '/api/reseller', headers: { cookie: `sid=${cookie}` } });
    expect(res.json().data.some((r: { name: string }) => r.name === 'Demo Resale Tires')).toBe(true);
  });
});
