import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { type Caller, caller } from '../../test/admin-client';
import { createCompany, createLocation, createUser, FACTORY_PASSWORD } from '../../test/factories';
import { finishedJob, quotableTire } from '../../test/factories-quotes';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';
import { installerServicesFor } from '../installer-services/installer-services.service';

// A quote's landed cost where it goes: to an installer's bay (its services, the bay's state), and
// the day a rate changes between what the buyer saw and their acceptance.

let t: TestApp;
let sales: Caller;
beforeAll(async () => {
  t = await createTestApp();
  sales = await caller(t.app, 'sales');
});
afterAll(() => t.close());

let sizes = 0;
const freshSize = () => `${171 + sizes++}/29R17`;

/** A buyer of a new company whose one location is at `place`. */
async function buyerAt(place: { state: string; zip: string }): Promise<Caller> {
  const company = await createCompany(t.db, { creditLimitCents: 0 });
  const location = await createLocation(t.db, company.id, place);
  const user = await createUser(t.db, {
    role: 'company_admin',
    companyId: company.id,
    locationIds: [location.id],
  });
  const cookie = await signIn(t.app, user.username, FACTORY_PASSWORD);
  return (method, url, payload) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
}

/** A sent quote of one line of 4 tires (a size only this quote asks for), as the buyer reads it. */
async function sentQuote(buyer: Caller, extra: object = {}) {
  const size = freshSize();
  await quotableTire(t.db, { size, quantity: 40, costCents: 10_000 });
  const created = await buyer('POST', '/api/v1/quote', { items: [{ size, quantity: 4 }], ...extra });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id;
  const job = await sales('POST', `/api/v1/quote/${id}/options`);
  expect((await finishedJob(sales, job.json().data.id)).status).toBe('done');
  expect((await sales('POST', `/api/v1/quote/${id}/finalize`, {})).statusCode).toBe(200);
  expect((await sales('POST', `/api/v1/quote/${id}/email`, {})).statusCode).toBe(200);
  return (await buyer('GET', `/api/v1/quote/${id}`)).json().data;
}

const installerBay = async (name: string) =>
  Number((await t.db.execute<{ id: number }>(sql`select id from locations where name = ${name}`)).rows[0].id);

describe('the landed cost of a quote', () => {
  it("quotes the Phoenix installer's services and Arizona's tax and fee out the door, and its order goes to the bay at that total", async () => {
    const buyer = await buyerAt({ state: 'TX', zip: '78701' });
    const bay = await installerBay('Install Bay Phoenix');
    const quote = await sentQuote(buyer, { installerLocationId: bay });
    expect(quote.delivery).toEqual({
      kind: 'installer',
      installerLocationId: bay,
      installerName: 'Install Bay Phoenix',
    });
    // Taxed where the tires are mounted and handed over, not at the buyer's Austin location.
    expect(quote.tax.state).toBe('AZ');
    const [option] = quote.items[0].options;
    const services = await installerServicesFor(t.db, bay, 17);
    expect(services?.unitCents).toBeGreaterThan(0);
    expect(option.servicesUnitCents).toBe(services?.unitCents);
    expect(option.tireFeeUnitCents).toBeGreaterThan(0);
    expect(quote.tierTotals.good.servicesCents).toBe(4 * option.servicesUnitCents);

    const accepted = await buyer('POST', `/api/v1/quote/${quote.id}/accept`, {
      choices: [{ itemId: quote.items[0].id, optionId: option.id }],
      expectedTotalCents: option.lineTotalCents,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, accepted.json().orderId));
    expect(order).toMatchObject({
      deliveryKind: 'installer',
      installerLocationId: bay,
      taxState: 'AZ',
      servicesCents: 4 * option.servicesUnitCents,
      totalCents: option.lineTotalCents,
    });
  });

  it('refuses a delivery to a location that is no installer, naming the field', async () => {
    const buyer = await buyerAt({ state: 'TX', zip: '78701' });
    const refused = await buyer('POST', '/api/v1/quote', {
      items: [{ size: freshSize(), quantity: 4 }],
      installerLocationId: await installerBay('Fleet HQ Austin'),
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toEqual([
      expect.objectContaining({ pointer: '/body/installerLocationId' }),
    ]);
  });

  it("refuses a total the buyer saw before a new rate took effect, and accepts the quote at the day's rate it shows since", async () => {
    const buyer = await buyerAt({ state: 'TX', zip: '75201' });
    const quote = await sentQuote(buyer);
    const [option] = quote.items[0].options;
    const before = option.lineTotalCents;
    // Dallas's combined rate rises from today, after the buyer loaded the quote.
    const today = new Date().toISOString().slice(0, 10);
    await t.db.execute(sql`
      insert into tax_zip_rates (state, zip, region_name, combined_ppm, state_ppm, county_ppm, city_ppm, special_ppm, effective_from, source)
      values ('TX', '75201', 'DALLAS', 95000, 62500, 0, 22500, 10000, ${today}, 'test')`);
    const choices = [{ itemId: quote.items[0].id, optionId: option.id }];
    const stale = await buyer('POST', `/api/v1/quote/${quote.id}/accept`, {
      choices,
      expectedTotalCents: before,
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'quote_total_changed',
      tax: { state: 'TX', ratePpm: 95_000 },
    });
    const now = (await buyer('GET', `/api/v1/quote/${quote.id}`)).json().data;
    expect(now.tax.ratePpm).toBe(95_000);
    const shown = now.items[0].options[0].lineTotalCents;
    expect(shown).toBeGreaterThan(before);
    expect(stale.json().totalCents).toBe(shown);
    const accepted = await buyer('POST', `/api/v1/quote/${quote.id}/accept`, {
      choices,
      expectedTotalCents: shown,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, accepted.json().orderId));
    expect(order.totalCents).toBe(shown);
    expect(order.taxRatePpm).toBe(95_000);
  });
});
