// Spending limits, budgets and the approval step: an order over a limit waits with its units held
// and nothing charged; an approver approves it (charged, placed) or rejects it (released); an
// expired one can no longer be approved; buyers never approve their own and staff never decide.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { webhookEventTypes } from '../../../domain/webhook-events';
import {
  emailOutbox,
  inventory,
  orderApprovals,
  orders,
  payments,
  stockHolds,
  webhookEndpoints,
  webhookOutbox,
} from '../../db/schema';
import { newSigningSecret } from '../webhooks/webhooks.signing';
import { createUser, FACTORY_PASSWORD } from '../../test/factories';
import { cartBody, createShopper, stockedProduct } from '../../test/factories-orders';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';
import { expireApprovals } from '../orders/orders.approval';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const as = (cookie: string) => (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
type Call = ReturnType<typeof as>;

const card = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };

/** A company with account terms: its admin, a clerk and a second clerk, each signed in. */
async function company() {
  const admin = await createShopper(t.app, t.db, { creditLimitCents: 10_000_000 });
  const user = (role: 'buyer') =>
    createUser(t.db, { role, companyId: admin.companyId, locationIds: [admin.location.id] });
  const clerkUser = await user('buyer');
  const otherUser = await user('buyer');
  return {
    ...admin,
    clerkUser,
    otherUser,
    admin: as(admin.cookie),
    clerk: as(await signIn(t.app, clerkUser.username, FACTORY_PASSWORD)),
    other: as(await signIn(t.app, otherUser.username, FACTORY_PASSWORD)),
  };
}

/** Puts `quantity` of the tire in the buyer's cart and checks out the way given. */
async function buy(call: Call, tire: Parameters<typeof cartBody>[0], quantity: number, pay: object) {
  await call('POST', '/api/cart', cartBody(tire, quantity));
  return call('POST', '/api/cart/checkout', pay);
}

/** The company admin sets a buyer's limits. */
const setLimit = (
  c: Awaited<ReturnType<typeof company>>,
  userId: number,
  limits: { perOrderCents: number | null; perMonthCents: number | null; approver: boolean },
) => c.admin('PUT', `/api/v1/approval/limit/${userId}`, limits);

const held = async (productId: number) =>
  (await t.db.select().from(inventory).where(eq(inventory.productId, productId)))[0];

describe('spending limits and approvals', () => {
  it('refuse a limit below zero with a pointer, and only a company admin sets them', async () => {
    const c = await company();
    const bad = await setLimit(c, c.clerkUser.id, {
      perOrderCents: -1,
      perMonthCents: null,
      approver: false,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ pointer: '/body/perOrderCents' })]);
    const byClerk = await c.clerk('PUT', `/api/v1/approval/limit/${c.otherUser.id}`, {
      perOrderCents: 0,
      perMonthCents: null,
      approver: false,
    });
    expect(byClerk.statusCode).toBe(403);
    const other = await createShopper(t.app, t.db);
    const foreign = await c.admin('PUT', `/api/v1/approval/limit/${other.user.id}`, {
      perOrderCents: 0,
      perMonthCents: null,
      approver: false,
    });
    expect(foreign.statusCode).toBe(404);
    const budget = await c.admin('PUT', `/api/v1/approval/budget/${c.location.id}`, { monthlyCents: -5 });
    expect(budget.statusCode).toBe(400);
    expect(budget.json().errors).toEqual([expect.objectContaining({ pointer: '/body/monthlyCents' })]);
  });

  it("place an order over the clerk's limit awaiting approval: units held, nothing charged, approvers told", async () => {
    const c = await company();
    await setLimit(c, c.clerkUser.id, { perOrderCents: 15_000, perMonthCents: null, approver: false });
    const tire = await stockedProduct(t.db, [{ zip: '78701', quantity: 10 }]);
    const placed = await buy(c.clerk, tire, 2, { paymentMethod: 'account' });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().orderId;
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      status: 'awaiting_approval',
      paymentStatus: 'unpaid',
      paymentMethod: 'account',
    });
    expect(await t.db.select().from(payments).where(eq(payments.orderId, orderId))).toEqual([]);
    expect(await held(tire.product.id)).toMatchObject({ quantity: 10, reserved: 2 });
    const [hold] = await t.db.select().from(stockHolds).where(eq(stockHolds.orderId, orderId));
    expect(hold.expiresAt.getTime() - Date.now()).toBeGreaterThan(47 * 3_600_000);

    const queue = (await c.admin('GET', '/api/v1/approval?status=pending')).json().data.list;
    expect(queue).toEqual([
      expect.objectContaining({ orderId, status: 'pending', reasons: ['order_limit'], canDecide: true }),
    ]);
    // The clerk sees their own request, and may not decide it.
    const mine = (await c.clerk('GET', '/api/v1/approval')).json().data.list;
    expect(mine).toEqual([expect.objectContaining({ orderId, canDecide: false })]);
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(
        sql`${emailOutbox.kind} = 'approval_requested' and ${emailOutbox.meta}->>'orderId' = ${String(orderId)}`,
      );
    expect(mails.map((m) => m.to)).toContain(c.user.email);
  });

  it('capture or charge an approved order and move it on; a buyer never approves their own; staff never decide', async () => {
    const c = await company();
    await setLimit(c, c.clerkUser.id, { perOrderCents: 0, perMonthCents: null, approver: false });
    const tire = await stockedProduct(t.db, [{ zip: '78701', quantity: 10 }]);
    const placed = await buy(c.clerk, tire, 2, { paymentMethod: 'card', card });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().orderId;
    const [authorized] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(authorized.status).toBe('authorized');

    const own = await c.clerk('POST', `/api/v1/approval/${orderId}/approve`, { comment: '' });
    expect(own.statusCode).toBe(403);
    const notApprover = await c.other('POST', `/api/v1/approval/${orderId}/approve`, { comment: '' });
    expect(notApprover.statusCode).toBe(403);
    const staff = as(await signIn(t.app, 'admin', 'demo1234'));
    const byStaff = await staff('POST', `/api/v1/approval/${orderId}/approve`, { comment: '' });
    expect(byStaff.statusCode).toBe(403);
    const staffList = (await staff('GET', `/api/v1/approval?orderId=${orderId}`)).json().data.list;
    expect(staffList).toEqual([expect.objectContaining({ orderId, canDecide: false })]);

    // An admin names the other clerk an approver: they may decide it now.
    await setLimit(c, c.otherUser.id, { perOrderCents: null, perMonthCents: null, approver: true });
    const approved = await c.other('POST', `/api/v1/approval/${orderId}/approve`, {
      comment: 'Truck 42 is down',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', comment: 'Truck 42 is down' });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'placed', paymentStatus: 'paid' });
    const [captured] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(captured.status).toBe('captured');
    expect(await held(tire.product.id)).toMatchObject({ quantity: 8, reserved: 0 });
    const log = (await c.clerk('GET', `/api/order/${orderId}`)).json();
    expect(log.status).toBe('placed');

    const again = await c.admin('POST', `/api/v1/approval/${orderId}/reject`, { comment: 'no' });
    expect(again.statusCode).toBe(409);
  });

  it('release the stock and void the authorization of a rejected order; a rejection needs a comment', async () => {
    const c = await company();
    await c.admin('PUT', `/api/v1/approval/budget/${c.location.id}`, { monthlyCents: 1_000 });
    const tire = await stockedProduct(t.db, [{ zip: '78701', quantity: 10 }]);
    const placed = await buy(c.clerk, tire, 3, { paymentMethod: 'card', card });
    const orderId = placed.json().orderId;
    expect((await c.admin('GET', `/api/v1/approval?orderId=${orderId}`)).json().data.list[0].reasons).toEqual(
      ['budget'],
    );
    const blank = await c.admin('POST', `/api/v1/approval/${orderId}/reject`, { comment: ' ' });
    expect(blank.statusCode).toBe(400);
    const rejected = await c.admin('POST', `/api/v1/approval/${orderId}/reject`, { comment: 'Over budget' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'voided' });
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment.status).toBe('voided');
    expect(await held(tire.product.id)).toMatchObject({ quantity: 10, reserved: 0 });
  });

  it('count what the buyer placed this month against the monthly limit', async () => {
    const c = await company();
    const tire = await stockedProduct(t.db, [{ zip: '78701', quantity: 10 }], 10_000);
    const first = await buy(c.clerk, tire, 1, { paymentMethod: 'account' });
    const [{ totalCents }] = await t.db.select().from(orders).where(eq(orders.id, first.json().orderId));
    await setLimit(c, c.clerkUser.id, {
      perOrderCents: null,
      perMonthCents: totalCents + 100,
      approver: false,
    });
    const second = await buy(c.clerk, tire, 1, { paymentMethod: 'account' });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, second.json().orderId));
    expect(order.status).toBe('awaiting_approval');
    const spend = (await c.clerk('GET', '/api/v1/approval/spend')).json().data;
    expect(spend).toMatchObject({ perMonthCents: totalCents + 100, monthCents: totalCents * 2 });
  });

  it('cancel an order whose hold ran out, and answer a 409 to its approval', async () => {
    const c = await company();
    await setLimit(c, c.clerkUser.id, { perOrderCents: 0, perMonthCents: null, approver: false });
    const tire = await stockedProduct(t.db, [{ zip: '78701', quantity: 10 }]);
    const orderId = (await buy(c.clerk, tire, 2, { paymentMethod: 'account' })).json().orderId;
    await t.db
      .update(orderApprovals)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orderApprovals.orderId, orderId));
    const late = await c.admin('POST', `/api/v1/approval/${orderId}/approve`, { comment: '' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'invalid_transition', entity: 'approval', current: 'expired' });
    expect(await expireApprovals(t.db)).toBeGreaterThan(0);
    const [order] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId)));
    expect(order.status).toBe('cancelled');
    expect(await held(tire.product.id)).toMatchObject({ quantity: 10, reserved: 0 });
    const [approval] = await t.db.select().from(orderApprovals).where(eq(orderApprovals.orderId, orderId));
    expect(approval.status).toBe('expired');
  });

  it("tell the company's systems: approval requested, then approved and placed, or rejected", async () => {
    const c = await company();
    await t.db.insert(webhookEndpoints).values({
      companyId: c.companyId,
      url: 'https://erp.example.com/hooks',
      events: [...webhookEventTypes],
      secret: newSigningSecret(),
    });
    await setLimit(c, c.clerkUser.id, { perOrderCents: 0, perMonthCents: null, approver: false });
    const tire = await stockedProduct(t.db, [{ zip: '78701', quantity: 10 }]);
    const first = (await buy(c.clerk, tire, 1, { paymentMethod: 'account' })).json().orderId;
    await c.admin('POST', `/api/v1/approval/${first}/approve`, { comment: '' });
    const second = (await buy(c.clerk, tire, 1, { paymentMethod: 'account' })).json().orderId;
    await c.admin('POST', `/api/v1/approval/${second}/reject`, { comment: 'Not this month' });
    const events = await t.db
      .select()
      .from(webhookOutbox)
      .where(eq(webhookOutbox.companyId, c.companyId))
      .orderBy(asc(webhookOutbox.id));
    expect(events.map((e) => [e.type, (e.data as { orderId: number }).orderId])).toEqual([
      ['order.approval_requested', first],
      ['order.approved', first],
      ['order.placed', first],
      ['invoice.created', first],
      ['order.approval_requested', second],
      ['order.rejected', second],
    ]);
    expect(events.at(-1)?.data).toMatchObject({
      status: 'cancelled',
      approval: { reason: 'rejected', note: expect.stringContaining('Not this month') },
    });
  });

  it('leave an order within every limit placed as before', async () => {
    const c = await company();
    await setLimit(c, c.clerkUser.id, {
      perOrderCents: 10_000_000,
      perMonthCents: 10_000_000,
      approver: false,
    });
    await c.admin('PUT', `/api/v1/approval/budget/${c.location.id}`, { monthlyCents: 10_000_000 });
    const tire = await stockedProduct(t.db, [{ zip: '78701', quantity: 10 }]);
    const placed = await buy(c.clerk, tire, 1, { paymentMethod: 'account' });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, placed.json().orderId));
    expect(order).toMatchObject({ status: 'placed', paymentStatus: 'on_account' });
    const budgets = (await c.clerk('GET', '/api/v1/approval/budget')).json().data.list;
    expect(budgets).toEqual([
      expect.objectContaining({
        locationId: c.location.id,
        monthlyCents: 10_000_000,
        spentCents: order.totalCents,
      }),
    ]);
  });
});
