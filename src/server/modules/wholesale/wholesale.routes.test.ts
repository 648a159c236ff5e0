import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, wholesaleApplications } from '../../db/schema';
import { type Caller, caller } from '../../test/admin-client';
import { createTestApp, type TestApp, unique } from '../../test/test-app';

let t: TestApp;
let sales: Caller;
beforeAll(async () => {
  t = await createTestApp();
  sales = await caller(t.app, 'sales');
});
afterAll(() => t.close());

let addresses = 0;
/** A client address of its own for each sign-up, so that only the tests of the limits meet them. */
const nextAddress = () => `10.60.${Math.floor(++addresses / 200)}.${(addresses % 200) + 1}`;

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
  const send = (changes: Partial<typeof body> = {}, remoteAddress = nextAddress()) =>
    t.app.inject({ method: 'POST', url: path, payload: { ...body, ...changes }, remoteAddress });
  return { body, send };
}

const mailsTo = (to: string, kind?: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(kind ? and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind)) : eq(emailOutbox.to, to))
    .orderBy(desc(emailOutbox.id));

/** The token of the newest confirmation link mailed to the address. */
async function confirmToken(to: string) {
  const [mail] = await mailsTo(to, 'wholesale_confirm');
  expect(mail).toBeDefined();
  return new URL(String(mail.meta.link)).searchParams.get('token')!;
}

const confirm = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/vendor/wholesale/confirm',
    payload: { token },
    remoteAddress: nextAddress(),
  });

/** The application as staff find it in their queue (by its company name), or undefined. */
async function inQueue(companyName: string) {
  const res = await sales('GET', `/api/v1/vendor/wholesale?q=${encodeURIComponent(companyName)}`);
  expect(res.statusCode).toBe(200);
  return res.json().data.list[0] as { id: number; status: string } | undefined;
}

/** Applies, confirms the address with the mailed link, and answers the id staff see. */
async function applyAndConfirm(path?: string) {
  const s = signup(path);
  expect((await s.send()).statusCode).toBe(202);
  expect((await confirm(await confirmToken(s.body.email))).statusCode).toBe(200);
  const app = await inQueue(s.body.companyName);
  expect(app).toBeDefined();
  return { ...s, id: app!.id };
}

describe('wholesale sign-up and approval', () => {
  it('takes a public application; once its address is confirmed, approval opens company, location, user and invites; the user signs in', async () => {
    const { body, id, send } = await applyAndConfirm('/api/v1/vendor/wholesale');
    const approved = await sales('POST', `/api/v1/vendor/wholesale/${id}/approve`, { note: 'Welcome' });
    expect(approved.statusCode).toBe(200);
    const app = approved.json().data;
    expect(app).toMatchObject({ status: 'approved', decisionNote: 'Welcome' });
    expect(app.companyId).toBeGreaterThan(0);
    expect(JSON.stringify(app)).not.toMatch(/confirmToken|token/i);

    const [mail] = await mailsTo(body.email);
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
    // Applying again now (the username is taken) is answered exactly alike.
    const later = await send();
    expect(later.statusCode).toBe(202);
  });

  it('rejects with a reason, after which it cannot be approved', async () => {
    const { id } = await applyAndConfirm();
    expect((await sales('POST', `/api/v1/vendor/wholesale/${id}/reject`, { note: '' })).statusCode).toBe(400);
    const rejected = await sales('POST', `/api/v1/vendor/wholesale/${id}/reject`, { note: 'No tax id' });
    expect(rejected.json().data.status).toBe('rejected');
    expect((await sales('POST', `/api/v1/vendor/wholesale/${id}/approve`, {})).statusCode).toBe(409);
    const list = await sales('GET', '/api/v1/vendor/wholesale?status=rejected&pageSize=100');
    expect(list.json().data.list.some((a: { id: number }) => a.id === id)).toBe(true);
  });

  it('answers a taken and a free username alike, and mails only a neutral confirmation link, with no text of the caller, to the unconfirmed address', async () => {
    const { body, send } = signup();
    const lure = 'Dear customer, your account is suspended; sign in at http://evil.example/login';
    const takenEmail = `taken-${body.email}`;
    const freeEmail = `free-${body.email}`;
    const taken = await send({ username: 'buyer', email: takenEmail, contactName: lure });
    const free = await send({ username: `free-${body.username}`, email: freeEmail, contactName: lure });
    expect(taken.statusCode).toBe(202);
    expect(free.statusCode).toBe(202);
    expect(taken.body).toBe(free.body);
    expect(Object.keys(taken.json().data)).toEqual(['message']);
    expect(taken.json().data.message).toMatch(/check your e-mail/i);

    const [takenMail] = await mailsTo(takenEmail);
    const [freeMail] = await mailsTo(freeEmail);
    for (const mail of [takenMail, freeMail]) {
      expect(mail.kind).toBe('wholesale_confirm');
      expect(String(mail.meta.link)).toMatch(/^https?:\/\/[^/]+\/wholesale\/confirm\?token=/);
      for (const written of [lure, 'evil.example', 'buyer', body.username, body.companyName, 'Wes'])
        expect(`${mail.subject}\n${mail.text}`).not.toContain(written);
    }
    const withoutToken = (text: string) => text.replace(/token=\S+/, 'token=…');
    expect(withoutToken(takenMail.text)).toBe(withoutToken(freeMail.text));
    expect(takenMail.subject).toBe(freeMail.subject);

    const bad = await send({ zip: 'x', email: 'no' });
    expect(bad.statusCode).toBe(400);
  });

  it('once the address is confirmed, a taken username is told to that address alone, in neutral text', async () => {
    const { body, send } = signup();
    const takenEmail = `taken-${body.email}`;
    const freeEmail = `free-${body.email}`;
    await send({ username: 'buyer', email: takenEmail, contactName: 'Click http://evil.example' });
    await send({ username: `free-${body.username}`, email: freeEmail });
    const takenConfirmed = await confirm(await confirmToken(takenEmail));
    const freeConfirmed = await confirm(await confirmToken(freeEmail));
    expect(takenConfirmed.statusCode).toBe(200);
    expect(takenConfirmed.body).toBe(freeConfirmed.body);

    const told = await mailsTo(takenEmail, 'wholesale_application');
    expect(told).toHaveLength(1);
    expect(told[0].text).toMatch(/username you asked for is already in use/);
    expect(told[0].text).not.toContain('evil.example');
    expect(await mailsTo(freeEmail, 'wholesale_application')).toEqual([]);
    // Staff see it and cannot approve a taken username.
    const app = await inQueue(body.companyName);
    const [row] = await t.db
      .select({ id: wholesaleApplications.id })
      .from(wholesaleApplications)
      .where(eq(wholesaleApplications.email, takenEmail));
    expect(app).toBeDefined();
    const approve = await sales('POST', `/api/v1/vendor/wholesale/${row.id}/approve`, {});
    expect(approve.statusCode).toBe(409);
  });

  it('keeps an application out of the staff queue until its address is confirmed', async () => {
    const { body, send } = signup();
    expect((await send()).statusCode).toBe(202);
    const [row] = await t.db
      .select({ id: wholesaleApplications.id })
      .from(wholesaleApplications)
      .where(eq(wholesaleApplications.email, body.email));
    expect(await inQueue(body.companyName)).toBeUndefined();
    expect((await sales('GET', `/api/v1/vendor/wholesale/${row.id}`)).statusCode).toBe(404);
    expect((await sales('POST', `/api/v1/vendor/wholesale/${row.id}/approve`, {})).statusCode).toBe(404);
    expect(
      (
        await t.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entity, 'wholesale_application'), eq(auditLog.entityId, String(row.id))))
      ).length,
    ).toBe(0);

    expect((await confirm(await confirmToken(body.email))).statusCode).toBe(200);
    expect(await inQueue(body.companyName)).toMatchObject({ id: row.id, status: 'pending' });
    expect((await sales('GET', `/api/v1/vendor/wholesale/${row.id}`)).statusCode).toBe(200);
  });

  it('a confirmation link confirms once (a second click is answered alike); a made-up or expired link is a 404', async () => {
    const { body, send } = signup();
    await send({ username: 'buyer' });
    const token = await confirmToken(body.email);
    const first = await confirm(token);
    const second = await confirm(token);
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(await mailsTo(body.email, 'wholesale_application')).toHaveLength(1);

    const made = await confirm('x'.repeat(43));
    expect(made.statusCode).toBe(404);
    expect(made.headers['content-type']).toContain('application/problem+json');
    expect((await confirm('short')).statusCode).toBe(400);

    const late = signup();
    await late.send();
    await t.db
      .update(wholesaleApplications)
      .set({ confirmExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(wholesaleApplications.email, late.body.email));
    expect((await confirm(await confirmToken(late.body.email))).statusCode).toBe(404);
    expect(await inQueue(late.body.companyName)).toBeUndefined();
  });

  it('mails one recipient a few confirmation links at most: past the limit the answer is the same and nothing is stored or sent', async () => {
    const { body, send } = signup();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await send({ companyName: `${body.companyName} ${i}` }));
    for (const res of answers) {
      expect(res.statusCode).toBe(202);
      expect(res.body).toBe(answers[0].body);
    }
    expect(await mailsTo(body.email)).toHaveLength(3);
    const stored = await t.db
      .select({ id: wholesaleApplications.id })
      .from(wholesaleApplications)
      .where(eq(wholesaleApplications.email, body.email));
    expect(stored).toHaveLength(3);
    // The limit is per recipient, whatever its case.
    expect((await send({ email: body.email.toUpperCase() })).statusCode).toBe(202);
    expect(await mailsTo(body.email.toUpperCase())).toEqual([]);
  });

  it('answers sign-ups from one client address past its limit with 429 and Retry-After', async () => {
    const codes: number[] = [];
    let last: Awaited<ReturnType<ReturnType<typeof signup>['send']>> | undefined;
    for (let i = 0; i < 12; i++) {
      last = await signup().send({}, '10.61.0.1');
      codes.push(last.statusCode);
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(202));
    expect(codes.slice(10)).toEqual([429, 429]);
    expect(last!.headers['content-type']).toContain('application/problem+json');
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held up.
    expect((await signup().send({}, '10.61.0.2')).statusCode).toBe(202);
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
