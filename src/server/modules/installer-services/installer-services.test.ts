import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/connection';
import { auditLog, locations } from '../../db/schema';
import { type Caller, caller } from '../../test/admin-client';
import { createCompany, createLocation, createUser, FACTORY_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';
import { installerServicesFor } from './installer-services.service';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let t: TestApp;
let admin: Caller;
let support: Caller;
let clerk: Caller;
let phoenixId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await caller(t.app, 'admin');
  support = await caller(t.app, 'support');
  clerk = await caller(t.app, 'clerk');
  const [phoenix] = await t.db.select().from(locations).where(eq(locations.name, 'Install Bay Phoenix'));
  phoenixId = phoenix.id;
});
afterAll(() => t.close());

/** A new installer company with one bay and a signed-in installer working there. */
async function createInstaller(app: FastifyInstance, db: DbOrTx) {
  const company = await createCompany(db, { kind: 'installer' });
  const bay = await createLocation(db, company.id, {
    installer: 1,
    zip: '85004',
    city: 'Phoenix',
    state: 'AZ',
  });
  const user = await createUser(db, { role: 'installer', companyId: company.id, locationIds: [bay.id] });
  const cookie = await signIn(app, user.username, FACTORY_PASSWORD);
  const as = (method: Method, url: string, payload?: object) =>
    app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });
  return { company, bay, as };
}

const list = (overrides: object = {}) => ({
  mountBalance: [
    { fromInches: null, toInches: 17, mountBalanceCents: 2000 },
    { fromInches: 18, toInches: 20, mountBalanceCents: 3000 },
    { fromInches: 21, toInches: null, mountBalanceCents: 4000 },
  ],
  valveKitCents: 500,
  disposalCents: 300,
  ...overrides,
});

const URL = '/api/installer/services';

describe('installerServicesFor', () => {
  it('prices mount and balance by the rim range, a fractional rim by its whole inches, plus kit and disposal', async () => {
    const { bay, as } = await createInstaller(t.app, t.db);
    expect((await as('PUT', URL, list())).statusCode).toBe(200);
    const services = (rim: number) => installerServicesFor(t.db, bay.id, rim);
    expect(await services(16)).toEqual({
      mountBalanceCents: 2000,
      valveKitCents: 500,
      disposalCents: 300,
      unitCents: 2800,
    });
    expect((await services(17.5))?.mountBalanceCents).toBe(2000);
    expect((await services(18))?.mountBalanceCents).toBe(3000);
    expect((await services(19.5))?.unitCents).toBe(3800);
    expect((await services(20))?.mountBalanceCents).toBe(3000);
    expect((await services(22.5))?.mountBalanceCents).toBe(4000);
  });

  it('is null for an installer location that publishes no price list', async () => {
    const { bay } = await createInstaller(t.app, t.db);
    expect(await installerServicesFor(t.db, bay.id, 17)).toBeNull();
  });

  it("answers the demo Phoenix bay's published prices", async () => {
    expect(await installerServicesFor(t.db, phoenixId, 17)).toEqual({
      mountBalanceCents: 2500,
      valveKitCents: 750,
      disposalCents: 400,
      unitCents: 3650,
    });
  });
});

describe('GET and PUT /api/installer/services', () => {
  it("publishes, reads and replaces the whole list of the installer's own location, audited", async () => {
    const { bay, as } = await createInstaller(t.app, t.db);
    expect((await as('GET', URL)).json()).toEqual({ data: null });
    const put = await as('PUT', URL, list());
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({
      installerLocationId: bay.id,
      installerLocationName: bay.name,
      valveKitCents: 500,
      disposalCents: 300,
    });
    // Rows given out of rim order are kept in rim order; the replacement drops the old rows.
    const again = await as(
      'PUT',
      URL,
      list({
        mountBalance: [
          { fromInches: 20, toInches: null, mountBalanceCents: 5000 },
          { fromInches: null, toInches: 19, mountBalanceCents: 2200 },
        ],
        disposalCents: 0,
      }),
    );
    expect(again.statusCode, again.body).toBe(200);
    const read = (await as('GET', URL)).json().data;
    expect(read.mountBalance).toEqual([
      { fromInches: null, toInches: 19, mountBalanceCents: 2200 },
      { fromInches: 20, toInches: null, mountBalanceCents: 5000 },
    ]);
    expect(read.disposalCents).toBe(0);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(bay.id)));
    expect(audits.filter((a) => a.entity === 'installer_service_list').map((a) => a.action)).toEqual([
      'create',
      'update',
    ]);
  });

  it('refuses overlapping and gapped rim ranges with a pointer at the row, writing nothing', async () => {
    const { as } = await createInstaller(t.app, t.db);
    const overlap = await as(
      'PUT',
      URL,
      list({
        mountBalance: [
          { fromInches: null, toInches: 18, mountBalanceCents: 2000 },
          { fromInches: 18, toInches: null, mountBalanceCents: 3000 },
        ],
      }),
    );
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().errors).toEqual([
      { pointer: '/body/mountBalance/1/fromInches', detail: 'overlaps up to 18"' },
    ]);
    const gap = await as(
      'PUT',
      URL,
      list({
        mountBalance: [
          { fromInches: 19, toInches: null, mountBalanceCents: 3000 },
          { fromInches: null, toInches: 17, mountBalanceCents: 2000 },
        ],
      }),
    );
    expect(gap.statusCode).toBe(400);
    expect(gap.json().errors).toEqual([
      { pointer: '/body/mountBalance/0/fromInches', detail: 'leaves a gap after up to 17": start at 18"' },
    ]);
    const closed = await as(
      'PUT',
      URL,
      list({ mountBalance: [{ fromInches: 15, toInches: 22, mountBalanceCents: 2000 }] }),
    );
    expect(closed.statusCode).toBe(400);
    expect(closed.json().errors.map((e: { pointer: string }) => e.pointer)).toEqual([
      '/body/mountBalance/0/fromInches',
      '/body/mountBalance/0/toInches',
    ]);
    const backwards = await as(
      'PUT',
      URL,
      list({ mountBalance: [{ fromInches: 20, toInches: 18, mountBalanceCents: 2000 }] }),
    );
    expect(backwards.json().errors[0].pointer).toBe('/body/mountBalance/0/toInches');
    expect((await as('GET', URL)).json()).toEqual({ data: null });
  });

  it('refuses negative cents, no rows and non-whole inches at their fields', async () => {
    const { as } = await createInstaller(t.app, t.db);
    const negative = await as('PUT', URL, list({ valveKitCents: -1 }));
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errors.map((e: { pointer: string }) => e.pointer)).toEqual([
      '/body/valveKitCents',
    ]);
    const row = await as(
      'PUT',
      URL,
      list({ mountBalance: [{ fromInches: null, toInches: null, mountBalanceCents: -5 }] }),
    );
    expect(row.json().errors.map((e: { pointer: string }) => e.pointer)).toEqual([
      '/body/mountBalance/0/mountBalanceCents',
    ]);
    const none = await as('PUT', URL, list({ mountBalance: [] }));
    expect(none.json().errors.map((e: { pointer: string }) => e.pointer)).toEqual(['/body/mountBalance']);
    const half = await as(
      'PUT',
      URL,
      list({ mountBalance: [{ fromInches: null, toInches: 17.5, mountBalanceCents: 100 }] }),
    );
    expect(half.json().errors.map((e: { pointer: string }) => e.pointer)).toEqual([
      '/body/mountBalance/0/toInches',
    ]);
  });

  it("keeps an installer to its own location's list; a location without the flag is 403", async () => {
    const mine = await createInstaller(t.app, t.db);
    const other = await createInstaller(t.app, t.db);
    expect((await other.as('PUT', URL, list())).statusCode).toBe(200);
    expect((await mine.as('GET', `${URL}?installerLocationId=${other.bay.id}`)).statusCode).toBe(403);
    const edit = await mine.as('PUT', URL, list({ installerLocationId: other.bay.id }));
    expect(edit.statusCode).toBe(403);
    expect((await other.as('GET', URL)).json().data.valveKitCents).toBe(500);
    // Buyers and staff other than admin do not edit lists.
    expect((await clerk('PUT', URL, list({ installerLocationId: other.bay.id }))).statusCode).toBe(403);
    expect((await support('GET', `${URL}?installerLocationId=${other.bay.id}`)).statusCode).toBe(403);
    // An installer user whose current location is not a bay.
    const company = await createCompany(t.db, { kind: 'installer' });
    const office = await createLocation(t.db, company.id);
    const user = await createUser(t.db, {
      role: 'installer',
      companyId: company.id,
      locationIds: [office.id],
    });
    const cookie = await signIn(t.app, user.username, FACTORY_PASSWORD);
    const off = await t.app.inject({ method: 'GET', url: URL, headers: { cookie } });
    expect(off.statusCode).toBe(403);
  });

  it('lets an admin read and edit any installer location, named; unknown or missing is a 400', async () => {
    const { bay, as } = await createInstaller(t.app, t.db);
    const put = await admin('PUT', URL, list({ installerLocationId: bay.id, valveKitCents: 900 }));
    expect(put.statusCode, put.body).toBe(200);
    expect((await as('GET', URL)).json().data.valveKitCents).toBe(900);
    expect((await admin('GET', `${URL}?installerLocationId=${bay.id}`)).json().data.valveKitCents).toBe(900);
    const missing = await admin('GET', URL);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { pointer: '/querystring/installerLocationId', detail: 'is required' },
    ]);
    const unknown = await admin('PUT', URL, list({ installerLocationId: 99_999_999 }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      { pointer: '/body/installerLocationId', detail: 'is not an installer location' },
    ]);
  });
});

describe('GET /api/installer/services/published', () => {
  it("answers a buyer the installer's published list, null when it has none, 400 for a location that is no installer", async () => {
    const published = await clerk('GET', `${URL}/published?installerLocationId=${phoenixId}`);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({
      installerLocationName: 'Install Bay Phoenix',
      mountBalance: [
        { fromInches: null, toInches: 17, mountBalanceCents: 2500 },
        { fromInches: 18, toInches: 20, mountBalanceCents: 3500 },
        { fromInches: 21, toInches: null, mountBalanceCents: 4500 },
      ],
      valveKitCents: 750,
      disposalCents: 400,
    });
    const { bay } = await createInstaller(t.app, t.db);
    expect((await clerk('GET', `${URL}/published?installerLocationId=${bay.id}`)).json()).toEqual({
      data: null,
    });
    const [austin] = await t.db.select().from(locations).where(eq(locations.name, 'Fleet HQ Austin'));
    const notBay = await clerk('GET', `${URL}/published?installerLocationId=${austin.id}`);
    expect(notBay.statusCode).toBe(400);
    expect(notBay.json().errors).toEqual([
      { pointer: '/querystring/installerLocationId', detail: 'is not an installer location' },
    ]);
    const none = await clerk('GET', `${URL}/published`);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors[0].pointer).toBe('/querystring/installerLocationId');
    expect(
      (await t.app.inject({ method: 'GET', url: `${URL}/published?installerLocationId=${phoenixId}` }))
        .statusCode,
    ).toBe(401);
  });
});
