// A company's buying rules: its company admin requires a PO number, and then checkout refuses an
// order without one (a 400 at the field, the cart left as it was) and keeps the one given.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createUser, FACTORY_PASSWORD } from '../../test/factories';
import { buyByCard, cartBody, createShopper, stockedProduct } from '../../test/factories-orders';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const as = (cookie: string) => (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });

/** A company admin and a buyer of one new company, each signed in. */
async function company() {
  const admin = await createShopper(t.app, t.db);
  const clerk = await createUser(t.db, {
    role: 'buyer',
    companyId: admin.companyId,
    locationIds: [admin.location.id],
  });
  return {
    ...admin,
    admin: as(admin.cookie),
    clerk: as(await signIn(t.app, clerk.username, FACTORY_PASSWORD)),
  };
}

describe("a company's buying rules", () => {
  it('need no PO number until the company admin requires one; a buyer may read them, not change them', async () => {
    const c = await company();
    expect((await c.clerk('GET', '/api/v1/approval/settings')).json()).toEqual({
      data: { poRequired: false, approvalHoldHours: 48 },
    });
    const refused = await c.clerk('PUT', '/api/v1/approval/settings', { poRequired: true });
    expect(refused.statusCode).toBe(403);
    const bad = await c.admin('PUT', '/api/v1/approval/settings', { poRequired: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ pointer: '/body/poRequired' })]);

    const set = await c.admin('PUT', '/api/v1/approval/settings', { poRequired: true });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ data: { poRequired: true, approvalHoldHours: 48 } });
    expect((await c.clerk('GET', '/api/v1/approval/settings')).json()).toEqual({
      data: { poRequired: true, approvalHoldHours: 48 },
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'company_buying_settings'), eq(auditLog.entityId, String(c.companyId))));
    expect(audit).toMatchObject({
      action: 'update',
      before: { poRequired: false, approvalHoldHours: 48 },
      after: { poRequired: true, approvalHoldHours: 48 },
    });
  });

  it('refuse a checkout without a PO number once required, leaving the cart, and keep the one given', async () => {
    const c = await company();
    await c.admin('PUT', '/api/v1/approval/settings', { poRequired: true });
    const tire = await stockedProduct(t.db, [{ zip: '78701', quantity: 10 }]);
    const refused = await buyByCard(t.app, c.cookie, tire, 2);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      detail: 'Your company requires a purchase-order number on every order',
      errors: [{ pointer: '/body/poNumber', detail: 'is required by your company' }],
    });
    // The cart is as it was: the same cart checks out below, once a number is given.

    const blank = await c.admin('POST', '/api/cart/checkout', {
      paymentMethod: 'card',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
      poNumber: '   ',
    });
    expect(blank.statusCode).toBe(400);
    const placed = await c.admin('POST', '/api/cart/checkout', {
      paymentMethod: 'card',
      card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
      poNumber: 'PO-7731',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = (await c.admin('GET', `/api/order/${placed.json().orderId}`)).json();
    expect(order.poNumber).toBe('PO-7731');
  });

  it("are the company's own: another company checks out without a PO number", async () => {
    const strict = await company();
    await strict.admin('PUT', '/api/v1/approval/settings', { poRequired: true });
    const other = await createShopper(t.app, t.db);
    const tire = await stockedProduct(t.db, [{ zip: '78701', quantity: 10 }]);
    await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { cookie: other.cookie },
      payload: cartBody(tire, 1),
    });
    const placed = await buyByCard(t.app, other.cookie, tire, 1);
    expect(placed.statusCode, placed.body).toBe(201);
  });
});
