import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../test/admin-client';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';
import { importsSettled, taxTermsFor } from './tax.service';

let t: TestApp;
let finance: Caller;
let buyer: Caller;
let fleetId: number;
beforeAll(async () => {
  t = await createTestApp();
  finance = await caller(t.app, 'finance');
  buyer = await caller(t.app, 'buyer');
  const { rows } = await t.db.execute<{ id: number }>(
    sql`select id from companies where name = 'Demo Fleet Services'`,
  );
  fleetId = Number(rows[0].id);
});
afterAll(async () => {
  await importsSettled();
  await t.close();
});

const header =
  'State,ZipCode,TaxRegionName,EstimatedCombinedRate,StateRate,EstimatedCountyRate,EstimatedCityRate,EstimatedSpecialRate,RiskLevel';

/** A multipart body with the file and, when given, the import's date before it. */
function form(csv: string, effectiveFrom?: string) {
  const boundary = '----taxtest';
  const field = effectiveFrom
    ? `--${boundary}\r\nContent-Disposition: form-data; name="effectiveFrom"\r\n\r\n${effectiveFrom}\r\n`
    : '';
  const file = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="rates.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
  return {
    payload: Buffer.from(field + file),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      host: 'localhost:3000',
      origin: 'http://localhost:3000',
    },
  };
}

async function upload(csv: string, effectiveFrom?: string, username = 'finance') {
  const cookie = await signIn(t.app, username);
  const { payload, headers } = form(csv, effectiveFrom);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/tax/zip-rates/import',
    headers: { ...headers, cookie },
    payload,
  });
}

/** Polls the run until it ends, keeping every rowsDone seen. */
async function follow(id: number) {
  const seen: number[] = [];
  for (let i = 0; i < 200; i++) {
    const res = await finance('GET', `/api/v1/tax/imports/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json().data;
    seen.push(run.rowsDone);
    if (run.status !== 'importing') return { run, seen };
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('the import did not end');
}

const zipRows = async () =>
  Number((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from tax_zip_rates`)).rows[0].n);

const terms = async (q: string) => {
  const res = await finance('GET', `/api/v1/tax/terms?companyId=${fleetId}&${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('the ZIP-rate import', () => {
  it('imports a good file from its date, and the rate before that date is kept', async () => {
    const file = [
      header,
      'TX,78701,AUSTIN,0.090000,0.062500,0.000000,0.017500,0.010000,1',
      'TX,78799,AUSTIN OUTSKIRTS,0.082500,0.062500,0.000000,0.010000,0.010000,1',
      'co,80202,DENVER,.0881,0.029,0,0.0481,0.011,1',
    ].join('\r\n');
    const res = await upload(file, '2031-03-01');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toMatchObject({ status: 'importing', rowsTotal: 3, rowsUnchanged: 0 });
    const { run } = await follow(res.json().data.id);
    expect(run).toMatchObject({ status: 'done', rowsDone: 3, rowsTotal: 3, effectiveFrom: '2031-03-01' });
    // The same file again from the same day adds nothing.
    const again = await upload(file, '2031-03-01');
    expect(again.json().data).toMatchObject({ rowsTotal: 0, rowsUnchanged: 3 });
    await follow(again.json().data.id);

    const after = await terms('zip=78701&at=2031-03-01T12:00:00Z');
    expect(after).toMatchObject({ state: 'TX', rule: { ratePpm: 90_000 } });
    const before = await terms('zip=78701&at=2031-02-28T12:00:00Z');
    expect(before.rule.ratePpm).toBe(82_500);
    expect(before.zipRateId).not.toBe(after.zipRateId);
    const rows = (await finance('GET', '/api/v1/tax/zip-rates?zip=78701')).json().data.list;
    expect(rows.map((r: { combinedPpm: number }) => r.combinedPpm)).toEqual([90_000, 82_500]);
  });

  it('refuses a file with bad lines with a pointer per line and changes nothing', async () => {
    const count = await zipRows();
    const res = await upload(
      [
        header,
        'ZZ,78701,NOWHERE,0.082500,0.062500,0.000000,0.010000,0.010000,1',
        'TX,7870,AUSTIN,0.082500,0.062500,0.000000,0.010000,0.010000,1',
        'TX,78702,AUSTIN,0.250000,0.062500,0.000000,0.177500,0.010000,1',
        'TX,78703,AUSTIN,0.052500,0.062500,0.000000,-0.010000,0.000000,1',
        'TX,78704,AUSTIN,0.090000,0.062500,0.000000,0.010000,0.010000,1',
        'TX,78705,AUSTIN,0.082500,0.062500,0.000000,0.010000,0.010000,1',
      ].join('\n'),
      '2032-01-01',
    );
    expect(res.statusCode, res.body).toBe(400);
    const problem = res.json();
    expect(problem.errors).toEqual(
      expect.arrayContaining([
        { pointer: '/file/2/State', detail: 'Unknown state "ZZ"' },
        { pointer: '/file/3/ZipCode', detail: '"7870" is not a 5-digit ZIP code' },
        { pointer: '/file/4/EstimatedCombinedRate', detail: 'The rate 0.250000 is over 20 %' },
        { pointer: '/file/5/EstimatedCityRate', detail: 'The rate -0.010000 is negative' },
        expect.objectContaining({ pointer: '/file/6/EstimatedCombinedRate' }),
      ]),
    );
    expect(problem.errors.some((e: { pointer: string }) => e.pointer.startsWith('/file/7'))).toBe(false);
    expect(await zipRows()).toBe(count);
    const run = (await finance('GET', `/api/v1/tax/imports/${problem.runId}`)).json().data;
    expect(run).toMatchObject({ status: 'rejected', rowsDone: 0 });
    expect((await terms('zip=78705&state=TX&at=2032-01-02T00:00:00Z')).zipRateId).toBeNull();
  });

  it('reports its progress while the one transaction runs, and ends with every row', async () => {
    const lines = Array.from(
      { length: 1500 },
      (_, i) =>
        `NM,${String(87000 + i).padStart(5, '0')},ALBUQUERQUE ${i},0.078750,0.048750,0.010000,0.020000,0.000000,1`,
    );
    const res = await upload([header, ...lines].join('\n'), '2031-06-01');
    expect(res.statusCode, res.body).toBe(202);
    const { run, seen } = await follow(res.json().data.id);
    expect(run).toMatchObject({ status: 'done', rowsTotal: 1500, rowsDone: 1500 });
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    const list = (await finance('GET', '/api/v1/tax/imports')).json().data;
    expect(list[0]).toMatchObject({ id: run.id, status: 'done' });
    expect((await terms('zip=87001&at=2031-06-02T00:00:00Z')).rule.ratePpm).toBe(78_750);
  });
});

describe('who may use the tax data', () => {
  it('refuses a buyer every tax call with 403', async () => {
    expect((await upload(`${header}\n`, undefined, 'buyer')).statusCode).toBe(403);
    for (const url of ['/api/v1/tax/state-rates', '/api/v1/tax/tire-fees', '/api/v1/tax/imports'])
      expect((await buyer('GET', url)).statusCode).toBe(403);
    const fee = { state: 'CA', name: 'x', amountCents: 1, kinds: ['passenger'], taxable: false };
    expect(
      (await buyer('POST', '/api/v1/tax/tire-fees', { ...fee, effectiveFrom: '2031-01-01', source: 'x' }))
        .statusCode,
    ).toBe(403);
  });
});

describe('state rates, taxability and tire fees', () => {
  it('lists all 50 states and DC with a base rate, 0 where there is no sales tax', async () => {
    const rates = (await finance('GET', '/api/v1/tax/state-rates')).json().data;
    const current = rates.filter((r: { current: boolean }) => r.current);
    expect(current).toHaveLength(51);
    const zero = current
      .filter((r: { ratePpm: number }) => r.ratePpm === 0)
      .map((r: { state: string }) => r.state);
    expect(zero.sort()).toEqual(['AK', 'DE', 'MT', 'NH', 'OR']);
    expect(current.every((r: { source: string }) => r.source.startsWith('https://'))).toBe(true);
  });

  it('refuses a fee for a state that does not exist with a pointer, and adds one for a real state', async () => {
    const fee = {
      name: 'Test fee',
      amountCents: 100,
      kinds: ['passenger'],
      taxable: false,
      source: 'https://example.org/fee',
    };
    const bad = await finance('POST', '/api/v1/tax/tire-fees', {
      ...fee,
      state: 'XX',
      effectiveFrom: '2031-01-01',
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ pointer: '/body/state' })]);
    const good = await finance('POST', '/api/v1/tax/tire-fees', {
      ...fee,
      state: 'tx',
      effectiveFrom: '2031-01-01',
    });
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json().data).toMatchObject({ state: 'TX', amountCents: 100, current: false });
    const again = await finance('POST', '/api/v1/tax/tire-fees', {
      ...fee,
      state: 'TX',
      effectiveFrom: '2031-01-01',
    });
    expect(again.statusCode).toBe(409);
  });

  it('adds a new base rate from a date and keeps the one before', async () => {
    const res = await finance('POST', '/api/v1/tax/state-rates', {
      state: 'WY',
      ratePpm: 45_000,
      effectiveFrom: '2031-07-01',
      source: 'https://revenue.wyo.gov/',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await terms('state=WY&at=2031-07-01T00:00:00Z')).rule.ratePpm).toBe(45_000);
    expect((await terms('state=WY&at=2031-06-30T00:00:00Z')).rule.ratePpm).toBe(40_000);
    const over = await finance('POST', '/api/v1/tax/state-rates', {
      state: 'WY',
      ratePpm: 250_000,
      effectiveFrom: '2031-08-01',
      source: 'x',
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0].pointer).toBe('/body/ratePpm');
  });
});

describe('taxTermsFor', () => {
  const place = (state: string, zip: string | null) => ({ state, zip, companyId: fleetId, locationId: null });
  const now = new Date('2026-12-01T12:00:00Z');

  it('taxes a delivery to Austin at the ZIP combined rate', async () => {
    const austin = await taxTermsFor(t.db, place('TX', '78701'), now);
    expect(austin).toMatchObject({
      state: 'TX',
      rule: { ratePpm: 82_500, labourTaxable: false },
      certificate: null,
    });
    expect(austin.zipRateId).not.toBeNull();
    expect(austin.tireFees).toEqual([]);
  });

  it('taxes Phoenix at the rate in force on the day: 9.1 % since July 2025, 8.6 % before', async () => {
    expect((await taxTermsFor(t.db, place('AZ', '85004'), now)).rule.ratePpm).toBe(91_000);
    expect(
      (await taxTermsFor(t.db, place('AZ', '85004-1234'), new Date('2025-06-30T12:00:00Z'))).rule.ratePpm,
    ).toBe(86_000);
    const fees = (await taxTermsFor(t.db, place('AZ', '85004'), now)).tireFees;
    expect(fees).toEqual([expect.objectContaining({ amountCents: 466, percentPpm: 20_000 })]);
  });

  it('falls back to the state base rate without a ZIP row, or with a ZIP of another state', async () => {
    const noRow = await taxTermsFor(t.db, place('TX', '79999'), now);
    expect(noRow).toMatchObject({ rule: { ratePpm: 62_500 }, zipRateId: null });
    expect((await taxTermsFor(t.db, place('TX', null), now)).rule.ratePpm).toBe(62_500);
    expect((await taxTermsFor(t.db, place('OK', '78701'), now)).zipRateId).toBeNull();
  });

  it('taxes nothing when the company holds a verified, unexpired certificate for the state', async () => {
    const certificate = (status: string, expiresOn: string) => sql`
      insert into exemption_certificates
        (company_id, state, kind, number, expires_on, file_name, file_type, file_bytes, original_name, status)
      values (${fleetId}, 'GA', 'resale', ${`GA-${status}-${expiresOn}`}, ${expiresOn}, 'c.pdf', 'application/pdf', 10, 'c.pdf', ${status})
      returning id`;
    await t.db.execute(certificate('pending', '2099-12-31'));
    expect((await taxTermsFor(t.db, place('GA', '30303'), now)).rule.ratePpm).toBe(89_000);
    const { rows } = await t.db.execute<{ id: number }>(certificate('verified', '2027-06-30'));
    const exempt = await taxTermsFor(t.db, place('GA', '30303'), now);
    expect(exempt).toMatchObject({
      rule: { ratePpm: 0 },
      certificate: { id: Number(rows[0].id), kind: 'resale' },
    });
    expect(exempt.zipRateId).not.toBeNull();
    const later = await taxTermsFor(t.db, place('GA', '30303'), new Date('2027-07-01T12:00:00Z'));
    expect(later).toMatchObject({ rule: { ratePpm: 89_000 }, certificate: null });
  });

  it('carries the California tire fee for Los Angeles', async () => {
    const la = await taxTermsFor(t.db, place('CA', '90012'), now);
    expect(la.rule.ratePpm).toBe(97_500);
    expect(la.tireFees).toEqual([
      expect.objectContaining({
        amountCents: 175,
        percentPpm: null,
        taxable: false,
        kinds: expect.arrayContaining(['light_truck']),
      }),
    ]);
  });
});

describe('the tax collected report', () => {
  it('sums the tax each placed order kept by its state and month, and is finance only', async () => {
    const { rows } = await t.db.execute<{ id: number }>(
      sql`select id from orders where placed_at is not null and status <> 'cancelled' order by id limit 1`,
    );
    const id = Number(rows[0].id);
    await t.db.execute(
      sql`update orders set tax_state = 'WY', tax_cents = 1234, placed_at = '2031-05-15T10:00:00Z' where id = ${id}`,
    );
    const res = await finance('GET', '/api/v1/tax/collected?from=2031-05-01&to=2031-05-31');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({ state: 'WY', month: '2031-05', orders: 1, taxCents: 1234 }),
    ]);
    const all = (await finance('GET', '/api/v1/tax/collected')).json().data;
    const placed = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from orders where placed_at is not null and status not in ('cart', 'cancelled')`,
    );
    expect(all.reduce((n: number, r: { orders: number }) => n + r.orders, 0)).toBe(Number(placed.rows[0].n));
    // The excise tax, tire fees and installer services of the same orders are the sums they stored.
    const stored = await t.db.execute<Record<string, number>>(sql`
      select coalesce(sum(fet_cents), 0)::bigint as "fetCents", coalesce(sum(tire_fee_cents), 0)::bigint as "tireFeeCents",
             coalesce(sum(services_cents), 0)::bigint as "servicesCents"
      from orders where placed_at is not null and status not in ('cart', 'cancelled')`);
    for (const k of ['fetCents', 'tireFeeCents', 'servicesCents'])
      expect(
        all.reduce((n: number, r: Record<string, number>) => n + (r[k] ?? 0), 0),
        k,
      ).toBe(Number(stored.rows[0]?.[k]));
    expect((await buyer('GET', '/api/v1/tax/collected')).statusCode).toBe(403);
  });

  it('puts the tax a processed refund gave back in the month it was processed, by the state its order was taxed in', async () => {
    const { rows } = await t.db.execute<{ id: number; company_id: number; user_id: number }>(
      sql`select id, company_id, user_id from orders where placed_at is not null order by id limit 1`,
    );
    const o = rows[0];
    await t.db.execute(sql`update orders set tax_state = 'WY' where id = ${o.id}`);
    const line = (taxCents: number) => ({ orderItemId: 1, quantity: 1, taxCents });
    for (const [status, at] of [
      ['processed', '2031-06-10T12:00:00Z'],
      ['processed', '2031-06-20T12:00:00Z'],
      ['pending', null],
    ] as const)
      await t.db.execute(sql`
        insert into refunds (order_id, company_id, status, amount_cents, lines, created_by_user_id, processed_at)
        values (${o.id}, ${o.company_id}, ${status}, 5000, ${JSON.stringify([line(321), line(79)])}::jsonb,
                ${o.user_id}, ${at})`);
    const res = await finance('GET', '/api/v1/tax/collected?from=2031-06-01&to=2031-06-30');
    expect(res.statusCode, res.body).toBe(200);
    // Two processed refunds of 3.21 + 0.79 each; the pending one gave nothing back yet.
    expect(res.json().data).toEqual([
      expect.objectContaining({
        state: 'WY',
        month: '2031-06',
        orders: 0,
        taxCents: 0,
        refundedTaxCents: 800,
      }),
    ]);
  });
});
