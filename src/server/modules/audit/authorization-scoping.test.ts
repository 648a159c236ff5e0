import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../../contract/common';
import { can, isStaff, type Role } from '../../../domain/roles';
import { webhookEndpoints } from '../../db/schema';
import { caller, multipart } from '../../test/admin-client';
import { createLocation, createUser, FACTORY_PASSWORD } from '../../test/factories';
import { confirmedOrder } from '../../test/factories-logistics';
import { buyByCard, cartBody, createShopper, stockedProduct } from '../../test/factories-orders';
import { type JsonSchema, validArb } from '../../test/json-schema-arbitrary';
import { createTestApp, signIn, type TestApp } from '../../test/test-app';
import { createCompany } from '../../test/factories';
import { deliveredOrder } from '../aftersales/aftersales.test-helpers';
import { jpeg, reviewBody } from '../reviews/reviews.test-helpers';
import { enqueueWebhookEvent } from '../webhooks/webhooks.service';

// The matrix's scoping half (backoffice-authorization.test.ts checks the role gate): every
// endpoint of every contract that takes an id in its path, called by a signed-in user of a
// fresh company with the id of a row that belongs to someone else: a buyer and a company admin
// against another company's orders, carts, cards, tokens, quotes, returns…; a supplier against
// another supplier's warehouses and fulfillments; an installer against another installer's
// orders and shipments. Every one must answer 403 or 404 (never 2xx, never 5xx). The body is
// valid for the contract (generated from the OpenAPI document), so a 400 cannot hide the
// ownership check. An id-taking endpoint must be named below, as scoped or as public
// reference data, or the first test fails: a new endpoint cannot slip past this file.

const contractDir = fileURLToPath(new URL('../../../contract/', import.meta.url));
const areas = await Promise.all(
  readdirSync(contractDir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => import(`${contractDir}${f}`) as Promise<Record<string, unknown>>),
);
const endpoints = [
  ...new Set(
    areas
      .flatMap((area) => Object.values(area))
      .filter((v): v is Endpoint => typeof v === 'object' && v !== null && 'method' in v && 'access' in v),
  ),
];

/** Which table the first path parameter names, by path; the victim is a row of that table. */
const scoped: [RegExp, string][] = [
  [/^\/api\/(v1\/)?order\/:id/, 'orders'],
  [/^\/api\/customer\/:id/, 'companies'],
  [/^\/api\/company\/payment\/:id/, 'payment_sources'],
  [/^\/api\/cart\/item\/:id/, 'order_items'],
  [/^\/api\/v1\/bill\/:id/, 'bills'],
  [/^\/api\/v1\/claim\/:id/, 'claims'],
  [/^\/api\/v1\/comparisons\/:id/, 'comparisons'],
  [/^\/api\/v1\/exemption\/:id/, 'exemption_certificates'],
  [/^\/api\/v1\/quote\/:id/, 'quotes'],
  [/^\/api\/v1\/refund\/:id/, 'refunds'],
  [/^\/api\/v1\/return\/:id/, 'returns'],
  [/^\/api\/v1\/review\/image\/:id/, 'review_images'],
  [/^\/api\/v1\/review\/:id/, 'reviews'],
  [/^\/api\/v1\/account\/tokens\/:id/, 'api_tokens'],
  [/^\/api\/v1\/shipment\/:id/, 'shipments'],
  [/^\/api\/v1\/supplier\/warehouse\/:id/, 'warehouses'],
  [/^\/api\/v1\/fulfillment\/:id/, 'fulfillments'],
  [/^\/api\/v1\/shipping\/pickup\/cancel\/:id/, 'pickups'],
  [/^\/api\/v1\/shipping\/pickup\/availability\/:id/, 'fulfillments'],
  [/^\/api\/v1\/webhook\/delivery\/:id/, 'webhook_deliveries'],
  [/^\/api\/v1\/webhook\/:id/, 'webhook_endpoints'],
  [/^\/api\/v1\/fleet\/unit\/:id/, 'fleet_units'],
  [/^\/api\/v1\/approval\/limit\/:userId/, 'users'],
  [/^\/api\/v1\/approval\/budget\/:locationId/, 'locations'],
  [/^\/api\/v1\/approval\/:orderId/, 'orders'],
];
/** Ids of the public catalogue and reference data: anyone signed in may read them. */
const publicIds = [
  /^\/api\/v1\/model\/:id/,
  /^\/api\/models\/:id/,
  /^\/api\/products\/:code/,
  /^\/api\/v1\/product\/(:id|tireSize\/:slug)/,
  /^\/api\/v1\/size\//,
  /^\/api\/v1\/vehicle(-web)?\//,
  /^\/api\/v1\/sizing\//,
  /^\/api\/reviews\//, // published reviews of a tire, and marking one helpful
  /^\/api(\/v1\/vendor)?\/:courier\/locations/,
  /^\/api\/sandbox\//, // sandbox controls (not in production): the provider's side, by reference
];
/** Reviews are a product's public page: the author-only ones are PUT and image changes. */
const publicReads = new Set(['GET /api/v1/review/:id', 'GET /api/v1/review/:id/images']);

/** Body fields that name a row, by the table the row is in. */
const bodyIds: Record<string, string> = {
  orderId: 'orders',
  orderItemId: 'order_items',
  locationId: 'locations',
  warehouseId: 'warehouses',
  returnId: 'returns',
  claimId: 'claims',
  refund: 'refunds',
  sourceId: 'payment_sources',
  quoteId: 'quotes',
  reviewId: 'reviews',
  shipmentId: 'shipments',
  fulfillmentId: 'fulfillments',
};

type Attacker = 'company_admin' | 'buyer' | 'supplier' | 'installer';
const attackers: Attacker[] = ['company_admin', 'buyer', 'supplier', 'installer'];

const allowed = (role: Role, e: Endpoint) =>
  e.access === 'user' || (e.access !== 'public' && can(role, e.access as Parameters<typeof can>[1]));
const takesId = (e: Endpoint) => e.path.includes('/:');
const tableOf = (e: Endpoint) => scoped.find(([re]) => re.test(e.path))?.[1];
const isPublicId = (e: Endpoint) =>
  publicIds.some((re) => re.test(e.path)) || publicReads.has(`${e.method} ${e.path}`);

let t: TestApp;
const cookies = {} as Record<Attacker, string>;
/** A row of each table that no attacker owns (every attacker's company is new and empty). */
const victims = new Map<string, string>();
let bodies = new Map<string, unknown>();
let photo: Buffer;
let ownOrderId = 0;

beforeAll(async () => {
  t = await createTestApp();
  photo = await jpeg(800, 600);
  // Someone else's rows: a company with a paid order and an open cart, and a supplier's
  // confirmed lines (its warehouse, its sub-orders); plus the demo data's rows.
  const other = await createShopper(t.app, t.db);
  const tire = await stockedProduct(t.db, [{ zip: '78701', quantity: 40 }]);
  const placed = await buyByCard(t.app, other.cookie, tire, 2);
  expect(placed.statusCode).toBe(201);
  await t.app.inject({
    method: 'POST',
    url: '/api/cart',
    headers: { cookie: other.cookie },
    payload: cartBody(tire, 1),
  });
  await confirmedOrder(t.app, t.db);
  await t.app.inject({
    method: 'POST',
    url: '/api/v1/authorize',
    payload: { username: other.user.username, password: FACTORY_PASSWORD },
  });
  await ownedRows(t);

  // The attackers: each of its own new company (a buyer shares the company admin's).
  const mine = await createShopper(t.app, t.db);
  cookies.company_admin = mine.cookie;
  // The attackers' company has a placed order of its own, so that a body call on its own order
  // reaches the body's foreign ids.
  const own = await buyByCard(t.app, mine.cookie, tire, 1);
  expect(own.statusCode).toBe(201);
  ownOrderId = own.json().orderId;
  const clerk = await createUser(t.db, {
    role: 'buyer',
    companyId: mine.companyId,
    locationIds: [mine.location.id],
  });
  cookies.buyer = await signIn(t.app, clerk.username, FACTORY_PASSWORD);
  const supplierCompany = await createCompany(t.db, { kind: 'supplier' });
  const supplierLocation = await createLocation(t.db, supplierCompany.id, { supplierId: supplierCompany.id });
  const supplier = await createUser(t.db, {
    role: 'supplier',
    companyId: supplierCompany.id,
    locationIds: [supplierLocation.id],
  });
  cookies.supplier = await signIn(t.app, supplier.username, FACTORY_PASSWORD);
  const installerCompany = await createCompany(t.db, { kind: 'installer' });
  const bay = await createLocation(t.db, installerCompany.id, { installer: 1 });
  const installer = await createUser(t.db, {
    role: 'installer',
    companyId: installerCompany.id,
    locationIds: [bay.id],
  });
  cookies.installer = await signIn(t.app, installer.username, FACTORY_PASSWORD);

  const attackerCompanies = [mine.companyId, supplierCompany.id, installerCompany.id];
  for (const table of new Set(scoped.map(([, table]) => table))) {
    const where =
      table === 'companies'
        ? sql` where id not in (${sql.join(attackerCompanies, sql`, `)})`
        : table === 'users'
          ? sql` where company_id not in (${sql.join(attackerCompanies, sql`, `)})`
          : table === 'orders'
            ? sql` where status <> 'cart' and company_id not in (${sql.join(attackerCompanies, sql`, `)})`
            : sql``;
    const { rows } = await t.db.execute<{ v: string }>(
      sql`select id::text as v from ${sql.raw(table)}${where} order by 1 desc limit 1`,
    );
    if (rows[0]) victims.set(table, rows[0].v);
  }
  // Rows named only inside bodies: another company's location and a line of its placed order.
  for (const [table, where] of [
    ['locations', sql`company_id not in (${sql.join(attackerCompanies, sql`, `)})`],
    [
      'order_items',
      sql`order_id in (select id from orders where status <> 'cart' and company_id not in (${sql.join(attackerCompanies, sql`, `)}))`,
    ],
  ] as const) {
    const { rows } = await t.db.execute<{ v: string }>(
      sql`select id::text as v from ${sql.raw(table)} where ${where} order by 1 desc limit 1`,
    );
    if (rows[0]) victims.set(table, rows[0].v);
  }

  // A body the contract accepts, per endpoint, from the OpenAPI document (fixed seed).
  const doc = (
    await t.app.inject({ url: '/api/docs/json', headers: { cookie: cookies.company_admin } })
  ).json() as {
    paths: Record<
      string,
      Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>
    >;
  };
  bodies = new Map<string, unknown>(
    Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => {
        const schema = op.requestBody?.content?.['application/json']?.schema;
        const key = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
        return [key, schema ? fc.sample(validArb(schema), { seed: 14, numRuns: 1 })[0] : undefined] as const;
      }),
    ),
  );
  // What a JSON schema cannot say: a time zone is one the runtime knows.
  bodies.set('PUT /api/v1/supplier/warehouse/:id/delivery', { timeZone: 'America/Chicago', cutoff: '14:00' });
});
afterAll(() => t.close());

/** Every victim row as text, to prove the refused calls wrote nothing. */
async function victimRows() {
  const rows: Record<string, string | undefined> = {};
  for (const [table, id] of victims) {
    const { rows: found } = await t.db.execute<{ v: string }>(
      sql`select r::text as v from ${sql.raw(table)} r where id::text = ${id}`,
    );
    rows[table] = found[0]?.v;
  }
  return rows;
}

/**
 * The after-sales, quote, comparison and review rows of another company, made through the API:
 * a delivered order (its shipments and fulfillments), a return and a claim of it, a refund and a
 * supplier bill, a review of its tire, a saved comparison and a quote request.
 */
async function ownedRows(t: TestApp) {
  const admin = await caller(t.app, 'admin');
  const finance = await caller(t.app, 'finance');
  const o = await deliveredOrder(t, admin, { quantity: 4, roadHazard: true });
  const as = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: { cookie: o.cookie }, payload });
  const made: [string, { statusCode: number; body: string }][] = [];
  const ret = await as('POST', `/api/v1/order/${o.orderId}/return`, {
    reason: 'defective',
    items: [{ orderItemId: o.orderItemId, quantity: 1 }],
  });
  made.push(['return', ret]);
  made.push([
    'claim',
    await as('POST', '/api/v1/claim', {
      orderItemId: o.orderItemId,
      damagedOn: new Date().toISOString().slice(0, 10),
      remainingTread32: 6,
      odometerMiles: 1000,
    }),
  ]);
  made.push([
    'refund',
    await admin('POST', '/api/v1/refund', {
      orderId: o.orderId,
      items: [{ orderItemId: o.orderItemId, quantity: 1 }],
      reason: 'defective',
    }),
  ]);
  const { rows: line } = await t.db.execute<{ supplier: number; model: number }>(sql`
    select so.supplier_company_id::int as supplier, p.model_id::int as model
    from supplier_lines sl join sub_orders so on so.id = sl.sub_order_id
    join order_items oi on oi.id = sl.order_item_id join products p on p.id = oi.product_id
    where oi.id = ${o.orderItemId} limit 1`);
  const today = new Date().toISOString().slice(0, 10);
  made.push([
    'bill',
    await finance('POST', '/api/v1/bill', {
      companyId: line[0].supplier,
      periodStart: '2020-01-01',
      periodEnd: today,
    }),
  ]);
  const review = await as('POST', '/api/reviews', reviewBody(line[0].model));
  made.push(['review', review]);
  const image = multipart('file', 'tire.jpg', await jpeg(800, 600), 'image/jpeg');
  made.push([
    'review image',
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/review/${review.json().data.id}/images`,
      headers: { cookie: o.cookie, ...image.headers },
      payload: image.payload,
    }),
  ]);
  const { rows: products } = await t.db.execute<{ id: number }>(
    sql`select id::int from products order by id limit 2`,
  );
  made.push([
    'comparison',
    await as('POST', '/api/v1/comparisons', {
      name: 'Theirs',
      productIds: products.map((p) => Number(p.id)),
    }),
  ]);
  made.push([
    'quote',
    await as('POST', '/api/v1/quote', { title: 'Their fleet', items: [{ size: '205/55R16', quantity: 4 }] }),
  ]);
  const hook = await as('POST', '/api/v1/webhook', {
    url: 'http://127.0.0.1:9/erp',
    events: ['order.placed'],
  });
  made.push(['webhook endpoint', hook]);
  const [endpoint] = await t.db
    .select({ companyId: webhookEndpoints.companyId })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, hook.json().data.endpoint.id));
  // Its delivery log: one event waiting to be sent.
  await t.db.transaction((tx) =>
    enqueueWebhookEvent(tx, endpoint.companyId, 'order.placed', { orderId: o.orderId }),
  );
  const { rows: vehicle } = await t.db.execute<{ year: number; make: string; model: string; option: string }>(
    sql`select year::int, make, model, "option" from vehicles order by id limit 1`,
  );
  made.push([
    'fleet unit',
    await as('POST', '/api/v1/fleet/unit', { unitNumber: 'Theirs-1', ...vehicle[0] }),
  ]);
  const failed = made.filter(([, res]) => res.statusCode >= 300).map(([what, res]) => `${what}: ${res.body}`);
  expect(failed).toEqual([]);
}

describe('authorization matrix: scoping to the caller’s company, supplier and installer', () => {
  it('names every id-taking endpoint a non-staff role may call, as scoped or public', () => {
    const reachable = endpoints.filter(
      (e) => takesId(e) && e.access !== 'public' && attackers.some((role) => allowed(role, e)),
    );
    const unnamed = reachable
      .filter((e) => !tableOf(e) && !isPublicId(e))
      .map((e) => `${e.method} ${e.path}`);
    expect(unnamed).toEqual([]);
    expect(reachable.filter(tableOf).length).toBeGreaterThanOrEqual(50);
  });

  for (const role of attackers) {
    it(`${role}: another owner's id answers 403 or 404 on every id-taking endpoint`, async () => {
      const wrong: string[] = [];
      const notExercised = new Set<string>();
      const before = await victimRows();
      let calls = 0;
      for (const e of endpoints.filter((x) => takesId(x) && !isStaff(role) && allowed(role, x))) {
        const table = tableOf(e);
        if (!table || isPublicId(e)) continue;
        const victim = victims.get(table);
        if (!victim) {
          notExercised.add(table);
          continue;
        }
        // The first parameter is the owned row; any further one (an item of it) is a plain id,
        // or a well-formed photo name, so that a 400 on the path cannot hide the ownership check.
        let first = true;
        const url = e.path.replace(/:\w+/g, (param) => {
          const v = first
            ? encodeURIComponent(victim)
            : param === ':name'
              ? `${e.path.includes('/claim/') ? 'claim' : 'return'}-1-${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.webp`
              : '1';
          first = false;
          return v;
        });
        const body = bodies.get(`${e.method} ${e.path}`);
        // Uploads (a supplier's stock feed, photos) go as multipart, as the browser sends them.
        const upload =
          e.method !== 'POST'
            ? null
            : e.path.endsWith('/feed')
              ? multipart('file', 'feed.csv', 'sku,quantity\n')
              : /\/(photo|images)$/.test(e.path)
                ? multipart('file', 'tire.jpg', photo, 'image/jpeg')
                : null;
        const res = await t.app.inject({
          method: e.method,
          url,
          headers: { cookie: cookies[role], ...upload?.headers },
          ...(upload
            ? { payload: upload.payload }
            : e.method !== 'GET' && e.method !== 'DELETE' && { payload: (body ?? {}) as object }),
        });
        calls += 1;
        if (res.statusCode !== 403 && res.statusCode !== 404)
          wrong.push(`${e.method} ${url} → ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
      console.log(
        `scoping ${role}: ${calls} calls with others' ids${notExercised.size ? `; no row to try in ${[...notExercised].join(', ')}` : ''}`,
      );
      expect(calls).toBeGreaterThan(0);
      expect(wrong).toEqual([]);
      // Refused means refused: not one of the victims' rows changed.
      expect(await victimRows()).toEqual(before);
    });
  }

  for (const role of attackers) {
    it(`${role}: another owner's id inside a request body is refused, nothing written`, async () => {
      const before = await victimRows();
      const wrong: string[] = [];
      let calls = 0;
      for (const e of endpoints.filter(
        (x) => x.method !== 'GET' && x.method !== 'DELETE' && !isStaff(role) && allowed(role, x),
      )) {
        const sample = bodies.get(`${e.method} ${e.path}`);
        if (!sample || typeof sample !== 'object') continue;
        let swapped = 0;
        const foreign = (value: unknown): unknown => {
          if (Array.isArray(value)) return value.map(foreign);
          if (!value || typeof value !== 'object') return value;
          return Object.fromEntries(
            Object.entries(value).map(([k, v]) => {
              const table = bodyIds[k];
              const victim = table && victims.get(table);
              if (victim && (typeof v === 'number' || typeof v === 'string')) {
                swapped += 1;
                return [k, typeof v === 'number' ? Number(victim) : victim];
              }
              return [k, foreign(v)];
            }),
          );
        };
        const payload = foreign(sample) as object;
        if (!swapped) continue;
        // Path ids are the caller's own where it has one (its own order), else a plain id.
        const mineToo = role === 'company_admin' || role === 'buyer';
        const url = e.path
          .replace(/\/order\/:id/, mineToo ? `/order/${ownOrderId}` : '/order/1')
          .replace(/:\w+/g, '1');
        const res = await t.app.inject({
          method: e.method,
          url,
          headers: { cookie: cookies[role] },
          payload,
        });
        calls += 1;
        if (process.env.SCOPING_LOG) console.log(`${role} ${e.method} ${url} → ${res.statusCode}`);
        if (res.statusCode < 400 || res.statusCode >= 500)
          wrong.push(
            `${e.method} ${url} ${JSON.stringify(payload).slice(0, 120)} → ${res.statusCode} ${res.body.slice(0, 160)}`,
          );
      }
      console.log(`scoping ${role}: ${calls} calls with others' ids in the body`);
      expect(wrong).toEqual([]);
      expect(await victimRows()).toEqual(before);
    });
  }

  it("the owner's own ids work (the victims are real rows of the right kind)", async () => {
    const other = await t.db.execute<{ id: number }>(
      sql`select id from orders where id = ${Number(victims.get('orders'))}`,
    );
    expect(other.rows).toHaveLength(1);
    // The demo supplier sees its own warehouse; a supplier of another company does not.
    const supplier = await signIn(t.app, 'supplier');
    const { rows } = await t.db.execute<{ id: number }>(
      sql`select w.id from warehouses w join locations l on l.supplier_id = w.supplier_company_id
          join users u on u.current_location_id = l.id where u.username = 'supplier' limit 1`,
    );
    const own = await t.app.inject({
      url: `/api/v1/supplier/warehouse/${rows[0].id}`,
      headers: { cookie: supplier },
    });
    expect(own.statusCode).toBe(200);
    const foreign = await t.app.inject({
      url: `/api/v1/supplier/warehouse/${rows[0].id}`,
      headers: { cookie: cookies.supplier },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
