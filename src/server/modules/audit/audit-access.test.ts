import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(auditLog).values([
    {
      actorUsername: 'sales',
      entity: 'wholesale_application',
      entityId: '9001',
      action: 'approve',
      after: { taxId: '12-3456789' },
    },
    { actorUsername: 'admin', entity: 'user', entityId: '9002', action: 'create' },
    { actorUsername: 'sales', entity: 'order', entityId: '9003', action: 'update' },
    { actorUsername: 'finance', entity: 'comp_plan', entityId: '9004', action: 'create' },
  ]);
});
afterAll(() => t.close());

async function read(role: string, query = '') {
  const cookie = await signIn(t.app, role);
  return t.app.inject({ url: `/api/v1/audit${query}`, headers: { cookie } });
}

describe('audit log read narrowed per role/entity', () => {
  it('answers 403 for a kind of record the role does not work on, and keeps record history for those it does', async () => {
    const denied = await read('support', '?entity=wholesale_application');
    expect(denied.statusCode).toBe(403);
    expect(denied.headers['content-type']).toContain('application/problem+json');
    expect((await read('sales', '?entity=user')).statusCode).toBe(403);
    expect((await read('support', '?entity=comp_plan')).statusCode).toBe(403);

    const history = await read('support', '?entity=order&entityId=9003');
    expect(history.statusCode).toBe(200);
    expect(history.json().data.list.map((e: { action: string }) => e.action)).toEqual(['update']);
    expect(
      (await read('sales', '?entity=wholesale_application&entityId=9001')).json().data.list,
    ).toHaveLength(1);
    expect((await read('finance', '?entity=comp_plan&entityId=9004')).json().data.list).toHaveLength(1);
    expect((await read('admin', '?entity=user&entityId=9002')).json().data.list).toHaveLength(1);
  });

  it('lists only the readable kinds in the whole log', async () => {
    const all = await read('support', '?pageSize=100&q=900');
    expect(all.statusCode).toBe(200);
    const entities = all.json().data.list.map((e: { entity: string }) => e.entity);
    expect(entities).toContain('order');
    expect(entities).not.toContain('wholesale_application');
    expect(entities).not.toContain('user');
    expect(entities).not.toContain('comp_plan');
    const everything = (await read('admin', '?pageSize=100&q=900')).json().data.list;
    expect(everything.map((e: { entity: string }) => e.entity)).toEqual(
      expect.arrayContaining(['order', 'wholesale_application', 'user', 'comp_plan']),
    );
  });
});
