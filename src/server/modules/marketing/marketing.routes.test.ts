import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, emailOutbox, newsletterSubscriptions } from '../../db/schema';
import { createUser, FACTORY_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp, unique } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://shop.tread.example', SUPPORT_EMAIL: 'help@tread.example' });
});
afterAll(() => t.close());

let ipCounter = 0;
/** Each test speaks from its own client address, so throttles of one never touch another. */
const nextIp = () => `10.16.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const post = (url: string, payload: object, extra: { cookie?: string; ip?: string; host?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: extra.ip ?? '10.9.9.9',
    headers: { ...(extra.cookie && { cookie: extra.cookie }), ...(extra.host && { host: extra.host }) },
  });

const mailsTo = (to: string) =>
  t.db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(desc(emailOutbox.id));
const tokenIn = (text: string, page: 'confirm' | 'unsubscribe') =>
  new RegExp(`/newsletter/${page}\\?token=([\\w-]+)`).exec(text)?.[1] ?? '';

describe('newsletter', () => {
  it('sends a confirmation link under PUBLIC_URL (not the Host asked), stores consent on the click', async () => {
    const email = `${unique('news')}@fleet.example`;
    const ip = nextIp();
    const res = await post('/api/v1/marketing/newsletter', { email }, { ip, host: 'evil.example' });
    expect(res.statusCode, res.body).toBe(202);
    const [mail] = await mailsTo(email);
    expect(mail.kind).toBe('newsletter_confirm');
    expect(mail.text).toContain('https://shop.tread.example/newsletter/confirm?token=');
    expect(mail.text).toContain('https://shop.tread.example/newsletter/unsubscribe?token=');
    expect(mail.text).not.toContain('evil.example');

    const confirmed = await post(
      '/api/v1/marketing/newsletter/confirm',
      { token: tokenIn(mail.text, 'confirm') },
      { ip: '10.1.2.3' },
    );
    expect(confirmed.json().data).toEqual({ email, status: 'confirmed' });
    const [row] = await t.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email));
    expect(row).toMatchObject({ status: 'confirmed', consentIp: '10.1.2.3', requestedIp: ip });
    expect(row.consentAt).toBeInstanceOf(Date);
    const [welcome] = await mailsTo(email);
    expect(welcome.kind).toBe('newsletter_welcome');
    expect(welcome.text).toContain('/newsletter/unsubscribe?token=');

    const gone = await post('/api/v1/marketing/newsletter/unsubscribe', {
      token: tokenIn(welcome.text, 'unsubscribe'),
    });
    expect(gone.json().data).toEqual({ email, status: 'unsubscribed' });
    const [after] = await t.db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, email));
    expect(after.status).toBe('unsubscribed');
    expect(after.unsubscribedAt).toBeInstanceOf(Date);
  });

  it('answers a subscribed address exactly as a new one, and mails no second time within minutes', async () => {
    const email = `${unique('again')}@fleet.example`;
    const first = await post('/api/v1/marketing/newsletter', { email }, { ip: nextIp() });
    const [mail] = await mailsTo(email);
    await post('/api/v1/marketing/newsletter/confirm', { token: tokenIn(mail.text, 'confirm') });
    const known = await post(
      '/api/v1/marketing/newsletter',
      { email: email.toUpperCase() },
      { ip: nextIp() },
    );
    const fresh = await post(
      '/api/v1/marketing/newsletter',
      { email: `${unique('new')}@fleet.example` },
      { ip: nextIp() },
    );
    expect(known.statusCode).toBe(202);
    expect(known.body).toBe(first.body);
    expect(fresh.body).toBe(first.body);
    // The welcome mail went minutes ago at most: no reminder yet.
    expect((await mailsTo(email)).map((m) => m.kind)).toEqual(['newsletter_welcome', 'newsletter_confirm']);
  });

  it('refuses a bad e-mail, an empty one and one too long with a pointer; a bad token is 400, an unknown 404', async () => {
    for (const email of ['not-an-address', '', `${'a'.repeat(195)}@x.example`]) {
      const res = await post('/api/v1/marketing/newsletter', { email }, { ip: nextIp() });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].pointer).toBe('/body/email');
    }
    expect((await post('/api/v1/marketing/newsletter/confirm', { token: 'short' })).statusCode).toBe(400);
    expect((await post('/api/v1/marketing/newsletter/confirm', { token: 'x'.repeat(43) })).statusCode).toBe(
      404,
    );
    expect(
      (await post('/api/v1/marketing/newsletter/unsubscribe', { token: 'x'.repeat(43) })).statusCode,
    ).toBe(404);
  });

  it('throttles sign-ups from one client address with 429', async () => {
    const ip = nextIp();
    const answers = [];
    for (let i = 0; i < 11; i++)
      answers.push(
        (await post('/api/v1/marketing/newsletter', { email: `${unique('many')}@fleet.example` }, { ip }))
          .statusCode,
      );
    expect(answers.slice(0, 10).every((s) => s === 202)).toBe(true);
    expect(answers[10]).toBe(429);
  });
});

describe('contact form', () => {
  it('stores the message, mails support and a copy to the sender, and lists it open for support', async () => {
    const user = await createUser(t.db, { role: 'buyer' });
    const cookie = await signIn(t.app, user.username, FACTORY_PASSWORD);
    const subject = unique('Late delivery');
    const res = await post(
      '/api/v1/marketing/contact',
      { subject, message: 'Where are our tires?', orderNumber: 'T-1001' },
      { cookie, ip: nextIp() },
    );
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json().data;
    expect(sent).toMatchObject({ subject, status: 'open', orderNumber: 'T-1001', email: user.email });
    const [toSupport] = await mailsTo('help@tread.example');
    expect(toSupport).toMatchObject({ kind: 'contact_message', subject: `[Contact #${sent.id}] ${subject}` });
    expect(toSupport.text).toContain('Order: T-1001');
    const [copy] = await mailsTo(user.email);
    expect(copy.kind).toBe('contact_copy');

    const support = await signIn(t.app, 'support');
    const inbox = await t.app.inject({
      url: `/api/v1/marketing/contact?status=open&q=${encodeURIComponent(subject)}`,
      headers: { cookie: support },
    });
    expect(inbox.json().data.list).toEqual([expect.objectContaining({ id: sent.id, status: 'open' })]);

    const noText = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/marketing/contact/${sent.id}`,
      headers: { cookie: support },
      payload: { status: 'answered' },
    });
    expect(noText.statusCode).toBe(400);
    const answered = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/marketing/contact/${sent.id}`,
      headers: { cookie: support },
      payload: { status: 'answered', answer: 'They arrive Tuesday.' },
    });
    expect(answered.json().data).toMatchObject({ status: 'answered', answer: 'They arrive Tuesday.' });
    expect((await mailsTo(user.email))[0]).toMatchObject({
      kind: 'contact_answer',
      subject: `Re: ${subject}`,
    });
    const twice = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/marketing/contact/${sent.id}`,
      headers: { cookie: support },
      payload: { status: 'answered', answer: 'Again' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'invalid_transition',
      current: 'answered',
      wanted: 'answered',
    });
  });

  it('refuses empty and too long fields with pointers, and writes nothing', async () => {
    const user = await createUser(t.db, { role: 'buyer' });
    const cookie = await signIn(t.app, user.username, FACTORY_PASSWORD);
    const res = await post(
      '/api/v1/marketing/contact',
      { subject: ' ', message: 'x'.repeat(5001), orderNumber: 'no spaces' },
      { cookie, ip: nextIp() },
    );
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { pointer: string }) => e.pointer)
        .sort(),
    ).toEqual(['/body/message', '/body/orderNumber', '/body/subject']);
    expect(await t.db.select().from(contactMessages).where(eq(contactMessages.userId, user.id))).toEqual([]);
    expect((await post('/api/v1/marketing/contact', {}, { cookie })).statusCode).toBe(400);
  });

  it('throttles per user (5 an hour) and per client address (20 an hour) with 429', async () => {
    const user = await createUser(t.db, { role: 'buyer' });
    const cookie = await signIn(t.app, user.username, FACTORY_PASSWORD);
    const send = (ip: string, c = cookie) =>
      post('/api/v1/marketing/contact', { subject: 'Hi', message: 'Question' }, { cookie: c, ip });
    for (let i = 0; i < 5; i++) expect((await send(nextIp())).statusCode).toBe(201);
    const sixth = await send(nextIp());
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);

    const office = nextIp();
    const colleagues = await Promise.all(
      Array.from({ length: 5 }, async () =>
        signIn(t.app, (await createUser(t.db, { role: 'buyer' })).username, FACTORY_PASSWORD),
      ),
    );
    const codes = [];
    for (const c of colleagues) for (let i = 0; i < 5; i++) codes.push((await send(office, c)).statusCode);
    expect(codes.filter((s) => s === 201)).toHaveLength(20);
    expect(codes.slice(20).every((s) => s === 429)).toBe(true);
  });

  it('needs a session to write, and the support permission to read and answer', async () => {
    expect((await post('/api/v1/marketing/contact', { subject: 'a', message: 'b' })).statusCode).toBe(401);
    const buyer = await signIn(t.app, 'buyer');
    expect(
      (await t.app.inject({ url: '/api/v1/marketing/contact', headers: { cookie: buyer } })).statusCode,
    ).toBe(403);
    const sales = await signIn(t.app, 'sales');
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/v1/marketing/contact/1',
          headers: { cookie: sales },
          payload: { status: 'open' },
        })
      ).statusCode,
    ).toBe(403);
    const support = await signIn(t.app, 'support');
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/v1/marketing/contact/999999999',
          headers: { cookie: support },
          payload: { status: 'open' },
        })
      ).statusCode,
    ).toBe(404);
  });
});
