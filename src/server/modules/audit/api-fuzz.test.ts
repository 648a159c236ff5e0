import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../domain/roles';
import { createUser, FACTORY_PASSWORD } from '../../test/factories';
import { invalidArb, type JsonSchema, paramArb, validArb } from '../../test/json-schema-arbitrary';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';

// Fuzz every endpoint of the OpenAPI document (/api/docs/json, written from the zod contracts):
// random valid and invalid bodies, query strings and path parameters, sent by an anonymous
// caller and by signed-in users of several roles. No answer may be a 5xx, and every 4xx is
// problem+json with a code (src/server/http/errors.ts). The seed is fixed so CI runs the same requests; set
// FUZZ_SEED to explore others, FUZZ_PER_ENDPOINT for more requests (docs/security.md).

const SEED = Number(process.env.FUZZ_SEED ?? 14);
const PER_ENDPOINT = Number(process.env.FUZZ_PER_ENDPOINT ?? 6);

interface Operation {
  method: string;
  path: string;
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

// Sign-out would end the fuzzing session; every other call is fair game.
const skipped = new Set(['POST /api/v1/logout', 'GET /logout', 'GET /api/v1/logout']);

const roles: (Role | 'anonymous')[] = [
  'anonymous',
  'admin',
  'company_admin',
  'supplier',
  'sales',
  'installer',
];

let t: TestApp;
let operations: Operation[] = [];
const cookies = new Map<Role, string>();

/** A fresh user of the role: the fuzz may disable, move or re-password whoever it signs in as. */
async function session(role: Role) {
  const user = await createUser(t.db, { role });
  cookies.set(role, await signIn(t.app, user.username, FACTORY_PASSWORD));
}

beforeAll(async () => {
  // FUZZ_LOG=error prints the server's stack of any 5xx found.
  t = await createTestApp(process.env.FUZZ_LOG ? { LOG_LEVEL: 'error' } : {});
  for (const role of roles) if (role !== 'anonymous') await session(role);
  const admin = cookies.get('admin') as string;
  const doc = (await t.app.inject({ url: '/api/docs/json', headers: { cookie: admin } })).json() as {
    paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })),
  );
});
afterAll(() => t.close());

interface FuzzRequest {
  method: string;
  url: string;
  payload?: unknown;
  role: (typeof roles)[number];
}

/** One request to an operation: each part valid or not, chosen by the generator. */
function requestArb(op: Operation): fc.Arbitrary<FuzzRequest> {
  const params = op.parameters ?? [];
  const schema = op.requestBody?.content?.['application/json']?.schema;
  const part = (valid: boolean, p: (typeof params)[number]) =>
    p.required || valid
      ? paramArb(p.schema, valid).map((v) => [p.name, v] as const)
      : fc.option(
          paramArb(p.schema, valid).map((v) => [p.name, v] as const),
          { nil: undefined },
        );
  return fc
    .record({
      pathValid: fc.boolean(),
      queryValid: fc.boolean(),
      bodyValid: fc.boolean(),
      role: fc.constantFrom(...roles),
    })
    .chain(({ pathValid, queryValid, bodyValid, role }) =>
      fc
        .record({
          path: fc.tuple(...params.filter((p) => p.in === 'path').map((p) => part(pathValid, p))),
          query: fc.tuple(...params.filter((p) => p.in === 'query').map((p) => part(queryValid, p))),
          body: schema ? (bodyValid ? validArb(schema) : invalidArb(schema)) : fc.constant(undefined),
        })
        .map(({ path, query, body }) => {
          let url = op.path;
          for (const entry of path)
            if (entry) url = url.replace(`{${entry[0]}}`, encodeURIComponent(entry[1]));
          const qs = new URLSearchParams();
          for (const entry of query) if (entry) qs.append(entry[0], entry[1]);
          const search = qs.toString();
          return {
            method: op.method,
            url: search ? `${url}?${search}` : url,
            role,
            ...(schema && body !== undefined && { payload: body }),
          };
        }),
    );
}

function problemError(req: FuzzRequest, res: LightMyRequestResponse): string | null {
  const sent = req.payload === undefined ? '' : JSON.stringify(req.payload).slice(0, 200);
  const where = `${req.role} ${req.method} ${req.url.slice(0, 200)} ${sent}`;
  if (res.statusCode >= 500) return `${res.statusCode} ← ${where}: ${res.body.slice(0, 200)}`;
  if (res.statusCode < 400) return null;
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith('application/problem+json'))
    return `${res.statusCode} not problem+json (${type}) ← ${where}`;
  const body = res.json() as { code?: unknown; status?: unknown };
  if (typeof body.code !== 'string' || !body.code) return `${res.statusCode} without a code ← ${where}`;
  if (body.status !== res.statusCode)
    return `${res.statusCode} with status ${String(body.status)} ← ${where}`;
  return null;
}

describe('fuzzing every endpoint of the OpenAPI document', () => {
  it('answers no 5xx, and every 4xx is problem+json with a code', { timeout: 240_000 }, async () => {
    expect(operations.length).toBeGreaterThanOrEqual(300);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let requests = 0;
    const started = Date.now();
    for (const [index, op] of operations.entries()) {
      if (skipped.has(`${op.method} ${op.path}`)) continue;
      const samples = fc.sample(requestArb(op), { seed: SEED + index, numRuns: PER_ENDPOINT });
      for (const req of samples) {
        const cookie = req.role === 'anonymous' ? undefined : cookies.get(req.role);
        const res = await t.app.inject({
          method: req.method as 'GET',
          url: req.url,
          headers: cookie ? { cookie } : {},
          ...(req.payload !== undefined && { payload: req.payload as object }),
        });
        requests += 1;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const error = problemError(req, res);
        if (error) failures.push(error);
        // The call ended the fuzzing user's session (disabled it, changed its role or password).
        if (res.statusCode === 401 && req.role !== 'anonymous') await session(req.role);
      }
    }
    const byStatus = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
    console.log(
      `api fuzz: ${requests} requests over ${operations.length} operations (seed ${SEED}, ${PER_ENDPOINT} each) in ${Date.now() - started} ms; ${byStatus.join(' ')}`,
    );
    expect(failures).toEqual([]);
  });
});

// What the fuzz found, kept as fixed cases (each was a 500 or a 4xx without problem+json).
describe('fuzz findings stay fixed', () => {
  const as = (role: Role) => ({ cookie: cookies.get(role) as string });
  it.each([
    [
      'an unknown foreign id (discount of company 2^52)',
      'sales',
      'POST',
      '/api/v1/discount',
      {
        name: 'x',
        startsAt: '2026-01-01T00:00:00Z',
        endsAt: '2026-02-01T00:00:00Z',
        companyId: 4_503_599_627_370_496,
        amountCents: 51,
        active: true,
      },
      400,
      'unknown_reference',
    ],
    [
      'an unknown user of a comp plan',
      'admin',
      'POST',
      '/api/v1/comp',
      {
        name: 'x',
        userId: 999_999_999,
        companyId: 1,
        basisPoints: 3,
        startsAt: '2026-01-01T00:00:00Z',
        endsAt: null,
        active: true,
      },
      400,
      'unknown_reference',
    ],
    [
      'a NUL character in text',
      'anonymous',
      'POST',
      '/api/vendor/wholesale',
      {
        companyName: 'Nul Tires',
        contactName: 'N',
        email: 'nul@example.com',
        phone: '5125550100',
        username: 'nul-user',
        address1: '1 Main',
        city: '\u0000',
        state: 'TX',
        zip: '78701',
        taxId: '12-3456789',
      },
      400,
      'bad_text',
    ],
    [
      'a channel beyond a 4-byte integer',
      'admin',
      'GET',
      '/api/v1/sizing/width?channel=169265930415053',
      undefined,
      400,
      'validation_failed',
    ],
    [
      'a path parameter over the length limit',
      'admin',
      'GET',
      `/api/order/${'9'.repeat(200)}`,
      undefined,
      414,
      'fst_err_max_param_length',
    ],
  ] as const)('%s → %i problem', async (_name, role, method, url, payload, status, code) => {
    const res = await t.app.inject({
      method,
      url,
      headers: role === 'anonymous' ? {} : as(role),
      ...(payload && { payload }),
    });
    expect([res.statusCode, res.headers['content-type'], res.json().code]).toEqual([
      status,
      'application/problem+json; charset=utf-8',
      code,
    ]);
  });

  it('treats an empty product search as no search', async () => {
    const res = await t.app.inject({ url: '/api/v1/product?q=&pageSize=5', headers: as('admin') });
    expect(res.statusCode).toBe(200);
  });
});
