import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../../contract/common';
import { can, type Role } from '../../../domain/roles';
import { contractEndpoints as endpoints } from '../../test/contract-endpoints';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

// Every endpoint of EVERY contract (src/contract/*.ts, collected from the folder, so an area
// added later is covered without touching this file) against every role: a role without the
// permission gets the gate's 403 before anything else happens; a role with it gets past the
// gate (400 bad input, 404 unknown row, 2xx — never the gate's 403, never a 5xx).

const GATE = 'Your role does not allow this';

const demo: Record<Role, string> = {
  buyer: 'clerk',
  company_admin: 'buyer',
  supplier: 'supplier',
  installer: 'installer',
  reseller: 'reseller',
  sales: 'sales',
  support: 'support',
  finance: 'finance',
  admin: 'admin',
};

let t: TestApp;
const cookies = {} as Record<Role, string>;
beforeAll(async () => {
  t = await createTestApp();
  for (const [role, username] of Object.entries(demo)) cookies[role as Role] = await signIn(t.app, username);
});
afterAll(() => t.close());

const url = (e: Endpoint) => e.path.replace(/:\w+/g, '999999999');

describe('authorization matrix over every contract', () => {
  it('covers every contract, orders, payments, cart and sessions included', () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(200);
    const paths = endpoints.map((e) => e.path);
    for (const p of ['/api/cart', '/api/v1/order/:id/checkout', '/api/v1/login', '/api/customer/:id'])
      expect(paths).toContain(p);
  });

  for (const role of Object.keys(demo) as Role[]) {
    it(`answers ${role} with 403 exactly where the role lacks the permission`, async () => {
      const wrong: string[] = [];
      for (const e of endpoints.filter((x) => x.access !== 'public')) {
        const res = await t.app.inject({
          method: e.method,
          url: url(e),
          headers: { cookie: cookies[role] },
          ...(e.method !== 'GET' && e.method !== 'DELETE' && { payload: {} }),
        });
        const allowed = e.access === 'user' || can(role, e.access as Parameters<typeof can>[1]);
        // A 403 past the gate (not your location, not your company) is the endpoint's own answer.
        const gated = res.statusCode === 403 && res.json().detail === GATE;
        const ok = allowed ? !gated && res.statusCode < 500 : gated;
        if (!ok) wrong.push(`${e.method} ${e.path} → ${res.statusCode}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it('answers 401 to a caller without a session on every non-public endpoint', async () => {
    const wrong: string[] = [];
    for (const e of endpoints.filter((x) => x.access !== 'public')) {
      const res = await t.app.inject({ method: e.method, url: url(e) });
      if (res.statusCode !== 401) wrong.push(`${e.method} ${e.path} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});
