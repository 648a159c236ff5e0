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
 * A new company's buyer buys `quantity` tires (100.00 each at cost) by card, or on account, and
 * staff send, confirm, ship and deliver the order.
 */
export async function deliveredOrder(
  t: TestApp,
  admin: Caller,
  opts: { quantity?: number; roadHazard?: boolean; account?: boolean; status?: 'delivered' | 'shipped' } = {},
): Promise<Delivered> {
  const shopper = await createShopper(t.app, t.db, { creditLimitCents: opts.account ? 10_000_000 : 0 });
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
  for (const status of opts.status === 'shipped' ? ['shipped'] : ['shipped', 'delivered']) {
    const moved = await admin('PUT', `/api/v1/order/${orderId}/status`, { status });
    expect(moved.statusCode, moved.body).toBe(200);
  }
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

/** A call as the buyer of a delivered order. */
export function asBuyer(t: TestApp, o: { cookie: string }) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: o.cookie }, ...(payload && { payload }) });
}
