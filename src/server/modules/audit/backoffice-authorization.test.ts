import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../../contract/common';
import * as audit from '../../../contract/audit';
import * as catalogAdmin from '../../../contract/catalog-admin';
import * as comp from '../../../contract/comp';
import * as companies from '../../../contract/companies';
import * as discounts from '../../../contract/discounts';
import * as groups from '../../../contract/groups';
import * as inventory from '../../../contract/inventory';
import * as logistics from '../../../contract/logistics';
import * as pricing from '../../../contract/pricing';
import * as shipments from '../../../contract/shipments';
import * as suppliers from '../../../contract/suppliers';
import * as users from '../../../contract/users';
import * as vehicles from '../../../contract/vehicles';
import * as wholesale from '../../../contract/wholesale';
import * as aftersales from '../../../contract/aftersales';
import * as returns from '../../../contract/returns';
import * as claims from '../../../contract/claims';
import * as refunds from '../../../contract/refunds';
import * as bills from '../../../contract/bills';
import * as comparisons from '../../../contract/comparisons';
import * as marketing from '../../../contract/marketing';
import * as reviews from '../../../contract/reviews';
import { can, type Role } from '../../../domain/roles';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

// Every back-office endpoint against every role: a role without the permission gets 403 before
// anything else happens; a role with it gets past the gate (400 bad input, 404 unknown row, 2xx).

const areas = [
  audit,
  catalogAdmin,
  comp,
  companies,
  discounts,
  groups,
  inventory,
  logistics,
  pricing,
  shipments,
  suppliers,
  users,
  vehicles,
  wholesale,
  aftersales,
  returns,
  claims,
  refunds,
  bills,
  reviews,
  comparisons,
  marketing,
];
const endpoints = areas
  .flatMap((area) => Object.values(area))
  .filter((v): v is Endpoint => typeof v === 'object' && v !== null && 'method' in v && 'access' in v);

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

describe('back-office authorization matrix', () => {
  it('covers every back-office endpoint', () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(91);
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
        const ok = allowed ? res.statusCode !== 403 && res.statusCode < 500 : res.statusCode === 403;
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
