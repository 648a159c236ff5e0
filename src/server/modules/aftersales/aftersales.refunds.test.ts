import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '../../../domain/money';
import { type Caller, caller } from '../../test/admin-client';
import { moneyOf } from '../../test/factories-payments';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asBuyer, deliveredOrder, receivedReturn } from './aftersales.test-helpers';

let t: TestApp;
let admin: Caller;
let support: Caller;
let finance: Caller;
let sales: Caller;
let clerk: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await caller(t.app, 'admin');
  support = await caller(t.app, 'support');
  finance = await caller(t.app, 'finance');
  sales = await caller(t.app, 'sales');
  clerk = await caller(t.app, 'clerk');
});
afterAll(() => t.close());

/** Admin (finance, and not who asked for it) approves a held refund at the amount it reads. */
async function approve(refund: { refundId: number; amountCents: number }) {
  const res = await admin('PUT', '/api/v1/refund/status', {
    refund: refund.refundId,
    status: 'approved',
    amountCents: refund.amountCents,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('refunds', () => {
  it('gives a refund for a return at or below the threshold back at once, through the card', async () => {
    const o = await deliveredOrder(t, admin, { quantity: 2 });
    const returnId = await receivedReturn(t, admin, o, 1);
    const res = await support('POST', '/api/v1/refund', {
      orderId: o.orderId,
      returnId,
      amountCents: 5000,
      note: 'goodwill',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      status: 'processed',
      refundedCents: 5000,
      creditedCents: 0,
      needsApproval: false,
    });
    const money = await moneyOf(t.db, o.orderId);
    expect(money.refundedCents).toBe(5000);
    expect(money.rows[0].status).toBe('partially_refunded');
    const log = res.json().data.log.map((l: { to: string }) => l.to);
    expect(log).toEqual(['pending', 'approved', 'processed']);
  });

  it('holds a refund above the threshold for finance; approval refunds it and is audited', async () => {
    const o = await deliveredOrder(t, admin, { quantity: 8 });
    const res = await support('POST', '/api/v1/refund', {
      orderId: o.orderId,
      items: [{ orderItemId: o.orderItemId, quantity: 6 }],
      reason: 'defective',
    });
    expect(res.statusCode, res.body).toBe(201);
    const refund = res.json().data;
    expect(refund).toMatchObject({ status: 'pending', needsApproval: true });
    expect(refund.amountCents).toBeGreaterThan(50000);
    expect((await moneyOf(t.db, o.orderId)).refundedCents).toBe(0);
    // Support cannot approve; finance can. The amount can change while pending, never above what is left.
    expect(
      (
        await support('PUT', '/api/v1/refund/status', {
          refund: refund.refundId,
          status: 'approved',
          amountCents: refund.amountCents,
        })
      ).statusCode,
    ).toBe(403);
    const tooMuch = await finance('PUT', `/api/v1/refund/${refund.refundId}`, {
      amountCents: o.totalCents + 1,
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json()).toMatchObject({
      reason: 'over_refund',
      refundableCents: o.totalCents,
      detail: `Only ${formatCents(o.totalCents)} of this order can still be refunded`,
    });
    const approved = await finance('PUT', '/api/v1/refund/status', {
      refund: refund.refundId,
      status: 'approved',
      amountCents: refund.amountCents,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'processed', approvedBy: 'finance' });
    expect((await moneyOf(t.db, o.orderId)).refundedCents).toBe(refund.amountCents);
    const again = await finance('PUT', '/api/v1/refund/status', {
      refund: refund.refundId,
      status: 'approved',
      amountCents: refund.amountCents,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'invalid_transition',
      entity: 'refund',
      current: 'processed',
    });
    const audit = await admin('GET', `/api/v1/audit?entity=refund&entityId=${refund.refundId}`);
    expect(audit.statusCode).toBe(200);
    expect(audit.json().data.list.map((a: { action: string }) => a.action)).toEqual(
      expect.arrayContaining(['create', 'approve', 'process']),
    );
  });

  it('four eyes: whoever asked for a held refund cannot approve it, someone else can', async () => {
    const o = await deliveredOrder(t, admin, { quantity: 8 });
    const asked = await finance('POST', '/api/v1/refund', {
      orderId: o.orderId,
      items: [{ orderItemId: o.orderItemId, quantity: 6 }],
      reason: 'defective',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const refund = asked.json().data;
    expect(refund).toMatchObject({ status: 'pending', createdBy: 'finance' });
    // The requester is not offered the approval, and is refused it with a clear reason.
    expect(refund.nextStatuses).toEqual(['failed']);
    const own = await finance('PUT', '/api/v1/refund/status', {
      refund: refund.refundId,
      status: 'approved',
      amountCents: refund.amountCents,
    });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'forbidden', reason: 'four_eyes' });
    expect((await moneyOf(t.db, o.orderId)).refundedCents).toBe(0);
    const seen = await admin('GET', `/api/v1/refund/${refund.refundId}`);
    expect(seen.json().data.nextStatuses).toEqual(['approved', 'failed']);
    const approved = await admin('PUT', '/api/v1/refund/status', {
      refund: refund.refundId,
      status: 'approved',
      amountCents: refund.amountCents,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      status: 'processed',
      createdBy: 'finance',
      approvedBy: 'admin',
    });
  });

  it('credits an on-account order as a credit memo that lowers what the company owes', async () => {
    const o = await deliveredOrder(t, admin, { quantity: 2, account: true });
    const res = await finance('POST', '/api/v1/refund', { orderId: o.orderId, amountCents: 7000 });
    expect(res.statusCode, res.body).toBe(201);
    const approved = await approve(res.json().data);
    expect(approved).toMatchObject({ status: 'processed', refundedCents: 0, creditedCents: 7000 });
    const money = await moneyOf(t.db, o.orderId);
    expect(money.rows[0]).toMatchObject({ status: 'on_account', refundedCents: 7000 });
  });

  it('never refunds more than was taken: the last dollars go to one of two racing refunds', async () => {
    const o = await deliveredOrder(t, admin, { quantity: 2 });
    const first = await finance('POST', '/api/v1/refund', {
      orderId: o.orderId,
      amountCents: o.totalCents - 1000,
    });
    expect(first.statusCode).toBe(201);
    // On PostgreSQL (TEST_DATABASE_URL) the three run on separate connections of the pool.
    const race = await Promise.all(
      [1, 2, 3].map(() => finance('POST', '/api/v1/refund', { orderId: o.orderId, amountCents: 800 })),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(race.find((r) => r.statusCode === 409)!.json()).toMatchObject({
      reason: 'over_refund',
      refundableCents: 200,
    });
    // Both wait for finance (no return or claim) and hold their amounts; approved, they give it back.
    await approve(first.json().data);
    await approve(race.find((r) => r.statusCode === 201)!.json().data);
    const money = await moneyOf(t.db, o.orderId);
    expect(money.refundedCents).toBe(o.totalCents - 200);
    expect(money.refundedCents).toBeLessThanOrEqual(money.capturedCents);
  });

  it('previews a refund without writing, and refuses units not on the order or already refunded', async () => {
    const o = await deliveredOrder(t, admin, { quantity: 2 });
    const buyer = asBuyer(t, o);
    const preview = await buyer('POST', `/api/v1/order/${o.orderId}/refund/preview`, {
      items: [{ orderItemId: o.orderItemId, quantity: 2 }],
      reason: 'not_needed',
    });
    expect(preview.statusCode, preview.body).toBe(200);
    // The whole line comes back: its tax with it (the line's tax, whatever the order was taxed at).
    const order = (await admin('GET', `/api/v1/order/${o.orderId}`)).json();
    const { taxCents } = (order.data ?? order).totals as { taxCents: number };
    expect(preview.json().data).toMatchObject({
      lines: [
        {
          quantity: 2,
          priceCents: 20000,
          discountCents: 0,
          roadHazardCents: 0,
          shippingCents: 0,
          taxCents,
          restockingFeeCents: 3000,
          totalCents: 17000 + taxCents,
        },
      ],
      totalCents: 17000 + taxCents,
      refundableCents: o.totalCents,
    });
    expect((await moneyOf(t.db, o.orderId)).refundedCents).toBe(0);
    const bad = await buyer('POST', `/api/v1/order/${o.orderId}/refund/preview`, {
      items: [{ orderItemId: o.orderItemId, quantity: 3 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].pointer).toBe('/body/items/0/quantity');
    expect(
      (
        await clerk('POST', `/api/v1/order/${o.orderId}/refund/preview`, {
          items: [{ orderItemId: o.orderItemId, quantity: 1 }],
        })
      ).statusCode,
    ).toBe(404);
    expect((await buyer('POST', '/api/v1/refund', { orderId: o.orderId, amountCents: 100 })).statusCode).toBe(
      403,
    );
    expect((await sales('POST', '/api/v1/refund', { orderId: o.orderId, amountCents: 100 })).statusCode).toBe(
      403,
    );
    expect((await finance('POST', '/api/v1/refund', { orderId: o.orderId })).statusCode).toBe(400);
    expect(
      (await finance('POST', '/api/v1/refund', { orderId: 999999999, amountCents: 100 })).statusCode,
    ).toBe(404);
  });

  it('keeps vendor records: made from the lines at cost, changed, removed, made again', async () => {
    const o = await deliveredOrder(t, admin, { quantity: 3 });
    const made = await finance('POST', '/api/v1/refund', {
      orderId: o.orderId,
      items: [{ orderItemId: o.orderItemId, quantity: 1 }],
      reason: 'defective',
    });
    expect(made.json().data.vendors).toEqual([]);
    // The records are made when the money goes back.
    const refund = await approve(made.json().data);
    expect(refund.vendors).toMatchObject([{ quantity: 1, amountCents: 10000, billId: null }]);
    const id = refund.refundId;
    const vendorId = refund.vendors[0].vendorId;
    expect((await finance('POST', `/api/v1/refund/${id}/vendor/create`)).statusCode).toBe(409);
    const changed = await finance('PUT', `/api/v1/refund/${id}/vendor`, {
      vendorId,
      amountCents: 9000,
      note: 'agreed',
    });
    expect(changed.json().data.vendors).toMatchObject([{ amountCents: 9000, note: 'agreed' }]);
    const added = await finance('POST', `/api/v1/refund/${id}/vendor`, {
      supplierCompanyId: o.tire.supplier.id,
      amountCents: 1500,
      note: 'freight back',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.vendors).toHaveLength(2);
    const wrong = await finance('POST', `/api/v1/refund/${id}/vendor`, {
      supplierCompanyId: o.companyId,
      amountCents: 1,
    });
    expect(wrong.statusCode).toBe(400);
    const removed = await finance('POST', `/api/v1/refund/${id}/vendor/delete`, { vendorId });
    expect(removed.json().data.vendors).toHaveLength(1);
    expect((await finance('POST', `/api/v1/refund/${id}/vendor/delete`, { vendorId })).statusCode).toBe(404);
    const cleared = await finance('POST', `/api/v1/refund/${id}/vendor/order/delete`);
    expect(cleared.json().data.vendors).toEqual([]);
    const again = await finance('POST', `/api/v1/refund/${id}/vendor/create`);
    expect(again.json().data.vendors).toMatchObject([{ quantity: 1, amountCents: 10000 }]);
    // The supplier reads what it owes back; a buyer cannot.
    const supplier = await caller(t.app, 'supplier');
    expect((await supplier('GET', '/api/supplier/refunds')).statusCode).toBe(200);
    expect((await clerk('GET', '/api/supplier/refunds')).statusCode).toBe(403);
    const statuses = await clerk('GET', '/api/v1/refund/status');
    expect(statuses.json().data).toMatchObject({
      approvalThresholdCents: 50000,
      transitions: { pending: ['approved', 'failed'] },
    });
    const list = await support('GET', `/api/v1/refund?orderId=${o.orderId}`);
    expect(list.json().data.count).toBe(1);
  });
});

describe('refund approval', () => {
  it('a refund not tied to a return or claim waits for finance, however small', async () => {
    const o = await deliveredOrder(t, admin, { quantity: 2 });
    const res = await support('POST', '/api/v1/refund', { orderId: o.orderId, amountCents: 5000 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'pending', needsApproval: true, approvedBy: null });
    expect((await moneyOf(t.db, o.orderId)).refundedCents).toBe(0);
    const listed = await support('GET', `/api/v1/refund?orderId=${o.orderId}`);
    expect(listed.json().data.list).toMatchObject([{ status: 'pending', needsApproval: true }]);
  });

  it('the threshold counts what the order has had refunded: refunds split under it wait for finance once the sum passes it', async () => {
    const o = await deliveredOrder(t, admin, { quantity: 8 });
    const statuses: string[] = [];
    for (let i = 0; i < 3; i++) {
      const returnId = await receivedReturn(t, admin, o, 2);
      const res = await support('POST', '/api/v1/refund', { orderId: o.orderId, returnId });
      expect(res.statusCode, res.body).toBe(201);
      // Each (2 tires and their shipping) is a little over $200: the first two stay within $500
      // together, the third does not.
      expect(res.json().data.amountCents).toBeLessThan(50000 / 2);
      statuses.push(res.json().data.status);
    }
    expect(statuses).toEqual(['processed', 'processed', 'pending']);
    // A refund still pending counts too: $300 waiting, a $218 return refund waits as well.
    const other = await deliveredOrder(t, admin, { quantity: 8 });
    const held = await support('POST', '/api/v1/refund', { orderId: other.orderId, amountCents: 30000 });
    expect(held.json().data.status).toBe('pending');
    const returnId = await receivedReturn(t, admin, other, 2);
    const next = await support('POST', '/api/v1/refund', { orderId: other.orderId, returnId });
    expect(next.json().data).toMatchObject({ status: 'pending', needsApproval: true });
    expect(next.json().data.amountCents).toBeLessThan(50000 - 30000 + 5000);
  });

  it('the approval names the amount it approves: a refund changed since answers 409 and moves no money', async () => {
    const o = await deliveredOrder(t, admin, { quantity: 8 });
    const held = (await support('POST', '/api/v1/refund', { orderId: o.orderId, amountCents: 60000 })).json()
      .data;
    const unnamed = await finance('PUT', '/api/v1/refund/status', {
      refund: held.refundId,
      status: 'approved',
    });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().errors[0].pointer).toBe('/body/amountCents');
    const changed = await support('PUT', `/api/v1/refund/${held.refundId}`, { amountCents: 59000 });
    expect(changed.statusCode, changed.body).toBe(200);
    const stale = await finance('PUT', '/api/v1/refund/status', {
      refund: held.refundId,
      status: 'approved',
      amountCents: 60000,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ reason: 'amount_changed', amountCents: 59000 });
    expect(stale.json().errors[0].pointer).toBe('/body/amountCents');
    expect((await moneyOf(t.db, o.orderId)).refundedCents).toBe(0);
    const approved = await finance('PUT', '/api/v1/refund/status', {
      refund: held.refundId,
      status: 'approved',
      amountCents: 59000,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await moneyOf(t.db, o.orderId)).refundedCents).toBe(59000);
  });

  it("only the refund's creator or finance may change a pending refund's amount", async () => {
    const o = await deliveredOrder(t, admin, { quantity: 8 });
    const held = (await finance('POST', '/api/v1/refund', { orderId: o.orderId, amountCents: 60000 })).json()
      .data;
    const other = await support('PUT', `/api/v1/refund/${held.refundId}`, { amountCents: 100 });
    expect(other.statusCode).toBe(403);
    expect(other.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(other.json()).toMatchObject({ code: 'forbidden', reason: 'not_creator' });
    expect((await support('GET', `/api/v1/refund/${held.refundId}`)).json().data.amountCents).toBe(60000);
    // A note is anyone's to add; finance (here admin) may change the amount.
    expect(
      (await support('PUT', `/api/v1/refund/${held.refundId}`, { note: 'called back' })).statusCode,
    ).toBe(200);
    const byFinance = await admin('PUT', `/api/v1/refund/${held.refundId}`, { amountCents: 55000 });
    expect(byFinance.statusCode, byFinance.body).toBe(200);
    expect(byFinance.json().data.amountCents).toBe(55000);
  });
});
