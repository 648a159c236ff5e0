// The events a company's systems are told of, written by the changes themselves in their own
// transaction: an order placed (and its invoice), shipped and delivered, its return's every
// status, its refund paid out. Each carries the order's payload; a company without an endpoint
// for an event gets no row at all.
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEventTypes } from '../../../domain/webhook-events';
import { webhookDeliveries, webhookEndpoints, webhookOutbox } from '../../db/schema';
import { type Caller, caller } from '../../test/admin-client';
import { createCompany } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { deliveredOrder, receivedReturn } from '../aftersales/aftersales.test-helpers';
import { newSigningSecret } from './webhooks.signing';

let t: TestApp;
let admin: Caller;
let support: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await caller(t.app, 'admin');
  support = await caller(t.app, 'support');
});
afterAll(() => t.close());

/** A new company with one endpoint subscribed to `events`. */
async function subscribedCompany(events: readonly string[] = webhookEventTypes) {
  const company = await createCompany(t.db);
  const [endpoint] = await t.db
    .insert(webhookEndpoints)
    .values({
      companyId: company.id,
      url: 'https://erp.example.com/hooks',
      events: [...events],
      secret: newSigningSecret(),
    })
    .returning();
  return { companyId: company.id, endpointId: endpoint.id };
}

const eventsOf = (companyId: number) =>
  t.db
    .select()
    .from(webhookOutbox)
    .where(eq(webhookOutbox.companyId, companyId))
    .orderBy(asc(webhookOutbox.id));

describe('the events of an order', () => {
  it('reports the order placed with its invoice, then shipped and delivered, each with the order payload and one delivery', async () => {
    const { companyId, endpointId } = await subscribedCompany();
    const o = await deliveredOrder(t, admin, { companyId, quantity: 2 });
    const events = await eventsOf(companyId);
    expect(events.map((e) => e.type)).toEqual([
      'order.placed',
      'invoice.created',
      'order.shipped',
      'order.delivered',
    ]);
    const [placed, invoice, shipped, delivered] = events.map((e) => e.data as Record<string, unknown>);
    const order = {
      orderId: o.orderId,
      number: `TR-${String(o.orderId).padStart(6, '0')}`,
      poNumber: null,
      totalCents: o.totalCents,
      paymentMethod: 'card',
    };
    expect(placed).toMatchObject({ ...order, status: 'placed', paymentStatus: 'paid' });
    expect(placed.placedAt).toEqual(expect.any(String));
    expect(invoice).toEqual(placed);
    expect(shipped).toMatchObject({ ...order, status: 'shipped' });
    expect(delivered).toMatchObject({ ...order, status: 'delivered' });
    const deliveries = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId));
    expect(deliveries.map((d) => d.eventId).sort()).toEqual(events.map((e) => e.id).sort());
    expect(deliveries.every((d) => d.status === 'pending' && d.attempts === 0)).toBe(true);
  });

  it('reports every status of a return and the refund paid out, with the order they belong to', async () => {
    const { companyId } = await subscribedCompany(['return.updated', 'refund.processed']);
    const o = await deliveredOrder(t, admin, { companyId, quantity: 2 });
    const returnId = await receivedReturn(t, admin, o, 1);
    const refund = await support('POST', '/api/v1/refund', {
      orderId: o.orderId,
      returnId,
      amountCents: 5000,
      note: 'goodwill',
    });
    expect(refund.statusCode, refund.body).toBe(201);
    const events = await eventsOf(companyId);
    const returns = events
      .filter((e) => e.type === 'return.updated')
      .map(
        (e) =>
          e.data as {
            orderId: number;
            return: { id: number; status: string; previousStatus: string | null };
          },
      );
    expect(returns.map((r) => [r.return.previousStatus, r.return.status])).toEqual([
      [null, 'requested'],
      ['requested', 'approved'],
      ['approved', 'received'],
      ['received', 'inspected'],
      ['inspected', 'refunded'],
    ]);
    expect(returns.every((r) => r.orderId === o.orderId && r.return.id === returnId)).toBe(true);
    const refunds = events.filter((e) => e.type === 'refund.processed').map((e) => e.data);
    expect(refunds).toEqual([
      expect.objectContaining({
        orderId: o.orderId,
        refund: {
          id: refund.json().data.refundId,
          returnId,
          amountCents: 5000,
          refundedCents: 5000,
          creditedCents: 0,
        },
      }),
    ]);
    // Only the events subscribed to: no order.placed, shipped or delivered for this endpoint.
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(['return.updated', 'refund.processed']));
  });

  it('writes nothing for a company without endpoints, nor for a paused endpoint', async () => {
    const none = await deliveredOrder(t, admin, { quantity: 1 });
    expect(await eventsOf(none.companyId)).toEqual([]);
    const { companyId, endpointId } = await subscribedCompany();
    await t.db
      .update(webhookEndpoints)
      .set({ status: 'disabled' })
      .where(eq(webhookEndpoints.id, endpointId));
    await deliveredOrder(t, admin, { companyId, quantity: 1 });
    expect(await eventsOf(companyId)).toEqual([]);
  });
});
