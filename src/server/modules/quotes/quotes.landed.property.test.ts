import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCents } from '../../../domain/money';
import { skuExciseTaxUnitCents } from '../../../domain/sku-excise';
import { products } from '../../db/schema';
import { type Caller, caller } from '../../test/admin-client';
import {
  createCompany,
  createLocation,
  createUser,
  FACTORY_PASSWORD,
  verifiedCertificate,
} from '../../test/factories';
import { finishedJob, quotableTire } from '../../test/factories-quotes';
import { pdfTexts } from '../../test/pdf-text';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';
import { eq, sql } from 'drizzle-orm';

// A quote's figures come from the order's landed-cost rule: over random baskets delivered to
// random places or an installer's bay (taxed or not, with or without a certificate, a state tire
// fee, installer services),
// the quote's total is the order's and the invoice's, to the cent, and its tax the sum of its lines'.

let t: TestApp;
let sales: Caller;
beforeAll(async () => {
  t = await createTestApp();
  sales = await caller(t.app, 'sales');
});
afterAll(() => t.close());

/** Places with tax rows: Austin and Dallas (TX), Phoenix, Los Angeles (a tire fee), New York, Atlanta. */
const places = [
  { state: 'TX', zip: '78701' },
  { state: 'TX', zip: '75201' },
  { state: 'AZ', zip: '85004' },
  { state: 'CA', zip: '90012' },
  { state: 'NY', zip: '10001' },
  { state: 'GA', zip: '30303' },
];

const heavyFet = skuExciseTaxUnitCents({ size: 'LT325/65R18', construction: 'R', loadIndex: 127 });

const basket = fc.record({
  place: fc.constantFrom(...places),
  certificate: fc.constantFrom('none', 'company', 'location'),
  /** To the location, or mounted at the Phoenix installer's bay (taxed in Arizona, its services added). */
  installer: fc.boolean(),
  lines: fc.array(
    fc.record({
      costCents: fc.integer({ min: 3_001, max: 41_999 }),
      quantity: fc.integer({ min: 1, max: 9 }),
      roadHazard: fc.boolean(),
      heavy: fc.boolean(),
    }),
    { minLength: 1, maxLength: 3 },
  ),
});

const installerBay = async () =>
  Number(
    (await t.db.execute<{ id: number }>(sql`select id from locations where name = 'Install Bay Phoenix'`))
      .rows[0].id,
  );

let sizes = 0;
/** A size nobody else stocks, so that generation offers exactly this test's tire. */
const freshSize = () => `${161 + sizes++}/33R19`;

type Option = { id: number; taxCents: number; lineTotalCents: number };
type Item = { id: number; options: Option[] };

describe('one figure from the quote to the invoice', () => {
  it('quote total = order total = invoice total to the cent, and the line taxes add up to the quote and invoice tax', async () => {
    await fc.assert(
      fc.asyncProperty(basket, async (b) => {
        const company = await createCompany(t.db, { creditLimitCents: 0 });
        const location = await createLocation(t.db, company.id, b.place);
        const user = await createUser(t.db, {
          role: 'company_admin',
          companyId: company.id,
          locationIds: [location.id],
        });
        const cookie = await signIn(t.app, user.username, FACTORY_PASSWORD);
        const buyer: Caller = (method, url, payload) =>
          t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
        if (b.certificate !== 'none')
          await verifiedCertificate(t.db, {
            companyId: company.id,
            state: b.place.state,
            locationId: b.certificate === 'location' ? location.id : null,
          });
        const requested = [];
        for (const l of b.lines) {
          const size = freshSize();
          const tire = await quotableTire(t.db, { size, quantity: 40, costCents: l.costCents });
          // Some tires above 3,500 lb: their excise tax rides along on the quote and the order.
          if (l.heavy)
            await t.db
              .update(products)
              .set({ fetUnitCents: heavyFet })
              .where(eq(products.id, tire.product.id));
          requested.push({ size, quantity: l.quantity, roadHazard: l.roadHazard });
        }
        const bay = b.installer ? await installerBay() : null;
        const created = await buyer('POST', '/api/v1/quote', {
          items: requested,
          ...(bay && { installerLocationId: bay }),
        });
        expect(created.statusCode, created.body).toBe(201);
        const id = created.json().data.id;
        const job = await sales('POST', `/api/v1/quote/${id}/options`);
        expect((await finishedJob(sales, job.json().data.id)).status).toBe('done');
        expect((await sales('POST', `/api/v1/quote/${id}/finalize`, {})).statusCode).toBe(200);
        expect((await sales('POST', `/api/v1/quote/${id}/email`, {})).statusCode).toBe(200);

        const quote = (await buyer('GET', `/api/v1/quote/${id}`)).json().data;
        const good = quote.tierTotals.good;
        const chosen = (quote.items as Item[]).map((i) => i.options[0]);
        const taxedIn = bay ? 'AZ' : b.place.state;
        expect(quote.tax.state).toBe(taxedIn);
        // A certificate exempts deliveries into its own state only (the bay may be in another).
        expect(quote.tax.certificate !== null).toBe(b.certificate !== 'none' && taxedIn === b.place.state);
        if (quote.tax.certificate) expect(good.taxCents).toBe(0);
        expect(good.taxCents).toBe(chosen.reduce((s, o) => s + o.taxCents, 0));
        expect(good.totalCents).toBe(chosen.reduce((s, o) => s + o.lineTotalCents, 0));

        const accepted = await buyer('POST', `/api/v1/quote/${id}/accept`, {
          choices: (quote.items as Item[]).map((i) => ({ itemId: i.id, optionId: i.options[0].id })),
          expectedTotalCents: good.totalCents,
        });
        expect(accepted.statusCode, accepted.body).toBe(200);
        const orderId = accepted.json().orderId;
        const order = (await buyer('GET', `/api/order/${orderId}`)).json();
        const detail = order.data ?? order;
        expect(detail.totals.totalCents).toBe(good.totalCents);
        expect(detail.totals.taxCents).toBe(good.taxCents);
        expect(detail.totals).toMatchObject({
          fetCents: good.fetCents,
          tireFeeCents: good.tireFeeCents,
          servicesCents: good.servicesCents,
          shippingCents: good.shippingCents,
          roadHazardCents: good.roadHazardCents,
        });
        expect(detail.tax).toEqual(quote.tax);

        const invoice = await buyer('GET', `/api/order/${orderId}/invoice`);
        expect(invoice.statusCode).toBe(200);
        const texts = pdfTexts(invoice.rawPayload);
        expect(texts.some((x) => x.includes(`Total: ${formatCents(good.totalCents)}`))).toBe(true);
        expect(texts.some((x) => x.includes(formatCents(good.taxCents)))).toBe(true);
        const pdf = await buyer('GET', `/api/v1/quote/${id}/pdf`);
        expect(pdf.statusCode).toBe(200);
        expect(
          // "Total: …", or "Out-the-door total: …" for a delivery to the bay.
          pdfTexts(pdf.rawPayload).some((x) => x.includes(`otal: ${formatCents(good.totalCents)}`)),
        ).toBe(true);
      }),
      { numRuns: 5 },
    );
  });
});
