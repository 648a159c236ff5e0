import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, caller } from '../../test/admin-client';
import { createProduct } from '../../test/factories-catalog';
import { createTestApp, type TestApp, unique } from '../../test/test-app';

// GET, POST, PUT and DELETE on /discount and on /discount/{id}: some clients update by POST.

let t: TestApp;
let sales: Caller;
beforeAll(async () => {
  t = await createTestApp();
  sales = await caller(t.app, 'sales');
});
afterAll(() => t.close());

describe('discounts, the other spec verbs', () => {
  it('updates a discount through POST on its path as through PUT, with the same checks', async () => {
    const { make } = await createProduct(t.db);
    // Ends before it could apply to anything: no other test's prices move.
    const created = await sales('POST', '/api/v1/discount', {
      name: unique('Posted'),
      startsAt: '2020-01-01T00:00:00Z',
      endsAt: '2020-01-02T00:00:00Z',
      makeId: make.id,
      basisPoints: 500,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    const posted = await sales('POST', `/api/v1/discount/${id}`, { basisPoints: 700 });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().data).toMatchObject({ id, basisPoints: 700 });
    expect((await sales('POST', `/api/v1/discount/${id}`, { amountCents: 100 })).statusCode).toBe(400);
    expect((await sales('GET', `/api/v1/discount/${id}`)).json().data).toMatchObject({
      basisPoints: 700,
      amountCents: 0,
    });
    expect((await sales('POST', '/api/v1/discount/999999999', { basisPoints: 1 })).statusCode).toBe(404);
  });
});
