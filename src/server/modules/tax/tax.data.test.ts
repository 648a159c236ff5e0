// The shipped tax data (migrations/tax): every tire fee and taxability row names its source and
// says what that source said, with figures in sane bounds (docs/tax-sources.md).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStateCode } from '../../../domain/address';
import { tireKinds } from '../../../domain/tire-kind';
import { createTestApp, type TestApp } from '../../test/test-app';
import { taxTermsFor } from './tax.service';

let t: TestApp;
let fleetId: number;
beforeAll(async () => {
  t = await createTestApp();
  const { rows } = await t.db.execute<{ id: number }>(
    sql`select id from companies where name = 'Demo Fleet Services'`,
  );
  fleetId = Number(rows[0].id);
});
afterAll(async () => {
  await t.close();
});

interface FeeRow extends Record<string, unknown> {
  state: string;
  name: string;
  amount_cents: number;
  percent_ppm: number | null;
  kinds: string[];
  taxable: boolean;
  effective_from: string;
  source: string;
  checked_on: string | null;
  note: string;
}

const feeRows = async () =>
  (
    await t.db.execute<FeeRow>(
      sql`select state, name, amount_cents, percent_ppm, kinds, taxable, effective_from::text as effective_from,
                 source, checked_on::text as checked_on, note
            from tax_tire_fees where created_by is null order by state, name, effective_from`,
    )
  ).rows;

/** Ten dollars a tire: no state fee read so far is more (Louisiana's off-road fee is exactly that). */
const MAX_FEE_CENTS = 1000;

describe('the shipped tire fees', () => {
  it('give every row a source address, a checked day and a note, in a real state', async () => {
    const rows = await feeRows();
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) {
      const what = `${row.state} ${row.name} from ${row.effective_from}`;
      expect(isStateCode(row.state), what).toBe(true);
      expect(row.source, what).toMatch(/^https?:\/\/\S+$/);
      expect(row.checked_on, what).not.toBeNull();
      expect(row.note.trim().length, what).toBeGreaterThan(20);
    }
  });

  it('keep amounts within 0 < amount <= $10 a tire, shares within 0..100 %, kinds the domain knows', async () => {
    for (const row of await feeRows()) {
      const what = `${row.state} ${row.name} from ${row.effective_from}`;
      expect(row.amount_cents, what).toBeGreaterThan(0);
      expect(row.amount_cents, what).toBeLessThanOrEqual(MAX_FEE_CENTS);
      if (row.percent_ppm !== null) {
        expect(row.percent_ppm, what).toBeGreaterThan(0);
        expect(row.percent_ppm, what).toBeLessThanOrEqual(1_000_000);
      }
      expect(row.kinds.length, what).toBeGreaterThan(0);
      for (const kind of row.kinds) expect(tireKinds as readonly string[], what).toContain(kind);
    }
  });

  it('have one row per state, fee and day', async () => {
    const keys = (await feeRows()).map((r) => `${r.state}|${r.name}|${r.effective_from}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('enter no fee for the states whose fee could not be confirmed or does not fit the table', async () => {
    const states = new Set((await feeRows()).map((r) => r.state));
    for (const state of ['TX', 'CO', 'IL', 'KY', 'NC', 'OH', 'MS', 'RI', 'OK', 'AR', 'PA'])
      expect(states.has(state), state).toBe(false);
  });
});

describe('the terms of a delivery with the new fees', () => {
  const place = (state: string, zip: string | null) => ({ state, zip, companyId: fleetId, locationId: null });
  const now = new Date('2026-12-02T12:00:00Z');

  it('charges the Georgia $1 fee on an Atlanta delivery, untaxed', async () => {
    const atlanta = await taxTermsFor(t.db, place('GA', '30303'), now);
    expect(atlanta.tireFees).toEqual([
      expect.objectContaining({ amountCents: 100, percentPpm: null, taxable: false }),
    ]);
  });

  it('reads Washington at $1 before 2026 and $5 from 2026-01-01', async () => {
    const before = await taxTermsFor(t.db, place('WA', null), new Date('2025-12-31T12:00:00Z'));
    expect(before.tireFees).toEqual([expect.objectContaining({ amountCents: 100 })]);
    const after = await taxTermsFor(t.db, place('WA', null), now);
    expect(after.tireFees).toEqual([expect.objectContaining({ amountCents: 500, taxable: false })]);
  });

  it('carries the three Louisiana fees, each for its own kinds', async () => {
    const fees = (await taxTermsFor(t.db, place('LA', null), now)).tireFees;
    const byKinds = Object.fromEntries(fees.map((f) => [[...f.kinds].sort().join(','), f.amountCents]));
    expect(byKinds).toEqual({ 'light_truck,passenger': 225, truck: 500, off_road: 1000 });
  });

  it('taxes the Florida and Tennessee fees and takes the taxability row added from the day checked', async () => {
    const fl = await taxTermsFor(t.db, place('FL', null), now);
    expect(fl.tireFees).toEqual([expect.objectContaining({ amountCents: 100, taxable: true })]);
    const { rows } = await t.db.execute<{ tire_fee_taxable: boolean }>(
      sql`select tire_fee_taxable from tax_taxability
           where state = 'FL' and effective_from <= '2026-12-02' order by effective_from desc limit 1`,
    );
    expect(rows[0].tire_fee_taxable).toBe(true);
    const tn = await taxTermsFor(t.db, place('TN', null), now);
    expect(tn.tireFees).toEqual([expect.objectContaining({ amountCents: 135, taxable: true })]);
  });
});

describe('the shipped taxability rows', () => {
  it('give every row a source address and a note', async () => {
    const { rows } = await t.db.execute<{ state: string; source: string; note: string }>(
      sql`select state, source, note from tax_taxability where created_by is null`,
    );
    for (const row of rows) {
      expect(isStateCode(row.state), row.state).toBe(true);
      expect(row.source, row.state).toMatch(/^https?:\/\/\S+$/);
      expect(row.note.trim().length, row.state).toBeGreaterThan(0);
    }
  });
});
