import { eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogueOf,
  type Distributor,
  distributors,
} from '../integrations/distributors/distributor-sandbox';
import { type Caller, caller } from '../test/admin-client';
import { createCompany } from '../test/factories';
import { createMarkupRule, createProduct, createWarehouse, stock } from '../test/factories-catalog';
import { createSupplierUser } from '../test/factories-logistics';
import { cartBody, createShopper, stockedProduct } from '../test/factories-orders';
import { card, moneyOf, orderRow } from '../test/factories-payments';
import { finishedJob, quotableTire } from '../test/factories-quotes';
import { deliveredOrder } from '../modules/aftersales/aftersales.test-helpers';
import { createTestApp, type TestApp } from '../test/test-app';
import { priceGroups, quotes, refunds, stockHolds } from './schema';

// The lock order (docs/architecture.md, "Lock order"): a parent row is locked before its children
// are inserted, at the weakest level that serves, in one order (order → stock rows by id →
// location → company), so no two transactions ever wait on each other in a cycle. Each case sends
// 16 callers at once through the HTTP API at rows they share, and counts two things that must
// both stay at zero: answers of 409 concurrent_update (the app's answer to a deadlock or a
// serialization failure, src/server/http/errors.ts; nothing retries them), and deadlocks
// PostgreSQL detected in the test database (pg_stat_database, which also sees one the app might
// have swallowed). PGlite runs one statement at a time and cannot deadlock: skipped there.

const postgres = Boolean(process.env.TEST_DATABASE_URL);
if (!postgres)
  console.log(
    'lock-order suite skipped: it needs PostgreSQL (TEST_DATABASE_URL); PGlite runs one transaction at a time',
  );

const CALLERS = 16;

let t: TestApp;
let admin: Caller;
let sales: Caller;
let support: Caller;
let finance: Caller;

async function deadlocksSoFar(): Promise<number> {
  const { rows } = await t.db.execute<{ deadlocks: number }>(
    sql`select deadlocks from pg_stat_database where datname = current_database()`,
  );
  return Number(rows[0].deadlocks);
}

/**
 * Runs the calls at once; answers them with the number of 409 concurrent_update answers and of
 * deadlocks PostgreSQL detected meanwhile. A server backend reports its counters within a
 * second of going idle (PostgreSQL 15), hence the wait before the second reading.
 */
async function race(name: string, calls: (() => Promise<LightMyRequestResponse>)[]) {
  expect(calls).toHaveLength(CALLERS);
  const before = await deadlocksSoFar();
  const started = Date.now();
  const answers = await Promise.all(calls.map((call) => call()));
  const ms = Date.now() - started;
  await new Promise((r) => setTimeout(r, 1_200));
  const deadlocks = (await deadlocksSoFar()) - before;
  const concurrent = answers.filter(
    (a) => a.statusCode === 409 && a.json().code === 'concurrent_update',
  ).length;
  const statuses = answers.map((a) => a.statusCode).join(' ');
  const refused = [...new Set(answers.filter((a) => a.statusCode >= 400).map((a) => a.json().detail))];
  console.log(
    `${name}: ${concurrent} × 409 concurrent_update, ${deadlocks} deadlocks, ${ms} ms [${statuses}]`,
    refused.length ? refused : '',
  );
  expect(
    answers.filter((a) => a.statusCode >= 500).map((a) => a.body),
    'no answer is a server error',
  ).toEqual([]);
  return { answers, concurrent, deadlocks };
}

/** Puts `quantity` of the tire in the cart of the buyer signed in with `cookie`. */
async function addToCart(cookie: string, tire: Parameters<typeof cartBody>[0], quantity: number) {
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/cart',
    headers: { cookie },
    payload: cartBody(tire, quantity),
  });
  expect(added.statusCode, added.body).toBe(200);
}

const checkoutOnAccount = (cookie: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/cart/checkout',
    headers: { cookie },
    payload: { paymentMethod: 'account' },
  });

describe.skipIf(!postgres)('no deadlock between callers sharing rows (PostgreSQL)', () => {
  beforeAll(async () => {
    // One connection per caller, so all sixteen hold a transaction at once.
    t = await createTestApp({}, { poolSize: CALLERS });
    admin = await caller(t.app, 'admin');
    sales = await caller(t.app, 'sales');
    support = await caller(t.app, 'support');
    finance = await caller(t.app, 'finance');
  });
  afterAll(() => t?.close());

  it('sixteen buyers of one company check out on account with no deadlock', async () => {
    const company = await createCompany(t.db, { creditLimitCents: 100_000_000 });
    const buyers = [];
    for (let i = 0; i < CALLERS; i++) {
      const buyer = await createShopper(t.app, t.db, { companyId: company.id });
      // A tire of each buyer's own: the company is the only row they share.
      const tire = await stockedProduct(t.db, [{ zip: '78701', quantity: 4 }]);
      await addToCart(buyer.cookie, tire, 1);
      buyers.push(buyer);
    }
    const out = await race(
      'on-account checkouts of one company',
      buyers.map((b) => () => checkoutOnAccount(b.cookie)),
    );
    expect(out.concurrent).toBe(0);
    expect(out.deadlocks).toBe(0);
    expect(out.answers.map((a) => a.statusCode)).toEqual(Array(CALLERS).fill(201));
  });

  it('finance charging orders on account while buyers of the company check out on account meets no deadlock', async () => {
    // Both kinds lock an order, its stock and then the company; here they share the company and
    // the stock of two tires, so a charge that locked the company before the stock it sells
    // would wait in a cycle with a checkout holding that stock.
    const company = await createCompany(t.db, { creditLimitCents: 100_000_000 });
    const tires = [
      await stockedProduct(t.db, [{ zip: '78701', quantity: 200 }]),
      await stockedProduct(t.db, [{ zip: '78701', quantity: 200 }]),
    ];
    const half = CALLERS / 2;
    const buyers = [];
    const unpaid: number[] = [];
    for (let i = 0; i < half; i++) {
      const buyer = await createShopper(t.app, t.db, { companyId: company.id });
      for (const tire of i % 2 ? tires : [...tires].reverse()) {
        await addToCart(buyer.cookie, tire, 1);
      }
      buyers.push(buyer);
      const placed = await sales('POST', '/api/v1/order', {
        companyId: company.id,
        locationId: buyer.location.id,
        items: tires.map((tire) => ({ ...cartBody(tire, 1), orderItemRoadHazard: false })),
      });
      expect(placed.statusCode, placed.body).toBe(201);
      unpaid.push(placed.json().orderId);
    }
    const out = await race('finance on account beside on-account checkouts', [
      ...buyers.map((b) => () => checkoutOnAccount(b.cookie)),
      ...unpaid.map((id) => () => finance('PUT', `/api/v1/order/${id}/checkout`)),
    ]);
    expect(out.concurrent).toBe(0);
    expect(out.deadlocks).toBe(0);
    expect(out.answers.map((a) => a.statusCode)).toEqual([
      ...Array(half).fill(201),
      ...Array(half).fill(200),
    ]);
  });

  it('staff refunding small amounts of one paid order while finance approves others meet no deadlock', async () => {
    // Eight refunds wait for finance already; finance approves them (the money goes back through
    // the order's payment) while support opens eight more on the same order.
    const order = await deliveredOrder(t, admin, { quantity: 4 });
    const refund = (i: number) => () =>
      support('POST', '/api/v1/refund', { orderId: order.orderId, amountCents: 500, note: `goodwill ${i}` });
    const half = CALLERS / 2;
    const waiting: number[] = [];
    for (let i = 0; i < half; i++) {
      const opened = await refund(i)();
      expect(opened.statusCode, opened.body).toBe(201);
      if (opened.json().data.status === 'pending') waiting.push(opened.json().data.refundId);
    }
    const out = await race('refunds of one order', [
      ...Array.from({ length: half }, (_, i) => refund(half + i)),
      ...Array.from(
        { length: half },
        (_, i) => () =>
          i < waiting.length
            ? finance('PUT', '/api/v1/refund/status', {
                refund: waiting[i],
                status: 'approved',
                amountCents: 500,
              })
            : refund(CALLERS + i)(),
      ),
    ]);
    expect(out.concurrent).toBe(0);
    expect(out.deadlocks).toBe(0);
    expect(out.answers.every((a) => a.statusCode === 200 || a.statusCode === 201)).toBe(true);
    // What the payments gave back is what the processed refunds say they gave back.
    const processed = await t.db
      .select({ cents: sql<number>`coalesce(sum(${refunds.refundedCents}), 0)::int` })
      .from(refunds)
      .where(sql`${refunds.orderId} = ${order.orderId} and ${refunds.status} = 'processed'`);
    expect(processed[0].cents).toBeGreaterThan(0);
    expect((await moneyOf(t.db, order.orderId)).refundedCents).toBe(processed[0].cents);
  });

  it('a supplier cancelling lines of an order while staff send its other units to distributors meets no deadlock', async () => {
    // One supplier's warehouse holds sixteen tires that a distributor also carries; one order
    // buys two of each. Eight lines are cancelled first (their units wait, unrouted); then the
    // supplier cancels the other eight while staff send the unrouted units to distributors.
    const supplier = await createCompany(t.db, { kind: 'supplier' });
    const warehouse = await createWarehouse(t.db, { supplierCompanyId: supplier.id, zip: '75201' });
    const groups = await t.db.select({ id: priceGroups.id }).from(priceGroups);
    const tires: { product: { id: number }; make: { id: number }; model: { id: number }; by: Distributor }[] =
      [];
    while (tires.length < CALLERS) {
      const { make, model, product } = await createProduct(t.db);
      const by = distributors.find((d) => catalogueOf(d, product.id));
      if (!by) continue;
      for (const group of groups)
        await createMarkupRule(t.db, { priceGroupId: group.id, makeId: make.id, basisPoints: 0 });
      await stock(t.db, warehouse.id, product.id, 10, 10_000);
      tires.push({ make, model, product, by });
    }
    const shopper = await createShopper(t.app, t.db);
    for (const tire of tires) {
      await addToCart(shopper.cookie, tire, 2);
    }
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/cart/checkout',
      headers: { cookie: shopper.cookie },
      payload: { paymentMethod: 'card', card: card() },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId: number = placed.json().orderId;
    expect((await sales('POST', `/api/v1/order/${orderId}/submit`)).statusCode).toBe(200);
    const asSupplier = await createSupplierUser(t.app, t.db, supplier.id);
    const lines = (
      (await asSupplier('GET', '/api/supplier/fulfillments?status=sent&pageSize=100')).json().data.list as {
        supplierLineId: number;
        orderId: number;
        orderItemId: number;
      }[]
    ).filter((l) => l.orderId === orderId);
    expect(lines).toHaveLength(CALLERS);
    const cancel = (l: { supplierLineId: number }) =>
      asSupplier('PUT', '/api/supplier/fulfillments', {
        lines: [{ supplierLineId: l.supplierLineId, status: 'cancelled', note: 'none left' }],
      });
    const half = CALLERS / 2;
    for (const l of lines.slice(0, half)) expect((await cancel(l)).statusCode).toBe(200);
    const items = (await sales('GET', `/api/v1/order/${orderId}`)).json().orderItems as {
      orderItemId: number;
      orderItemProductId: number;
    }[];
    const toSend = lines.slice(0, half).map((l) => {
      const item = items.find((i) => i.orderItemId === l.orderItemId);
      const tire = tires.find((x) => x.product.id === item?.orderItemProductId);
      return { orderItemId: l.orderItemId, distributor: tire?.by as Distributor };
    });
    const out = await race('supplier cancels and distributor sends of one order', [
      ...lines.slice(half).map((l) => () => cancel(l)),
      ...toSend.map(
        (s) => () =>
          sales('POST', `/api/v1/order/${orderId}/distributors`, {
            distributor: s.distributor,
            items: [{ orderItemId: s.orderItemId, quantity: 2 }],
          }),
      ),
    ]);
    expect(out.concurrent).toBe(0);
    expect(out.deadlocks).toBe(0);
    expect(out.answers.map((a) => a.statusCode)).toEqual(Array(CALLERS).fill(200));
  });

  it('buyers accepting quotes while the expiry job frees the holds of others meet no deadlock', async () => {
    // Sixteen quotes of one size, two tires each (a company may hold 40 of one tire), hold the
    // same three tires; eight run out of time and are expired by reads of them (the expiry job
    // runs before a quote is read) while the buyer accepts the other eight.
    const size = '203/41R17';
    for (const [tier, costCents] of [
      [3, 8_000],
      [2, 9_000],
      [1, 15_000],
    ] as const)
      await quotableTire(t.db, { size, quantity: 200, costCents, tier });
    const shopper = await createShopper(t.app, t.db);
    const buyer: Caller = (method, url, payload) =>
      t.app.inject({ method, url, headers: { cookie: shopper.cookie }, ...(payload && { payload }) });
    const ready = [];
    for (let i = 0; i < CALLERS; i++) {
      const created = await buyer('POST', '/api/v1/quote', {
        title: `Fleet ${i}`,
        items: [{ size, quantity: 2 }],
      });
      expect(created.statusCode, created.body).toBe(201);
      const id: number = created.json().data.id;
      const started = await sales('POST', `/api/v1/quote/${id}/options`);
      expect(started.statusCode, started.body).toBe(202);
      expect((await finishedJob(sales, started.json().data.id)).status).toBe('done');
      const finalized = await sales('POST', `/api/v1/quote/${id}/finalize`, {});
      expect(finalized.statusCode, finalized.body).toBe(200);
      // A buyer accepts a quote that was sent; the ones left to expire need not be.
      if (i < CALLERS / 2)
        expect((await sales('POST', `/api/v1/quote/${id}/email`, {})).statusCode).toBe(200);
      const item = finalized.json().data.items[0];
      ready.push({ id, itemId: item.id as number, optionId: item.options[i % 3].id as number });
    }
    const half = CALLERS / 2;
    const expiring = ready.slice(half);
    await t.db
      .update(quotes)
      .set({ validUntil: new Date(Date.now() - 60_000) })
      .where(
        inArray(
          quotes.id,
          expiring.map((q) => q.id),
        ),
      );
    const out = await race('quote acceptances and hold expiry', [
      ...ready.slice(0, half).map(
        (q) => () =>
          buyer('POST', `/api/v1/quote/${q.id}/accept`, {
            choices: [{ itemId: q.itemId, optionId: q.optionId }],
          }),
      ),
      ...expiring.map((q) => () => buyer('GET', `/api/v1/quote/${q.id}`)),
    ]);
    expect(out.concurrent).toBe(0);
    expect(out.deadlocks).toBe(0);
    expect(out.answers.map((a) => a.statusCode)).toEqual(Array(CALLERS).fill(200));
    const statuses = await t.db
      .select({ status: quotes.status })
      .from(quotes)
      .where(
        inArray(
          quotes.id,
          ready.map((q) => q.id),
        ),
      );
    expect(statuses.filter((s) => s.status === 'accepted')).toHaveLength(half);
    expect(statuses.filter((s) => s.status === 'expired')).toHaveLength(half);
  });

  it('staff editing orders while their buyer pays them meet no deadlock', async () => {
    // Four orders sales placed for one company, of one tire: on each, two quantity edits by sales
    // and two card payments by the buyer at once. One payment of each order goes through, for
    // the order's total as it stands when paid; an edit after it is refused as too late.
    const shopper = await createShopper(t.app, t.db, { creditLimitCents: 0 });
    const tire = await stockedProduct(t.db, [
      { zip: '78701', quantity: 40 },
      { zip: '75201', quantity: 40 },
    ]);
    const orders: { orderId: number; itemId: number }[] = [];
    for (let i = 0; i < CALLERS / 4; i++) {
      const res = await sales('POST', '/api/v1/order', {
        companyId: shopper.companyId,
        locationId: shopper.location.id,
        items: [{ ...cartBody(tire, 2), orderItemRoadHazard: false }],
      });
      expect(res.statusCode, res.body).toBe(201);
      orders.push({
        orderId: res.json().orderId as number,
        itemId: res.json().orderItems[0].orderItemId as number,
      });
    }
    const pay = (orderId: number) => () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/order/${orderId}/cardpay/transaction`,
        headers: { cookie: shopper.cookie },
        payload: { card: card() },
      });
    const edit = (o: (typeof orders)[number], quantity: number) => () =>
      sales('PUT', `/api/v1/order/${o.orderId}/item/${o.itemId}`, { orderItemQuantity: quantity });
    const calls = orders.flatMap((o) => [edit(o, 3), pay(o.orderId), edit(o, 4), pay(o.orderId)]);
    const out = await race('item edits and payments of orders', calls);
    expect(out.concurrent).toBe(0);
    expect(out.deadlocks).toBe(0);
    for (const [n, o] of orders.entries()) {
      const mine = out.answers.slice(n * 4, n * 4 + 4);
      const paid = [mine[1], mine[3]].filter((a) => a.statusCode === 200);
      expect(paid, 'one payment of each order goes through').toHaveLength(1);
      expect(mine.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
      const row = await orderRow(t.db, o.orderId);
      expect((await moneyOf(t.db, o.orderId)).capturedCents).toBe(row.totalCents);
    }
  });
  it('a checkout short of stock never waits for an expired order that the hold sweep holds', async () => {
    // The sweep locks an expired order, then its stock; a checkout short of the same tire has
    // locked that stock and would free the expired order's units itself. Were it to wait for the
    // order, the two would wait on each other; it takes the order without waiting and leaves it
    // to the sweep. The sweep here is a connection of the test, taking the sweep's locks in turn.
    const tire = await stockedProduct(t.db, [{ zip: '78701', quantity: 2 }]);
    // The buyer's cart takes its tire while it is free; then another buyer's unpaid order holds both.
    const buyer = await createShopper(t.app, t.db);
    const waiting = await createShopper(t.app, t.db);
    const put = (cookie: string, quantity: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/cart',
        headers: { cookie },
        payload: cartBody(tire, quantity),
      });
    expect((await put(buyer.cookie, 1)).statusCode).toBe(200);
    expect((await put(waiting.cookie, 2)).statusCode).toBe(200);
    const charge = await t.app.inject({
      method: 'POST',
      url: '/api/cart/coinpay/checkout',
      headers: { cookie: waiting.cookie },
      payload: {},
    });
    const pending = await t.app.inject({
      method: 'POST',
      url: '/api/cart/checkout',
      headers: { cookie: waiting.cookie },
      payload: { paymentMethod: 'coinpay', token: charge.json().token },
    });
    expect(pending.statusCode, pending.body).toBe(201);
    const expiredId: number = pending.json().orderId;
    await t.db
      .update(stockHolds)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(stockHolds.orderId, expiredId));

    const before = await deadlocksSoFar();
    const sweep = new pg.Client({ connectionString: t.database.url });
    await sweep.connect();
    try {
      await sweep.query('begin');
      await sweep.query('select id from orders where id = $1 for no key update', [expiredId]);
      const answer = t.app.inject({
        method: 'POST',
        url: '/api/cart/checkout',
        headers: { cookie: buyer.cookie },
        payload: { paymentMethod: 'card', card: card() },
      });
      // Time for the checkout to lock its stock and reach the expired order.
      await new Promise((r) => setTimeout(r, 500));
      const sweepStock = sweep
        .query('select 1 from inventory where product_id = $1 for no key update', [tire.product.id])
        .then(
          () => 'locked',
          (error: { code?: string }) => `failed ${error.code}`,
        );
      const res = await answer;
      expect(await sweepStock).toBe('locked');
      await sweep.query('rollback');
      await new Promise((r) => setTimeout(r, 1_200));
      const deadlocks = (await deadlocksSoFar()) - before;
      console.log(
        `short checkout beside the hold sweep: ${res.statusCode} ${res.json().code ?? ''}, ${deadlocks} deadlocks`,
      );
      expect(res.json().code).not.toBe('concurrent_update');
      expect(res.statusCode).toBeLessThan(500);
      expect(deadlocks).toBe(0);
    } finally {
      await sweep.end();
    }
  });
});
