import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as cart from '../../../contract/cart';
import type { Endpoint } from '../../../contract/common';
import * as orders from '../../../contract/orders-staff';
import * as payments from '../../../contract/payments';
import { can, type Role, roles } from '../../../domain/roles';
import { createUser, FACTORY_PASSWORD } from '../../test/factories';
import { caller, card, paymentRows, staffOrder } from '../../test/factories-payments';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

// Who may call the payment endpoints (the idea of the back-office matrix, applied to money):
// 1. the gate: every endpoint × every role, 403 exactly where the contract's access denies the role;
// 2. the object: on a real customer's unpaid order, only its own company's buyers, finance and
//    admin get past; another company's users get 404, sales and support 403.

const isEndpoint = (v: unknown): v is Endpoint =>
  typeof v === 'object' && v !== null && 'method' in v && 'access' in v;
const paymentEndpoints = (Object.values(payments) as unknown[]).filter(isEndpoint);
const endpoints: Endpoint[] = [
  ...paymentEndpoints,
  ...([orders.updatePayment, orders.checkoutOrder, cart.checkout, cart.createCart] as unknown[]).filter(
    isEndpoint,
  ),
];

let t: TestApp;
let call: ReturnType<typeof caller>;
const cookies = {} as Record<Role, string>;
beforeAll(async () => {
  t = await createTestApp();
  call = caller(t.app);
  // Users of their own new companies, so no demo cart or order is touched.
  for (const role of roles) {
    const user = await createUser(t.db, { role });
    cookies[role] = await signIn(t.app, user.username, FACTORY_PASSWORD);
  }
});
afterAll(() => t.close());

const url = (e: Endpoint) => e.path.replace(/:\w+/g, '999999999');
const withBody = (e: Endpoint) => e.method !== 'GET' && e.method !== 'DELETE';

describe('payment endpoints: the role gate', () => {
  it('covers every endpoint of the payments contract and the four checkout and settlement calls', () => {
    expect(paymentEndpoints.length).toBeGreaterThanOrEqual(30);
    expect(endpoints.length).toBe(paymentEndpoints.length + 4);
  });

  it.each([...roles])('answers %s with 403 exactly where the role lacks the permission', async (role) => {
    const wrong: string[] = [];
    for (const e of endpoints.filter((x) => x.access !== 'public')) {
      const res = await call(cookies[role], e.method, url(e), withBody(e) ? {} : undefined);
      const allowed = e.access === 'user' || can(role, e.access as Parameters<typeof can>[1]);
      const ok = allowed ? res.statusCode !== 403 && res.statusCode < 500 : res.statusCode === 403;
      if (!ok) wrong.push(`${e.method} ${e.path} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 401 to a caller without a session on every non-public endpoint', async () => {
    const wrong: string[] = [];
    for (const e of endpoints.filter((x) => x.access !== 'public')) {
      const res = await call(null, e.method, url(e), withBody(e) ? {} : undefined);
      if (res.statusCode !== 401) wrong.push(`${e.method} ${e.path} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps the provider webhook public (it authenticates by signature)', () => {
    expect(endpoints.filter((e) => e.access === 'public').map((e) => e.path)).toEqual([
      '/api/webhooks/:provider',
    ]);
  });
});

/** The calls that take money for an order, with a body that passes validation and fails after the checks. */
const takesMoney: { e: Endpoint; body?: object }[] = [
  { e: payments.createOrderIntent },
  { e: payments.confirmOrderIntent, body: { intentId: 999_999_999, sourceId: 999_999_999 } },
  { e: payments.payOrderByCard, body: { sourceId: 999_999_999 } },
  { e: payments.payOrderByFinancing, body: { token: 'fin_not_issued' } },
  { e: payments.orderHostedToken },
  { e: payments.orderHostedTransaction, body: { token: 'hp_not_issued', card: card() } },
];

describe("payment endpoints on a real customer's unpaid order", () => {
  let order: Awaited<ReturnType<typeof staffOrder>>;
  beforeAll(async () => {
    order = await staffOrder(t.app, t.db, cookies.sales, 1);
  });

  const expected = (role: Role | 'owner') => {
    if (role === 'owner' || role === 'finance' || role === 'admin') return 'passes';
    if (role === 'sales' || role === 'support') return 403;
    return 404;
  };

  it.each(['owner', ...roles] as const)('lets the %s through only as the matrix says', async (role) => {
    const cookie = role === 'owner' ? order.cookie : cookies[role];
    const wrong: string[] = [];
    for (const { e, body } of takesMoney) {
      const res = await call(cookie, 'POST', e.path.replace(':id', String(order.orderId)), body);
      const want = expected(role);
      const ok =
        want === 'passes'
          ? res.statusCode < 500 && res.statusCode !== 403 && res.json().detail !== 'Order not found'
          : res.statusCode === want;
      if (!ok) wrong.push(`${e.method} ${e.path} → ${res.statusCode} ${res.json().detail ?? ''}`);
    }
    expect(wrong).toEqual([]);
    expect((await paymentRows(t.db, order.orderId)).filter((p) => p.status === 'captured')).toEqual([]);
  });

  it('lets finance and admin only, never sales, support or the buyer, record money or settle on account', async () => {
    for (const e of [orders.updatePayment, orders.checkoutOrder]) {
      const path = e.path.replace(':id', String(order.orderId));
      const body = e === orders.updatePayment ? { paymentStatus: 'paid' } : undefined;
      for (const cookie of [cookies.sales, cookies.support, order.cookie, cookies.company_admin])
        expect((await call(cookie, 'PUT', path, body)).statusCode, e.path).toBe(403);
    }
    expect((await paymentRows(t.db, order.orderId)).filter((p) => p.status !== 'pending')).toEqual([]);
  });
});
