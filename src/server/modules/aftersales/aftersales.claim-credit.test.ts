// A road-hazard claim paid as a credit gives back the covered share of the tire and the sales tax
// the order charged on that share, at the rate it was taxed; an exempt order gets no tax back; the
// excise tax, fee and shipping stay charged (the tire is not returned). See docs/aftersales.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../test/admin-client';
import { createCompany, verifiedCertificate } from '../../test/factories';
import { moneyOf } from '../../test/factories-payments';
import { createTestApp, type TestApp } from '../../test/test-app';
import { asBuyer, type Delivered, deliveredOrder } from './aftersales.test-helpers';

let t: TestApp;
let admin: Caller;
let support: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await caller(t.app, 'admin');
  support = await caller(t.app, 'support');
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);

interface Order {
  tax: { ratePpm: number };
  totals: { taxCents: number };
  orderItems: { orderItemId: number; taxCents: number; fetUnitCents?: number }[];
}
const orderOf = async (o: Delivered) => {
  const res = (await admin('GET', `/api/v1/order/${o.orderId}`)).json();
  return (res.data ?? res) as Order;
};

/** The buyer files a claim on one tire with `remaining` 32nds left; staff approve a credit and pay it. */
async function paidCredit(o: Delivered, remaining: number) {
  const filed = await asBuyer(t, o)('POST', '/api/v1/claim', {
    orderItemId: o.orderItemId,
    damagedOn: today(),
    remainingTread32: remaining,
    newTread32: 10,
    odometerMiles: 9000,
  });
  expect(filed.statusCode, filed.body).toBe(201);
  const id = filed.json().data.claimId as number;
  const approved = await support('POST', `/api/v1/claim/${id}/action`, {
    action: 'approve',
    settlement: 'credit',
  });
  expect(approved.statusCode, approved.body).toBe(200);
  const paid = await support('POST', `/api/v1/claim/${id}/action`, { action: 'pay' });
  expect(paid.statusCode, paid.body).toBe(200);
  const claim = paid.json().data as {
    coveredCents: number;
    refunds: { refundId: number; amountCents: number }[];
  };
  const refund = (await admin('GET', `/api/v1/refund/${claim.refunds[0]!.refundId}`)).json().data;
  return { claim, refund };
}

describe('a road-hazard credit gives back the tax paid on the covered share', () => {
  it('on a taxed order (Austin, 8.25 %) the credit is the covered amount and its tax, to the cent', async () => {
    const o = await deliveredOrder(t, admin, { quantity: 4, roadHazard: true });
    const order = await orderOf(o);
    expect(order.tax.ratePpm).toBe(82_500);
    const { claim, refund } = await paidCredit(o, 8);
    // 100.00 × (8 − 2) ÷ (10 − 2) = 75.00 covered; 8.25 % of it is 6.1875, half up 6.19.
    expect(claim.coveredCents).toBe(7500);
    expect(refund).toMatchObject({ status: 'processed', amountCents: 7500 + 619 });
    expect(refund.lines).toMatchObject([
      {
        orderItemId: o.orderItemId,
        quantity: 0,
        coveredCents: 7500,
        taxCents: 619,
        fetCents: 0,
        tireFeeCents: 0,
        shippingCents: 0,
        totalCents: 8119,
      },
    ]);
    // Nothing returned: no supplier owes anything back for it.
    expect(refund.vendors).toEqual([]);
    expect((await moneyOf(t.db, o.orderId)).refundedCents).toBe(8119);
  });

  it('on an order exempt by a resale certificate the credit carries no tax', async () => {
    const company = await createCompany(t.db, { creditLimitCents: 0 });
    await verifiedCertificate(t.db, { companyId: company.id, state: 'TX' });
    const o = await deliveredOrder(t, admin, { quantity: 2, roadHazard: true, companyId: company.id });
    const order = await orderOf(o);
    expect(order.tax.ratePpm).toBe(0);
    expect(order.totals.taxCents).toBe(0);
    const { refund } = await paidCredit(o, 8);
    expect(refund).toMatchObject({ amountCents: 7500, lines: [{ coveredCents: 7500, taxCents: 0 }] });
  });

  it("never gives back more than the unit was charged: a full cover is the tire's price and at most its share of the line's tax", async () => {
    const o = await deliveredOrder(t, admin, { quantity: 3, roadHazard: true });
    const line = (await orderOf(o)).orderItems[0]!;
    const { refund } = await paidCredit(o, 10);
    const share = Math.floor(line.taxCents / 3);
    expect(refund.lines[0].coveredCents).toBe(10000);
    expect(refund.lines[0].taxCents).toBe(Math.min(825, share));
    expect(refund.amountCents).toBeLessThanOrEqual(10000 + share);
  });
});
