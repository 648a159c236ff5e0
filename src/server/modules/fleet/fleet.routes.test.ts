import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../test/admin-client';
import { fleetCompany, fleetVehicles } from '../../test/factories-fleet';
import { buyByCard, cartBody, createShopper, stockedProduct } from '../../test/factories-orders';
import { createLocation, createUser, FACTORY_PASSWORD } from '../../test/factories';
import { createTestApp, signIn, type TestApp, unique } from '../../test/test-app';

let t: TestApp;
let v: Awaited<ReturnType<typeof fleetVehicles>>;
beforeAll(async () => {
  t = await createTestApp();
  v = await fleetVehicles(t.app);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const as = (cookie: string) => (method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload && { payload }) });

async function upload(cookie: string, csv: string, locationId?: number) {
  const boundary = `----fleet${Date.now().toString(16)}`;
  const field = locationId
    ? `--${boundary}\r\nContent-Disposition: form-data; name="locationId"\r\n\r\n${locationId}\r\n`
    : '';
  const file = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="roster.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`;
  const { headers } = multipart('file', 'x.csv', '');
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/fleet/import',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, cookie },
    payload: Buffer.from(field + file),
  });
}

const unitCount = async (companyId: number) =>
  Number(
    (
      await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from fleet_units where company_id = ${companyId}`,
      )
    ).rows[0].n,
  );

describe('the fleet roster', () => {
  it('adds a unit with its OE sizes, staggered front and rear, and lists it by unit number', async () => {
    const f = await fleetCompany(t.app, t.db);
    const admin = as(f.admin);
    const coupe = await admin('POST', '/api/v1/fleet/unit', {
      unitNumber: '42',
      vin: '1ftfw1e50nfa00042',
      ...v.coupe,
      make: v.make.toUpperCase(),
      route: 'North',
      depot: 'Yard A',
    });
    expect(coupe.statusCode, coupe.body).toBe(201);
    expect(coupe.json().data).toMatchObject({
      unitNumber: '42',
      vin: '1FTFW1E50NFA00042',
      make: v.make,
      locationId: f.yard.id,
      route: 'North',
      sizes: [
        { size: '245/40ZR18', loadIndex: 97, speedIndex: 'Y', position: 'front' },
        { size: '275/35ZR18', loadIndex: 99, speedIndex: 'Y', position: 'rear' },
      ],
    });
    const van = await admin('POST', '/api/v1/fleet/unit', {
      unitNumber: '9',
      ...v.van,
      locationId: f.depot.id,
    });
    expect(van.statusCode, van.body).toBe(201);
    // Two OE fitments: the first one's size unless one is chosen.
    expect(van.json().data.sizes.map((s: { size: string }) => s.size)).toEqual(['235/65R16']);
    expect(van.json().data.allSizes).toHaveLength(2);
    const list = await admin('GET', '/api/v1/fleet/unit');
    expect(list.json().data.count).toBe(2);
    expect(list.json().data.list.map((u: { unitNumber: string }) => u.unitNumber)).toEqual(['9', '42']);
    const north = await admin('GET', '/api/v1/fleet/unit?route=north');
    expect(north.json().data.list.map((u: { unitNumber: string }) => u.unitNumber)).toEqual(['42']);
  });

  it('refuses a vehicle the vehicle data does not know with a pointer at the unknown part, and a taken number', async () => {
    const f = await fleetCompany(t.app, t.db);
    const admin = as(f.admin);
    const model = await admin('POST', '/api/v1/fleet/unit', {
      unitNumber: '1',
      ...v.van,
      model: 'Hovercraft',
    });
    expect(model.statusCode).toBe(400);
    expect(model.json().errors).toEqual([
      { pointer: '/body/model', detail: `is not a model of the 2022 ${v.make} in the vehicle data` },
    ]);
    const option = await admin('POST', '/api/v1/fleet/unit', { unitNumber: '1', ...v.van, option: 'Limo' });
    expect(option.json().errors[0].pointer).toBe('/body/option');
    const fitment = await admin('POST', '/api/v1/fleet/unit', { unitNumber: '1', ...v.coupe, fitment: 3 });
    expect(fitment.json().errors[0].pointer).toBe('/body/fitment');
    const vin = await admin('POST', '/api/v1/fleet/unit', { unitNumber: '1', ...v.van, vin: 'IOQ' });
    expect(vin.statusCode).toBe(400);
    expect(vin.json().errors[0].pointer).toBe('/body/vin');
    expect(await unitCount(f.company.id)).toBe(0);
    expect((await admin('POST', '/api/v1/fleet/unit', { unitNumber: 'T-1', ...v.van })).statusCode).toBe(201);
    const again = await admin('POST', '/api/v1/fleet/unit', { unitNumber: 't-1', ...v.coupe });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([
      { pointer: '/body/unitNumber', detail: 'is taken at this location' },
    ]);
    // The same number at the other location is another unit.
    expect(
      (await admin('POST', '/api/v1/fleet/unit', { unitNumber: 'T-1', ...v.coupe, locationId: f.depot.id }))
        .statusCode,
    ).toBe(201);
  });

  it('changes and removes a unit', async () => {
    const f = await fleetCompany(t.app, t.db);
    const admin = as(f.admin);
    const made = (await admin('POST', '/api/v1/fleet/unit', { unitNumber: '7', ...v.van })).json().data;
    const changed = await admin('PUT', `/api/v1/fleet/unit/${made.id}`, { fitment: 2, depot: 'East' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ fitment: 2, depot: 'East', sizes: [{ size: '245/60R17' }] });
    // Another vehicle: the old fitment does not carry over.
    const moved = await admin('PUT', `/api/v1/fleet/unit/${made.id}`, { ...v.coupe });
    expect(moved.json().data).toMatchObject({ fitment: null, model: 'Coupe', depot: 'East' });
    const cleared = await admin('PUT', `/api/v1/fleet/unit/${made.id}`, { depot: '' });
    expect(cleared.json().data.depot).toBeNull();
    expect((await admin('DELETE', `/api/v1/fleet/unit/${made.id}`)).statusCode).toBe(200);
    expect((await admin('GET', `/api/v1/fleet/unit/${made.id}`)).statusCode).toBe(404);
  });

  it('shows a user the roster of their own locations only: another location or company is a 404', async () => {
    const f = await fleetCompany(t.app, t.db);
    const atDepot = (
      await as(f.admin)('POST', '/api/v1/fleet/unit', { unitNumber: 'D1', ...v.van, locationId: f.depot.id })
    ).json().data;
    const atYard = (await as(f.admin)('POST', '/api/v1/fleet/unit', { unitNumber: 'Y1', ...v.van })).json()
      .data;
    const clerk = as(f.clerk);
    const seen = await clerk('GET', '/api/v1/fleet/unit');
    expect(seen.json().data.list.map((u: { unitNumber: string }) => u.unitNumber)).toEqual(['Y1']);
    expect((await clerk('GET', `/api/v1/fleet/unit/${atDepot.id}`)).statusCode).toBe(404);
    expect((await clerk('PUT', `/api/v1/fleet/unit/${atDepot.id}`, { depot: 'x' })).statusCode).toBe(404);
    expect((await clerk('GET', `/api/v1/fleet/unit?locationId=${f.depot.id}`)).statusCode).toBe(404);
    expect(
      (await clerk('POST', '/api/v1/fleet/unit', { unitNumber: 'D2', ...v.van, locationId: f.depot.id }))
        .statusCode,
    ).toBe(404);
    const stranger = await createShopper(t.app, t.db);
    const other = as(stranger.cookie);
    expect((await other('GET', `/api/v1/fleet/unit/${atYard.id}`)).statusCode).toBe(404);
    expect((await other('DELETE', `/api/v1/fleet/unit/${atYard.id}`)).statusCode).toBe(404);
    expect((await other('GET', '/api/v1/fleet/unit')).json().data.count).toBe(0);
    expect((await other('POST', `/api/v1/fleet/unit/${atYard.id}/reorder`)).statusCode).toBe(404);
  });

  it("shows a company admin every location's roster of the company, and lets staff read but not change one", async () => {
    const f = await fleetCompany(t.app, t.db);
    const outpost = await createLocation(t.db, f.company.id, { zip: '73301', name: unique('Outpost') });
    const owner = await createUser(t.db, {
      role: 'company_admin',
      companyId: f.company.id,
      locationIds: [f.yard.id],
    });
    const boss = as(await signIn(t.app, owner.username, FACTORY_PASSWORD));
    const far = await boss('POST', '/api/v1/fleet/unit', {
      unitNumber: 'O1',
      ...v.van,
      locationId: outpost.id,
    });
    expect(far.statusCode, far.body).toBe(201);
    expect((await boss('GET', `/api/v1/fleet/unit?locationId=${outpost.id}`)).json().data.count).toBe(1);
    expect((await as(f.clerk)('GET', `/api/v1/fleet/unit/${far.json().data.id}`)).statusCode).toBe(404);

    const sales = as(await signIn(t.app, 'sales'));
    const read = await sales('GET', `/api/v1/fleet/unit?companyId=${f.company.id}`);
    expect(read.json().data.list.map((u: { unitNumber: string }) => u.unitNumber)).toEqual(['O1']);
    const one = await sales('GET', `/api/v1/fleet/unit/${far.json().data.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data.sizes.map((s: { size: string }) => s.size)).toEqual(['235/65R16']);
    expect((await sales('PUT', `/api/v1/fleet/unit/${far.json().data.id}`, { route: 'x' })).statusCode).toBe(
      404,
    );
    expect((await sales('DELETE', `/api/v1/fleet/unit/${far.json().data.id}`)).statusCode).toBe(404);
    expect((await sales('GET', '/api/v1/fleet/unit')).json().data.count).toBe(0);
  });
});

describe('the roster CSV import', () => {
  const header = 'unit,vin,year,make,model,option,fitment,route,depot';

  it('imports a good file into the chosen location, and a second import updates by unit number', async () => {
    const f = await fleetCompany(t.app, t.db);
    const csv = [
      header,
      `101,,2022,${v.make},Van,Cargo,2,North,Yard A`,
      `102,1FTFW1E50NFA00102,2023,${v.make},Coupe,GT,,South,`,
      `"103",,2022,${v.make.toLowerCase()},van,cargo,,,`,
    ].join('\n');
    const res = await upload(f.admin, csv, f.depot.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toEqual({ locationId: f.depot.id, created: 3, updated: 0 });
    const again = await upload(
      f.admin,
      [header, `101,,2022,${v.make},Van,Cargo,1,West,`].join('\n'),
      f.depot.id,
    );
    expect(again.json().data).toEqual({ locationId: f.depot.id, created: 0, updated: 1 });
    const list = (await as(f.admin)('GET', `/api/v1/fleet/unit?locationId=${f.depot.id}`)).json().data.list;
    expect(
      list.map((u: { unitNumber: string; route: string | null; model: string }) => [
        u.unitNumber,
        u.route,
        u.model,
      ]),
    ).toEqual([
      ['101', 'West', 'Van'],
      ['102', 'South', 'Coupe'],
      ['103', null, 'Van'],
    ]);
  });

  it('refuses a file with an unknown vehicle or bad cells with a pointer per line and column, writing nothing', async () => {
    const f = await fleetCompany(t.app, t.db);
    const csv = [
      header,
      `201,,2022,${v.make},Van,Cargo,,,`,
      `202,,2022,${v.make},Spaceship,Cargo,,,`,
      '',
      `203,,1900,${v.make},Van,Cargo,,,`,
      `201,,2022,${v.make},Van,Cargo,,,`,
      `204,,2022,Nomake ${unique('x')},Van,Cargo,,,`,
      `205,BADVIN,2022,${v.make},Van,Cargo,,,`,
    ].join('\n');
    const res = await upload(f.admin, csv);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.detail).toBe('5 line(s) of roster.csv are wrong; nothing was imported');
    expect(body.errors.map((e: { pointer: string }) => e.pointer)).toEqual([
      '/file/3/model',
      '/file/5/year',
      '/file/6/unit',
      '/file/7/make',
      '/file/8/vin',
    ]);
    expect(body.errors[0].detail).toContain('"Spaceship" is not a model of the 2022');
    expect(await unitCount(f.company.id)).toBe(0);
    const noHeader = await upload(f.admin, 'number,year\n1,2022');
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().detail).toContain('unit, make, model, option');
    expect(
      (await upload(f.clerk, [header, `1,,2022,${v.make},Van,Cargo,,,`].join('\n'), f.depot.id)).statusCode,
    ).toBe(404);
  });
});

describe('lines for a unit', () => {
  it('adds tires for a unit as lines of their own, buys them, lists them on the unit, and reorders the last set', async () => {
    const f = await fleetCompany(t.app, t.db);
    const admin = as(f.admin);
    const tire = await stockedProduct(t.db, [{ zip: '78701', quantity: 40 }]);
    const u42 = (await admin('POST', '/api/v1/fleet/unit', { unitNumber: '42', ...v.van })).json().data;
    const u43 = (await admin('POST', '/api/v1/fleet/unit', { unitNumber: '43', ...v.van })).json().data;
    // A line of the same tire for no unit, then one for each unit: three lines, none merged.
    await admin('POST', '/api/cart', cartBody(tire, 2));
    const for42 = await admin('POST', `/api/v1/fleet/unit/${u42.id}/cart`, { lines: [cartBody(tire, 4)] });
    expect(for42.statusCode, for42.body).toBe(200);
    const cart = (
      await admin('POST', `/api/v1/fleet/unit/${u43.id}/cart`, { lines: [cartBody(tire, 4)] })
    ).json();
    expect(cart.orderItems.map((i: { orderItemQuantity: number }) => i.orderItemQuantity)).toEqual([2, 4, 4]);
    const units = (await admin('GET', '/api/v1/fleet/cart')).json().list;
    expect(units.map((l: { unitNumber: string }) => l.unitNumber)).toEqual(['42', '43']);
    // Choosing in the cart: the plain line becomes unit 43's, then none again, then 43's.
    const plain = cart.orderItems[0].orderItemId;
    const chosen = await admin('PUT', '/api/v1/fleet/cart', { orderItemId: plain, unitId: u43.id });
    expect(chosen.json().list).toHaveLength(3);
    await admin('PUT', '/api/v1/fleet/cart', { orderItemId: plain, unitId: null });
    expect((await admin('GET', '/api/v1/fleet/cart')).json().list).toHaveLength(2);
    // Never more than available, counting every line of the tire.
    const tooMany = await admin('POST', `/api/v1/fleet/unit/${u42.id}/cart`, { lines: [cartBody(tire, 31)] });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().available).toBe(40);

    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/cart/checkout',
      headers: { cookie: f.admin },
      payload: {
        paymentMethod: 'card',
        card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' },
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const unit = (await admin('GET', `/api/v1/fleet/unit/${u42.id}`)).json().data;
    expect(unit.purchases).toEqual([
      expect.objectContaining({ orderId: placed.json().orderId, productId: tire.product.id, quantity: 4 }),
    ]);
    // The clerk shares the yard: the same unit, the same purchases.
    expect((await as(f.clerk)('GET', `/api/v1/fleet/unit/${u42.id}`)).json().data.purchases).toHaveLength(1);

    const again = await admin('POST', `/api/v1/fleet/unit/${u42.id}/reorder`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().orderItems).toEqual([
      expect.objectContaining({ orderItemProductId: tire.product.id, orderItemQuantity: 4 }),
    ]);
    expect((await admin('GET', '/api/v1/fleet/cart')).json().list).toEqual([
      { orderItemId: again.json().orderItems[0].orderItemId, unitId: u42.id, unitNumber: '42' },
    ]);
    const nothing = await admin('POST', `/api/v1/fleet/unit/${u43.id}/reorder`);
    expect(nothing.statusCode).toBe(200);
  });

  it('refuses to name a unit on a line of another cart, and a unit of another company', async () => {
    const f = await fleetCompany(t.app, t.db);
    const tire = await stockedProduct(t.db, [{ zip: '78701', quantity: 40 }]);
    const stranger = await createShopper(t.app, t.db);
    const theirs = (await as(stranger.cookie)('POST', '/api/cart', cartBody(tire, 1))).json().orderItems[0]
      .orderItemId;
    const unit = (await as(f.admin)('POST', '/api/v1/fleet/unit', { unitNumber: '5', ...v.van })).json().data;
    expect(
      (await as(f.admin)('PUT', '/api/v1/fleet/cart', { orderItemId: theirs, unitId: unit.id })).statusCode,
    ).toBe(404);
    expect(
      (await as(stranger.cookie)('PUT', '/api/v1/fleet/cart', { orderItemId: theirs, unitId: unit.id }))
        .statusCode,
    ).toBe(404);
    const bought = await buyByCard(t.app, stranger.cookie, tire, 1);
    expect(bought.statusCode).toBe(201);
    expect((await as(f.admin)('POST', `/api/v1/fleet/unit/${unit.id}/reorder`)).statusCode).toBe(409);
  });
});
