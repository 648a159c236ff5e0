// Finance's queue of tasks on orders (card disputes Stripe reports), with the real `stripe` SDK
// against the tests' local stand-in (not Stripe): listed, paged, closed once, finance's alone.
import { describe, expect, it } from 'vitest';
import { paymentRows } from '../../test/factories-payments';
import { stripeSuite } from '../../test/stripe-suite';

const { suite, staff, call, deliverAll, checkedOut } = stripeSuite();

/** A paid order whose payment Stripe reports disputed. */
async function disputedOrder() {
  const o = await checkedOut(1);
  await deliverAll(suite.standin.pay(o.page.sessionId));
  const [payment] = await paymentRows(suite.t.db, o.orderId);
  const dispute = suite.standin.dispute(payment.processorIntentId as string);
  await deliverAll([dispute]);
  return { ...o, disputeId: (dispute.event.data as { object: { id: string } }).object.id };
}

const openTasks = (cookie: string | null, query = '') => call(cookie, 'GET', `/api/v1/finance/task${query}`);

describe('the finance tasks of disputes: GET /api/v1/finance/task, PUT /api/v1/finance/task/:id/close', () => {
  it('finance sees an open dispute with its order, company, amount, note and date, and closes it once', async () => {
    const o = await disputedOrder();
    const listed = await openTasks(staff.finance, `?status=open&orderId=${o.orderId}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.count).toBe(1);
    const [task] = listed.json().data.list;
    expect(task).toMatchObject({
      kind: 'dispute',
      reference: o.disputeId,
      closedAt: null,
      orderNumber: expect.stringMatching(/^TR-/),
      companyName: expect.any(String),
    });
    expect(task.amountCents).toBeGreaterThan(0);
    expect(task.note).toMatch(/dispute/i);

    const closed = await call(staff.admin, 'PUT', `/api/v1/finance/task/${task.taskId}/close`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.closedAt).toEqual(expect.any(String));
    // Closed: gone from the open queue, in the closed one, and a second close is a conflict.
    const open = (await openTasks(staff.finance, '?status=open&pageSize=100')).json().data.list;
    expect(open.some((t: { taskId: number }) => t.taskId === task.taskId)).toBe(false);
    const done = (await openTasks(staff.finance, '?status=closed&pageSize=100')).json().data.list;
    expect(done.some((t: { taskId: number }) => t.taskId === task.taskId)).toBe(true);
    const again = await call(staff.finance, 'PUT', `/api/v1/finance/task/${task.taskId}/close`);
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('already_closed');
  });

  it('the queue is paged with the shared page size (15) and counts every task', async () => {
    await disputedOrder();
    await disputedOrder();
    const first = (await openTasks(staff.finance, '?pageSize=1')).json().data;
    expect(first.list).toHaveLength(1);
    expect(first.count).toBeGreaterThanOrEqual(2);
    const second = (await openTasks(staff.finance, '?pageSize=1&page=1')).json().data;
    expect(second.page).toBe(1);
    expect(second.list[0].taskId).not.toBe(first.list[0].taskId);
    const byDefault = (await openTasks(staff.finance)).json().data;
    expect(byDefault.list.length).toBeLessThanOrEqual(15);
  });

  it('only finance and admin see or close tasks: a buyer, sales and support get 403, no session 401', async () => {
    const o = await disputedOrder();
    const [task] = (await openTasks(staff.admin, '?pageSize=100')).json().data.list;
    for (const cookie of [o.cookie, staff.sales, staff.support]) {
      expect((await openTasks(cookie)).statusCode).toBe(403);
      expect((await call(cookie, 'PUT', `/api/v1/finance/task/${task.taskId}/close`)).statusCode).toBe(403);
    }
    expect((await openTasks(null)).statusCode).toBe(401);
  });

  it('bad input is a 400 problem naming the field; an unknown task is a 404', async () => {
    const bad = await openTasks(staff.finance, '?pageSize=1000');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(JSON.stringify(bad.json().errors)).toContain('pageSize');
    expect((await openTasks(staff.finance, '?status=maybe')).statusCode).toBe(400);
    expect((await call(staff.finance, 'PUT', '/api/v1/finance/task/abc/close')).statusCode).toBe(400);
    expect((await call(staff.finance, 'PUT', '/api/v1/finance/task/999999/close')).statusCode).toBe(404);
  });
});
