import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../test/admin-client';
import { createCompany } from '../../test/factories';
import { createTestApp, type TestApp, unique } from '../../test/test-app';

// GET, POST and PUT on /supplier/company and /supplier/company/{id}: some clients update by POST.

let t: TestApp;
let admin: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await caller(t.app, 'admin');
});
afterAll(() => t.close());

async function supplier() {
  const res = await admin('POST', '/api/v1/supplier/company', { name: unique('Supplier') });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

describe('supplier companies, the other spec verbs', () => {
  it('updates a supplier through POST on its path as through PUT', async () => {
    const id = await supplier();
    const posted = await admin('POST', `/api/v1/supplier/company/${id}`, { phone: '555-0199' });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().data).toMatchObject({ id, phone: '555-0199', kind: 'supplier' });
    expect((await admin('POST', `/api/v1/supplier/company/${id}`, { name: '' })).statusCode).toBe(400);
    expect((await admin('POST', '/api/v1/supplier/company/999999999', { phone: '1' })).statusCode).toBe(404);
  });

  it('switches several suppliers off and on with PUT on the collection, and no other company', async () => {
    const [a, b] = [await supplier(), await supplier()];
    const customer = await createCompany(t.db);
    const off = await admin('PUT', '/api/v1/supplier/company', { ids: [a, b, customer.id], active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ updated: 2 });
    for (const id of [a, b])
      expect((await admin('GET', `/api/v1/supplier/company/${id}`)).json().data.active).toBe(false);
    expect((await admin('GET', `/api/v1/mts/company/${customer.id}`)).json().data.active).toBe(true);
    const audit = await admin('GET', `/api/v1/audit?entity=supplier&entityId=${a}&sort=at`);
    expect(audit.json().data.list.map((e: { action: string }) => e.action)).toEqual(['create', 'deactivate']);

    expect((await admin('PUT', '/api/v1/supplier/company', { ids: [a], active: true })).json()).toEqual({
      updated: 1,
    });
    const empty = await admin('PUT', '/api/v1/supplier/company', { ids: [], active: true });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].pointer).toBe('/body/ids');
  });
});
