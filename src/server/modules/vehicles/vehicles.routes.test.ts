import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller, multipart } from '../../test/admin-client';
import { createTestApp, signIn, type TestApp, unique } from '../../test/test-app';
import { importVehicles } from './vehicles.service';

let t: TestApp;
let admin: Caller;
let buyer: Caller;
beforeAll(async () => {
  t = await createTestApp();
  admin = await caller(t.app, 'admin');
  buyer = await caller(t.app, 'buyer');
});
afterAll(() => t.close());

async function upload(csv: string, username = 'admin') {
  const cookie = await signIn(t.app, username);
  const { payload, headers } = multipart('file', 'vehicles.csv', csv);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/vehicle/import',
    headers: { ...headers, cookie },
    payload,
  });
}

async function vehicleCount(make: string) {
  const { rows } = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from vehicles v join vehicle_fitments f on f.vehicle_id = v.id where v.make = ${make}`,
  );
  return Number(rows[0].n);
}

const makeName = () => unique('Vmake').replace(/-/g, ' ');
const fileOf = (make: string) =>
  [
    'year,make,model,option,front,rear,load,speed',
    `2024,${make},Roadster,Base,225/45R17,,94,W`,
    `2024,${make},Roadster,Sport,245/40ZR18 97Y,275/35ZR18 99Y,,`,
    `2023,"${make}",Hauler,XL,LT265/70R17 121/118S,,,`,
    `1950,${make},Roadster,Base,225/45R17,,94,W`,
    `2024,${make},Roadster,Base,225/45/17x,,94,W`,
    `2024,${make},Roadster,Base,225/45R17,,94,`,
    `2024,${make},,Base,225/45R17,,94,H`,
    `2024,${make},Roadster,Base,225/45R17,,94,X`,
  ].join('\n');

describe('POST /api/v1/vehicle/import', () => {
  it('applies the good rows, lists the bad ones with line and reason, and feeds the sizing chain', async () => {
    const make = makeName();
    const res = await upload(fileOf(make));
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      processedRows: 8,
      goodRows: 3,
      badRows: 5,
      vehiclesCreated: 3,
      fitmentsCreated: 3,
    });
    expect(data.bad.map((b: { line: number }) => b.line)).toEqual([5, 6, 7, 8, 9]);
    expect(data.bad[0].reason).toMatch(/year "1950"/);
    expect(data.bad[1].reason).toMatch(/front .* is not a tire size/);
    expect(data.bad[2].reason).toMatch(/speed is missing/);
    expect(data.bad[3].reason).toMatch(/model is empty/);
    expect(data.bad[4].reason).toMatch(/speed "X"/);

    const makes = await buyer('GET', '/api/v1/sizing/years/2024/makes');
    expect(makes.json().data.list.map((c: { value: string }) => c.value)).toContain(make);
    const base = encodeURIComponent(make);
    const options = await buyer('GET', `/api/v1/sizing/years/2024/makes/${base}/models/Roadster/options`);
    expect(options.json().data.list.map((c: { value: string }) => c.value)).toEqual(['Base', 'Sport']);
    const sizes = await buyer('GET', `/api/v1/sizing?year=2024&make=${base}&model=Roadster&option=Sport`);
    expect(sizes.json().data.list).toEqual([
      expect.objectContaining({ size: '245/40ZR18', loadIndex: 97, speedIndex: 'Y', position: 'front' }),
      expect.objectContaining({ size: '275/35ZR18', loadIndex: 99, speedIndex: 'Y', position: 'rear' }),
    ]);
    const truck = await buyer('GET', `/api/v1/sizing?year=2023&make=${base}&model=Hauler&option=XL`);
    expect(truck.json().data.list).toEqual([
      expect.objectContaining({ size: 'LT265/70R17', loadIndex: 121, speedIndex: 'S', position: 'both' }),
    ]);
  });

  it('does not duplicate a row imported again, and adds a new fitment to an existing vehicle', async () => {
    const make = makeName();
    await upload(fileOf(make));
    const again = await upload(
      `${fileOf(make.toUpperCase() === make ? make : make.toLowerCase())}\n2024,${make},Roadster,Base,235/40R18 95W,,,`,
    );
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data).toMatchObject({
      goodRows: 4,
      vehiclesCreated: 0,
      fitmentsCreated: 1,
      unchangedRows: 3,
    });
    expect(await vehicleCount(make)).toBe(4);
    const sizes = await buyer(
      'GET',
      `/api/v1/sizing?year=2024&make=${encodeURIComponent(make)}&model=Roadster&option=Base`,
    );
    expect(sizes.json().data.list.map((s: { size: string; fitment: number }) => [s.size, s.fitment])).toEqual(
      [
        ['225/45R17', 1],
        ['235/40R18', 2],
      ],
    );
  });

  it('reads quoted cells with line breaks and commas as one line of the file it starts on', async () => {
    const make = makeName();
    const res = await upload(
      [
        'year,make,model,option,front,rear,load,speed',
        `2024,"${make}",Roadster,"Base,`,
        'Touring",225/45R17,,94,W',
        `2024,${make},Roadster,Sport,245/40ZR18 97Y,,,`,
        `1950,${make},Roadster,Base,225/45R17,,94,W`,
        `2024,${make},"Roadster`,
      ].join('\r\n'),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ processedRows: 4, goodRows: 2, badRows: 2, fitmentsCreated: 2 });
    expect(res.json().data.bad).toEqual([
      expect.objectContaining({ line: 5, reason: expect.stringMatching(/year "1950"/) }),
      { line: 6, raw: `2024,${make},"Roadster`, reason: 'A quote is not closed' },
    ]);
    const options = await buyer(
      'GET',
      `/api/v1/sizing/years/2024/makes/${encodeURIComponent(make)}/models/Roadster/options`,
    );
    expect(options.json().data.list.map((c: { value: string }) => c.value)).toEqual([
      'Base, Touring',
      'Sport',
    ]);
  });

  it('writes nothing when the header is wrong or the file breaks off', async () => {
    const make = makeName();
    const wrong = await upload(`year,make,model,front\n2024,${make},Roadster,225/45R17 94W`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toMatch(/option/);

    const lines = fileOf(make).split('\n');
    const stream = new Readable({ read() {} });
    stream.push(`${lines.slice(0, 3).join('\n')}\n`);
    const { rows } = await t.db.execute<{ id: number }>(sql`select id from users where username = 'admin'`);
    const actor = {
      userId: Number(rows[0].id),
      username: 'admin',
      companyId: 0,
      role: 'admin' as const,
      locationId: null,
      supplierId: 0,
      installer: 0,
      priceGroupId: null,
      via: 'session' as const,
      sessionIdHash: null,
    };
    // The break starts once the import reads (a slow query before it must not win the race).
    const imported = importVehicles(t.db, actor, { filename: 'broken.csv', stream });
    setTimeout(() => stream.destroy(new Error('connection reset')), 10);
    await expect(imported).rejects.toThrow(/broke off/);
    expect(await vehicleCount(make)).toBe(0);
  });

  it('is for admins only', async () => {
    expect((await upload(fileOf(makeName()), 'buyer')).statusCode).toBe(403);
    expect((await upload(fileOf(makeName()), 'sales')).statusCode).toBe(403);
    expect((await admin('POST', '/api/v1/vehicle/import', {})).statusCode).toBe(400);
  });
});
