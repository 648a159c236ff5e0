import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DistributorAutoSend, pickDistributors } from '../../../domain/distributor-auto-send';
import { catalogueOf, distributors } from '../../integrations/distributors/distributor-sandbox';
import { type Caller, caller } from '../../test/admin-client';
import { createSupplierUser } from '../../test/factories-logistics';
import { buyByCard, createShopper, stockedProduct } from '../../test/factories-orders';
import { createTestApp, type TestApp } from '../../test/test-app';

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

const carriers = (productId: number) => distributors.filter((d) => catalogueOf(d, productId));

/** A product stocked at one Dallas warehouse, whose distributor carriers satisfy `fits`. */
async function productWhere(fits: (carriedBy: number) => boolean, units = 10) {
  for (;;) {
    const p = await stockedProduct(t.db, [{ zip: '75201', quantity: units }]);
    if (fits(carriers(p.product.id).length)) return p;
  }
}

type Product = Awaited<ReturnType<typeof stockedProduct>>;
type Offer = { distributor: string; available: number; unitCostCents: number; leadDays: number };

/**
 * A paid order of `quantity` tires of the product for a company with the rule set to `mode`,
 * sent to its only warehouse; answers the distributors' offers before its supplier cancels.
 */
async function placedOrder(p: Product, mode: DistributorAutoSend, quantity = 4) {
  const shopper = await createShopper(t.app, t.db);
  const set = await finance('PUT', `/api/v1/mts/company/${shopper.companyId}`, { distributorAutoSend: mode });
  expect(set.statusCode).toBe(200);
  expect(set.json().data.distributorAutoSend).toBe(mode);
  const placed = await buyByCard(t.app, shopper.cookie, p, quantity);
  expect(placed.statusCode).toBeLessThan(300);
  const orderId: number = placed.json().orderId;
  expect((await sales('POST', `/api/v1/order/${orderId}/submit`)).statusCode).toBe(200);
  const offers: Offer[] = (await sales('GET', `/api/v1/order/${orderId}/distributors`)).json().list[0].offers;
  return { shopper, orderId, offers };
}

/** The supplier cancels every line of the order (no other warehouse has the tires). */
async function supplierCancels(p: Product, orderId: number) {
  const supplier = await createSupplierUser(t.app, t.db, p.supplier.id);
  const lines = (await supplier('GET', '/api/supplier/fulfillments?status=sent')).json().data.list as {
    supplierLineId: number;
    orderId: number;
  }[];
  const res = await supplier('PUT', '/api/supplier/fulfillments', {
    lines: lines
      .filter((l) => l.orderId === orderId)
      .map((l) => ({ supplierLineId: l.supplierLineId, status: 'cancelled', note: 'none left' })),
  });
  expect(res.statusCode).toBe(200);
}

async function distributorOrdersOf(orderId: number) {
  const all = [];
  for (const path of ['tirewire/order', 'rubberline/orders', 'wheelway/orders'])
    all.push(...(await sales('GET', `/api/v1/vendor/${path}?orderId=${orderId}`)).json().list);
  return all as { distributor: string; autoRule: string | null; lines: { quantity: number }[] }[];
}

async function orderOf(orderId: number) {
  return (await sales('GET', `/api/v1/order/${orderId}`)).json() as {
    orderItems: { unroutedQuantity: number }[];
    log: { note: string | null; userName: string | null }[];
  };
}

describe('the automatic distributor rule', () => {
  it('sends a cancelled line’s units to the cheapest distributor that has them all, and logs it', async () => {
    const p = await productWhere((n) => n >= 1);
    const o = await placedOrder(p, 'cheapest');
    const expected = pickDistributors('cheapest', o.offers, 4).picks;
    expect(expected).toHaveLength(1);
    await supplierCancels(p, o.orderId);

    const made = await distributorOrdersOf(o.orderId);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      distributor: expected[0].offer.distributor,
      autoRule: 'cheapest',
      status: 'submitted',
      costCents: 4 * expected[0].offer.unitCostCents,
      lines: [{ quantity: 4, unitCostCents: expected[0].offer.unitCostCents }],
    });
    const order = await orderOf(o.orderId);
    expect(order.orderItems[0].unroutedQuantity).toBe(0);
    const rule = order.log.at(-1);
    expect(rule?.userName).toBeNull();
    expect(rule?.note).toContain('Automatic distributor rule (cheapest)');
    expect(rule?.note).toContain((made[0] as unknown as { reference: string }).reference);
    expect(rule?.note).toContain((made[0] as unknown as { distributorName: string }).distributorName);
    expect(order.log.at(-2)?.note).toContain('left unrouted: no other warehouse has them');

    const audit = (await admin('GET', `/api/v1/audit?entity=order&entityId=${o.orderId}`)).json().data.list;
    const entry = audit.find((a: { action: string }) => a.action === 'distributor_auto_send');
    expect(entry).toMatchObject({
      after: { rule: 'cheapest', leftUnrouted: 0, sent: [{ distributor: expected[0].offer.distributor }] },
    });
  });

  it('leaves the units unrouted for staff when the company has the rule off', async () => {
    const p = await productWhere((n) => n >= 1);
    const o = await placedOrder(p, 'off');
    await supplierCancels(p, o.orderId);
    expect(await distributorOrdersOf(o.orderId)).toEqual([]);
    const order = await orderOf(o.orderId);
    expect(order.orderItems[0].unroutedQuantity).toBe(4);
    expect(order.log.some((e) => e.note?.includes('Automatic distributor rule'))).toBe(false);
  });

  it('says in the order log why the units stay unrouted when no distributor carries them', async () => {
    const p = await productWhere((n) => n === 0);
    const o = await placedOrder(p, 'fastest');
    await supplierCancels(p, o.orderId);
    expect(await distributorOrdersOf(o.orderId)).toEqual([]);
    const order = await orderOf(o.orderId);
    expect(order.orderItems[0].unroutedQuantity).toBe(4);
    expect(order.log.at(-1)?.note).toMatch(
      /Automatic distributor rule \(fastest\): no distributor has 4 × .* free/,
    );
  });

  it('splits the units across distributors, fastest first, when none has them all', async () => {
    const probe = await productWhere((n) => n >= 2, 200);
    const first = await placedOrder(probe, 'off', 1);
    const most = Math.max(...first.offers.map((x) => x.available));
    const quantity = Math.min(most + 1, first.offers.reduce((s, x) => s + x.available, 0) - 1);
    const o = await placedOrder(probe, 'fastest', quantity);
    const expected = pickDistributors('fastest', o.offers, quantity);
    expect(expected.picks.length).toBeGreaterThan(1);
    await supplierCancels(probe, o.orderId);
    const made = await distributorOrdersOf(o.orderId);
    expect(made.map((d) => d.distributor).sort()).toEqual(
      expected.picks.map((x) => x.offer.distributor).sort(),
    );
    expect(made.every((d) => d.autoRule === 'fastest')).toBe(true);
    expect(made.reduce((s, d) => s + d.lines[0].quantity, 0)).toBe(quantity);
    expect((await orderOf(o.orderId)).orderItems[0].unroutedQuantity).toBe(0);
  });
});

describe('distributor stock under concurrent sends', () => {
  it('never promises a distributor more units than it has, when two orders ask at once', async () => {
    const p = await productWhere((n) => n >= 1, 200);
    const probe = await placedOrder(p, 'off', 1);
    const offer = probe.offers.reduce((a, b) => (a.available <= b.available ? a : b));
    // Each order asks for all but one of its units: one fits, both do not.
    const quantity = offer.available - 1;
    const a = await placedOrder(p, 'off', quantity);
    const b = await placedOrder(p, 'off', quantity);
    await supplierCancels(p, a.orderId);
    await supplierCancels(p, b.orderId);
    const send = async (orderId: number) => {
      const item = (await sales('GET', `/api/v1/order/${orderId}/distributors`)).json().list[0];
      return sales('POST', `/api/v1/order/${orderId}/distributors`, {
        distributor: offer.distributor,
        items: [{ orderItemId: item.orderItemId, quantity }],
      });
    };
    const answers = await Promise.all([send(a.orderId), send(b.orderId)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const promised = [...(await distributorOrdersOf(a.orderId)), ...(await distributorOrdersOf(b.orderId))];
    expect(promised.reduce((s, d) => s + d.lines[0].quantity, 0)).toBeLessThanOrEqual(offer.available);
  });
});

describe('the company setting', () => {
  it('is finance’s and the admin’s: 403 for sales and support, 400 for a value it does not know', async () => {
    const shopper = await createShopper(t.app, t.db);
    const path = `/api/v1/mts/company/${shopper.companyId}`;
    const support = await caller(t.app, 'support');
    expect((await sales('GET', path)).json().data.distributorAutoSend).toBe('off');
    const bySales = await sales('PUT', path, { distributorAutoSend: 'cheapest' });
    expect(bySales.statusCode).toBe(403);
    expect(bySales.json().errors[0].pointer).toBe('/body/distributorAutoSend');
    expect((await support('PUT', path, { distributorAutoSend: 'cheapest' })).statusCode).toBe(403);
    const created = await sales('POST', '/api/v1/mts/company', {
      name: 'Rule Co',
      distributorAutoSend: 'fastest',
    });
    expect(created.statusCode).toBe(403);
    const bad = await finance('PUT', path, { distributorAutoSend: 'sometimes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].pointer).toBe('/body/distributorAutoSend');
    expect(
      (await admin('PUT', path, { distributorAutoSend: 'fastest' })).json().data.distributorAutoSend,
    ).toBe('fastest');
    // Sales may still edit the rest, and resend the setting unchanged.
    const unchanged = await sales('PUT', path, { phone: '512-555-0100', distributorAutoSend: 'fastest' });
    expect(unchanged.statusCode).toBe(200);
    const audit = (await admin('GET', `/api/v1/audit?entity=company&entityId=${shopper.companyId}&sort=at`))
      .json()
      .data.list.filter((a: { action: string }) => a.action === 'update');
    expect(audit[0]).toMatchObject({
      actorUsername: 'admin',
      before: { distributorAutoSend: 'off' },
      after: { distributorAutoSend: 'fastest' },
    });
  });
});
