import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../test/admin-client';
import { type KeyedRequest, expectAppliedOnce } from '../../test/crash-after-commit';
import { key, moneyOf } from '../../test/factories-payments';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';
import { asBuyer, deliveredOrder, receivedReturn } from './aftersales.test-helpers';

// Refunds, claims and bills with their server dying between the commit and the answer
// (docs/security.md, "Idempotency and crash safety"): the retry with the same Idempotency-Key
// replays the first answer and gives no money back twice.

let t: TestApp;
let admin: Caller;
let finance: Caller;
let support: Caller;
const cookies: Record<'admin' | 'finance' | 'support', string> = { admin: '', finance: '', support: '' };
beforeAll(async () => {
  t = await createTestApp();
  admin = await caller(t.app, 'admin');
  finance = await caller(t.app, 'finance');
  support = await caller(t.app, 'support');
  for (const role of ['admin', 'finance', 'support'] as const) cookies[role] = await signIn(t.app, role);
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);
type Method = 'POST' | 'PUT';
const keyed = (who: keyof typeof cookies, method: Method, url: string, payload: object): KeyedRequest => ({
  method,
  url,
  headers: { cookie: cookies[who], 'idempotency-key': key('crash') },
  payload,
});
const once = (request: KeyedRequest, status: number, tables: string[], when?: 'before' | 'after') =>
  expectAppliedOnce(t, request, status, tables, when);

describe('refunds after a crash between commit and answer', () => {
  it('POST /api/v1/refund gives the money back once', async () => {
    const o = await deliveredOrder(t, admin, { quantity: 2 });
    const returnId = await receivedReturn(t, admin, o, 1);
    const r = await once(
      keyed('support', 'POST', '/api/v1/refund', { orderId: o.orderId, returnId, amountCents: 5000 }),
      201,
      ['refunds', 'payments'],
    );
    expect(r.lost.json().data).toMatchObject({ status: 'processed', refundedCents: 5000 });
    expect((await moneyOf(t.db, o.orderId)).refundedCents).toBe(5000);
    const listed = await finance('GET', `/api/v1/refund?orderId=${o.orderId}`);
    expect(listed.json().data.list).toHaveLength(1);
  });

  it('POST /api/v1/refund, the server dead before the commit: the retry refunds once', async () => {
    const o = await deliveredOrder(t, admin, { quantity: 2 });
    const returnId = await receivedReturn(t, admin, o, 1);
    await once(
      keyed('support', 'POST', '/api/v1/refund', { orderId: o.orderId, returnId, amountCents: 5000 }),
      201,
      ['refunds', 'payments'],
      'before',
    );
    expect((await moneyOf(t.db, o.orderId)).refundedCents).toBe(5000);
  });

  it('PUT /api/v1/refund/status (finance approves a held refund) refunds once', async () => {
    const o = await deliveredOrder(t, admin, { quantity: 8 });
    const held = await support('POST', '/api/v1/refund', {
      orderId: o.orderId,
      items: [{ orderItemId: o.orderItemId, quantity: 6 }],
      reason: 'defective',
    });
    expect(held.statusCode, held.body).toBe(201);
    const refund = held.json().data;
    await once(
      keyed('finance', 'PUT', '/api/v1/refund/status', {
        refund: refund.refundId,
        status: 'approved',
        amountCents: refund.amountCents,
      }),
      200,
      ['refunds', 'payments'],
    );
    expect((await moneyOf(t.db, o.orderId)).refundedCents).toBe(refund.amountCents);
  });
});

describe('claims and bills after a crash between commit and answer', () => {
  async function approvedClaim(settlement: 'credit' | 'replacement') {
    const o = await deliveredOrder(t, admin, { quantity: 2, roadHazard: true });
    const filed = await asBuyer(t, o)('POST', '/api/v1/claim', {
      orderItemId: o.orderItemId,
      damagedOn: today(),
      remainingTread32: 10,
      odometerMiles: 500,
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const id = filed.json().data.claimId as number;
    const approved = await support('POST', `/api/v1/claim/${id}/action`, { action: 'approve', settlement });
    expect(approved.statusCode, approved.body).toBe(200);
    return { o, id };
  }

  it('POST /api/v1/claim/:id/action pay (credit) refunds the covered amount and its tax once', async () => {
    const { o, id } = await approvedClaim('credit');
    const r = await once(keyed('support', 'POST', `/api/v1/claim/${id}/action`, { action: 'pay' }), 200, [
      'claims',
      'refunds',
    ]);
    // 100.00 covered, with the 8.25 % Austin tax paid on it.
    expect(r.lost.json().data).toMatchObject({
      status: 'paid',
      coveredCents: 10000,
      refunds: [{ status: 'processed', amountCents: 10000 + 825 }],
    });
    expect((await moneyOf(t.db, o.orderId)).refundedCents).toBe(10000 + 825);
  });

  it('POST /api/v1/claim/:id/action pay (replacement) places one replacement order', async () => {
    const { id } = await approvedClaim('replacement');
    const r = await once(keyed('support', 'POST', `/api/v1/claim/${id}/action`, { action: 'pay' }), 200, [
      'claims',
      'orders',
    ]);
    expect(r.lost.json().data.replacementOrderId).toEqual(expect.any(Number));
  });

  it('POST /api/v1/bill/:id pay marks the bill paid once', async () => {
    const o = await deliveredOrder(t, admin, { quantity: 2 });
    const made = await finance('POST', '/api/v1/bill', {
      companyId: o.tire.supplier.id,
      periodStart: '2020-01-01',
      periodEnd: today(),
    });
    expect(made.statusCode, made.body).toBe(201);
    const bill = made.json().data;
    expect((await finance('POST', `/api/v1/bill/${bill.billId}`, { action: 'approve' })).statusCode).toBe(
      200,
    );
    const r = await once(keyed('finance', 'POST', `/api/v1/bill/${bill.billId}`, { action: 'pay' }), 200, [
      'bills',
    ]);
    expect(r.lost.json().data.status).toBe('paid');
  });
});
