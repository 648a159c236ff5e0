import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../test/admin-client';
import { expectAppliedOnce } from '../../test/crash-after-commit';
import { confirmedOrder } from '../../test/factories-logistics';
import { key } from '../../test/factories-payments';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

// A label bought with the server dying between the commit and the answer (docs/security.md,
// "Idempotency and crash safety"): the retry with the same Idempotency-Key replays the first
// answer; no second label is bought, no second shipment started.

let t: TestApp;
let admin: Caller;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await caller(t.app, 'admin');
  adminCookie = await signIn(t.app, 'admin');
});
afterAll(() => t.close());

async function packed() {
  const o = await confirmedOrder(t.app, t.db);
  const made = await admin('POST', '/api/v1/fulfillment', { supplierLineIds: o.lineIds });
  expect(made.statusCode, made.body).toBe(201);
  return made.json().data.fulfillmentId as number;
}

const labelRequest = (fulfillmentId: number) => ({
  method: 'POST' as const,
  url: '/api/v1/fulfillment/label/gen',
  headers: { cookie: adminCookie, 'idempotency-key': key('crash') },
  payload: { fulfillmentId, courier: 'swiftship', service: 'ground' },
});

describe('POST /api/v1/fulfillment/label/gen after a crash between commit and answer', () => {
  it('buys one label and starts one shipment', async () => {
    const r = await expectAppliedOnce(t, labelRequest(await packed()), 201, ['shipping_labels', 'shipments']);
    expect(r.lost.json().label.trackingNumber).toEqual(expect.any(String));
  });

  it('the server dead before the commit: the retry buys the label once', async () => {
    await expectAppliedOnce(t, labelRequest(await packed()), 201, ['shipping_labels', 'shipments'], 'before');
  });
});
