import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../test/admin-client';
import { createCompany, createLocation, createUser, FACTORY_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp, unique } from '../../test/test-app';

let t: TestApp;
let sales: Caller;
let support: Caller;
let installer: Caller;
let clerk: Caller;
beforeAll(async () => {
  t = await createTestApp();
  sales = await caller(t.app, 'sales');
  support = await caller(t.app, 'support');
  installer = await caller(t.app, 'installer');
  clerk = await caller(t.app, 'clerk');
});
afterAll(() => t.close());

const bay = (overrides: object = {}) => ({
  locationName: unique('Bay'),
  locationAddress: '  2  N Central   Ave ',
  locationCity: 'phoenix',
  locationState: 'az',
  locationZip: '85004',
  ...overrides,
});

const URL = '/api/v1/vendor/installer/locations';

describe('/api/v1/vendor/installer/locations', () => {
  it("registers a bay of the installer's own company with the ZIP's spelling, lists it and finds it near a ZIP", async () => {
    const created = await installer('POST', URL, bay({ locationName: unique('Tempe bay') }));
    expect(created.statusCode, created.body).toBe(201);
    const data = created.json().data;
    expect(data).toMatchObject({
      companyName: 'Demo Install Co',
      locationAddress: '2 N Central Ave',
      locationCity: 'Phoenix',
      locationState: 'AZ',
      locationZip: '85004',
      active: true,
    });
    const mine = (await installer('GET', `${URL}?pageSize=100`)).json().data;
    expect(mine.list.map((l: { locationId: number }) => l.locationId)).toContain(data.locationId);
    expect(new Set(mine.list.map((l: { companyName: string }) => l.companyName))).toEqual(
      new Set(['Demo Install Co']),
    );
    // The checkout's directory lists the new bay with its distance.
    const near = (await clerk('GET', '/api/installer/locations?zip=85004&radiusMiles=25')).json().list;
    expect(near.find((l: { locationId: number }) => l.locationId === data.locationId)).toMatchObject({
      miles: 0,
    });
  });

  it("takes the address rule's correction: suffixes abbreviated, the state the ZIP's", async () => {
    const made = await installer(
      'POST',
      URL,
      bay({ locationAddress: '2 north central avenue', locationState: 'TX' }),
    );
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({
      locationAddress: '2 N Central Ave',
      locationCity: 'Phoenix',
      locationState: 'AZ',
      locationZip: '85004',
    });
    const city = await installer('POST', URL, bay({ locationCity: 'Phonix' }));
    expect(city.statusCode, city.body).toBe(201);
    expect(city.json().data.locationCity).toBe('Phoenix');
  });

  it('answers 400 naming the field at fault when the address is invalid', async () => {
    const unknown = await installer('POST', URL, bay({ locationZip: '00000' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { pointer: '/body/locationZip', detail: expect.stringMatching(/^is not a US ZIP code/) },
    ]);
    // Tucson is a city of Arizona with ZIPs of its own: the ZIP is the field at fault.
    const otherCity = await installer('POST', URL, bay({ locationCity: 'Tucson' }));
    expect(otherCity.statusCode).toBe(400);
    expect(otherCity.json().errors).toEqual([
      { pointer: '/body/locationZip', detail: 'belongs to Phoenix, AZ, not Tucson, AZ' },
    ]);
    const noNumber = await installer('POST', URL, bay({ locationAddress: 'Central Ave' }));
    expect(noNumber.json().errors).toEqual([
      { pointer: '/body/locationAddress', detail: 'needs a house number' },
    ]);
    const empty = await installer('POST', URL, bay({ locationName: '' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].pointer).toBe('/body/locationName');
  });

  it('lets sales register a bay for an installer company only, and an installer only for its own', async () => {
    const company = await createCompany(t.db, { kind: 'installer' });
    const made = await sales('POST', URL, bay({ companyId: company.id }));
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.companyId).toBe(company.id);
    const all = (await support('GET', `${URL}?q=${encodeURIComponent(made.json().data.locationName)}`)).json()
      .data;
    expect(all.count).toBe(1);

    const noCompany = await sales('POST', URL, bay());
    expect(noCompany.json().errors).toEqual([{ pointer: '/body/companyId', detail: 'is required' }]);
    const customer = await createCompany(t.db);
    const notInstaller = await sales('POST', URL, bay({ companyId: customer.id }));
    expect(notInstaller.statusCode).toBe(400);
    expect((await sales('POST', URL, bay({ companyId: 999_999_999 }))).statusCode).toBe(404);
    expect((await support('POST', URL, bay({ companyId: company.id }))).statusCode).toBe(403);
    expect((await installer('POST', URL, bay({ companyId: company.id }))).statusCode).toBe(403);

    // Another installer company does not see the demo installer's bays.
    const own = await createLocation(t.db, company.id, { installer: 1 });
    const user = await createUser(t.db, { role: 'installer', companyId: company.id, locationIds: [own.id] });
    const cookie = await signIn(t.app, user.username, FACTORY_PASSWORD);
    const theirs = (await t.app.inject({ url: `${URL}?pageSize=100`, headers: { cookie } })).json().data;
    expect(theirs.list.every((l: { companyId: number }) => l.companyId === company.id)).toBe(true);
  });

  it('answers 403 to a buyer and a supplier, 401 without a session', async () => {
    expect((await clerk('GET', URL)).statusCode).toBe(403);
    expect((await clerk('POST', URL, bay())).statusCode).toBe(403);
    const supplier = await caller(t.app, 'supplier');
    expect((await supplier('GET', URL)).statusCode).toBe(403);
    expect((await t.app.inject({ url: URL })).statusCode).toBe(401);
  });
});
