import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { createCompany, createLocation, createUser, verifiedCertificate } from '../../test/factories';
import { cartBody, stockedProduct } from '../../test/factories-orders';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

let t: TestApp;
let sales: string;
beforeAll(async () => {
  t = await createTestApp();
  sales = await signIn(t.app, 'sales');
});
afterAll(() => t.close());

type Method = 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: sales }, ...(payload && { payload }) });

/**
 * A reseller with two Texas locations, Houston and Austin, and a verified Texas resale
 * certificate held for Houston only (not for the whole company).
 */
async function resellerWithHoustonCertificate() {
  const company = await createCompany(t.db, { creditLimitCents: 0 });
  const houston = await createLocation(t.db, company.id, { state: 'TX', zip: '77002', city: 'Houston' });
  const austin = await createLocation(t.db, company.id, { state: 'TX', zip: '78701', city: 'Austin' });
  await createUser(t.db, {
    role: 'company_admin',
    companyId: company.id,
    locationIds: [houston.id, austin.id],
  });
  const certificate = await verifiedCertificate(t.db, {
    companyId: company.id,
    state: 'TX',
    locationId: houston.id,
  });
  return { company, houston, austin, certificate };
}

const certificateOfRow = async (orderId: number) =>
  (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0].exemptionCertificateId;

describe('a staff-made order is taxed for the location it is for (POST /api/v1/order)', () => {
  it("applies a certificate held for that location only: the order is not taxed and names it; the company's other location is taxed", async () => {
    const { company, houston, austin, certificate } = await resellerWithHoustonCertificate();
    const p = await stockedProduct(t.db, [{ zip: '75201', quantity: 20 }]);
    const items = [{ ...cartBody(p, 2), orderItemRoadHazard: true }];

    const exempt = await call('POST', '/api/v1/order', {
      companyId: company.id,
      locationId: houston.id,
      items,
    });
    expect(exempt.statusCode, exempt.body).toBe(201);
    const order = exempt.json();
    expect(order.tax).toEqual({
      state: 'TX',
      ratePpm: 0,
      certificate: { id: certificate.id, kind: 'resale', number: certificate.number },
    });
    expect(order.totals.taxCents).toBe(0);
    expect(order.orderItems.every((l: { taxCents: number }) => l.taxCents === 0)).toBe(true);
    expect(await certificateOfRow(order.orderId)).toBe(certificate.id);

    const taxed = await call('POST', '/api/v1/order', {
      companyId: company.id,
      locationId: austin.id,
      items,
    });
    expect(taxed.statusCode, taxed.body).toBe(201);
    const other = taxed.json();
    expect(other.tax).toMatchObject({ state: 'TX', certificate: null });
    expect(other.tax.ratePpm).toBeGreaterThan(0);
    expect(other.totals.taxCents).toBeGreaterThan(0);
    expect(await certificateOfRow(other.orderId)).toBeNull();
  });

  it("keeps the location's exemption when staff add, change and remove items of the unpaid order", async () => {
    const { company, houston, certificate } = await resellerWithHoustonCertificate();
    const p = await stockedProduct(t.db, [{ zip: '75201', quantity: 20 }]);
    const q = await stockedProduct(t.db, [{ zip: '75201', quantity: 20 }]);
    const created = await call('POST', '/api/v1/order', {
      companyId: company.id,
      locationId: houston.id,
      items: [cartBody(p, 2)],
    });
    const expectExempt = (res: Awaited<ReturnType<typeof call>>, status = 200) => {
      expect(res.statusCode, res.body).toBe(status);
      const order = res.json();
      expect(order.tax).toMatchObject({ state: 'TX', ratePpm: 0, certificate: { id: certificate.id } });
      expect(order.totals.taxCents).toBe(0);
      expect(order.orderItems.every((l: { taxCents: number }) => l.taxCents === 0)).toBe(true);
      return order;
    };
    const { orderId } = expectExempt(created, 201);
    const added = expectExempt(
      await call('POST', `/api/v1/order/${orderId}/item`, { ...cartBody(q, 1), orderItemRoadHazard: false }),
      201,
    );
    const first = added.orderItems.find(
      (l: { orderItemProductId: number }) => l.orderItemProductId === p.product.id,
    );
    const second = added.orderItems.find(
      (l: { orderItemProductId: number }) => l.orderItemProductId === q.product.id,
    );
    expectExempt(
      await call('PUT', `/api/v1/order/${orderId}/item/${first.orderItemId}`, { orderItemQuantity: 3 }),
    );
    expectExempt(await call('DELETE', `/api/v1/order/${orderId}/item/${second.orderItemId}`));
    expect(await certificateOfRow(orderId)).toBe(certificate.id);
  });
});
