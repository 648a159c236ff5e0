import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../test/admin-client';
import { createCompany, createLocation } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asBuyer, deliveredOrder } from './aftersales.test-helpers';

let t: TestApp;
let admin: Caller;
let support: Caller;
let finance: Caller;
let clerk: Caller;
let supplier: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await caller(t.app, 'admin');
  support = await caller(t.app, 'support');
  finance = await caller(t.app, 'finance');
  clerk = await caller(t.app, 'clerk');
  supplier = await caller(t.app, 'supplier');
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);

describe('road hazard claims', () => {
  it('prorates a damaged tire, approves it with labour for the installer and pays it as a credit', async () => {
    const o = await deliveredOrder(t, admin, { quantity: 4, roadHazard: true });
    const buyer = asBuyer(t, o);
    const installer = await createCompany(t.db, { kind: 'installer' });
    await createLocation(t.db, installer.id, { installer: 2 });
    const filed = await buyer('POST', '/api/v1/claim', {
      orderItemId: o.orderItemId,
      damagedOn: today(),
      remainingTread32: 6,
      newTread32: 10,
      odometerMiles: 12000,
      description: 'Nail in the shoulder',
      installerCompanyId: installer.id,
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const claim = filed.json().data;
    // 100.00 × (6 − 2) ÷ (10 − 2) = 50.00
    expect(claim).toMatchObject({
      status: 'open',
      priceCents: 10000,
      coveredCents: 5000,
      usableShareBasisPoints: 5000,
    });

    const corrected = await buyer('PUT', `/api/v1/claim/${claim.claimId}`, { remainingTread32: 8 });
    expect(corrected.json().data.coveredCents).toBe(7500);
    const worn = await buyer('PUT', `/api/v1/claim/${claim.claimId}`, { remainingTread32: 2 });
    expect(worn.statusCode).toBe(409);
    expect(worn.json().reason).toBe('worn_out');

    expect(
      (await buyer('POST', `/api/v1/claim/${claim.claimId}/action`, { action: 'review' })).statusCode,
    ).toBe(403);
    expect(
      (await support('POST', `/api/v1/claim/${claim.claimId}/action`, { action: 'review' })).statusCode,
    ).toBe(200);
    const noSettlement = await support('POST', `/api/v1/claim/${claim.claimId}/action`, {
      action: 'approve',
    });
    expect(noSettlement.statusCode).toBe(400);
    const approved = await support('POST', `/api/v1/claim/${claim.claimId}/action`, {
      action: 'approve',
      settlement: 'credit',
      labourCents: 2500,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const paid = await support('POST', `/api/v1/claim/${claim.claimId}/action`, { action: 'pay' });
    expect(paid.statusCode, paid.body).toBe(200);
    // The covered 75.00 comes back with the 8.25 % Austin tax paid on it: 6.1875, half up 6.19.
    expect(paid.json().data).toMatchObject({
      status: 'paid',
      refunds: [{ status: 'processed', amountCents: 7500 + 619 }],
    });
    const cancel = await buyer('POST', `/api/v1/claim/${claim.claimId}/cancel`, {});
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toMatchObject({ code: 'invalid_transition', entity: 'claim', current: 'paid' });

    // The installer's labour goes on its bill.
    const bill = await finance('POST', '/api/v1/bill', {
      companyId: installer.id,
      periodStart: '2020-01-01',
      periodEnd: today(),
    });
    expect(bill.statusCode, bill.body).toBe(201);
    expect(bill.json().data).toMatchObject({
      labourCents: 2500,
      totalCents: 2500,
      items: [{ kind: 'labour', claimId: claim.claimId }],
    });
  });

  it('places a replacement order with the covered amount off the tire', async () => {
    const o = await deliveredOrder(t, admin, { quantity: 2, roadHazard: true });
    const filed = await asBuyer(t, o)('POST', '/api/v1/claim', {
      orderItemId: o.orderItemId,
      damagedOn: today(),
      remainingTread32: 10,
      odometerMiles: 500,
    });
    const id = filed.json().data.claimId;
    expect(filed.json().data.coveredCents).toBe(10000);
    await support('POST', `/api/v1/claim/${id}/action`, { action: 'approve', settlement: 'replacement' });
    const paid = await support('POST', `/api/v1/claim/${id}/action`, { action: 'pay' });
    expect(paid.statusCode, paid.body).toBe(200);
    const replacement = paid.json().data.replacementOrderId;
    const order = await asBuyer(t, o)('GET', `/api/order/${replacement}`);
    expect(order.statusCode).toBe(200);
    expect(order.json().orderItems[0]).toMatchObject({
      orderItemQuantity: 1,
      unitPriceCents: 10000,
      unitDiscountCents: 10000,
    });
    // The buyer pays only the shipping, and what the delivery's state charges on it (tax, fees).
    const t2 = order.json().totals;
    expect(t2.totalCents).toBe(t2.shippingCents + t2.fetCents + t2.tireFeeCents + t2.taxCents);
  });

  it('refuses a tire without the cover, damage after the plan, another company, and bad input', async () => {
    const plain = await deliveredOrder(t, admin, { quantity: 1 });
    const res = await asBuyer(t, plain)('POST', '/api/v1/claim', {
      orderItemId: plain.orderItemId,
      damagedOn: today(),
      remainingTread32: 8,
      odometerMiles: 1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().reason).toBe('no_road_hazard');
    const covered = await deliveredOrder(t, admin, { quantity: 1, roadHazard: true });
    const future = await asBuyer(t, covered)('POST', '/api/v1/claim', {
      orderItemId: covered.orderItemId,
      damagedOn: '2099-01-01',
      remainingTread32: 8,
      odometerMiles: 1,
    });
    expect(future.statusCode).toBe(400);
    const bad = await asBuyer(t, covered)('POST', '/api/v1/claim', {
      orderItemId: covered.orderItemId,
      damagedOn: 'soon',
    });
    expect(bad.statusCode).toBe(400);
    const other = await clerk('POST', '/api/v1/claim', {
      orderItemId: covered.orderItemId,
      damagedOn: today(),
      remainingTread32: 8,
      odometerMiles: 1,
    });
    expect(other.statusCode).toBe(404);
    const mine = await asBuyer(t, covered)('POST', '/api/v1/claim', {
      orderItemId: covered.orderItemId,
      damagedOn: today(),
      remainingTread32: 8,
      odometerMiles: 1,
    });
    const id = mine.json().data.claimId;
    expect((await clerk('GET', `/api/v1/claim/${id}`)).statusCode).toBe(404);
    expect(
      (await asBuyer(t, covered)('POST', `/api/v1/claim/${id}/cancel`, { note: 'found a spare' })).statusCode,
    ).toBe(200);
    expect(
      (await support('GET', `/api/v1/claim?status=cancelled&companyId=${covered.companyId}`)).json().data
        .count,
    ).toBe(1);
    expect((await clerk('GET', '/api/v1/claim/status')).json().data.transitions.open).toContain('cancelled');
  });
});

describe('bills', () => {
  it("bills a supplier's fulfilled lines at cost, less a vendor refund record; totals reconcile; CSV export", async () => {
    const o = await deliveredOrder(t, admin, { quantity: 4 });
    const held = await finance('POST', '/api/v1/refund', {
      orderId: o.orderId,
      items: [{ orderItemId: o.orderItemId, quantity: 1 }],
      reason: 'defective',
    });
    // Tied to no return, it waits for finance (another person): approved, it records the vendor's debt.
    const approved = await admin('PUT', '/api/v1/refund/status', {
      refund: held.json().data.refundId,
      status: 'approved',
      amountCents: held.json().data.amountCents,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const created = await finance('POST', '/api/v1/bill', {
      companyId: o.tire.supplier.id,
      periodStart: '2020-01-01',
      periodEnd: today(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const bill = created.json().data;
    expect(bill).toMatchObject({
      status: 'draft',
      linesCents: 40000,
      vendorRefundCents: -10000,
      totalCents: 30000,
    });
    expect(bill.totalCents).toBe(
      bill.items.reduce((s: number, i: { amountCents: number }) => s + i.amountCents, 0),
    );

    // A second run finds nothing left to bill.
    const second = await finance('POST', '/api/v1/bill', {
      companyId: o.tire.supplier.id,
      periodStart: '2020-01-01',
      periodEnd: today(),
    });
    expect(second.json().data.items).toEqual([]);

    const refundItem = bill.items.find((i: { kind: string }) => i.kind === 'vendor_refund');
    const removed = await finance('DELETE', `/api/v1/bill/${bill.billId}/item/${refundItem.billItemId}`);
    expect(removed.json().data.totalCents).toBe(40000);
    const refreshed = await finance('PUT', `/api/v1/bill/${bill.billId}`, {
      refresh: true,
      note: 'with the credit',
    });
    expect(refreshed.json().data).toMatchObject({ totalCents: 30000, note: 'with the credit' });

    const csv = await finance('GET', `/api/v1/bill/${bill.billId}/csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = csv.body.trim().split('\n');
    expect(rows[0]).toBe(
      'bill,company,period_start,period_end,kind,description,quantity,unit_cents,amount_cents,amount',
    );
    expect(rows.at(-1)).toMatch(/,total,,,,30000,300\.00$/);

    for (const action of ['approve', 'pay'])
      expect((await finance('POST', `/api/v1/bill/${bill.billId}`, { action })).statusCode).toBe(200);
    const locked = await finance('DELETE', `/api/v1/bill/${bill.billId}/item/${bill.items[0].billItemId}`);
    expect(locked.statusCode).toBe(409);
    const illegal = await finance('POST', `/api/v1/bill/${bill.billId}`, { action: 'void' });
    expect(illegal.json()).toMatchObject({ code: 'invalid_transition', entity: 'bill', current: 'paid' });
    // Support may not run bills; a buyer sees no bill of a supplier.
    expect(
      (
        await support('POST', '/api/v1/bill', {
          companyId: o.tire.supplier.id,
          periodStart: '2020-01-01',
          periodEnd: today(),
        })
      ).statusCode,
    ).toBe(403);
    expect((await clerk('GET', `/api/v1/bill/${bill.billId}`)).statusCode).toBe(404);
    expect((await supplier('GET', `/api/v1/bill/${bill.billId}`)).statusCode).toBe(404);
    expect(
      (
        await finance('POST', '/api/v1/bill', {
          companyId: o.tire.supplier.id,
          periodStart: '2026-02-01',
          periodEnd: '2026-01-01',
        })
      ).statusCode,
    ).toBe(400);
    expect((await finance('GET', '/api/v1/bill/999999999')).statusCode).toBe(404);
  });

  it('bills the lines of a partly shipped order that have left in a fulfillment, not the rest', async () => {
    const o = await deliveredOrder(t, admin, { quantity: 2, status: 'shipped' });
    // Another line of the order still waits in a warehouse: the order is partly shipped.
    await t.db.execute(sql`update orders set status = 'partially_shipped' where id = ${o.orderId}`);
    const body = { companyId: o.tire.supplier.id, periodStart: '2020-01-01', periodEnd: today() };
    const bill = (await finance('POST', '/api/v1/bill', body)).json().data;
    expect(bill.linesCents).toBe(20000);
    // A confirmed line in no fulfillment of a partly shipped order is not billed yet.
    const waiting = await deliveredOrder(t, admin, { quantity: 1, status: 'shipped' });
    await t.db.execute(sql`update orders set status = 'partially_shipped' where id = ${waiting.orderId}`);
    await t.db.execute(
      sql`update fulfillment_lines set released_at = now() where fulfillment_id in
        (select id from fulfillments where order_id = ${waiting.orderId})`,
    );
    const next = await finance('POST', '/api/v1/bill', { ...body, companyId: waiting.tire.supplier.id });
    expect(next.json().data.items).toEqual([]);
  });

  it('lets a voided bill give its lines back to the next run', async () => {
    const o = await deliveredOrder(t, admin, { quantity: 2 });
    const body = { companyId: o.tire.supplier.id, periodStart: '2020-01-01', periodEnd: today() };
    const first = (await finance('POST', '/api/v1/bill', body)).json().data;
    expect(first.totalCents).toBe(20000);
    expect(
      (await finance('POST', `/api/v1/bill/${first.billId}`, { action: 'void' })).json().data.status,
    ).toBe('void');
    const again = (await finance('POST', '/api/v1/bill', body)).json().data;
    expect(again.totalCents).toBe(20000);
    const list = await finance('GET', `/api/v1/bill?companyId=${o.tire.supplier.id}`);
    expect(list.json().data.count).toBe(2);
  });
});
