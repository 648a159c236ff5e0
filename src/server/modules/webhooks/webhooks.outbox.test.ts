import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhookEndpoints, webhookOutbox } from '../../db/schema';
import { createCompany } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { enqueueWebhookEvent } from './webhooks.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function endpointOf(companyId: number, events: string[], status = 'active') {
  const [row] = await t.db
    .insert(webhookEndpoints)
    .values({ companyId, url: 'https://example.com/hooks', events, secret: 'whsec_dGVzdA==', status })
    .returning();
  return row;
}

describe('enqueueWebhookEvent, the outbox other modules write', () => {
  it('writes one event and one pending delivery per endpoint subscribed to its type, none for the others', async () => {
    const company = await createCompany(t.db);
    const placed = await endpointOf(company.id, ['order.placed', 'order.shipped']);
    const alsoPlaced = await endpointOf(company.id, ['order.placed']);
    await endpointOf(company.id, ['invoice.created']);
    await endpointOf(company.id, ['order.placed'], 'disabled');
    const other = await createCompany(t.db);
    await endpointOf(other.id, ['order.placed']);

    const eventId = await t.db.transaction((tx) =>
      enqueueWebhookEvent(tx, company.id, 'order.placed', { orderId: 7, number: 'T-7' }),
    );
    expect(eventId).not.toBeNull();
    const [event] = await t.db.select().from(webhookOutbox).where(eq(webhookOutbox.id, eventId!));
    expect(event).toMatchObject({
      companyId: company.id,
      type: 'order.placed',
      data: { orderId: 7, number: 'T-7' },
    });
    const deliveries = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventId, eventId!));
    expect(deliveries.map((d) => d.endpointId).sort()).toEqual([placed.id, alsoPlaced.id].sort());
    expect(deliveries.every((d) => d.status === 'pending' && d.attempts === 0)).toBe(true);
  });

  it('writes nothing when no endpoint of the company wants the type', async () => {
    const company = await createCompany(t.db);
    await endpointOf(company.id, ['invoice.created']);
    const eventId = await t.db.transaction((tx) => enqueueWebhookEvent(tx, company.id, 'order.placed', {}));
    expect(eventId).toBeNull();
    expect(await t.db.select().from(webhookOutbox).where(eq(webhookOutbox.companyId, company.id))).toEqual(
      [],
    );
  });

  it('writes nothing when the change it reports is rolled back', async () => {
    const company = await createCompany(t.db);
    await endpointOf(company.id, ['refund.processed']);
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueWebhookEvent(tx, company.id, 'refund.processed', { refundId: 1 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.db.select().from(webhookOutbox).where(eq(webhookOutbox.companyId, company.id))).toEqual(
      [],
    );
  });
});
