import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller } from '../../test/admin-client';
import { createCompany } from '../../test/factories';
import { createWarehouse } from '../../test/factories-catalog';
import { createSupplierUser } from '../../test/factories-logistics';
import { createTestApp, type TestApp } from '../../test/test-app';
import { offeredWindows } from './logistics.pickups';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('pickup windows', () => {
  it('offers two windows a weekday for five weekdays, none started', () => {
    const friday = new Date('2026-11-27T16:00:00Z');
    const windows = offeredWindows(friday);
    // Friday's morning window has started: its afternoon one, then Monday to Thursday.
    expect(windows).toHaveLength(9);
    expect(windows[0].start.toISOString()).toBe('2026-11-27T19:00:00.000Z');
    expect(windows[1].start.toISOString()).toBe('2026-11-30T15:00:00.000Z');
    expect(windows.every((w) => ![0, 6].includes(w.start.getUTCDay()))).toBe(true);
  });
});

describe('pickups', () => {
  it('books a window once, refuses the past and cancels before the window', async () => {
    const supplierCo = await createCompany(t.db, { kind: 'supplier' });
    const warehouse = await createWarehouse(t.db, { supplierCompanyId: supplierCo.id, zip: '75201' });
    const supplier = await createSupplierUser(t.app, t.db, supplierCo.id);
    const open = (
      await supplier('GET', `/api/v1/shipping/pickup/availability/${warehouse.id}?courier=swiftship`)
    ).json();
    expect(open.list.length).toBeGreaterThanOrEqual(8);
    // Dallas: the windows are shown in Central time.
    expect(open.timeZone).toBe('America/Chicago');
    const window = open.list[0];
    expect(window.available).toBe(true);
    const body = { warehouseId: warehouse.id, courier: 'swiftship', windowStart: window.windowStart };
    const booked = await supplier('POST', '/api/v1/shipping/pickup/schedule', body);
    expect(booked.statusCode).toBe(201);
    expect(booked.json().data).toMatchObject({ status: 'scheduled', courier: 'swiftship', packages: 0 });
    expect((await supplier('POST', '/api/v1/shipping/pickup/schedule', body)).statusCode).toBe(409);
    const after = (
      await supplier('GET', `/api/v1/shipping/pickup/availability/${warehouse.id}?courier=swiftship`)
    ).json();
    expect(after.list[0].available).toBe(false);
    expect(after.scheduled).toHaveLength(1);
    const past = await supplier('POST', '/api/v1/shipping/pickup/schedule', {
      ...body,
      windowStart: '2020-01-06T15:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    const odd = await supplier('POST', '/api/v1/shipping/pickup/schedule', {
      ...body,
      windowStart: '2099-01-06T15:30:00Z',
    });
    expect(odd.statusCode).toBe(400);
    const other = await createSupplierUser(t.app, t.db, (await createCompany(t.db, { kind: 'supplier' })).id);
    const id = booked.json().data.pickupId;
    expect((await other('DELETE', `/api/v1/shipping/pickup/cancel/${id}`)).statusCode).toBe(404);
    expect((await other('GET', `/api/v1/shipping/pickup/availability/${warehouse.id}`)).statusCode).toBe(404);
    expect(
      (await (await caller(t.app, 'clerk'))('DELETE', `/api/v1/shipping/pickup/cancel/${id}`)).statusCode,
    ).toBe(403);
    const cancelled = await supplier('DELETE', `/api/v1/shipping/pickup/cancel/${id}`);
    expect(cancelled.json().data.status).toBe('cancelled');
    expect((await supplier('DELETE', `/api/v1/shipping/pickup/cancel/${id}`)).statusCode).toBe(409);
    expect((await supplier('POST', '/api/v1/shipping/pickup/schedule', body)).statusCode).toBe(201);
  });
});
