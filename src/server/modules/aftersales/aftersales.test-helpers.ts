// Orders that reached the customer, made through the real checkout and back-office calls, for the
// after-sales tests.
import { expect } from 'vitest';
import type { Caller } from '../../test/admin-client';
import { cartBody, createShopper } from '../../test/factories-orders';
import { austinTire } from '../../test/factories-payments';
import type { TestApp } from '../../test/test-app';

export interface Delivered {
  orderId: number;
  orderItemId: number;
  companyId: number;
  cookie: string;
  tire: Awaited<ReturnType<typeof austinTire>>;
  totalCents: number;
  shippingCents: number;
}

/**
 * A new company's buyer buys `quantity` tires (100.00 each at cost), delivered to Austin, by card,
 * or on account, and staff send, confirm, ship and deliver the order.
 */
export async function deliveredOrder(
  t: TestApp,
  admin: Caller,
  opts: {
    quantity?: number;
    roadHazard?: boolean;
    account?: boolean;
    status?: 'delivered' | 'shipped';
    /** A company made beforehand (one holding an exemption certificate, say); else a new one. */
    companyId?: number;
  } = {},
): Promise<Delivered> {
  const shopper = await createShopper(t.app, t.db, {
    creditLimitCents: opts.account ? 10_000_000 : 0,
    companyId: opts.companyId,
  });
  const tire = await austinTire(t.db);
  const inject = (method: 'POST' | 'GET', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: shopper.cookie }, ...(payload && { payload }) });
  const added = await inject('POST', '/api/cart', {
    ...cartBody(tire, opts.quantity ?? 4),
    orderItemRoadHazard: opts.roadHazard ?? false,
  });
  expect(added.statusCode, added.body).toBe(200);
  const placed = await inject(
    'POST',
    '/api/cart/checkout',
    opts.account
      ? { paymentMethod: 'account' }
      : {
          paymentMethod: 'card',
          card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
        },
  );
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json();
  const orderId = order.orderId as number;
  const orderItemId = order.orderItems[0].orderItemId as number;
  expect((await admin('POST', `/api/v1/order/${orderId}/submit`, {})).statusCode).toBe(200);
  const confirmed = await admin(
    'POST',
    `/api/v1/order/${orderId}/item/${orderItemId}/supplier/${tire.supplier.id}/confirm`,
    {},
  );
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  await shipAndTrack(admin, orderId, opts.status === 'shipped' ? 'in_transit' : 'delivered');
  return {
    orderId,
    orderItemId,
    companyId: shopper.companyId,
    cookie: shopper.cookie,
    tire,
    totalCents: order.totals.totalCents,
    shippingCents: order.totals.shippingCents,
  };
}

/**
 * Staff pack each confirmed line of the order, buy its label and the sandbox courier scans it up to
 * `upTo`: deliveries are what logistics tracked (the rule returns and claims count on).
 */
export async function shipAndTrack(admin: Caller, orderId: number, upTo: 'in_transit' | 'delivered') {
  const order = (await admin('GET', `/api/v1/order/${orderId}`)).json();
  const lines = ((order.data ?? order).subOrders as { lines: { supplierLineId: number; status: string }[] }[])
    .flatMap((s) => s.lines)
    .filter((l) => l.status === 'confirmed');
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) {
    const made = await admin('POST', '/api/v1/fulfillment', { supplierLineIds: [line.supplierLineId] });
    expect(made.statusCode, made.body).toBe(201);
    const label = await admin('POST', '/api/v1/fulfillment/label/gen', {
      fulfillmentId: made.json().data.fulfillmentId,
      courier: 'swiftship',
      service: 'ground',
    });
    expect(label.statusCode, label.body).toBeLessThan(300);
    const scanned = await admin('POST', '/api/sandbox/trackhub/advance', {
      trackingNumber: label.json().label.trackingNumber,
      status: upTo,
    });
    expect(scanned.statusCode, scanned.body).toBe(200);
  }
}

/** A call as the buyer of a delivered order. */
export function asBuyer(t: TestApp, o: { cookie: string }) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: o.cookie }, ...(payload && { payload }) });
}

/** The buyer asks to return `quantity` units of a delivered order; staff approve and receive them. */
export async function receivedReturn(t: TestApp, admin: Caller, o: Delivered, quantity = 1) {
  const opened = await asBuyer(t, o)('POST', `/api/v1/order/${o.orderId}/return`, {
    reason: 'defective',
    items: [{ orderItemId: o.orderItemId, quantity }],
  });
  expect(opened.statusCode, opened.body).toBe(201);
  const returnId = opened.json().data.returnId as number;
  for (const action of ['approve', 'receive']) {
    const acted = await admin('POST', `/api/v1/return/${returnId}/action`, { action });
    expect(acted.statusCode, acted.body).toBe(200);
  }
  return returnId;
}
