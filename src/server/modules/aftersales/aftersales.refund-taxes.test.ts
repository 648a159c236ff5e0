// Refunds give back the tax and fees of the refunded units (docs/domain.md, "Landed cost"): a
// full return gives back every cent the order charged, in one refund or in parts; a refund capped
// at what the order can still refund has lines that add up to its amount; supplier records stay
// at cost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../test/admin-client';
import { moneyOf } from '../../test/factories-payments';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Delivered, deliveredOrder, receivedReturn } from './aftersales.test-helpers';

let t: TestApp;
let admin: Caller;
let support: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await caller(t.app, 'admin');
  support = await caller(t.app, 'support');
});
afterAll(() => t.close());

interface Line {
  quantity: number;
  fetCents: number;
  tireFeeCents: number;
  servicesCents: number;
  taxCents: number;
  cappedCents: number;
  totalCents: number;
}
interface Refund {
  refundId: number;
  status: string;
  amountCents: number;
  lines: Line[];
  vendors: { quantity: number; amountCents: number }[];
}

/** Support refunds a received return (admin approves it when it waits for finance). */
async function refundReturn(o: Delivered, returnId: number, amountCents?: number): Promise<Refund> {
  const res = await support('POST', '/api/v1/refund', { orderId: o.orderId, returnId, amountCents });
  expect(res.statusCode, res.body).toBe(201);
  const r = res.json().data as Refund;
  if (r.status !== 'pending') return r;
  const ok = await admin('PUT', '/api/v1/refund/status', {
    refund: r.refundId,
    status: 'approved',
    amountCents: r.amountCents,
  });
  expect(ok.statusCode, ok.body).toBe(200);
  return ok.json().data as Refund;
}

async function taxedOrder(quantity: number) {
  const o = await deliveredOrder(t, admin, { quantity });
  const order = (await admin('GET', `/api/v1/order/${o.orderId}`)).json();
  const totals = (order.data ?? order).totals as { taxCents: number; totalCents: number };
  // Delivered to Austin: Texas taxes the tires and their shipping.
  expect(totals.taxCents).toBeGreaterThan(0);
  expect(totals.totalCents).toBe(o.totalCents);
  return { o, taxCents: totals.taxCents };
}
const sum = (ns: number[]) => ns.reduce((s, n) => s + n, 0);

describe('refunds of a taxed order', () => {
  it('a full return gives back every cent charged, its tax included, and owes the supplier its cost only', async () => {
    const { o, taxCents } = await taxedOrder(3);
    const r = await refundReturn(o, await receivedReturn(t, admin, o, 3));
    expect(r.status).toBe('processed');
    expect(r.amountCents).toBe(o.totalCents);
    expect(sum(r.lines.map((l) => l.totalCents))).toBe(o.totalCents);
    expect(sum(r.lines.map((l) => l.taxCents))).toBe(taxCents);
    expect((await moneyOf(t.db, o.orderId)).netCents).toBe(0);
    // Supplier bills carry no tax: the supplier owes back its cost of the units (100.00), nothing more.
    expect(r.vendors).toMatchObject([{ quantity: 3, amountCents: 3 * 10_000 }]);
  });

  it('returning one unit, then the rest, gives back the same: the remainder goes with the last unit', async () => {
    const { o, taxCents } = await taxedOrder(3);
    const first = await refundReturn(o, await receivedReturn(t, admin, o, 1));
    const rest = await refundReturn(o, await receivedReturn(t, admin, o, 2));
    expect(first.amountCents + rest.amountCents).toBe(o.totalCents);
    expect(first.lines[0]!.taxCents).toBe(Math.floor(taxCents / 3));
    expect(first.lines[0]!.taxCents + rest.lines[0]!.taxCents).toBe(taxCents);
    expect((await moneyOf(t.db, o.orderId)).netCents).toBe(0);
  });

  it('a refund capped below its lines has lines that add up to its amount', async () => {
    const { o } = await taxedOrder(2);
    const capped = o.totalCents - 1234;
    const r = await refundReturn(o, await receivedReturn(t, admin, o, 2), capped);
    expect(r.amountCents).toBe(capped);
    expect(sum(r.lines.map((l) => l.totalCents))).toBe(capped);
    expect(sum(r.lines.map((l) => l.cappedCents))).toBe(1234);
  });
});
