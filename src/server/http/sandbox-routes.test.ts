import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../contract/common';
import { can, type Role } from '../../domain/roles';
import { contractEndpoints } from '../test/contract-endpoints';
import { createTestApp, signIn, type TestApp } from '../test/test-app';

// The sandbox controls (/api/sandbox/…: the payment, tracking and distributor sandboxes) exist
// outside production only: in production they are not registered, so every call is a 404
// whatever its body, and the API docs list none of them.

const SANDBOX = '/api/sandbox/';
const sandboxEndpoints = contractEndpoints.filter((e) => e.path.startsWith(SANDBOX));

/** A request each sandbox endpoint accepts (checked against its contract below). */
const valid: Record<string, { params?: Record<string, string>; body?: unknown }> = {
  '/api/sandbox/finpay/apply': { body: { decline: false } },
  '/api/sandbox/coinpay/confirm/:reference': { params: { reference: 'cp_sandbox_1' } },
  '/api/sandbox/trackhub/advance': { body: { trackingNumber: '1Z999', status: 'in_transit' } },
  '/api/sandbox/distributors/advance': { body: { reference: 'D-1', status: 'shipped' } },
};

const demo: [Role, string][] = [
  ['buyer', 'clerk'],
  ['company_admin', 'buyer'],
  ['support', 'support'],
  ['admin', 'admin'],
];

const urlOf = (e: Endpoint, params: Record<string, string> = {}) =>
  e.path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? 'x'.repeat(300));

let prod: TestApp;
const cookies = new Map<string, string>();
beforeAll(async () => {
  prod = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost' });
  for (const [, username] of demo) cookies.set(username, await signIn(prod.app, username));
});
afterAll(() => prod.close());

/** A signed-in caller the endpoint's access lets in, so only the missing route can refuse it. */
function callerFor(e: Endpoint) {
  const found = demo.find(([role]) => e.access === 'public' || e.access === 'user' || can(role, e.access));
  if (!found) throw new Error(`no demo user may call ${e.path}`);
  return cookies.get(found[1]) as string;
}

describe('sandbox routes in production', () => {
  it('knows a valid request for every sandbox endpoint of the contracts', () => {
    expect(sandboxEndpoints.map((e) => e.path).sort()).toEqual(Object.keys(valid).sort());
    for (const e of sandboxEndpoints) {
      const input = valid[e.path];
      if (e.params) expect(e.params.safeParse(input.params).success, e.path).toBe(true);
      if (e.body) expect(e.body.safeParse(input.body).success, e.path).toBe(true);
    }
  });

  it('every path under /api/sandbox/ answers 404 for a valid request and an invalid one', async () => {
    const answers: string[] = [];
    for (const e of sandboxEndpoints) {
      const cookie = callerFor(e);
      const requests = [
        { url: urlOf(e, valid[e.path].params), payload: valid[e.path].body },
        // Path parameters over their length and a body that is no object: invalid for all.
        { url: urlOf(e), payload: e.body ? [1] : undefined },
      ];
      for (const r of requests) {
        const res = await prod.app.inject({
          method: e.method,
          url: r.url,
          headers: { cookie },
          ...(r.payload !== undefined && { payload: r.payload as object }),
        });
        answers.push(`${e.method} ${r.url.slice(0, 60)} → ${res.statusCode}`);
      }
    }
    expect(answers.filter((a) => !a.endsWith('→ 404'))).toEqual([]);
  });

  it('the API docs (as staff) list no /api/sandbox/ path', async () => {
    const docs = await prod.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { cookie: cookies.get('support') as string },
    });
    expect(docs.statusCode).toBe(200);
    const paths = Object.keys(docs.json().paths);
    expect(paths.length).toBeGreaterThan(100);
    expect(paths.filter((p) => p.startsWith(SANDBOX))).toEqual([]);
  });
});
