import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../test/admin-client';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asBuyer, type Delivered, deliveredOrder } from './aftersales.test-helpers';

// Every after-sales call, one block each: the happy path, 400 (bad input), 403 (wrong role), 404
// (unknown, or another company's row) and 409 (an illegal move) where the call has one. Each
// block collects every wrong answer so that a failure names them all.

let t: TestApp;
let admin: Caller;
let support: Caller;
let finance: Caller;
let sales: Caller;
let clerk: Caller;
let supplier: Caller;
let o: Delivered;
let buyer: Caller;
const NONE = 999999999;
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  admin = await caller(t.app, 'admin');
  support = await caller(t.app, 'support');
  finance = await caller(t.app, 'finance');
  sales = await caller(t.app, 'sales');
  clerk = await caller(t.app, 'clerk');
  supplier = await caller(t.app, 'supplier');
  o = await deliveredOrder(t, admin, { quantity: 12, roadHazard: true });
  buyer = asBuyer(t, o) as Caller;
});
afterAll(() => t.close());

type Check = [label: string, call: () => Promise<LightMyRequestResponse>, code: number];

async function expectCodes(checks: Check[]) {
  const wrong: string[] = [];
  for (const [label, call, code] of checks) {
    const res = await call();
    if (res.statusCode !== code)
      wrong.push(`${label}: ${res.statusCode} (wanted ${code}) ${res.body.slice(0, 160)}`);
    if (
      res.statusCode >= 400 &&
      !res.headers['content-type']?.toString().startsWith('application/problem+json')
    )
      wrong.push(`${label}: not a problem response`);
  }
  expect(wrong).toEqual([]);
}

const unit = () => ({ orderItemId: o.orderItemId, quantity: 1 });

async function newReturn(reason = 'defective') {
  const res = await buyer('POST', `/api/v1/order/${o.orderId}/return`, { reason, items: [unit()] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { returnId: number; items: { returnItemId: number }[] };
}

async function newClaim() {
  const res = await buyer('POST', '/api/v1/claim', {
    orderItemId: o.orderItemId,
    damagedOn: today(),
    remainingTread32: 6,
    odometerMiles: 1000,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { claimId: number };
}

describe('returns, call by call', () => {
  it('GET and POST /return, POST /order/{id}/return', async () => {
    const mine = await newReturn();
    await expectCodes([
      ['list as the buyer', () => buyer('GET', `/api/v1/return?orderId=${o.orderId}`), 200],
      ['list with a bad status', () => buyer('GET', '/api/v1/return?status=nope'), 400],
      [
        'list as a supplier (none of its company)',
        () => supplier('GET', `/api/v1/return?orderId=${o.orderId}`),
        200,
      ],
      [
        'open by orderId',
        () => buyer('POST', '/api/v1/return', { orderId: o.orderId, reason: 'wrong_size', items: [unit()] }),
        201,
      ],
      [
        'open by support for the customer',
        () => support('POST', '/api/v1/return', { orderId: o.orderId, reason: 'defective', items: [unit()] }),
        201,
      ],
      [
        'open without items',
        () => buyer('POST', '/api/v1/return', { orderId: o.orderId, reason: 'defective', items: [] }),
        400,
      ],
      [
        'open with a bad reason',
        () => buyer('POST', `/api/v1/order/${o.orderId}/return`, { reason: 'bored', items: [unit()] }),
        400,
      ],
      [
        'open more than delivered',
        () =>
          buyer('POST', '/api/v1/return', {
            orderId: o.orderId,
            reason: 'defective',
            items: [{ ...unit(), quantity: 13 }],
          }),
        400,
      ],
      [
        'open as sales',
        () => sales('POST', '/api/v1/return', { orderId: o.orderId, reason: 'defective', items: [unit()] }),
        403,
      ],
      [
        'open on another company',
        () => clerk('POST', `/api/v1/order/${o.orderId}/return`, { reason: 'defective', items: [unit()] }),
        404,
      ],
      [
        'open on no order',
        () => support('POST', `/api/v1/order/${NONE}/return`, { reason: 'defective', items: [unit()] }),
        404,
      ],
    ]);
    const others = (await clerk('GET', `/api/v1/return?orderId=${o.orderId}`)).json().data;
    expect(others.count).toBe(0);
    expect(
      (await buyer('GET', `/api/v1/return?orderId=${o.orderId}`))
        .json()
        .data.list.map((r: { returnId: number }) => r.returnId),
    ).toContain(mine.returnId);
  });

  it('GET and PUT /return/{id}, POST /return/{id}/log', async () => {
    const r = await newReturn();
    const decided = await newReturn();
    expect(
      (await support('POST', `/api/v1/return/${decided.returnId}/action`, { action: 'approve' })).statusCode,
    ).toBe(200);
    await expectCodes([
      ['get', () => buyer('GET', `/api/v1/return/${r.returnId}`), 200],
      ['get a bad id', () => buyer('GET', '/api/v1/return/abc'), 400],
      ['get another company', () => clerk('GET', `/api/v1/return/${r.returnId}`), 404],
      ['get as a supplier (another company)', () => supplier('GET', `/api/v1/return/${r.returnId}`), 404],
      ['get unknown', () => support('GET', `/api/v1/return/${NONE}`), 404],
      [
        'update the note',
        () => buyer('PUT', `/api/v1/return/${r.returnId}`, { note: 'two have a bulge' }),
        200,
      ],
      ['update a bad reason', () => buyer('PUT', `/api/v1/return/${r.returnId}`, { reason: 'x' }), 400],
      ['update another company', () => clerk('PUT', `/api/v1/return/${r.returnId}`, { note: 'x' }), 404],
      [
        'update as a supplier (another company)',
        () => supplier('PUT', `/api/v1/return/${r.returnId}`, { note: 'x' }),
        404,
      ],
      ['update as sales', () => sales('PUT', `/api/v1/return/${r.returnId}`, { note: 'x' }), 403],
      ['update unknown', () => support('PUT', `/api/v1/return/${NONE}`, { note: 'x' }), 404],
      ['update once approved', () => buyer('PUT', `/api/v1/return/${decided.returnId}`, { note: 'x' }), 409],
      [
        'comment',
        () => buyer('POST', `/api/v1/return/${r.returnId}/log`, { note: 'When is the pickup?' }),
        200,
      ],
      [
        'comment on a settled return too',
        () => support('POST', `/api/v1/return/${decided.returnId}/log`, { note: 'label sent' }),
        200,
      ],
      ['comment empty', () => buyer('POST', `/api/v1/return/${r.returnId}/log`, { note: '  ' }), 400],
      [
        'comment another company',
        () => clerk('POST', `/api/v1/return/${r.returnId}/log`, { note: 'x' }),
        404,
      ],
      [
        'comment as a supplier (another company)',
        () => supplier('POST', `/api/v1/return/${r.returnId}/log`, { note: 'x' }),
        404,
      ],
      ['comment as sales', () => sales('POST', `/api/v1/return/${r.returnId}/log`, { note: 'x' }), 403],
      ['comment unknown', () => support('POST', `/api/v1/return/${NONE}/log`, { note: 'x' }), 404],
    ]);
  });

  it('POST /return/{id}/item, PUT /return/{id}/item/{itemId}', async () => {
    const r = await newReturn();
    const decided = await newReturn();
    expect(
      (await support('POST', `/api/v1/return/${decided.returnId}/action`, { action: 'approve' })).statusCode,
    ).toBe(200);
    const itemId = r.items[0].returnItemId;
    await expectCodes([
      ['add a unit', () => buyer('POST', `/api/v1/return/${r.returnId}/item`, unit()), 200],
      [
        'add 0 units',
        () => buyer('POST', `/api/v1/return/${r.returnId}/item`, { ...unit(), quantity: 0 }),
        400,
      ],
      [
        "add another order's item",
        () => buyer('POST', `/api/v1/return/${r.returnId}/item`, { orderItemId: NONE, quantity: 1 }),
        400,
      ],
      ['add on another company', () => clerk('POST', `/api/v1/return/${r.returnId}/item`, unit()), 404],
      [
        'add as a supplier (another company)',
        () => supplier('POST', `/api/v1/return/${r.returnId}/item`, unit()),
        404,
      ],
      ['add as sales', () => sales('POST', `/api/v1/return/${r.returnId}/item`, unit()), 403],
      ['add to unknown', () => buyer('POST', `/api/v1/return/${NONE}/item`, unit()), 404],
      ['add once approved', () => buyer('POST', `/api/v1/return/${decided.returnId}/item`, unit()), 409],
      [
        'change units',
        () => buyer('PUT', `/api/v1/return/${r.returnId}/item/${itemId}`, { quantity: 1 }),
        200,
      ],
      [
        'change to more than delivered',
        () => buyer('PUT', `/api/v1/return/${r.returnId}/item/${itemId}`, { quantity: 13 }),
        400,
      ],
      [
        'change to a fraction',
        () => buyer('PUT', `/api/v1/return/${r.returnId}/item/${itemId}`, { quantity: 1.5 }),
        400,
      ],
      [
        'change another company',
        () => clerk('PUT', `/api/v1/return/${r.returnId}/item/${itemId}`, { quantity: 1 }),
        404,
      ],
      [
        'change as a supplier (another company)',
        () => supplier('PUT', `/api/v1/return/${r.returnId}/item/${itemId}`, { quantity: 1 }),
        404,
      ],
      [
        'change as sales',
        () => sales('PUT', `/api/v1/return/${r.returnId}/item/${itemId}`, { quantity: 1 }),
        403,
      ],
      [
        'change an unknown item',
        () => buyer('PUT', `/api/v1/return/${r.returnId}/item/${NONE}`, { quantity: 1 }),
        404,
      ],
      [
        'change once approved',
        () =>
          buyer('PUT', `/api/v1/return/${decided.returnId}/item/${decided.items[0].returnItemId}`, {
            quantity: 1,
          }),
        409,
      ],
    ]);
  });

  it('PUT /return/{id}/status, GET /return/status, POST /return/{id}/action, GET /return/{id}/document, GET /return/{id}/label', async () => {
    const r = await newReturn();
    const acted = await newReturn();
    await expectCodes([
      ['statuses', () => clerk('GET', '/api/v1/return/status'), 200],
      ['rma before approval', () => buyer('GET', `/api/v1/return/${r.returnId}/document`), 409],
      ['return label before approval', () => buyer('GET', `/api/v1/return/${r.returnId}/label`), 409],
      [
        'status by the buyer',
        () => buyer('PUT', `/api/v1/return/${r.returnId}/status`, { status: 'approved' }),
        403,
      ],
      [
        'status by sales',
        () => sales('PUT', `/api/v1/return/${r.returnId}/status`, { status: 'approved' }),
        403,
      ],
      [
        'status unknown value',
        () => support('PUT', `/api/v1/return/${r.returnId}/status`, { status: 'lost' }),
        400,
      ],
      [
        'status of unknown',
        () => support('PUT', `/api/v1/return/${NONE}/status`, { status: 'approved' }),
        404,
      ],
      [
        'status illegal (requested → refunded)',
        () => support('PUT', `/api/v1/return/${r.returnId}/status`, { status: 'refunded' }),
        409,
      ],
      [
        'status approved',
        () => support('PUT', `/api/v1/return/${r.returnId}/status`, { status: 'approved' }),
        200,
      ],
      ['rma once approved', () => buyer('GET', `/api/v1/return/${r.returnId}/document`), 200],
      ['rma of another company', () => clerk('GET', `/api/v1/return/${r.returnId}/document`), 404],
      [
        'rma as a supplier (another company)',
        () => supplier('GET', `/api/v1/return/${r.returnId}/document`),
        404,
      ],
      ['rma unknown', () => support('GET', `/api/v1/return/${NONE}/document`), 404],
      ['return label once approved', () => buyer('GET', `/api/v1/return/${r.returnId}/label`), 200],
      ['return label of another company', () => clerk('GET', `/api/v1/return/${r.returnId}/label`), 404],
      ['return label unknown', () => support('GET', `/api/v1/return/${NONE}/label`), 404],
      [
        'action by the buyer',
        () => buyer('POST', `/api/v1/return/${acted.returnId}/action`, { action: 'approve' }),
        403,
      ],
      [
        'action unknown value',
        () => support('POST', `/api/v1/return/${acted.returnId}/action`, { action: 'lose' }),
        400,
      ],
      [
        'action on unknown',
        () => support('POST', `/api/v1/return/${NONE}/action`, { action: 'approve' }),
        404,
      ],
      [
        'action illegal (inspect a requested return)',
        () => support('POST', `/api/v1/return/${acted.returnId}/action`, { action: 'inspect' }),
        409,
      ],
      [
        'action approve',
        () => support('POST', `/api/v1/return/${acted.returnId}/action`, { action: 'approve' }),
        200,
      ],
      [
        'action approve twice',
        () => support('POST', `/api/v1/return/${acted.returnId}/action`, { action: 'approve' }),
        409,
      ],
      [
        'action receive',
        () => support('POST', `/api/v1/return/${acted.returnId}/action`, { action: 'receive' }),
        200,
      ],
      [
        'action reject once received',
        () => support('POST', `/api/v1/return/${acted.returnId}/action`, { action: 'reject' }),
        409,
      ],
    ]);
  });
});

describe('claims, call by call', () => {
  it('GET /claim, /claim/{id}, /claim/status; POST /claim', async () => {
    const c = await newClaim();
    await expectCodes([
      ['list', () => buyer('GET', `/api/v1/claim?orderId=${o.orderId}`), 200],
      ['list bad status', () => buyer('GET', '/api/v1/claim?status=lost'), 400],
      [
        'list as a supplier (none of its company)',
        () => supplier('GET', `/api/v1/claim?orderId=${o.orderId}`),
        200,
      ],
      ['get', () => buyer('GET', `/api/v1/claim/${c.claimId}`), 200],
      ['get another company', () => clerk('GET', `/api/v1/claim/${c.claimId}`), 404],
      ['get unknown', () => support('GET', `/api/v1/claim/${NONE}`), 404],
      ['statuses', () => clerk('GET', '/api/v1/claim/status'), 200],
      [
        'file with tread above 32',
        () =>
          buyer('POST', '/api/v1/claim', {
            orderItemId: o.orderItemId,
            damagedOn: today(),
            remainingTread32: 40,
            odometerMiles: 1,
          }),
        400,
      ],
      [
        'file with no date',
        () =>
          buyer('POST', '/api/v1/claim', {
            orderItemId: o.orderItemId,
            remainingTread32: 6,
            odometerMiles: 1,
          }),
        400,
      ],
      [
        'file in the future',
        () =>
          buyer('POST', '/api/v1/claim', {
            orderItemId: o.orderItemId,
            damagedOn: '2999-01-01',
            remainingTread32: 6,
            odometerMiles: 1,
          }),
        400,
      ],
      [
        'file naming a company that is no installer',
        () =>
          buyer('POST', '/api/v1/claim', {
            orderItemId: o.orderItemId,
            damagedOn: today(),
            remainingTread32: 6,
            odometerMiles: 1,
            installerCompanyId: o.companyId,
          }),
        400,
      ],
      [
        'file as sales',
        () =>
          sales('POST', '/api/v1/claim', {
            orderItemId: o.orderItemId,
            damagedOn: today(),
            remainingTread32: 6,
            odometerMiles: 1,
          }),
        403,
      ],
      [
        'file on another company',
        () =>
          clerk('POST', '/api/v1/claim', {
            orderItemId: o.orderItemId,
            damagedOn: today(),
            remainingTread32: 6,
            odometerMiles: 1,
          }),
        404,
      ],
      [
        'file on no item',
        () =>
          buyer('POST', '/api/v1/claim', {
            orderItemId: NONE,
            damagedOn: today(),
            remainingTread32: 6,
            odometerMiles: 1,
          }),
        404,
      ],
      [
        'file a worn-out tire',
        () =>
          buyer('POST', '/api/v1/claim', {
            orderItemId: o.orderItemId,
            damagedOn: today(),
            remainingTread32: 2,
            odometerMiles: 1,
          }),
        409,
      ],
      [
        'file by support for the customer',
        () =>
          support('POST', '/api/v1/claim', {
            orderItemId: o.orderItemId,
            damagedOn: today(),
            remainingTread32: 8,
            odometerMiles: 1,
          }),
        201,
      ],
    ]);
  });

  it('PUT /claim/{id}, POST /claim/{id}/cancel, POST /claim/{id}/action', async () => {
    const c = await newClaim();
    const gone = await newClaim();
    await expectCodes([
      ['correct', () => buyer('PUT', `/api/v1/claim/${c.claimId}`, { odometerMiles: 2000 }), 200],
      [
        'correct with bad tread',
        () => buyer('PUT', `/api/v1/claim/${c.claimId}`, { remainingTread32: -1 }),
        400,
      ],
      [
        'correct another company',
        () => clerk('PUT', `/api/v1/claim/${c.claimId}`, { odometerMiles: 1 }),
        404,
      ],
      [
        'correct as a supplier (another company)',
        () => supplier('PUT', `/api/v1/claim/${c.claimId}`, { odometerMiles: 1 }),
        404,
      ],
      ['correct as sales', () => sales('PUT', `/api/v1/claim/${c.claimId}`, { odometerMiles: 1 }), 403],
      ['correct unknown', () => buyer('PUT', `/api/v1/claim/${NONE}`, { odometerMiles: 1 }), 404],
      ['cancel', () => buyer('POST', `/api/v1/claim/${gone.claimId}/cancel`, {}), 200],
      ['cancel twice', () => buyer('POST', `/api/v1/claim/${gone.claimId}/cancel`, {}), 409],
      [
        'correct once cancelled',
        () => buyer('PUT', `/api/v1/claim/${gone.claimId}`, { odometerMiles: 1 }),
        409,
      ],
      [
        'cancel with a long note',
        () => buyer('POST', `/api/v1/claim/${c.claimId}/cancel`, { note: 'x'.repeat(501) }),
        400,
      ],
      ['cancel another company', () => clerk('POST', `/api/v1/claim/${c.claimId}/cancel`, {}), 404],
      ['cancel as sales', () => sales('POST', `/api/v1/claim/${c.claimId}/cancel`, {}), 403],
      ['cancel unknown', () => buyer('POST', `/api/v1/claim/${NONE}/cancel`, {}), 404],
      [
        'act as the buyer',
        () => buyer('POST', `/api/v1/claim/${c.claimId}/action`, { action: 'review' }),
        403,
      ],
      ['act as sales', () => sales('POST', `/api/v1/claim/${c.claimId}/action`, { action: 'review' }), 403],
      [
        'act unknown value',
        () => support('POST', `/api/v1/claim/${c.claimId}/action`, { action: 'shrug' }),
        400,
      ],
      ['act on unknown', () => support('POST', `/api/v1/claim/${NONE}/action`, { action: 'review' }), 404],
      [
        'act illegal (pay an open claim)',
        () => support('POST', `/api/v1/claim/${c.claimId}/action`, { action: 'pay' }),
        409,
      ],
      ['act review', () => support('POST', `/api/v1/claim/${c.claimId}/action`, { action: 'review' }), 200],
      ['act deny', () => support('POST', `/api/v1/claim/${c.claimId}/action`, { action: 'deny' }), 200],
      [
        'act approve once denied',
        () =>
          support('POST', `/api/v1/claim/${c.claimId}/action`, { action: 'approve', settlement: 'credit' }),
        409,
      ],
    ]);
  });
});

describe('refunds and vendor records, call by call', () => {
  it('POST /order/{id}/refund/preview, GET /order/{id}/invoice, POST/GET /refund, PUT /refund/{id}', async () => {
    const r = await delivered();
    const pending = await finance('POST', '/api/v1/refund', { orderId: r.orderId, amountCents: 60000 });
    expect(pending.statusCode, pending.body).toBe(201);
    const id = pending.json().data.refundId;
    const b = asBuyer(t, r) as Caller;
    await expectCodes([
      [
        'preview',
        () =>
          b('POST', `/api/v1/order/${r.orderId}/refund/preview`, {
            items: [{ orderItemId: r.orderItemId, quantity: 1 }],
          }),
        200,
      ],
      ['preview nothing', () => b('POST', `/api/v1/order/${r.orderId}/refund/preview`, { items: [] }), 400],
      [
        'preview another company',
        () =>
          clerk('POST', `/api/v1/order/${r.orderId}/refund/preview`, {
            items: [{ orderItemId: r.orderItemId, quantity: 1 }],
          }),
        404,
      ],
      [
        'preview as a supplier (another company)',
        () =>
          supplier('POST', `/api/v1/order/${r.orderId}/refund/preview`, {
            items: [{ orderItemId: r.orderItemId, quantity: 1 }],
          }),
        404,
      ],
      [
        'preview as sales (writes nothing: any staff)',
        () =>
          sales('POST', `/api/v1/order/${r.orderId}/refund/preview`, {
            items: [{ orderItemId: r.orderItemId, quantity: 1 }],
          }),
        200,
      ],
      [
        'preview no order',
        () =>
          support('POST', `/api/v1/order/${NONE}/refund/preview`, {
            items: [{ orderItemId: r.orderItemId, quantity: 1 }],
          }),
        404,
      ],
      ['invoice', () => b('GET', `/api/order/${r.orderId}/invoice`), 200],
      ['invoice another company', () => clerk('GET', `/api/order/${r.orderId}/invoice`), 404],
      [
        'invoice as a supplier (another company)',
        () => supplier('GET', `/api/order/${r.orderId}/invoice`),
        404,
      ],
      ['list', () => b('GET', `/api/v1/refund?orderId=${r.orderId}`), 200],
      ['list bad status', () => b('GET', '/api/v1/refund?status=lost'), 400],
      [
        'list as a supplier (none of its company)',
        () => supplier('GET', `/api/v1/refund?orderId=${r.orderId}`),
        200,
      ],
      ['get', () => b('GET', `/api/v1/refund/${id}`), 200],
      ['get another company', () => clerk('GET', `/api/v1/refund/${id}`), 404],
      ['get unknown', () => finance('GET', `/api/v1/refund/${NONE}`), 404],
      [
        'create as the buyer',
        () => b('POST', '/api/v1/refund', { orderId: r.orderId, amountCents: 100 }),
        403,
      ],
      [
        'create with a negative amount',
        () => finance('POST', '/api/v1/refund', { orderId: r.orderId, amountCents: -5 }),
        400,
      ],
      [
        'create on no order',
        () => finance('POST', '/api/v1/refund', { orderId: NONE, amountCents: 100 }),
        404,
      ],
      [
        'create more than is left',
        () => finance('POST', '/api/v1/refund', { orderId: r.orderId, amountCents: r.totalCents }),
        409,
      ],
      [
        'create within what is left',
        () => support('POST', '/api/v1/refund', { orderId: r.orderId, amountCents: 1000 }),
        201,
      ],
      ['change the amount', () => finance('PUT', `/api/v1/refund/${id}`, { amountCents: 59000 }), 200],
      ['change to 0', () => finance('PUT', `/api/v1/refund/${id}`, { amountCents: 0 }), 400],
      ['change as the buyer', () => b('PUT', `/api/v1/refund/${id}`, { amountCents: 100 }), 403],
      ['change unknown', () => finance('PUT', `/api/v1/refund/${NONE}`, { amountCents: 100 }), 404],
      [
        'change above what is left',
        () => finance('PUT', `/api/v1/refund/${id}`, { amountCents: r.totalCents }),
        409,
      ],
    ]);
  });

  it('PUT /refund/status, GET /refund/status', async () => {
    const r = await delivered();
    const held = (await support('POST', '/api/v1/refund', { orderId: r.orderId, amountCents: 60000 })).json()
      .data;
    const amountCents = held.amountCents as number;
    await expectCodes([
      ['statuses', () => clerk('GET', '/api/v1/refund/status'), 200],
      [
        'approve as support',
        () =>
          support('PUT', '/api/v1/refund/status', { refund: held.refundId, status: 'approved', amountCents }),
        403,
      ],
      [
        'approve with no refund named',
        () => finance('PUT', '/api/v1/refund/status', { status: 'approved', amountCents }),
        400,
      ],
      [
        'approve with no amount named',
        () => finance('PUT', '/api/v1/refund/status', { refund: held.refundId, status: 'approved' }),
        400,
      ],
      [
        'approve another amount than the refund now has',
        () =>
          finance('PUT', '/api/v1/refund/status', {
            refund: held.refundId,
            status: 'approved',
            amountCents: amountCents - 1,
          }),
        409,
      ],
      [
        'approve unknown',
        () => finance('PUT', '/api/v1/refund/status', { refund: NONE, status: 'approved', amountCents }),
        404,
      ],
      [
        'processed directly',
        () =>
          finance('PUT', '/api/v1/refund/status', {
            refund: held.refundId,
            status: 'processed',
            amountCents,
          }),
        409,
      ],
      [
        'approve',
        () =>
          finance('PUT', '/api/v1/refund/status', { refund: held.refundId, status: 'approved', amountCents }),
        200,
      ],
      [
        'fail once processed',
        () =>
          finance('PUT', '/api/v1/refund/status', { refund: held.refundId, status: 'failed', amountCents }),
        409,
      ],
      [
        'change once processed',
        () => finance('PUT', `/api/v1/refund/${held.refundId}`, { amountCents: 100 }),
        409,
      ],
    ]);
  });

  it('POST and PUT /refund/{id}/vendor, vendor/delete, vendor/create, vendor/order/delete, GET /api/supplier/refunds', async () => {
    const r = await delivered();
    const made = await support('POST', '/api/v1/refund', {
      orderId: r.orderId,
      items: [{ orderItemId: r.orderItemId, quantity: 1 }],
      reason: 'defective',
    });
    // Tied to no return, it waits for finance; the vendor records are made as the money goes back.
    const refund = (
      await finance('PUT', '/api/v1/refund/status', {
        refund: made.json().data.refundId,
        status: 'approved',
        amountCents: made.json().data.amountCents,
      })
    ).json().data;
    const id = refund.refundId;
    const vendorId = refund.vendors[0].vendorId;
    const supplierId = r.tire.supplier.id;
    await expectCodes([
      [
        'add',
        () =>
          finance('POST', `/api/v1/refund/${id}/vendor`, { supplierCompanyId: supplierId, amountCents: 500 }),
        200,
      ],
      [
        'add a negative amount',
        () =>
          finance('POST', `/api/v1/refund/${id}/vendor`, { supplierCompanyId: supplierId, amountCents: -1 }),
        400,
      ],
      [
        'add as sales',
        () => sales('POST', `/api/v1/refund/${id}/vendor`, { supplierCompanyId: supplierId, amountCents: 1 }),
        403,
      ],
      [
        'add on unknown',
        () =>
          finance('POST', `/api/v1/refund/${NONE}/vendor`, { supplierCompanyId: supplierId, amountCents: 1 }),
        404,
      ],
      ['change', () => finance('PUT', `/api/v1/refund/${id}/vendor`, { vendorId, amountCents: 9000 }), 200],
      [
        'change with no record named',
        () => finance('PUT', `/api/v1/refund/${id}/vendor`, { amountCents: 1 }),
        400,
      ],
      [
        'change as the buyer',
        () => (asBuyer(t, r) as Caller)('PUT', `/api/v1/refund/${id}/vendor`, { vendorId, amountCents: 1 }),
        403,
      ],
      [
        'change an unknown record',
        () => finance('PUT', `/api/v1/refund/${id}/vendor`, { vendorId: NONE, amountCents: 1 }),
        404,
      ],
      ['make again while records exist', () => finance('POST', `/api/v1/refund/${id}/vendor/create`), 409],
      ['make as sales', () => sales('POST', `/api/v1/refund/${id}/vendor/create`), 403],
      ['make on unknown', () => finance('POST', `/api/v1/refund/${NONE}/vendor/create`), 404],
      ['remove one', () => finance('POST', `/api/v1/refund/${id}/vendor/delete`, { vendorId }), 200],
      ['remove it again', () => finance('POST', `/api/v1/refund/${id}/vendor/delete`, { vendorId }), 404],
      ['remove with no id', () => finance('POST', `/api/v1/refund/${id}/vendor/delete`, {}), 400],
      ['remove as sales', () => sales('POST', `/api/v1/refund/${id}/vendor/delete`, { vendorId }), 403],
      ['remove all as sales', () => sales('POST', `/api/v1/refund/${id}/vendor/order/delete`), 403],
      ['remove all on unknown', () => finance('POST', `/api/v1/refund/${NONE}/vendor/order/delete`), 404],
      ['remove all', () => finance('POST', `/api/v1/refund/${id}/vendor/order/delete`), 200],
      ['make again', () => finance('POST', `/api/v1/refund/${id}/vendor/create`), 200],
      ['supplier reads its records', () => supplier('GET', '/api/supplier/refunds'), 200],
      ['supplier list with a bad page', () => supplier('GET', '/api/supplier/refunds?page=-1'), 400],
      ['a buyer cannot', () => clerk('GET', '/api/supplier/refunds'), 403],
    ]);
  });
});

describe('bills, call by call', () => {
  it('GET /bill, /bill/status, /bill/{id}, /bill/{id}/csv; POST /bill; PUT /bill/{id}; POST /bill/{id}; DELETE /bill/{id}/item/{itemId}', async () => {
    const r = await delivered();
    const supplierId = r.tire.supplier.id;
    const made = await finance('POST', '/api/v1/bill', {
      companyId: supplierId,
      periodStart: '2020-01-01',
      periodEnd: today(),
    });
    expect(made.statusCode, made.body).toBe(201);
    const bill = made.json().data;
    const statuses = (await supplier('GET', '/api/v1/bill/status')).json().data;
    expect(statuses).toMatchObject({
      statuses: ['draft', 'open', 'approved', 'paid', 'void'],
      transitions: { draft: ['open', 'approved', 'void'], approved: ['paid'] },
      actions: ['open', 'approve', 'pay', 'void'],
    });
    await expectCodes([
      ['list', () => finance('GET', `/api/v1/bill?companyId=${supplierId}`), 200],
      ['list bad status', () => finance('GET', '/api/v1/bill?status=lost'), 400],
      ['statuses for a buyer too', () => clerk('GET', '/api/v1/bill/status'), 200],
      ['get', () => finance('GET', `/api/v1/bill/${bill.billId}`), 200],
      ['get as a buyer', () => clerk('GET', `/api/v1/bill/${bill.billId}`), 404],
      ['get unknown', () => finance('GET', `/api/v1/bill/${NONE}`), 404],
      ['csv', () => finance('GET', `/api/v1/bill/${bill.billId}/csv`), 200],
      ['csv as a buyer', () => clerk('GET', `/api/v1/bill/${bill.billId}/csv`), 404],
      [
        'create as support',
        () =>
          support('POST', '/api/v1/bill', {
            companyId: supplierId,
            periodStart: '2020-01-01',
            periodEnd: today(),
          }),
        403,
      ],
      [
        'create with a bad date',
        () =>
          finance('POST', '/api/v1/bill', {
            companyId: supplierId,
            periodStart: '2020-13-01',
            periodEnd: today(),
          }),
        400,
      ],
      [
        'create for no company',
        () =>
          finance('POST', '/api/v1/bill', { companyId: NONE, periodStart: '2020-01-01', periodEnd: today() }),
        400,
      ],
      ['update the note', () => finance('PUT', `/api/v1/bill/${bill.billId}`, { note: 'November' }), 200],
      [
        'update with a bad flag',
        () => finance('PUT', `/api/v1/bill/${bill.billId}`, { refresh: 'yes' }),
        400,
      ],
      ['update as support', () => support('PUT', `/api/v1/bill/${bill.billId}`, { note: 'x' }), 403],
      ['update unknown', () => finance('PUT', `/api/v1/bill/${NONE}`, { note: 'x' }), 404],
      ['remove an unknown item', () => finance('DELETE', `/api/v1/bill/${bill.billId}/item/${NONE}`), 404],
      [
        'remove as support',
        () => support('DELETE', `/api/v1/bill/${bill.billId}/item/${bill.items[0].billItemId}`),
        403,
      ],
      [
        'remove an item',
        () => finance('DELETE', `/api/v1/bill/${bill.billId}/item/${bill.items[0].billItemId}`),
        200,
      ],
      ['act as support', () => support('POST', `/api/v1/bill/${bill.billId}`, { action: 'approve' }), 403],
      ['act unknown value', () => finance('POST', `/api/v1/bill/${bill.billId}`, { action: 'burn' }), 400],
      ['act on unknown', () => finance('POST', `/api/v1/bill/${NONE}`, { action: 'approve' }), 404],
      [
        'act illegal (pay a draft)',
        () => finance('POST', `/api/v1/bill/${bill.billId}`, { action: 'pay' }),
        409,
      ],
      ['approve', () => finance('POST', `/api/v1/bill/${bill.billId}`, { action: 'approve' }), 200],
      [
        'remove an item once approved',
        () => finance('DELETE', `/api/v1/bill/${bill.billId}/item/${NONE}`),
        409,
      ],
      ['void once approved', () => finance('POST', `/api/v1/bill/${bill.billId}`, { action: 'void' }), 409],
    ]);
  });
});

/** Another delivered order of 8 tires (refunds need money of their own). */
function delivered() {
  return deliveredOrder(t, admin, { quantity: 8 });
}
