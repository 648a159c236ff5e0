import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer as Server, startServer } from '../../test/child-server';
import { buyByCard, cartBody, createShopper, stockedProduct } from '../../test/factories-orders';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

// Crash safety (docs/security.md): the real server (src/server/main.ts) runs as a child process
// on this file's PostgreSQL database while buyers check out under load; it is killed with
// SIGKILL in the middle, started again on the same database, and then: every order a buyer got
// a 2xx for is there, placed, with its lines, its payment and its sold stock; no order is
// half-written; stock reconciles exactly (on hand + sold = what was stocked, reserved = open
// holds); a retry with the same Idempotency-Key answers the same order, never a second one.
// PGlite serves one process (the test's), so this needs PostgreSQL: skipped there.

const postgres = Boolean(process.env.TEST_DATABASE_URL);
if (!postgres)
  console.log(
    'crash-safety suite skipped: it needs PostgreSQL (TEST_DATABASE_URL); PGlite serves one process',
  );

const BUYERS = 24;
const STOCKED = [400, 400];

const card = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };
const checkoutBody = { paymentMethod: 'card', card };

interface Attempt {
  buyer: number;
  key: string;
  status?: number;
  orderId?: number;
}

describe.skipIf(!postgres)('crash safety: kill -9 in the middle of checkouts', () => {
  let t: TestApp;
  let server: Server | undefined;
  beforeAll(async () => {
    t = await createTestApp({}, { poolSize: 4 });
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await t?.close();
  });

  it('loses no acknowledged order, half-writes none, reconciles stock, and replays retries after a restart', {
    timeout: 90_000,
  }, async () => {
    const tire = await stockedProduct(t.db, [
      { zip: '78701', quantity: STOCKED[0] },
      { zip: '10001', quantity: STOCKED[1] },
    ]);
    const buyers: Awaited<ReturnType<typeof createShopper>>[] = [];
    for (let i = 0; i < BUYERS; i++) buyers.push(await createShopper(t.app, t.db));
    const companyIds = buyers.map((b) => b.companyId);

    server = await startServer(t.database.url);
    const first = server;
    const attempts: Attempt[] = [];
    let killed = false;
    let acknowledged = 0;

    // Each buyer: a tire or two in the cart, checkout under its own key, again, until the server dies.
    const loop = async (i: number) => {
      const headers = { cookie: buyers[i].cookie, 'content-type': 'application/json' };
      for (let n = 0; !killed; n++) {
        try {
          const cart = await fetch(`${first.base}/api/cart`, {
            method: 'POST',
            headers,
            body: JSON.stringify(cartBody(tire, 1 + ((i + n) % 2))),
          });
          if (cart.status >= 300) throw new Error(`cart ${cart.status}: ${await cart.text()}`);
        } catch (error) {
          if (killed) return;
          throw error;
        }
        const attempt: Attempt = { buyer: i, key: `crash-${i}-${n}` };
        attempts.push(attempt);
        try {
          const res = await fetch(`${first.base}/api/cart/checkout`, {
            method: 'POST',
            headers: { ...headers, 'idempotency-key': attempt.key },
            body: JSON.stringify(checkoutBody),
          });
          const body = (await res.json()) as { orderId?: number };
          attempt.status = res.status;
          attempt.orderId = body.orderId;
          if (res.status === 201) acknowledged += 1;
        } catch {
          return; // no answer: the server died with this call in flight
        }
      }
    };
    const running = buyers.map((_, i) => loop(i));
    // Kill once the load is well under way: some orders answered, others in flight.
    while (acknowledged < BUYERS * 2) await new Promise((r) => setTimeout(r, 5));
    killed = true;
    first.child.kill('SIGKILL');
    await Promise.all(running);

    const acked = attempts.filter((a) => a.status === 201);
    const refused = attempts.filter((a) => a.status !== undefined && a.status !== 201);
    const inFlight = attempts.filter((a) => a.status === undefined);
    console.log(
      `crash safety: ${acked.length} orders acknowledged, ${inFlight.length} checkouts in flight at the kill, ${refused.length} refused`,
    );
    expect(refused.map((a) => a.status)).toEqual([]);
    expect(acked.length).toBeGreaterThanOrEqual(BUYERS * 2);

    server = await startServer(t.database.url);
    const second = server;
    const retry = (a: Attempt) =>
      fetch(`${second.base}/api/cart/checkout`, {
        method: 'POST',
        headers: {
          cookie: buyers[a.buyer].cookie,
          'content-type': 'application/json',
          'idempotency-key': a.key,
        },
        body: JSON.stringify(checkoutBody),
      });

    // Every acknowledged order: a retry with its key answers the same order.
    for (const a of acked) {
      const res = await retry(a);
      expect(res.status).toBe(201);
      expect(res.headers.get('idempotent-replayed')).toBe('true');
      expect(((await res.json()) as { orderId: number }).orderId).toBe(a.orderId);
    }
    // A call that died in flight: its retry runs at once (the dead server's claim on the key is
    // taken over) and places the order if it never committed, or answers the order it placed if
    // it committed before the kill; a second retry answers the same. One order per checkout.
    const placedOf = async () =>
      (
        await t.db.execute<{ id: number }>(
          sql`select id::int from orders where company_id in (${sql.join(companyIds, sql`, `)}) and status <> 'cart'`,
        )
      ).rows.map((r) => Number(r.id));
    const beforeRetries = new Set(await placedOf());
    const retriedOrders: number[] = [];
    for (const a of inFlight) {
      const res = await retry(a);
      const body = (await res.json()) as { orderId?: number };
      expect(res.status, JSON.stringify(body)).toBe(201);
      retriedOrders.push(body.orderId as number);
      const again = await retry(a);
      expect(again.status).toBe(201);
      expect(((await again.json()) as { orderId?: number }).orderId).toBe(body.orderId);
    }
    const resumed = retriedOrders.filter((id) => beforeRetries.has(id)).length;
    console.log(
      `crash safety: after the restart ${retriedOrders.length - resumed} in-flight checkouts placed on retry, ${resumed} had committed before the kill and were answered`,
    );
    expect(beforeRetries.size).toBe(acked.length + resumed);

    // The database: every placed order of these buyers is whole.
    const { rows: placed } = await t.db.execute<{
      id: number;
      status: string;
      payment_status: string;
      items: number;
      units: number;
      committed: number;
      held: number;
      payments: number;
      paid: number;
      total: number;
    }>(sql`
      select o.id::int, o.status, o.payment_status, o.total_cents::int as total,
        (select count(*)::int from order_items i where i.order_id = o.id and i.removed_at is null) as items,
        (select coalesce(sum(i.quantity), 0)::int from order_items i where i.order_id = o.id and i.removed_at is null) as units,
        (select coalesce(sum(h.quantity), 0)::int from stock_holds h where h.order_id = o.id and h.status = 'committed') as committed,
        (select coalesce(sum(h.quantity), 0)::int from stock_holds h where h.order_id = o.id and h.status = 'held') as held,
        (select count(*)::int from payments p where p.order_id = o.id) as payments,
        (select coalesce(sum(p.amount_cents), 0)::int from payments p where p.order_id = o.id and p.status = 'captured') as paid
      from orders o
      where o.company_id in (${sql.join(companyIds, sql`, `)}) and o.status <> 'cart'`);
    const byId = new Map(placed.map((o) => [Number(o.id), o]));
    for (const a of acked) expect(byId.has(a.orderId as number), `order ${a.orderId} lost`).toBe(true);
    const halfWritten = placed.filter(
      (o) =>
        o.status !== 'placed' ||
        o.payment_status !== 'paid' ||
        o.items === 0 ||
        o.committed !== o.units ||
        o.held !== 0 ||
        o.payments !== 1 ||
        o.paid !== o.total,
    );
    expect(halfWritten).toEqual([]);
    // No second order: one per checkout, each answered.
    const answered = new Set([...acked.map((a) => a.orderId as number), ...retriedOrders]);
    expect(answered.size).toBe(acked.length + inFlight.length);
    expect(placed.map((o) => Number(o.id)).sort((x, y) => x - y)).toEqual(
      [...answered].sort((x, y) => x - y),
    );

    // Stock: on hand + sold = what was stocked; reserved = holds still open, per warehouse.
    const { rows: stock } = await t.db.execute<{
      quantity: number;
      reserved: number;
      sold: number;
      held: number;
    }>(sql`
      select inv.quantity, inv.reserved,
        (select coalesce(sum(h.quantity), 0)::int from stock_holds h where h.warehouse_id = inv.warehouse_id
          and h.product_id = inv.product_id and h.status = 'committed') as sold,
        (select coalesce(sum(h.quantity), 0)::int from stock_holds h where h.warehouse_id = inv.warehouse_id
          and h.product_id = inv.product_id and h.status = 'held') as held
      from inventory inv where inv.product_id = ${tire.product.id} order by inv.warehouse_id`);
    expect(stock.map((s) => s.quantity + s.sold)).toEqual(STOCKED);
    expect(stock.map((s) => s.reserved)).toEqual(stock.map((s) => s.held));
    expect(stock.reduce((sum, s) => sum + s.sold, 0)).toBe(placed.reduce((sum, o) => sum + o.units, 0));

    second.child.kill('SIGTERM');
  });
});

// The same kill -9 in the middle of refunds, a keyed call that holds an order's money: support asks
// for small refunds of a few paid orders in a loop (tied to no return, each waits for finance and
// holds its amount); after the restart every refund call (answered or in flight) is retried with
// its key. One refund per call, no money moved: a call that had committed before the kill answers
// its refund, never a second one.
const REFUNDERS = 12;
const REFUND_CENTS = 100;

interface RefundAttempt {
  key: string;
  orderId: number;
  status?: number;
  refundId?: number;
}

describe.skipIf(!postgres)('crash safety: kill -9 in the middle of refunds', () => {
  let t: TestApp;
  let server: Server | undefined;
  beforeAll(async () => {
    t = await createTestApp({}, { poolSize: 4 });
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill('SIGKILL');
    await t?.close();
  });

  it('refunds each call once, answers its retries with that refund, and refunds no cent more', {
    timeout: 90_000,
  }, async () => {
    const tire = await stockedProduct(t.db, [{ zip: '78701', quantity: 100 }]);
    const orderIds: number[] = [];
    for (let i = 0; i < 6; i++) {
      const buyer = await createShopper(t.app, t.db);
      const placed = await buyByCard(t.app, buyer.cookie, tire, 2);
      expect(placed.statusCode, placed.body).toBe(201);
      orderIds.push(placed.json().orderId);
    }
    const support = await signIn(t.app, 'support');
    const headers = { cookie: support, 'content-type': 'application/json' };
    const refund = (base: string, a: RefundAttempt) =>
      fetch(`${base}/api/v1/refund`, {
        method: 'POST',
        headers: { ...headers, 'idempotency-key': a.key },
        body: JSON.stringify({ orderId: a.orderId, amountCents: REFUND_CENTS }),
      });

    server = await startServer(t.database.url);
    const first = server;
    const attempts: RefundAttempt[] = [];
    let killed = false;
    let acknowledged = 0;
    const loop = async (w: number) => {
      for (let n = 0; !killed; n++) {
        const attempt: RefundAttempt = {
          key: `refund-${w}-${n}`,
          orderId: orderIds[(w + n) % orderIds.length],
        };
        attempts.push(attempt);
        try {
          const res = await refund(first.base, attempt);
          const body = (await res.json()) as { data?: { refundId?: number } };
          attempt.status = res.status;
          attempt.refundId = body.data?.refundId;
          if (res.status === 201) acknowledged += 1;
        } catch {
          return; // no answer: the server died with this call in flight
        }
      }
    };
    const running = Array.from({ length: REFUNDERS }, (_, w) => loop(w));
    while (acknowledged < REFUNDERS * 4) await new Promise((r) => setTimeout(r, 5));
    killed = true;
    first.child.kill('SIGKILL');
    await Promise.all(running);

    const acked = attempts.filter((a) => a.status === 201);
    const refused = attempts.filter((a) => a.status !== undefined && a.status !== 201);
    const inFlight = attempts.filter((a) => a.status === undefined);
    expect(refused.map((a) => a.status)).toEqual([]);

    const refundsOf = async () =>
      (
        await t.db.execute<{ id: number; status: string; amount: number }>(
          sql`select id::int, status, amount_cents::int as amount from refunds
            where order_id in (${sql.join(orderIds, sql`, `)})`,
        )
      ).rows;
    const beforeRetries = new Set((await refundsOf()).map((r) => Number(r.id)));

    server = await startServer(t.database.url);
    const second = server;
    for (const a of acked) {
      const res = await refund(second.base, a);
      expect(res.status).toBe(201);
      expect(res.headers.get('idempotent-replayed')).toBe('true');
      expect(((await res.json()) as { data: { refundId: number } }).data.refundId).toBe(a.refundId);
    }
    const retried: number[] = [];
    for (const a of inFlight) {
      const res = await refund(second.base, a);
      const body = (await res.json()) as { data?: { refundId?: number } };
      expect(res.status, JSON.stringify(body)).toBe(201);
      retried.push(body.data?.refundId as number);
      const again = await refund(second.base, a);
      expect(again.status).toBe(201);
      expect(((await again.json()) as { data: { refundId: number } }).data.refundId).toBe(
        body.data?.refundId,
      );
    }
    const committedBeforeKill = retried.filter((id) => beforeRetries.has(id)).length;
    console.log(
      `crash safety (refunds): ${acked.length} acknowledged, ${inFlight.length} in flight at the kill, of which ${committedBeforeKill} had committed and were answered on retry`,
    );
    expect(beforeRetries.size).toBe(acked.length + committedBeforeKill);

    // One refund per call, each waiting for finance with its amount; no payment gave money back.
    const all = await refundsOf();
    const answered = new Set([...acked.map((a) => a.refundId as number), ...retried]);
    expect(answered.size).toBe(acked.length + inFlight.length);
    expect(all.map((r) => Number(r.id)).sort((x, y) => x - y)).toEqual([...answered].sort((x, y) => x - y));
    expect(all.filter((r) => r.status !== 'pending' || r.amount !== REFUND_CENTS)).toEqual([]);
    const { rows: money } = await t.db.execute<{ refunded: number }>(
      sql`select coalesce(sum(refunded_cents), 0)::int as refunded from payments
        where order_id in (${sql.join(orderIds, sql`, `)})`,
    );
    expect(money[0].refunded).toBe(0);

    second.child.kill('SIGTERM');
  });
});
