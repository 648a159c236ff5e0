import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../test/admin-client';
import { stockOf } from '../../test/orders-checks';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asBuyer, deliveredOrder } from './aftersales.test-helpers';

let t: TestApp;
let admin: Caller;
let support: Caller;
let finance: Caller;
let sales: Caller;
let clerk: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await caller(t.app, 'admin');
  support = await caller(t.app, 'support');
  finance = await caller(t.app, 'finance');
  sales = await caller(t.app, 'sales');
  clerk = await caller(t.app, 'clerk');
});
afterAll(() => t.close());

describe('returns', () => {
  it('a buyer returns 2 of 4 tires; support approves and receives them onto the shelf; the refund gives them back', async () => {
    const o = await deliveredOrder(t, admin);
    const buyer = asBuyer(t, o);
    const before = await stockOf(t.db, o.tire.product.id);

    const opened = await buyer('POST', `/api/v1/order/${o.orderId}/return`, {
      reason: 'defective',
      note: 'Sidewall bulge on two',
      items: [{ orderItemId: o.orderItemId, quantity: 2 }],
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const ret = opened.json().data;
    expect(ret).toMatchObject({
      status: 'requested',
      reason: 'defective',
      units: 2,
      actions: [],
      nextStatuses: [],
    });
    expect(ret.number).toMatch(/^RMA-\d{6}$/);

    // Not more than delivered minus already returned: 2 left.
    const tooMany = await buyer('POST', '/api/v1/return', {
      orderId: o.orderId,
      reason: 'defective',
      items: [{ orderItemId: o.orderItemId, quantity: 3 }],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual([
      { pointer: '/body/items/0/quantity', detail: 'is more than the 2 delivered and not yet returned' },
    ]);

    const approved = await support('POST', `/api/v1/return/${ret.returnId}/action`, { action: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.actions).toEqual(['receive', 'close']);

    // The buyer can no longer change it, and cannot act on it.
    expect((await buyer('PUT', `/api/v1/return/${ret.returnId}`, { note: 'x' })).statusCode).toBe(409);
    expect(
      (await buyer('POST', `/api/v1/return/${ret.returnId}/action`, { action: 'receive' })).statusCode,
    ).toBe(403);

    const received = await support('POST', `/api/v1/return/${ret.returnId}/action`, { action: 'receive' });
    expect(received.statusCode, received.body).toBe(200);
    const warehouseId = received.json().data.warehouseId;
    const after = await stockOf(t.db, o.tire.product.id);
    // Exactly the returned units went back, to the warehouse that shipped them; nothing else moved.
    expect(after).toEqual(
      before.map((s) => (s.warehouseId === warehouseId ? { ...s, quantity: s.quantity + 2 } : s)),
    );

    const preview = await support('POST', `/api/v1/order/${o.orderId}/refund/preview`, {
      items: [{ orderItemId: o.orderItemId, quantity: 2 }],
      reason: 'defective',
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json().data;
    expect(p.lines[0]).toMatchObject({ quantity: 2, priceCents: 20000, restockingFeeCents: 0 });
    expect(p.lines[0].shippingCents).toBe(Math.floor(o.shippingCents / 2));

    const refund = await finance('POST', '/api/v1/refund', { orderId: o.orderId, returnId: ret.returnId });
    expect(refund.statusCode, refund.body).toBe(201);
    expect(refund.json().data).toMatchObject({
      status: 'processed',
      amountCents: p.totalCents,
      refundedCents: p.totalCents,
    });
    expect(refund.json().data.vendors).toMatchObject([
      { supplierCompanyId: o.tire.supplier.id, quantity: 2, amountCents: 20000 },
    ]);

    const seen = await buyer('GET', `/api/v1/return/${ret.returnId}`);
    expect(seen.json().data).toMatchObject({
      status: 'refunded',
      refunds: [{ status: 'processed', amountCents: p.totalCents }],
    });
    expect(seen.json().data.log.map((l: { to: string | null }) => l.to)).toEqual([
      'requested',
      'approved',
      'received',
      'inspected',
      'refunded',
    ]);
    // The buyer sees the refund, without supplier costs.
    const mine = await buyer('GET', `/api/v1/refund/${refund.json().data.refundId}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.vendors).toEqual([]);
    const order = await buyer('GET', `/api/order/${o.orderId}`);
    expect(order.json().paymentStatus).toBe('partially_refunded');
  });

  it('charges 15 % restocking for tires not needed, and scraps what inspection finds unsellable', async () => {
    const o = await deliveredOrder(t, admin);
    const buyer = asBuyer(t, o);
    const opened = await buyer('POST', '/api/v1/return', {
      orderId: o.orderId,
      reason: 'not_needed',
      items: [{ orderItemId: o.orderItemId, quantity: 1 }],
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const id = opened.json().data.returnId;
    expect(opened.json().data.restockingFeeBasisPoints).toBe(1500);
    // The buyer adds one more unit and then sets it to 2.
    const added = await buyer('POST', `/api/v1/return/${id}/item`, {
      orderItemId: o.orderItemId,
      quantity: 1,
    });
    expect(added.json().data.items).toMatchObject([{ quantity: 2 }]);
    const itemId = added.json().data.items[0].returnItemId;
    expect((await buyer('PUT', `/api/v1/return/${id}/item/${itemId}`, { quantity: 5 })).statusCode).toBe(400);
    expect((await buyer('PUT', `/api/v1/return/${id}/item/${itemId}`, { quantity: 2 })).statusCode).toBe(200);
    expect((await buyer('POST', `/api/v1/return/${id}/log`, { note: 'Pickup on Monday?' })).statusCode).toBe(
      200,
    );

    for (const action of ['approve', 'receive'])
      expect((await support('POST', `/api/v1/return/${id}/action`, { action })).statusCode).toBe(200);
    const before = await stockOf(t.db, o.tire.product.id);
    const inspected = await support('POST', `/api/v1/return/${id}/action`, {
      action: 'inspect',
      scrap: [{ returnItemId: itemId, quantity: 1 }],
    });
    expect(inspected.statusCode, inspected.body).toBe(200);
    const warehouseId = inspected.json().data.warehouseId;
    const after = await stockOf(t.db, o.tire.product.id);
    expect(after).toEqual(
      before.map((s) => (s.warehouseId === warehouseId ? { ...s, quantity: s.quantity - 1 } : s)),
    );

    const refund = await finance('POST', '/api/v1/refund', { orderId: o.orderId, returnId: id });
    expect(refund.statusCode, refund.body).toBe(201);
    const line = refund.json().data.lines[0];
    expect(line).toMatchObject({
      quantity: 2,
      priceCents: 20000,
      shippingCents: 0,
      restockingFeeCents: 3000,
      // The units' sales tax (Austin) goes back with them; the restocking fee is on the price.
      totalCents: 17000 + line.taxCents,
    });
    expect(line.taxCents).toBeGreaterThan(0);
  });

  it('answers 404 for another company, 403 to a buyer acting, 409 for an illegal move, 400 for bad input', async () => {
    const o = await deliveredOrder(t, admin);
    const opened = await asBuyer(t, o)('POST', `/api/v1/order/${o.orderId}/return`, {
      reason: 'wrong_size',
      items: [{ orderItemId: o.orderItemId, quantity: 1 }],
    });
    const id = opened.json().data.returnId;
    expect((await clerk('GET', `/api/v1/return/${id}`)).statusCode).toBe(404);
    expect(
      (
        await clerk('POST', `/api/v1/order/${o.orderId}/return`, {
          reason: 'defective',
          items: [{ orderItemId: o.orderItemId, quantity: 1 }],
        })
      ).statusCode,
    ).toBe(404);
    expect((await clerk('GET', `/api/v1/return?orderId=${o.orderId}`)).json().data.count).toBe(0);
    expect((await sales('POST', `/api/v1/return/${id}/action`, { action: 'approve' })).statusCode).toBe(403);
    // Sales staff see returns but do not open them for customers.
    expect(
      (
        await sales('POST', `/api/v1/order/${o.orderId}/return`, {
          reason: 'defective',
          items: [{ orderItemId: o.orderItemId, quantity: 1 }],
        })
      ).statusCode,
    ).toBe(403);
    const illegal = await support('POST', `/api/v1/return/${id}/action`, { action: 'inspect' });
    expect(illegal.statusCode).toBe(409);
    expect(illegal.json()).toMatchObject({
      code: 'invalid_transition',
      entity: 'return',
      current: 'requested',
      wanted: 'inspected',
    });
    const viaStatus = await support('PUT', `/api/v1/return/${id}/status`, { status: 'refunded' });
    expect(viaStatus.statusCode).toBe(409);
    expect((await support('PUT', `/api/v1/return/${id}/status`, { status: 'nope' })).statusCode).toBe(400);
    expect((await support('GET', '/api/v1/return/999999999')).statusCode).toBe(404);
    expect(
      (await support('PUT', `/api/v1/return/${id}/status`, { status: 'rejected', note: 'Mounted tires' }))
        .statusCode,
    ).toBe(200);
    const list = await support('GET', `/api/v1/return?status=rejected&companyId=${o.companyId}`);
    expect(list.json().data).toMatchObject({ count: 1, list: [{ returnId: id, status: 'rejected' }] });
    const statuses = await clerk('GET', '/api/v1/return/status');
    expect(statuses.json().data.transitions.requested).toEqual(['approved', 'rejected', 'closed']);
  });

  it('refuses a return of an order not delivered, and the return authorization before approval', async () => {
    const o = await deliveredOrder(t, admin, { status: 'shipped' });
    const res = await asBuyer(t, o)('POST', `/api/v1/order/${o.orderId}/return`, {
      reason: 'not_needed',
      items: [{ orderItemId: o.orderItemId, quantity: 1 }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().reason).toBe('not_delivered');
  });

  it('issues a return authorization PDF with a barcode and the courier return label once approved', async () => {
    const o = await deliveredOrder(t, admin);
    const buyer = asBuyer(t, o);
    const id = (
      await buyer('POST', `/api/v1/order/${o.orderId}/return`, {
        reason: 'damaged_in_transit',
        items: [{ orderItemId: o.orderItemId, quantity: 1 }],
      })
    ).json().data.returnId;
    expect((await buyer('GET', `/api/v1/return/${id}/document`)).statusCode).toBe(409);
    expect((await buyer('GET', `/api/v1/return/${id}/label`)).statusCode).toBe(409);
    await support('POST', `/api/v1/return/${id}/action`, { action: 'approve' });
    const pdf = await buyer('GET', `/api/v1/return/${id}/document`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The courier return label: a 4×6 page per returned tire, back to the warehouse that shipped it.
    const label = await buyer('GET', `/api/v1/return/${id}/label`);
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(label.rawPayload.toString('latin1').match(/\/Type \/Page[^s]/g)).toHaveLength(1);
    expect((await clerk('GET', `/api/v1/return/${id}/label`)).statusCode).toBe(404);
    const invoice = await buyer('GET', `/api/order/${o.orderId}/invoice`);
    expect(invoice.statusCode).toBe(200);
    expect((await clerk('GET', `/api/order/${o.orderId}/invoice`)).statusCode).toBe(404);
  });
});
