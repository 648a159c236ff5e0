import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../test/admin-client';
import { createProduct } from '../../test/factories-catalog';
import { cartBody, createShopper, stockedProduct } from '../../test/factories-orders';
import { createTestApp, type TestApp, unique } from '../../test/test-app';

// GET, POST, PUT and DELETE on /discount and on /discount/{id}: some clients update by POST.

let t: TestApp;
let sales: Caller;
let finance: Caller;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  sales = await caller(t.app, 'sales');
  finance = await caller(t.app, 'finance');
  admin = await caller(t.app, 'admin');
});
afterAll(() => t.close());

describe('discounts, the other spec verbs', () => {
  it('updates a discount through POST on its path as through PUT, with the same checks', async () => {
    const { make } = await createProduct(t.db);
    // Ends before it could apply to anything: no other test's prices move.
    const created = await sales('POST', '/api/v1/discount', {
      name: unique('Posted'),
      startsAt: '2020-01-01T00:00:00Z',
      endsAt: '2020-01-02T00:00:00Z',
      makeId: make.id,
      basisPoints: 500,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    const posted = await sales('POST', `/api/v1/discount/${id}`, { basisPoints: 700 });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().data).toMatchObject({ id, basisPoints: 700 });
    expect((await sales('POST', `/api/v1/discount/${id}`, { amountCents: 100 })).statusCode).toBe(400);
    expect((await sales('GET', `/api/v1/discount/${id}`)).json().data).toMatchObject({
      basisPoints: 700,
      amountCents: 0,
    });
    expect((await sales('POST', '/api/v1/discount/999999999', { basisPoints: 1 })).statusCode).toBe(404);
  });
});

describe('discounts under the price floor', () => {
  const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

  /** A SKU bought at $100 and listed at $120 in every price group (the standard group's floor: $105). */
  async function listedAt120() {
    const p = await stockedProduct(t.db, [{ zip: '78701', quantity: 10 }], 10_000);
    await t.db.execute(sql`update product_prices set price_cents = 12000 where product_id = ${p.product.id}`);
    const { companyId, cookie } = await createShopper(t.app, t.db);
    const cart = async () => {
      const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
        t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
      if (!(await as('GET', '/api/cart')).json().orderItems?.length)
        expect((await as('POST', '/api/cart', cartBody(p, 1))).statusCode).toBe(200);
      const line = (await as('GET', '/api/cart'))
        .json()
        .orderItems.find((l: { orderItemProductId: number }) => l.orderItemProductId === p.product.id);
      return line.unitDiscountCents as number;
    };
    return { p, companyId, cart };
  }

  it('a discount that takes a price under its floor waits for admin or finance, and the shop price ignores it until approved', async () => {
    const { p, companyId, cart } = await listedAt120();
    const created = await sales('POST', '/api/v1/discount', {
      name: unique('Half off'),
      startsAt: hourAgo(),
      productId: p.product.id,
      companyId,
      basisPoints: 5000,
    });
    expect(created.statusCode, created.body).toBe(201);
    const d = created.json().data;
    // The answer says why it waits: $60 is under the floor (cost plus the group's minimum margin)
    // in every price group.
    expect(d.approvalStatus).toBe('pending');
    expect(d.belowFloorCount).toBe(d.belowFloor.length);
    expect(d.belowFloor).toContainEqual({
      productId: p.product.id,
      skuCode: p.product.skuCode,
      priceGroupId: expect.any(Number),
      priceGroupCode: 'standard',
      listPriceCents: 12000,
      unitPriceCents: 6000,
      floorCents: 10500,
    });
    expect(await cart()).toBe(0);
    const listed = await sales('GET', `/api/v1/discount?current=true&companyId=${companyId}`);
    expect(listed.json().data.list).toEqual([]);

    expect((await sales('POST', `/api/v1/discount/${d.id}/approve`)).statusCode).toBe(403);
    const approved = await finance('POST', `/api/v1/discount/${d.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.approvalStatus).toBe('approved');
    expect(await cart()).toBe(6000);
    const audit = await admin('GET', `/api/v1/audit?entity=discount&entityId=${d.id}`);
    expect(audit.json().data.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'approve_below_floor', actorUsername: 'finance' }),
      ]),
    );
    expect((await finance('POST', `/api/v1/discount/${d.id}/approve`)).statusCode).toBe(409);
  });

  it('a discount that keeps every price at or above its floor needs no approval; changed to go under, it waits again', async () => {
    const { p, companyId, cart } = await listedAt120();
    const created = await sales('POST', '/api/v1/discount', {
      name: unique('Tenth off'),
      startsAt: hourAgo(),
      productId: p.product.id,
      companyId,
      basisPoints: 1000,
    });
    expect(created.json().data).toMatchObject({ approvalStatus: 'not_needed', belowFloorCount: 0 });
    expect(await cart()).toBe(1200);
    const deeper = await sales('PUT', `/api/v1/discount/${created.json().data.id}`, { basisPoints: 9000 });
    expect(deeper.statusCode, deeper.body).toBe(200);
    expect(deeper.json().data).toMatchObject({ approvalStatus: 'pending', basisPoints: 9000 });
    expect(await cart()).toBe(0);
    const fine = await sales('PUT', `/api/v1/discount/${created.json().data.id}`, { basisPoints: 500 });
    expect(fine.json().data.approvalStatus).toBe('not_needed');
    expect(await cart()).toBe(600);
  });

  it('admin or finance may approve a discount under the floor as they create it; sales may not', async () => {
    const { p, companyId, cart } = await listedAt120();
    const body = {
      name: unique('Free'),
      startsAt: hourAgo(),
      productId: p.product.id,
      companyId,
      basisPoints: 10000,
      approveBelowFloor: true,
    };
    const refused = await sales('POST', '/api/v1/discount', body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');
    expect(await cart()).toBe(0);
    const approvedNow = await admin('POST', '/api/v1/discount', body);
    expect(approvedNow.statusCode, approvedNow.body).toBe(201);
    expect(approvedNow.json().data.approvalStatus).toBe('approved');
    expect(approvedNow.json().data.belowFloor[0]).toMatchObject({ unitPriceCents: 0 });
    expect(await cart()).toBe(12000);
    const audit = await admin('GET', `/api/v1/audit?entity=discount&entityId=${approvedNow.json().data.id}`);
    expect(audit.json().data.list.map((a: { action: string }) => a.action)).toContain('approve_below_floor');
    // Without the flag admin's discount waits like any other.
    const unflagged = await admin('POST', '/api/v1/discount', { ...body, approveBelowFloor: false });
    expect(unflagged.json().data.approvalStatus).toBe('pending');
  });
});
