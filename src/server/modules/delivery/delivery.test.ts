import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterTransit, arrivesBy, shipDay } from '../../../domain/delivery-promise';
import { transitDays } from '../../../domain/shipping';
import { milesBetween } from '../../integrations/geo/zip-geo';
import { caller } from '../../test/admin-client';
import { createWarehouse } from '../../test/factories-catalog';
import { buyByCard, createShopper, stockedProduct } from '../../test/factories-orders';
import { createTestApp, type TestApp } from '../../test/test-app';
import * as repo from './delivery.repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The demo supplier's first warehouse (its current location works for Demo Tire Supply). */
async function supplierWarehouse() {
  const supplier = await caller(t.app, 'supplier');
  const res = await supplier('GET', '/api/v1/supplier/delivery');
  expect(res.statusCode, res.body).toBe(200);
  return { supplier, list: res.json().data as { warehouseId: number; timeZone: string; custom: boolean }[] };
}

describe('warehouse shipping days', () => {
  it('lists the supplier’s warehouses with the default until set, then what the supplier set', async () => {
    const { supplier, list } = await supplierWarehouse();
    expect(list.length).toBeGreaterThan(0);
    const id = list[0].warehouseId;
    const res = await supplier('PUT', `/api/v1/supplier/warehouse/${id}/delivery`, {
      timeZone: 'America/Denver',
      cutoff: '15:30',
      handlingDays: 1,
      holidays: [{ day: '2026-12-25', name: 'Christmas' }, { day: '2027-01-01' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      warehouseId: id,
      timeZone: 'America/Denver',
      cutoff: '15:30',
      handlingDays: 1,
      custom: true,
      holidays: [
        { day: '2026-12-25', name: 'Christmas' },
        { day: '2027-01-01', name: '' },
      ],
    });
    const expected = shipDay(
      {
        timeZone: 'America/Denver',
        cutoff: '15:30',
        handlingDays: 1,
        holidays: ['2026-12-25', '2027-01-01'],
      },
      Date.now(),
    );
    expect([expected, res.json().data.shipsToday]).toContain(res.json().data.shipsToday);
    // Fields left out stay; holidays sent replace the calendar.
    const again = await supplier('PUT', `/api/v1/supplier/warehouse/${id}/delivery`, {
      handlingDays: 0,
      holidays: [],
    });
    expect(again.json().data).toMatchObject({
      timeZone: 'America/Denver',
      cutoff: '15:30',
      handlingDays: 0,
      holidays: [],
    });
    const listed = (await supplier('GET', '/api/v1/supplier/delivery')).json().data;
    expect(listed.find((w: { warehouseId: number }) => w.warehouseId === id)).toMatchObject({
      cutoff: '15:30',
    });
  });

  it('refuses bad settings with a pointer each, and changes nothing', async () => {
    const { supplier, list } = await supplierWarehouse();
    const id = list[0].warehouseId;
    const before = (await supplier('GET', '/api/v1/supplier/delivery')).json().data[0];
    const cases: [object, string[]][] = [
      [{ cutoff: '14:00' }, ['/body/timeZone']],
      [{ cutoff: '14:00', timeZone: 'Mars/Olympus_Mons' }, ['/body/timeZone']],
      [{ cutoff: '2pm', timeZone: 'America/Chicago' }, ['/body/cutoff']],
      [{ cutoff: '24:00', timeZone: 'America/Chicago' }, ['/body/cutoff']],
      [{ handlingDays: -1 }, ['/body/handlingDays']],
      [{ handlingDays: 31 }, ['/body/handlingDays']],
      [{ handlingDays: 1.5 }, ['/body/handlingDays']],
      [{ holidays: [{ day: '2026-02-30' }] }, ['/body/holidays/0/day']],
      [{ holidays: [{ day: 'Christmas' }] }, ['/body/holidays/0/day']],
      [{ holidays: [{ day: '2026-13-01' }] }, ['/body/holidays/0/day']],
      [{ holidays: ['2026-12-25'] }, ['/body/holidays/0']],
    ];
    for (const [body, pointers] of cases) {
      const res = await supplier('PUT', `/api/v1/supplier/warehouse/${id}/delivery`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      const got = res.json().errors.map((e: { pointer: string }) => e.pointer);
      for (const p of pointers) expect(got, JSON.stringify(body)).toContain(p);
    }
    expect((await supplier('GET', '/api/v1/supplier/delivery')).json().data[0]).toEqual(before);
  });

  it('answers 404 for another supplier’s warehouse', async () => {
    const other = await createWarehouse(t.db);
    const { supplier } = await supplierWarehouse();
    const res = await supplier('PUT', `/api/v1/supplier/warehouse/${other.id}/delivery`, { handlingDays: 2 });
    expect(res.statusCode).toBe(404);
  });
});

describe('arrives by', () => {
  it('is the earliest day of the warehouses that can fill the quantity, by their cut-offs and the transit days', async () => {
    // Austin is near the buyer (78701) but holds 2; Denver holds 8.
    const p = await stockedProduct(t.db, [
      { zip: '78701', quantity: 2 },
      { zip: '80202', quantity: 8 },
    ]);
    const admin = await caller(t.app, 'admin');
    const [austin, denver] = p.warehouses;
    for (const w of [austin, denver]) {
      const res = await admin('PUT', `/api/v1/supplier/warehouse/${w.id}/delivery`, {
        timeZone: 'America/Chicago',
        cutoff: '23:59',
        handlingDays: 2,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const shopper = await createShopper(t.app, t.db);
    const ask = (items: object[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/delivery/promise',
        headers: { cookie: shopper.cookie },
        payload: { items },
      });
    const schedule = { timeZone: 'America/Chicago', cutoff: '23:59', handlingDays: 2, holidays: [] };
    const from = (zip: string) =>
      afterTransit(shipDay(schedule, Date.now()), transitDays('ground', milesBetween('78701', zip)));
    const res = await ask([
      { productId: p.product.id, quantity: 2 },
      { productId: p.product.id, quantity: 4 },
      { productId: p.product.id, quantity: 50 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [two, four, fifty] = res.json().data.list;
    expect(res.json().data.zip).toBe('78701');
    expect(two.arrivesBy).toBe(from('78701'));
    // Four: only Denver holds them whole.
    expect(four.arrivesBy).toBe(from('80202'));
    expect(four.arrivesBy > two.arrivesBy).toBe(true);
    expect(fifty).toMatchObject({ arrivesBy: null, shipsBy: null });

    // A holiday at Austin on its ship day moves its promise a day on.
    const holiday = two.shipsBy;
    await admin('PUT', `/api/v1/supplier/warehouse/${austin.id}/delivery`, { holidays: [{ day: holiday }] });
    const later = (await ask([{ productId: p.product.id, quantity: 2 }])).json().data.list[0];
    expect(later.shipsBy > holiday).toBe(true);
  });

  it('keeps the promise on the order when it is placed, and the order shows it', async () => {
    const p = await stockedProduct(t.db, [{ zip: '75201', quantity: 6 }]);
    const shopper = await createShopper(t.app, t.db);
    const before = Date.now();
    const placed = await buyByCard(t.app, shopper.cookie, p, 4);
    expect(placed.statusCode, placed.body).toBe(201);
    const after = Date.now();
    const order = placed.json();
    const w = p.warehouses[0];
    const schedule = { timeZone: 'America/Chicago', cutoff: '14:00', handlingDays: 0, holidays: [] };
    const transit = transitDays('ground', milesBetween('78701', '75201'));
    // The checkout's answer and the order's page both carry the day the promise was kept with.
    expect([arrivesBy(schedule, before, transit), arrivesBy(schedule, after, transit)]).toContain(
      order.arrivesBy,
    );
    const page = await t.app.inject({
      url: `/api/order/${order.orderId}`,
      headers: { cookie: shopper.cookie },
    });
    expect(page.json().arrivesBy).toBe(order.arrivesBy);
    expect(order.subOrders.map((s: { warehouseId: number }) => s.warehouseId)).toEqual([w.id]);
  });
});

describe('the promise kept at placement', () => {
  it('works out the same ship and arrival days in SQL as the domain rule does', async () => {
    const [a, b] = [await createWarehouse(t.db), await createWarehouse(t.db)];
    const zones = [
      'America/Chicago',
      'America/New_York',
      'America/Los_Angeles',
      'Pacific/Honolulu',
      'Asia/Kolkata',
      'UTC',
    ];
    const hhmm = fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
    const at = fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2029, 11, 31) });
    await fc.assert(
      fc.asyncProperty(
        at,
        fc.constantFrom(...zones),
        hhmm,
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 0, max: 6 }),
        fc.uniqueArray(fc.integer({ min: -2, max: 20 }), { maxLength: 8 }),
        async (moment, timeZone, cutoff, handlingDays, transit, offsets) => {
          const holidays = offsets.map((o) => new Date(moment + o * 86_400_000).toISOString().slice(0, 10));
          await repo.upsertSchedule(t.db, { warehouseId: a.id, timeZone, cutoff, handlingDays });
          await repo.replaceHolidays(
            t.db,
            a.id,
            holidays.map((day) => ({ day, name: '' })),
          );
          const legs = [
            { orderItemId: 1, warehouseId: a.id, quantity: 1, transitDays: transit, defaultTimeZone: 'UTC' },
            // Without settings: 14:00 in its default zone, no handling days, no holidays.
            {
              orderItemId: 2,
              warehouseId: b.id,
              quantity: 1,
              transitDays: transit,
              defaultTimeZone: timeZone,
            },
          ];
          const [own, fallback] = await repo.legDays(t.db, legs, new Date(moment));
          const schedule = { timeZone, cutoff, handlingDays, holidays };
          expect(own).toEqual({
            orderItemId: 1,
            shipsBy: shipDay(schedule, moment),
            arrivesBy: arrivesBy(schedule, moment, transit),
          });
          const plain = { timeZone, cutoff: '14:00', handlingDays: 0, holidays: [] };
          expect(fallback).toEqual({
            orderItemId: 2,
            shipsBy: shipDay(plain, moment),
            arrivesBy: afterTransit(shipDay(plain, moment), transit),
          });
        },
      ),
      { numRuns: 60 },
    );
  });
});
