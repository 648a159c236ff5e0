import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../../contract/common';
import * as quotes from '../../../contract/quotes';
import { can, type Role } from '../../../domain/roles';
import { type Caller, caller } from '../../test/admin-client';
import { createUser, FACTORY_PASSWORD } from '../../test/factories';
import { createShopper } from '../../test/factories-orders';
import { finishedJob, quotableTire } from '../../test/factories-quotes';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

// Every quote call against roles and companies: the role gate (403 where the contract denies
// the role), and company scope on real rows: a buyer of company A meets company B's quote, its
// lines, options and job as if they did not exist (404), and never sees them in a list.

const endpoints = (Object.values(quotes) as unknown[]).filter(
  (v): v is Endpoint => typeof v === 'object' && v !== null && 'method' in v && 'access' in v,
);
const GATE = 'Your role does not allow this';

let t: TestApp;
let sales: Caller;
const as =
  (cookie: string): Caller =>
  (method, url, payload) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
/** Company B's quote, sent, with its ids; callers of company A (company admin and plain buyer). */
let b: { quoteId: number; itemId: number; optionId: number; jobId: number; buyer: Caller };
let aAdmin: Caller;
let aBuyer: Caller;

beforeAll(async () => {
  t = await createTestApp();
  sales = await caller(t.app, 'sales');
  await quotableTire(t.db, { size: '191/43R15', quantity: 60, costCents: 6_000 });
  const shopperA = await createShopper(t.app, t.db);
  const shopperB = await createShopper(t.app, t.db);
  aAdmin = as(shopperA.cookie);
  const plain = await createUser(t.db, {
    role: 'buyer',
    companyId: shopperA.companyId,
    locationIds: [shopperA.location.id],
  });
  aBuyer = as(await signIn(t.app, plain.username, FACTORY_PASSWORD));
  const buyer = as(shopperB.cookie);
  const created = await buyer('POST', '/api/v1/quote', { items: [{ size: '191/43R15', quantity: 8 }] });
  expect(created.statusCode, created.body).toBe(201);
  const quoteId = created.json().data.id;
  const started = await sales('POST', `/api/v1/quote/${quoteId}/options`);
  const jobId = started.json().data.id;
  await finishedJob(sales, jobId);
  const detail = (await sales('GET', `/api/v1/quote/${quoteId}`)).json().data;
  expect((await sales('POST', `/api/v1/quote/${quoteId}/finalize`, {})).statusCode).toBe(200);
  expect((await sales('POST', `/api/v1/quote/${quoteId}/email`, {})).statusCode).toBe(200);
  b = { quoteId, itemId: detail.items[0].id, optionId: detail.items[0].options[0].id, jobId, buyer };
});
afterAll(() => t.close());

/** The path of an endpoint with company B's ids put in. */
function pathFor(e: Endpoint) {
  const id = e.path.includes('/option/')
    ? b.optionId
    : e.path.includes('/item/')
      ? b.itemId
      : e.path.includes('/job/')
        ? b.jobId
        : e.path.includes('/floor/') || e.path.includes('/map/')
          ? 1
          : b.quoteId;
  return e.path.replace(':id', String(id));
}
const withBody = (e: Endpoint) => e.method !== 'GET' && e.method !== 'DELETE';

describe('quote calls: who may call them, and which company', () => {
  it('covers every quote call of the contract', () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(22);
  });

  it.each([
    ['company admin', () => aAdmin, 'company_admin'],
    ['buyer', () => aBuyer, 'buyer'],
  ] as const)("keeps a %s of company A out of company B's quote", async (_who, who, role: Role) => {
    const wrong: string[] = [];
    for (const e of endpoints) {
      const res = await who()(e.method as 'GET', pathFor(e), withBody(e) ? {} : undefined);
      const gated = res.statusCode === 403 && res.json().detail === GATE;
      const allowed = can(role, e.access as Parameters<typeof can>[1]);
      // Allowed by role: B's rows answer 404 (or 400 for a body that is wrong anyway), never data.
      const ok = allowed
        ? !gated && [400, 404].includes(res.statusCode) && !res.body.includes(`"id":${b.quoteId},`)
        : gated;
      const listing = e === quotes.listQuotes || e === quotes.searchQuotes || e === quotes.createQuote;
      if (!listing && !ok) wrong.push(`${e.method} ${e.path} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it("lists none of company B's quotes to company A, even when A asks for B by id", async () => {
    const companyB = (await sales('GET', `/api/v1/quote/${b.quoteId}`)).json().data.companyId;
    for (const who of [aAdmin, aBuyer]) {
      const listed = await who('GET', `/api/v1/quote?companyId=${companyB}`);
      expect(listed.statusCode).toBe(200);
      expect(listed.json().data.list.map((q: { id: number }) => q.id)).not.toContain(b.quoteId);
      const searched = await who('POST', '/api/v1/quote/search', {
        companyId: companyB,
        text: `${b.quoteId}`,
      });
      expect(searched.json().data.list.map((q: { id: number }) => q.id)).not.toContain(b.quoteId);
    }
  });

  it("answers company B's buyer and staff with B's quote", async () => {
    expect((await b.buyer('GET', `/api/v1/quote/${b.quoteId}`)).statusCode).toBe(200);
    expect((await b.buyer('GET', `/api/v1/quote/${b.quoteId}/pdf`)).statusCode).toBe(200);
    for (const username of ['sales', 'support', 'finance', 'admin']) {
      const staff = await caller(t.app, username);
      expect((await staff('GET', `/api/v1/quote/${b.quoteId}`)).statusCode).toBe(200);
    }
  });

  it("refuses company A's accept and decline of B's quote without touching it", async () => {
    const choices = [{ itemId: b.itemId, optionId: b.optionId }];
    for (const who of [aAdmin, aBuyer]) {
      expect((await who('POST', `/api/v1/quote/${b.quoteId}/accept`, { choices })).statusCode).toBe(404);
      expect((await who('POST', `/api/v1/quote/${b.quoteId}/decline`)).statusCode).toBe(404);
    }
    expect((await sales('GET', `/api/v1/quote/${b.quoteId}`)).json().data.status).toBe('sent');
  });

  it('lets sales read the floors but only admin change a margin or a MAP', async () => {
    const admin = await caller(t.app, 'admin');
    expect((await sales('GET', '/api/v1/quote/floor')).statusCode).toBe(200);
    expect((await sales('GET', '/api/v1/quote/map')).statusCode).toBe(200);
    expect((await sales('PUT', '/api/v1/quote/map/1', { mapCents: 100 })).statusCode).toBe(403);
    expect((await aAdmin('GET', '/api/v1/quote/map')).statusCode).toBe(403);
    expect((await admin('PUT', '/api/v1/quote/map/999999999', { mapCents: 100 })).statusCode).toBe(404);
    expect((await admin('PUT', '/api/v1/quote/map/1', { mapCents: -5 })).statusCode).toBe(400);
  });
});
