import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardTokens, emailOutbox, users } from '../../db/schema';
import { createUser, FACTORY_PASSWORD } from '../../test/factories';
import { createShopper } from '../../test/factories-orders';
import { caller, card, numbers, staffOrder } from '../../test/factories-payments';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

// The card provider's form (single-use card tokens), saved cards, the provider's customer record
// and the company's payment settings.

let t: TestApp;
let call: ReturnType<typeof caller>;
const staff = {} as Record<'sales' | 'support' | 'finance' | 'admin', string>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  for (const role of ['sales', 'support', 'finance', 'admin'] as const)
    staff[role] = await signIn(t.app, role);
});
afterAll(() => t.close());

const unknown = 999_999_999;
const shopper = () => createShopper(t.app, t.db);

/** A plain buyer (not the company admin) of the shopper's company. */
async function clerkOf(s: Awaited<ReturnType<typeof shopper>>) {
  const user = await createUser(t.db, {
    role: 'buyer',
    companyId: s.companyId,
    locationIds: [s.location.id],
  });
  return signIn(t.app, user.username, FACTORY_PASSWORD);
}

async function saveCard(cookie: string, url: string, number: string = numbers.ok, makeDefault = false) {
  const res = await call(cookie, 'POST', url, { card: card(number), makeDefault });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    customerId: number;
    sources: { sourceId: number; last4: string; isDefault: boolean }[];
  };
}

describe('POST /api/v1/vendor/cardpay/token', () => {
  it("exchanges a card for a single-use token of the buyer's company; the number is not kept", async () => {
    const s = await shopper();
    const res = await call(s.cookie, 'POST', '/api/v1/vendor/cardpay/token', { card: card(numbers.ok2) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ brand: 'mastercard', last4: '4444', expMonth: 12, expYear: 2040 });
    expect(res.json().token).toMatch(/^tok_/);
    const [row] = await t.db.select().from(cardTokens).where(eq(cardTokens.token, res.json().token));
    expect(row).toMatchObject({ companyId: s.companyId, usedAt: null });
    expect(JSON.stringify(row)).not.toContain(numbers.ok2);
  });

  it("binds the token to the company finance names, and ignores a buyer's companyId", async () => {
    const s = await shopper();
    const other = await shopper();
    const byFinance = await call(staff.finance, 'POST', '/api/v1/vendor/cardpay/token', {
      card: card(),
      companyId: s.companyId,
    });
    const byBuyer = await call(s.cookie, 'POST', '/api/v1/vendor/cardpay/token', {
      card: card(),
      companyId: other.companyId,
    });
    const companyOf = async (token: string) =>
      (await t.db.select().from(cardTokens).where(eq(cardTokens.token, token)))[0].companyId;
    expect(await companyOf(byFinance.json().token)).toBe(s.companyId);
    expect(await companyOf(byBuyer.json().token)).toBe(s.companyId);
  });

  it('answers 404 when finance names a company that does not exist', async () => {
    const res = await call(staff.finance, 'POST', '/api/v1/vendor/cardpay/token', {
      card: card(),
      companyId: unknown,
    });
    expect(res.statusCode).toBe(404);
  });

  it('answers 400 for an invalid or expired card or a missing one, 401 without a session', async () => {
    const s = await shopper();
    const url = '/api/v1/vendor/cardpay/token';
    const luhn = await call(s.cookie, 'POST', url, { card: card('4242424242424243') });
    expect(luhn.statusCode).toBe(400);
    expect(luhn.json().errors[0].pointer).toBe('/body/card/number');
    const expired = await call(s.cookie, 'POST', url, { card: { ...card(), expYear: 2020 } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors[0].pointer).toBe('/body/card/expYear');
    expect((await call(s.cookie, 'POST', url, {})).statusCode).toBe(400);
    expect((await call(null, 'POST', url, { card: card() })).statusCode).toBe(401);
  });

  it('is single use: the second charge with the token is a 409 token_used', async () => {
    const o = await staffOrder(t.app, t.db, staff.sales, 1);
    const token = (await call(o.cookie, 'POST', '/api/v1/vendor/cardpay/token', { card: card() })).json()
      .token;
    const save = await call(o.cookie, 'POST', `/api/customer/${o.companyId}`, { cardToken: token });
    expect(save.statusCode, save.body).toBe(200);
    const pay = await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/cardpay/transaction`, {
      cardToken: token,
    });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().reason).toBe('token_used');
  });
});

describe("the company's saved cards: GET/POST /api/customer/:id, DELETE /api/customer/:id/:sourceId", () => {
  it('saves a card (first one default), lists it, makes another default, removes one', async () => {
    const s = await shopper();
    const first = await saveCard(s.cookie, `/api/customer/${s.companyId}`);
    expect(first.sources).toMatchObject([{ last4: '4242', isDefault: true }]);
    const second = await saveCard(s.cookie, `/api/customer/${s.companyId}`, numbers.ok2, true);
    expect(second.sources.map((c) => [c.last4, c.isDefault])).toEqual([
      ['4242', false],
      ['4444', true],
    ]);
    const read = await call(s.cookie, 'GET', `/api/customer/${s.companyId}`);
    expect(read.json()).toMatchObject({
      companyId: s.companyId,
      provider: 'cardpay',
      customerId: first.customerId,
    });
    const removed = await call(
      s.cookie,
      'DELETE',
      `/api/customer/${s.companyId}/${second.sources[0].sourceId}`,
    );
    expect(removed.statusCode).toBe(200);
    expect(removed.json().sources.map((c: { last4: string }) => c.last4)).toEqual(['4444']);
  });

  it('saves a card from a token of the card form, and refuses the spent token the second time (409)', async () => {
    const s = await shopper();
    const token = (await call(s.cookie, 'POST', '/api/v1/vendor/cardpay/token', { card: card() })).json()
      .token;
    const saved = await call(s.cookie, 'POST', `/api/customer/${s.companyId}`, { cardToken: token });
    expect(saved.json().sources).toMatchObject([{ last4: '4242' }]);
    expect(
      (await call(s.cookie, 'POST', `/api/customer/${s.companyId}`, { cardToken: token })).statusCode,
    ).toBe(409);
  });

  it("answers 404 for another company's customer or card, and for an unknown card", async () => {
    const s = await shopper();
    const other = await shopper();
    const theirs = await saveCard(other.cookie, `/api/customer/${other.companyId}`);
    expect((await call(s.cookie, 'GET', `/api/customer/${other.companyId}`)).statusCode).toBe(404);
    expect(
      (await call(s.cookie, 'POST', `/api/customer/${other.companyId}`, { card: card() })).statusCode,
    ).toBe(404);
    const theirCard = theirs.sources[0].sourceId;
    expect((await call(s.cookie, 'DELETE', `/api/customer/${other.companyId}/${theirCard}`)).statusCode).toBe(
      404,
    );
    expect((await call(s.cookie, 'DELETE', `/api/customer/${s.companyId}/${theirCard}`)).statusCode).toBe(
      404,
    );
    expect((await call(s.cookie, 'DELETE', `/api/customer/${s.companyId}/${unknown}`)).statusCode).toBe(404);
    expect((await call(other.cookie, 'GET', `/api/customer/${other.companyId}`)).json().sources).toHaveLength(
      1,
    );
  });

  it('answers 403 to a buyer who is not the company admin, 400 for a missing card', async () => {
    const s = await shopper();
    const clerk = await clerkOf(s);
    expect((await call(clerk, 'GET', `/api/customer/${s.companyId}`)).statusCode).toBe(200);
    expect((await call(clerk, 'POST', `/api/customer/${s.companyId}`, { card: card() })).statusCode).toBe(
      403,
    );
    const saved = await saveCard(s.cookie, `/api/customer/${s.companyId}`);
    expect(
      (await call(clerk, 'DELETE', `/api/customer/${s.companyId}/${saved.sources[0].sourceId}`)).statusCode,
    ).toBe(403);
    expect((await call(s.cookie, 'POST', `/api/customer/${s.companyId}`, {})).statusCode).toBe(400);
    expect(
      (await call(s.cookie, 'POST', `/api/customer/${s.companyId}`, { cardToken: 'card' })).statusCode,
    ).toBe(400);
  });
});

describe('staff: GET/POST /api/v1/payment/:customer, DELETE /api/v1/payment/:customer/:source', () => {
  it("lets finance read, add and remove a company's saved cards", async () => {
    const s = await shopper();
    const saved = await saveCard(staff.finance, `/api/v1/payment/${s.companyId}`);
    expect(saved.sources).toHaveLength(1);
    expect((await call(s.cookie, 'GET', `/api/customer/${s.companyId}`)).json().sources).toHaveLength(1);
    expect((await call(staff.admin, 'GET', `/api/v1/payment/${s.companyId}`)).json().sources).toHaveLength(1);
    const removed = await call(
      staff.finance,
      'DELETE',
      `/api/v1/payment/${s.companyId}/${saved.sources[0].sourceId}`,
    );
    expect(removed.json().sources).toEqual([]);
  });

  it('answers 403 to sales, support and buyers; 404 for an unknown company or card; 400 for a bad id or card', async () => {
    const s = await shopper();
    for (const cookie of [staff.sales, staff.support, s.cookie]) {
      expect((await call(cookie, 'GET', `/api/v1/payment/${s.companyId}`)).statusCode).toBe(403);
      expect(
        (await call(cookie, 'POST', `/api/v1/payment/${s.companyId}`, { card: card() })).statusCode,
      ).toBe(403);
      expect((await call(cookie, 'DELETE', `/api/v1/payment/${s.companyId}/1`)).statusCode).toBe(403);
    }
    expect((await call(staff.finance, 'GET', `/api/v1/payment/${unknown}`)).statusCode).toBe(404);
    expect(
      (await call(staff.finance, 'POST', `/api/v1/payment/${unknown}`, { card: card() })).statusCode,
    ).toBe(404);
    expect(
      (await call(staff.finance, 'DELETE', `/api/v1/payment/${s.companyId}/${unknown}`)).statusCode,
    ).toBe(404);
    expect((await call(staff.finance, 'GET', '/api/v1/payment/abc')).statusCode).toBe(400);
    expect(
      (await call(staff.finance, 'POST', `/api/v1/payment/${s.companyId}`, { card: { ...card(), cvc: 'x' } }))
        .statusCode,
    ).toBe(400);
  });
});

describe("the card provider's customer record: GET/PUT /api/v1/vendor/cardpay/customer", () => {
  it('lets finance read and update the billing name and e-mail', async () => {
    const s = await shopper();
    const read = await call(staff.finance, 'GET', `/api/v1/vendor/cardpay/customer?id=${s.companyId}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().externalId).toMatch(/^cus_/);
    const res = await call(staff.finance, 'PUT', `/api/v1/vendor/cardpay/customer?id=${s.companyId}`, {
      name: 'Billing Dept',
      email: 'billing@fleet.example',
    });
    expect(res.json()).toMatchObject({ name: 'Billing Dept', email: 'billing@fleet.example' });
  });

  it('answers 400 without an id or with a bad e-mail, 403 to sales, support and buyers, 404 for an unknown company', async () => {
    const s = await shopper();
    const url = `/api/v1/vendor/cardpay/customer?id=${s.companyId}`;
    expect((await call(staff.finance, 'GET', '/api/v1/vendor/cardpay/customer')).statusCode).toBe(400);
    expect((await call(staff.finance, 'PUT', url, { name: 'x', email: 'nope' })).statusCode).toBe(400);
    for (const cookie of [staff.sales, staff.support, s.cookie]) {
      expect((await call(cookie, 'GET', url)).statusCode).toBe(403);
      expect((await call(cookie, 'PUT', url, { name: 'x', email: 'a@b.example' })).statusCode).toBe(403);
    }
    expect(
      (await call(staff.finance, 'GET', `/api/v1/vendor/cardpay/customer?id=${unknown}`)).statusCode,
    ).toBe(404);
  });
});

describe('company payment settings: GET /api/company/payment, PUT /api/company/payment/:id', () => {
  it("shows terms, credit, open balance and cards, and makes a saved card the company's default", async () => {
    const s = await createShopper(t.app, t.db, { creditLimitCents: 500_000 });
    const saved = await saveCard(s.cookie, `/api/customer/${s.companyId}`);
    await saveCard(s.cookie, `/api/customer/${s.companyId}`, numbers.ok2);
    const before = (await call(s.cookie, 'GET', '/api/company/payment')).json();
    expect(before).toMatchObject({
      companyId: s.companyId,
      creditLimitCents: 500_000,
      openBalanceCents: 0,
      availableCreditCents: 500_000,
      defaultSourceId: saved.sources[0].sourceId,
      methods: ['card', 'account', 'finpay', 'hostedpay', 'coinpay'],
    });
    const second = before.sources[1].sourceId;
    const res = await call(s.cookie, 'PUT', `/api/company/payment/${second}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().defaultSourceId).toBe(second);
  });

  it("answers 404 for another company's card, 403 to a plain buyer, 400 for a bad id", async () => {
    const s = await shopper();
    const other = await shopper();
    const theirs = await saveCard(other.cookie, `/api/customer/${other.companyId}`);
    expect(
      (await call(s.cookie, 'PUT', `/api/company/payment/${theirs.sources[0].sourceId}`)).statusCode,
    ).toBe(404);
    expect((await call(await clerkOf(s), 'PUT', '/api/company/payment/1')).statusCode).toBe(403);
    expect((await call(s.cookie, 'PUT', '/api/company/payment/-1')).statusCode).toBe(400);
    expect((await call(null, 'GET', '/api/company/payment')).statusCode).toBe(401);
    expect((await call(other.cookie, 'GET', '/api/company/payment')).json().defaultSourceId).toBe(
      theirs.sources[0].sourceId,
    );
  });
});

describe('PUT /api/company and PUT /api/user', () => {
  it('updates the company contact details (company admin only) and the user name and e-mail', async () => {
    const s = await shopper();
    const company = await call(s.cookie, 'PUT', '/api/company', {
      name: 'Fleet Two',
      email: 'ap@fleet2.example',
      phone: '512-555-0100',
    });
    expect(company.json()).toEqual({
      id: s.companyId,
      name: 'Fleet Two',
      email: 'ap@fleet2.example',
      phone: '512-555-0100',
    });
    const user = await call(s.cookie, 'PUT', '/api/user', {
      name: 'Ann Buyer',
      email: 'ann@fleet2.example',
      currentPassword: FACTORY_PASSWORD,
    });
    expect(user.json()).toEqual({ userId: s.user.id, name: 'Ann Buyer', email: 'ann@fleet2.example' });
    // The name alone changes without the password.
    const renamed = await call(s.cookie, 'PUT', '/api/user', { name: 'Ann B.', email: 'ann@fleet2.example' });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('e-mail change needs the current password and mails the old address', async () => {
    const s = await shopper();
    const [before] = await t.db.select().from(users).where(eq(users.id, s.user.id));
    const change = (body: object) =>
      call(s.cookie, 'PUT', '/api/user', { name: 'Taken', email: 'attacker@evil.example', ...body });
    const missing = await change({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ pointer: '/body/currentPassword', detail: 'is required' }]);
    const wrong = await change({ currentPassword: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].pointer).toBe('/body/currentPassword');
    const [unchanged] = await t.db.select().from(users).where(eq(users.id, s.user.id));
    expect(unchanged.email).toBe(before.email);
    expect(unchanged.name).toBe(before.name);

    expect((await change({ currentPassword: FACTORY_PASSWORD })).statusCode).toBe(200);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'email_changed'));
    const mail = mails.find((m) => m.text.includes('attacker@evil.example') && m.to === before.email);
    expect(mail?.subject).toBe('Your Tread e-mail address was changed');
  });

  it('answers 400 for a blank name or bad e-mail, 403 to a plain buyer for the company, 401 without a session', async () => {
    const s = await shopper();
    expect((await call(s.cookie, 'PUT', '/api/company', { name: ' ' })).statusCode).toBe(400);
    expect((await call(s.cookie, 'PUT', '/api/user', { name: 'x', email: 'x' })).statusCode).toBe(400);
    expect((await call(await clerkOf(s), 'PUT', '/api/company', { name: 'Taken Over' })).statusCode).toBe(
      403,
    );
    expect((await call(null, 'PUT', '/api/user', { name: 'x', email: 'x@y.example' })).statusCode).toBe(401);
  });
});
