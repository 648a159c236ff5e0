import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exemptionCertificates } from '../../db/schema';
import { createCompany, createLocation } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { certificateFor } from './exemptions.service';

// certificateFor is what the tax terms of a delivery ask: only a verified certificate of the
// company, for the state, not past its expiry date, of every location or of the delivery's one.

let t: TestApp;
let companyId: number;
let austin: number;
let dallas: number;
const at = new Date('2026-06-15T12:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  companyId = (await createCompany(t.db)).id;
  austin = (await createLocation(t.db, companyId, { state: 'TX', zip: '78701' })).id;
  dallas = (await createLocation(t.db, companyId, { state: 'TX', zip: '75201' })).id;
});
afterAll(() => t.close());

// Tests write rows in any status directly; the server writes them only through setCertificateStatus.
async function cert(values: Partial<typeof exemptionCertificates.$inferInsert>) {
  const [row] = await t.db
    .insert(exemptionCertificates)
    .values({
      companyId,
      state: 'TX',
      kind: 'resale',
      number: `TX-${Math.random().toString(36).slice(2, 8)}`,
      expiresOn: '2026-12-31',
      fileName: 'x.pdf',
      fileType: 'application/pdf',
      fileBytes: 10,
      originalName: 'x.pdf',
      status: 'verified',
      ...values,
    })
    .returning();
  return row;
}

const lookup = (q: Partial<Parameters<typeof certificateFor>[1]> = {}) =>
  certificateFor(t.db, { companyId, locationId: austin, state: 'TX', at, ...q });

describe('certificateFor', () => {
  it('is null while the company has no certificate, and for pending, rejected and expired ones', async () => {
    expect(await lookup()).toBeNull();
    await cert({ status: 'pending' });
    await cert({ status: 'rejected', rejectionReason: 'Unreadable' });
    await cert({ status: 'expired', expiresOn: '2026-01-31' });
    expect(await lookup()).toBeNull();
  });

  it('is null for a verified certificate whose expiry date has passed, before the job marks it', async () => {
    await cert({ expiresOn: '2026-06-14' });
    expect(await lookup()).toBeNull();
  });

  it("finds a verified certificate of the delivery's location, good through its expiry day", async () => {
    const c = await cert({ locationId: dallas, expiresOn: '2026-06-15' });
    expect(await lookup({ locationId: dallas })).toEqual({ id: c.id, kind: 'resale', number: c.number });
    expect(await lookup({ locationId: dallas, at: new Date('2026-06-16T00:00:00Z') })).toBeNull();
    // It is Dallas's certificate: not Austin's, nor a delivery with no location.
    expect(await lookup({ locationId: austin })).toBeNull();
    expect(await lookup({ locationId: null })).toBeNull();
  });

  it('is null for another state and for another company', async () => {
    await cert({ state: 'OK', locationId: null });
    const other = await createCompany(t.db);
    await cert({ companyId: other.id, locationId: null });
    expect(await lookup({ state: 'TX' })).toBeNull();
    expect(await lookup({ state: 'CA' })).toBeNull();
    expect(await lookup({ state: 'ok' })).not.toBeNull();
  });

  it("finds a certificate of the whole company for every location, the location's own first", async () => {
    const whole = await cert({ locationId: null, kind: 'government', expiresOn: '2027-03-01' });
    expect(await lookup({ locationId: austin })).toMatchObject({ id: whole.id, kind: 'government' });
    expect(await lookup({ locationId: null })).toMatchObject({ id: whole.id });
    const own = await cert({ locationId: dallas, expiresOn: '2026-09-01' });
    expect(await lookup({ locationId: dallas })).toMatchObject({ id: own.id });
  });
});
