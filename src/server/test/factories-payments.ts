// Rows and calls the payment tests share: test cards, a cart or a staff-made order ready to pay,
// signed provider webhooks, and the money an order holds according to its payment rows.
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { testConfig, webhookSecretOf } from '../config';
import type { DbOrTx } from '../db/connection';
import { orders, payments } from '../db/schema';
import { signPayload } from '../integrations/payments/webhook-signature';
import { cartBody, createShopper, stockedProduct } from './factories-orders';
import { createTestApp, signIn, type TestApp } from './test-app';

/** The sandbox's test card numbers (src/server/integrations/payments/cardpay.ts). */
export const numbers = {
  ok: '4242424242424242',
  ok2: '5555555555554444',
  decline: '4000000000000002',
  fail: '4000000000000119',
  review: '4000000000009235',
} as const;

export const card = (number: string = numbers.ok) => ({ number, expMonth: 12, expYear: 2040, cvc: '123' });

/** A delivery far from the Austin warehouses: shipping, and so the total, goes up. */
export const anchorage = {
  kind: 'address',
  address: { name: 'Yard', address1: '1 Port Rd', city: 'Anchorage', state: 'AK', zip: '99501' },
} as const;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One call: the caller's cookie (or none), an optional body and Idempotency-Key. */
export function caller(app: FastifyInstance) {
  return (
    cookie: string | null,
    method: Method,
    url: string,
    payload?: object,
    key?: string,
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      headers: { ...(cookie && { cookie }), ...(key && { 'idempotency-key': key }) },
      ...(payload !== undefined && { payload }),
    });
}

export type Shopper = Awaited<ReturnType<typeof createShopper>>;
export type Tire = Awaited<ReturnType<typeof stockedProduct>>;

/** A tire stocked in Austin and Dallas (sold at cost: 100.00 a tire). */
export const austinTire = (db: DbOrTx, quantity = 20) =>
  stockedProduct(db, [
    { zip: '78701', quantity },
    { zip: '75201', quantity },
  ]);

/** A new company's buyer with `quantity` tires in the cart; answers the cart as the shop shows it. */
export async function shopperWithCart(
  app: FastifyInstance,
  db: DbOrTx,
  quantity = 2,
  company: { creditLimitCents?: number } = {},
) {
  const shopper = await createShopper(app, db, company);
  const tire = await austinTire(db);
  const cart = await addToCart(app, shopper, tire, quantity);
  return { ...shopper, tire, cart };
}

export async function addToCart(
  app: FastifyInstance,
  shopper: { cookie: string },
  tire: Tire,
  quantity: number,
) {
  const res = await caller(app)(shopper.cookie, 'POST', '/api/cart', cartBody(tire, quantity));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { orderId: number; totals: { totalCents: number; shippingCents: number } };
}

/** An order sales placed for a new customer: placed, unpaid, its units held. */
export async function staffOrder(
  app: FastifyInstance,
  db: DbOrTx,
  salesCookie: string,
  quantity = 2,
  company: { creditLimitCents?: number } = {},
) {
  const shopper = await createShopper(app, db, company);
  const tire = await austinTire(db);
  const res = await caller(app)(salesCookie, 'POST', '/api/v1/order', {
    companyId: shopper.companyId,
    locationId: shopper.location.id,
    items: [{ ...cartBody(tire, quantity), orderItemRoadHazard: false }],
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json() as {
    orderId: number;
    totals: { totalCents: number; shippingCents: number };
    orderItems: { orderItemId: number; orderItemQuantity: number }[];
  };
  return { ...shopper, tire, order, orderId: order.orderId };
}

export async function orderRow(db: DbOrTx, orderId: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

export const paymentRows = (db: DbOrTx, orderId: number) =>
  db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id));

/** Money the order's payments hold: captured (and since refunded) amounts less what was refunded. */
export async function moneyOf(db: DbOrTx, orderId: number) {
  const rows = await paymentRows(db, orderId);
  const taken = rows.filter((p) => ['captured', 'partially_refunded', 'refunded'].includes(p.status));
  const capturedCents = taken.reduce((s, p) => s + p.amountCents, 0);
  const refundedCents = rows.reduce((s, p) => s + p.refundedCents, 0);
  return { capturedCents, refundedCents, netCents: capturedCents - refundedCents, rows };
}

const sandboxSecret = webhookSecretOf(testConfig());

/** A coinpay webhook as the provider sends it: the raw body and its signature header. */
export function coinpayEvent(
  reference: string,
  options: { id?: string; at?: number; secret?: string; raw?: string } = {},
) {
  const raw =
    options.raw ??
    JSON.stringify({
      id: options.id ?? `evt_${reference}_${Math.random().toString(36).slice(2)}`,
      type: 'charge.confirmed',
      data: { reference },
    });
  return {
    raw,
    signature: signPayload(options.secret ?? sandboxSecret, raw, options.at),
  };
}

export function postWebhook(app: FastifyInstance, event: { raw: string; signature?: string }) {
  return app.inject({
    method: 'POST',
    url: '/api/webhooks/coinpay',
    headers: {
      'content-type': 'application/json',
      ...(event.signature !== undefined && { 'x-webhook-signature': event.signature }),
    },
    payload: event.raw,
  });
}

/** An Idempotency-Key no other test uses. */
export const key = (name: string) => `${name}-${Math.random().toString(36).slice(2)}`;
export const unknownId = 999_999_999;

type StaffRole = 'sales' | 'support' | 'finance' | 'admin';

/**
 * The calls the payment test files share, bound to the file's app (read when called, so a file
 * can build the kit before its beforeAll creates the app). signInStaff() fills `staff`.
 */
/**
 * A payment test file's own app (its own database, the staff signed in) with the kit: call
 * it once at the top of the file; `suite.t` is the app once the file's tests run.
 */
export function paymentSuite() {
  const suite = { t: undefined as unknown as TestApp };
  const kit = paymentKit(() => suite.t);
  beforeAll(async () => {
    suite.t = await createTestApp();
    await kit.signInStaff();
  });
  afterAll(() => suite.t.close());
  return { suite, ...kit };
}

export function paymentKit(testApp: () => TestApp) {
  const staff = {} as Record<StaffRole, string>;
  const call: ReturnType<typeof caller> = (...args) => caller(testApp().app)(...args);

  const newOrder = (quantity = 2, company: { creditLimitCents?: number } = {}) =>
    staffOrder(testApp().app, testApp().db, staff.sales, quantity, company);

  async function paidOrder() {
    const o = await newOrder();
    const res = await call(o.cookie, 'POST', `/api/v1/order/${o.orderId}/cardpay/transaction`, {
      card: card(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return o;
  }

  async function savedCard(cookie: string, companyId: number, number: string = numbers.ok) {
    const res = await call(cookie, 'POST', `/api/customer/${companyId}`, { card: card(number) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().sources.at(-1).sourceId as number;
  }

  async function openIntent(cookie: string, orderId: number) {
    const res = await call(cookie, 'POST', `/api/v1/order/${orderId}/payment/intent`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { intentId: number; amountCents: number; status: string; clientSecret: string };
  }

  /** Another order sales places for the same customer. */
  async function staffOrderFor(o: { companyId: number; location: { id: number }; tire: Tire }) {
    const res = await call(staff.sales, 'POST', '/api/v1/order', {
      companyId: o.companyId,
      locationId: o.location.id,
      items: [{ ...cartBody(o.tire, 1), orderItemRoadHazard: false }],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().orderId as number;
  }

  /** A financing approval for `quantity` tires: the buyer applies with them in the cart (the sandbox prices the cart). */
  async function financingFor(o: Awaited<ReturnType<typeof newOrder>>, quantity: number, decline = false) {
    const cart = await addToCart(testApp().app, o, o.tire, quantity);
    const orderTotal = (await orderRow(testApp().db, o.orderId)).totalCents;
    if (quantity === o.order.orderItems[0].orderItemQuantity) expect(cart.totals.totalCents).toBe(orderTotal);
    const res = await call(o.cookie, 'POST', '/api/sandbox/finpay/apply', { decline });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { token: string; amountCents: number; status: string };
  }

  const withCart = (quantity = 2, company: { creditLimitCents?: number } = {}) =>
    shopperWithCart(testApp().app, testApp().db, quantity, company);

  const checkout = (cookie: string | null, body: object, k?: string) =>
    call(cookie, 'POST', '/api/cart/checkout', body, k);

  async function signInStaff() {
    for (const role of ['sales', 'support', 'finance', 'admin'] as const)
      staff[role] = await signIn(testApp().app, role);
  }

  return {
    staff,
    call,
    newOrder,
    paidOrder,
    savedCard,
    openIntent,
    staffOrderFor,
    financingFor,
    withCart,
    checkout,
    signInStaff,
  };
}
