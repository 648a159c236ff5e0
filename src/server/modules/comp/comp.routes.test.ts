import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../test/admin-client';
import { createCompany, createUser } from '../../test/factories';
import { createProduct } from '../../test/factories-catalog';
import { createTestApp, type TestApp, unique } from '../../test/test-app';
import { accrueCompensation } from './comp.service';

let t: TestApp;
let finance: Caller;
let earnerId: number;
beforeAll(async () => {
  t = await createTestApp();
  finance = await caller(t.app, 'finance');
  earnerId = (await createUser(t.db, { role: 'sales' })).id;
});
afterAll(() => t.close());

let orderSeq = 900_000_000 + (process.pid % 1000) * 1000;

describe('compensation', () => {
  it('creates, reads, updates and lists a plan', async () => {
    const name = unique('Plan');
    const created = await finance('POST', '/api/v1/comp', {
      name,
      userId: earnerId,
      basisPoints: 250,
      startsAt: '2026-01-01T00:00:00Z',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect((await finance('PUT', `/api/v1/comp/${id}`, { basisPoints: 300 })).json().data).toMatchObject({
      basisPoints: 300,
      name,
    });
    expect((await finance('GET', `/api/v1/comp/${id}`)).json().data.userId).toBe(earnerId);
    expect((await finance('GET', `/api/v1/comp?q=${encodeURIComponent(name)}`)).json().data.count).toBe(1);
    const bad = await finance('POST', '/api/v1/comp', {
      name,
      userId: earnerId,
      basisPoints: 0,
      startsAt: 'soon',
    });
    expect(bad.json().errors.map((e: { pointer: string }) => e.pointer)).toEqual(
      expect.arrayContaining(['/body/basisPoints', '/body/startsAt']),
    );
  });

  it('accrues on a placed order the share of the lines each plan covers, once per order', async () => {
    const customer = await createCompany(t.db);
    const { make } = await createProduct(t.db);
    const plan = (body: object) =>
      finance('POST', '/api/v1/comp', {
        name: unique('P'),
        userId: earnerId,
        companyId: customer.id,
        startsAt: '2026-01-01T00:00:00Z',
        ...body,
      });
    const all = (await plan({ basisPoints: 200 })).json().data;
    const oneMake = (await plan({ basisPoints: 1000, makeId: make.id })).json().data;
    const future = (await plan({ basisPoints: 1000, startsAt: '2099-01-01T00:00:00Z' })).json().data;
    const order = {
      id: ++orderSeq,
      companyId: customer.id,
      lines: [
        { makeId: make.id, amountCents: 10_001 },
        { makeId: -1, amountCents: 5_000 },
      ],
    };
    await t.db.transaction((tx) => accrueCompensation(tx, order));
    await t.db.transaction((tx) => accrueCompensation(tx, order));
    const records = (await finance('GET', `/api/v1/comp/rec?orderId=${order.id}&pageSize=100`)).json().data
      .list;
    const byPlan = (id: number) => records.filter((r: { planId: number }) => r.planId === id);
    expect(byPlan(all.id)).toEqual([
      expect.objectContaining({ baseCents: 15_001, amountCents: 300, status: 'accrued' }),
    ]);
    expect(byPlan(oneMake.id)).toEqual([expect.objectContaining({ baseCents: 10_001, amountCents: 1_000 })]);
    expect(byPlan(future.id)).toEqual([]);

    const other = { ...order, id: ++orderSeq, companyId: (await createCompany(t.db)).id };
    await t.db.transaction((tx) => accrueCompensation(tx, other));
    const ours = (await finance('GET', `/api/v1/comp/rec?orderId=${other.id}&pageSize=100`)).json().data.list;
    expect(ours.filter((r: { planId: number }) => [all.id, oneMake.id].includes(r.planId))).toEqual([]);
  });

  it('waives accrued records once; a second waive is a 409', async () => {
    const plan = (
      await finance('POST', '/api/v1/comp', {
        name: unique('W'),
        userId: earnerId,
        basisPoints: 500,
        startsAt: '2026-01-01T00:00:00Z',
      })
    ).json().data;
    const rec = await finance('POST', '/api/v1/comp/rec', {
      planId: plan.id,
      baseCents: 2_000,
      note: 'Phone order',
    });
    expect(rec.statusCode).toBe(201);
    const id = rec.json().data.id;
    expect(rec.json().data.amountCents).toBe(100);
    const waived = await finance('PUT', '/api/v1/comp/rec/waive', { ids: [id], note: 'Returned' });
    expect(waived.json().data[0]).toMatchObject({ status: 'waived', note: 'Returned' });
    const again = await finance('PUT', '/api/v1/comp/rec/waive', { ids: [id] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ current: 'waived', allowed: [] });
    expect((await finance('GET', `/api/v1/comp/rec/${id}`)).json().data.waivedBy).toBeGreaterThan(0);
  });
});
