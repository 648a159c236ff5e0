import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventory, orders } from '../../db/schema';
import { type Caller, caller } from '../../test/admin-client';
import { createShopper } from '../../test/factories-orders';
import { finishedJob, outboxTo, quotableTire } from '../../test/factories-quotes';
import { createTestApp, type TestApp } from '../../test/test-app';

// The quote flow through the API: request, generate, price, finalize with the floor, e-mail, accept.

let t: TestApp;
let sales: Caller;
let admin: Caller;
let buyer: Caller;
let shopper: Awaited<ReturnType<typeof createShopper>>;

const as =
  (cookie: string): Caller =>
  (method, url, payload) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });

beforeAll(async () => {
  t = await createTestApp();
  sales = await caller(t.app, 'sales');
  admin = await caller(t.app, 'admin');
  shopper = await createShopper(t.app, t.db);
  buyer = as(shopper.cookie);
});
afterAll(() => t.close());

async function readyQuote(size: string, quantity = 16) {
  const cheap = await quotableTire(t.db, { size, quantity: 60, costCents: 8_000, tier: 3 });
  const value = await quotableTire(t.db, { size, quantity: 60, costCents: 9_000, tier: 2 });
  const premium = await quotableTire(t.db, { size, quantity: 60, costCents: 15_000, tier: 1 });
  const created = await buyer('POST', '/api/v1/quote', {
    title: 'Fleet tires',
    items: [{ size, quantity }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const quote = created.json().data;
  const started = await sales('POST', `/api/v1/quote/${quote.id}/options`);
  expect(started.statusCode, started.body).toBe(202);
  const job = await finishedJob(sales, started.json().data.id);
  expect(job).toMatchObject({ status: 'done', done: 1, total: 1 });
  return { quote, cheap, value, premium };
}

describe('quotes', () => {
  it('takes a buyer request and generates good, better and best from the live catalogue', async () => {
    const { quote, cheap, premium } = await readyQuote('197/41R17');
    expect(quote).toMatchObject({
      status: 'draft',
      companyId: shopper.companyId,
      lineCount: 1,
      tireCount: 16,
    });
    const detail = (await sales('GET', `/api/v1/quote/${quote.id}`)).json().data;
    expect(detail.status).toBe('options_ready');
    const options = detail.items[0].options;
    expect(options.map((o: { tier: string }) => o.tier)).toEqual(['good', 'better', 'best']);
    expect(options[0].productId).toBe(cheap.product.id);
    expect(options[2].productId).toBe(premium.product.id);
    expect(options[0]).toMatchObject({
      unitPriceCents: 10_400,
      costCents: 8_000,
      floorCents: 8_400,
      belowFloor: false,
      quantity: 16,
    });
    expect(options[0].reason).toContain('Lowest price');
    // Delivered to the buyer's Austin location: the line is taxed, and the tier's total is the line's.
    expect(detail.tax).toMatchObject({ state: 'TX', certificate: null });
    expect(options[0].taxCents).toBeGreaterThan(0);
    expect(detail.tierTotals.good.taxCents).toBe(options[0].taxCents);
    expect(detail.tierTotals.good.totalCents).toBe(
      16 * 10_400 + options[0].shippingCents + options[0].taxCents,
    );
    expect(options[0].lineTotalCents).toBe(detail.tierTotals.good.totalCents);
    // The buyer sees the options but never cost or floor.
    const seen = (await buyer('GET', `/api/v1/quote/${quote.id}`)).json().data.items[0].options[0];
    expect(seen).toMatchObject({
      costCents: null,
      floorCents: null,
      belowFloor: null,
      unitPriceCents: 10_400,
    });
  });

  it('refuses a price under the floor at finalize, naming the line and floor, until fixed or approved', async () => {
    const { quote } = await readyQuote('197/42R17');
    await admin('PUT', '/api/v1/quote/floor/1', { minMarginBasisPoints: 1000 });
    const [good] = (await sales('GET', `/api/v1/quote/${quote.id}`)).json().data.items[0].options;
    const low = await sales('PUT', `/api/v1/quote/option/${good.id}/price`, { unitPriceCents: 8_500 });
    expect(low.statusCode, low.body).toBe(200);
    const refused = await sales('POST', `/api/v1/quote/${quote.id}/finalize`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'below_floor' });
    expect(refused.json().detail).toMatch(/line 1 good .* \$85\.00 < floor \$88\.00/);
    expect(refused.json().lines).toEqual([expect.objectContaining({ optionId: good.id, floorCents: 8_800 })]);
    // Sales cannot approve its own exception; nothing was held.
    const selfApproved = await sales('POST', `/api/v1/quote/${quote.id}/finalize`, {
      approveBelowFloor: true,
    });
    expect(selfApproved.statusCode).toBe(403);
    expect((await sales('GET', `/api/v1/quote/${quote.id}`)).json().data.status).toBe('options_ready');
    // Fixed by sales: finalized, the stock of every option held.
    await sales('PUT', `/api/v1/quote/option/${good.id}/price`, { unitPriceCents: 8_800 });
    const finalized = await sales('POST', `/api/v1/quote/${quote.id}/finalize`, {});
    expect(finalized.statusCode, finalized.body).toBe(200);
    expect(finalized.json().data.status).toBe('finalized');
    const [row] = await t.db.select().from(inventory).where(eq(inventory.productId, good.productId));
    expect(row.reserved).toBe(16);
    // Frozen now.
    const frozen = await sales('PUT', `/api/v1/quote/option/${good.id}/price`, { unitPriceCents: 9_000 });
    expect(frozen.statusCode, frozen.body).toBe(409);
    await admin('PUT', '/api/v1/quote/floor/1', { minMarginBasisPoints: 500 });
  });

  it('lets admin approve a price under the floor, audited', async () => {
    const { quote } = await readyQuote('197/43R17');
    const [good] = (await sales('GET', `/api/v1/quote/${quote.id}`)).json().data.items[0].options;
    await sales('PUT', `/api/v1/quote/option/${good.id}/price`, { unitPriceCents: 7_000 });
    const approved = await admin('POST', `/api/v1/quote/${quote.id}/finalize`, {
      approveBelowFloor: true,
      approvalNote: 'Fleet launch deal',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'finalized', floorApprovedBy: expect.any(String) });
    const audit = await admin('GET', `/api/v1/audit?entity=quote&entityId=${quote.id}`);
    expect(audit.body).toContain('approve_below_floor');
  });

  it('e-mails the PDF with links from the configured address, and the buyer accepts at the quoted total', async () => {
    const { quote } = await readyQuote('197/44R17');
    const detail = (await sales('GET', `/api/v1/quote/${quote.id}`)).json().data;
    const [good, better] = detail.items[0].options;
    await sales('POST', `/api/v1/quote/item/${detail.items[0].id}/unified-pricing`, {
      unitPriceCents: 20_000,
    });
    expect((await sales('POST', `/api/v1/quote/${quote.id}/finalize`, {})).statusCode).toBe(200);
    const toRequester = await sales('POST', `/api/v1/quote/${quote.id}/email`, {});
    expect(toRequester.statusCode, toRequester.body).toBe(200);
    const sent = await sales('POST', `/api/v1/quote/${quote.id}/email`, { to: 'fleet@test.example' });
    expect(sent.statusCode, sent.body).toBe(200);
    const [mail] = await outboxTo(t.db, 'fleet@test.example');
    expect(mail.text).toContain(`http://localhost:3000/quotes/${quote.id}`);
    const attachment = (mail.meta as { attachments: { content: string }[] }).attachments[0];
    expect(Buffer.from(attachment.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');

    const shown = (await buyer('GET', `/api/v1/quote/${quote.id}`)).json().data;
    const quoted = shown.items[0].options.find((o: { id: number }) => o.id === better.id);
    const choices = [{ itemId: detail.items[0].id, optionId: better.id }];
    // A total the buyer was not shown is refused, naming the quote's total now.
    const stale = await buyer('POST', `/api/v1/quote/${quote.id}/accept`, {
      choices,
      expectedTotalCents: quoted.lineTotalCents - 1,
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'quote_total_changed', totalCents: quoted.lineTotalCents });
    const accepted = await buyer('POST', `/api/v1/quote/${quote.id}/accept`, {
      choices,
      expectedTotalCents: quoted.lineTotalCents,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after = accepted.json().data;
    expect(after).toMatchObject({ status: 'accepted', orderId: accepted.json().orderId });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, accepted.json().orderId));
    // The order costs the quoted total to the cent: tires, shipping and the Austin sales tax.
    expect(order.totalCents).toBe(quoted.lineTotalCents);
    expect(order.taxCents).toBe(quoted.taxCents);
    expect(quoted.lineTotalCents).toBe(16 * 20_000 + better.shippingCents + quoted.taxCents);
    expect(order.status).toBe('placed');
    // The options not chosen gave their held units back.
    const [goodStock] = await t.db.select().from(inventory).where(eq(inventory.productId, good.productId));
    expect(goodStock.reserved).toBe(0);
  });

  it('answers 400, 403, 404 and 409 as a client would meet them', async () => {
    const { quote } = await readyQuote('197/45R17');
    expect((await buyer('POST', '/api/v1/quote', { items: [] })).statusCode).toBe(400);
    expect(
      (await buyer('POST', '/api/v1/quote', { items: [{ size: 'big ones', quantity: 4 }] })).statusCode,
    ).toBe(400);
    expect(
      (await sales('POST', '/api/v1/quote', { items: [{ size: '225/45R17', quantity: 4 }] })).statusCode,
    ).toBe(400);
    expect((await buyer('POST', `/api/v1/quote/${quote.id}/options`)).statusCode).toBe(403);
    expect((await buyer('POST', `/api/v1/quote/${quote.id}/finalize`, {})).statusCode).toBe(403);
    const support = await caller(t.app, 'support');
    expect((await support('POST', `/api/v1/quote/${quote.id}/finalize`, {})).statusCode).toBe(403);
    const other = await createShopper(t.app, t.db);
    expect((await as(other.cookie)('GET', `/api/v1/quote/${quote.id}`)).statusCode).toBe(404);
    expect((await as(other.cookie)('GET', '/api/v1/quote')).json().data.list).toEqual([]);
    expect((await sales('GET', '/api/v1/quote/999999999')).statusCode).toBe(404);
    expect((await sales('POST', '/api/v1/quote/option/999999999/recalculate')).statusCode).toBe(404);
    const early = await buyer('POST', `/api/v1/quote/${quote.id}/accept`, {
      choices: [{ itemId: 1, optionId: 1 }],
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('invalid_transition');
  });

  it('recalculates an option and a line against the day prices, and searches quotes', async () => {
    const { quote } = await readyQuote('197/46R17');
    const detail = (await sales('GET', `/api/v1/quote/${quote.id}`)).json().data;
    const [good] = detail.items[0].options;
    await sales('PUT', `/api/v1/quote/option/${good.id}/price`, { unitPriceCents: 20_000 });
    const kept = await sales('POST', `/api/v1/quote/option/${good.id}/recalculate`);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.items[0].options[0]).toMatchObject({
      unitPriceCents: 20_000,
      priceSource: 'override',
    });
    const reset = await sales('POST', `/api/v1/quote/item/${detail.items[0].id}/recalculate-pricing`);
    expect(reset.json().data.items[0].options[0]).toMatchObject({
      unitPriceCents: 10_400,
      priceSource: 'list',
    });
    const found = await sales('POST', '/api/v1/quote/search', {
      companyId: shopper.companyId,
      text: '197/46R17',
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.list.map((q: { id: number }) => q.id)).toEqual([quote.id]);
    const byStatus = await sales('GET', `/api/v1/quote?status=options_ready&companyId=${shopper.companyId}`);
    expect(byStatus.json().data.list.map((q: { id: number }) => q.id)).toContain(quote.id);
  });
});
