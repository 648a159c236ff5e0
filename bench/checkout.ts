// npm run bench:checkout — buyers checking out against PostgreSQL on a 200,000-SKU catalogue.
//
// The database is a copy of BENCH_TEMPLATE (a database an earlier bench seeded, e.g. with
// `bench:search` and BENCH_KEEP=1; copying takes seconds) or, without it, a fresh database seeded
// with the demo data and BENCH_SKUS SKUs (minutes). It is dropped at the end. The app runs in
// this process (so every statement it sends can be timed) and is called over real HTTP; the
// buyers of the races (2 and 3) run in a thread of their own (checkout-client.mjs), as clients
// on other machines would not share the app's event loop.
//
// 1. quiet: BENCH_QUIET buyers check out one tire each, one after the other, each a different
//    SKU: checkout latency on a quiet server, and every statement of those checkouts timed,
//    grouped by text, the slowest with its EXPLAIN ANALYZE (run again and rolled back).
// 2. spread: BENCH_BUYERS buyers, one line each (1–4 tires) of distinct SKUs, check out through
//    BENCH_CONNECTIONS connections (a closed loop like autocannon's): orders/s and percentiles of
//    the checkouts started after BENCH_WARMUP_SECONDS (2), then of the whole race.
// 3. hot SKUs: BENCH_HOT_BUYERS buyers race for BENCH_HOT_PRODUCTS tires of BENCH_HOT_UNITS
//    units each over three warehouses (lower the units to make them fight for the last ones).
// 4. one company: BENCH_COMPANY_BUYERS buyers of one company, one location, check out on account
//    through BENCH_CONNECTIONS connections, all against the one credit limit (the company row
//    every checkout locks: docs/architecture.md, "Lock order").
// A race shorter than twice its warm-up is reported whole (its steady part would be too short
// to mean anything).
// BENCH_PROFILE=<dir> writes a CPU profile of each race (2 and 3) into <dir>. BENCH_POOL: the app's
// connections (its own POOL_SIZE unless set).
// After 2 and 3, stock and orders must reconcile exactly: units sold = quantities of placed
// orders = committed holds, reserved units unchanged, nothing negative, every unit routed.
// Longer than 400 lines for a reason: the four races share one database, app, statement timer and
// reconciliation, and read best as one script from top to bottom.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { Worker } from 'node:worker_threads';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { skuExciseTaxUnitCents } from '../src/domain/sku-excise';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase, POOL_SIZE } from '../src/server/db/connection';
import { migrateDatabase } from '../src/server/db/migrate';
import { seedIfEmpty } from '../src/server/db/seed';
import { refreshProductPrices } from '../src/server/modules/catalog/catalog.prices';

const ADMIN_URL = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TEMPLATE = process.env.BENCH_TEMPLATE;
const SKUS = Number(process.env.BENCH_SKUS ?? 200_000);
const QUIET = Number(process.env.BENCH_QUIET ?? 60);
const BUYERS = Number(process.env.BENCH_BUYERS ?? 800);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const HOT_BUYERS = Number(process.env.BENCH_HOT_BUYERS ?? 400);
const HOT_PRODUCTS = Number(process.env.BENCH_HOT_PRODUCTS ?? 5);
const HOT_UNITS = Number(process.env.BENCH_HOT_UNITS ?? 300);
const COMPANY_BUYERS = Number(process.env.BENCH_COMPANY_BUYERS ?? 800);
const RAMP_SECONDS = Number(process.env.BENCH_RAMP_SECONDS ?? 1);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
// The app's own pool unless BENCH_POOL says otherwise: the bench measures what ships.
const POOL = Number(process.env.BENCH_POOL ?? POOL_SIZE);
const PASSWORD = 'bench-pass-1';
/** A directory: each race writes a CPU profile of this process (app and client) while it runs. */
const PROFILE_DIR = process.env.BENCH_PROFILE;

type Row = Record<string, number | string>;
type Q = (text: string, values?: unknown[]) => Promise<{ rows: Row[] }>;

// ---- statement timing: every query of the pg driver in this process, while `timing` is on ----
interface Timed {
  text: string;
  values: unknown[];
  ms: number;
}
let timing = false;
const timed: Timed[] = [];
type QueryFn = (this: pg.Client, ...args: unknown[]) => unknown;
const originalQuery = pg.Client.prototype.query as unknown as QueryFn;
(pg.Client.prototype as unknown as { query: QueryFn }).query = function (
  this: pg.Client,
  ...args: unknown[]
) {
  if (!timing) return originalQuery.apply(this, args);
  const config = args[0] as string | { text: string; values?: unknown[] };
  const text = typeof config === 'string' ? config : config.text;
  // drizzle passes { text } and the values as the second argument; pg's pool, (text, values, cb).
  const values = (typeof config === 'object' && config.values) || (Array.isArray(args[1]) ? args[1] : []);
  const t0 = performance.now();
  const done = () => timed.push({ text, values, ms: performance.now() - t0 });
  const last = args.at(-1);
  if (typeof last === 'function') {
    args[args.length - 1] = (...cb: unknown[]) => {
      done();
      return (last as (...a: unknown[]) => unknown)(...cb);
    };
    return originalQuery.apply(this, args);
  }
  const result = originalQuery.apply(this, args) as Promise<unknown>;
  return result.then((r) => {
    done();
    return r;
  });
};

/** Closed loop over `items` through `connections` workers; workers start evenly over rampMs. */
async function inParallel<T, R>(
  items: T[],
  connections: number,
  work: (item: T, index: number) => Promise<R>,
  rampMs = 0,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(connections, items.length) }, async (_, w) => {
    if (rampMs > 0) await new Promise((r) => setTimeout(r, (rampMs * w) / connections));
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i], i);
    }
  });
  await Promise.all(workers);
  return results;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const ms = (n: number) => n.toFixed(1);

interface Buyer {
  username: string;
  cookie: string;
  companyId: number;
}

/** Buyers of their own companies, each with one location in the standard price group. */
async function seedBuyers(q: Q, prefix: string, count: number, group: number): Promise<string[]> {
  const passwordHash = await hash(PASSWORD, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
  const zips = ['78701', '75201', '80202', '43215', '89502', '10001'];
  const names = Array.from({ length: count }, (_, b) => `${prefix}${b}`);
  await q(
    `with c as (
       insert into companies (name) select 'Bench ' || n from unnest($1::text[]) n returning id, name),
     l as (
       insert into locations (company_id, name, zip, price_group_id)
       select c.id, 'HQ', ($3::text[])[1 + (c.id % array_length($3::text[], 1))], $2 from c returning id, company_id),
     u as (
       insert into users (company_id, username, password_hash, name, email, role, current_location_id)
       select l.company_id, substr(c.name, 7), $4, 'Bench', substr(c.name, 7) || '@bench.example', 'buyer', l.id
       from l join c on c.id = l.company_id returning id, current_location_id)
     insert into user_locations (user_id, location_id) select id, current_location_id from u`,
    [names, group, zips, passwordHash],
  );
  return names;
}

/** Buyers of one company with one location, on account with a credit limit no race can reach. */
async function seedCompanyBuyers(q: Q, prefix: string, count: number, group: number): Promise<string[]> {
  const passwordHash = await hash(PASSWORD, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
  const names = Array.from({ length: count }, (_, b) => `${prefix}${b}`);
  await q(
    `with c as (
       insert into companies (name, credit_limit_cents, payment_terms_days)
       values ('Bench One Company', 100000000000, 30) returning id),
     l as (
       insert into locations (company_id, name, zip, price_group_id)
       select c.id, 'HQ', '78701', $2 from c returning id, company_id),
     u as (
       insert into users (company_id, username, password_hash, name, email, role, current_location_id)
       select l.company_id, n, $3, 'Bench', n || '@bench.example', 'buyer', l.id
       from l, unnest($1::text[]) n returning id, current_location_id)
     insert into user_locations (user_id, location_id) select id, current_location_id from u`,
    [names, group, passwordHash],
  );
  return names;
}

async function signIn(q: Q, base: string, usernames: string[]): Promise<Buyer[]> {
  const { rows } = await q(`select username, company_id from users where username = any($1::text[])`, [
    usernames,
  ]);
  const companyOf = new Map(rows.map((r) => [r.username, Number(r.company_id)]));
  return inParallel(usernames, 8, async (username) => {
    const res = await fetch(`${base}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: PASSWORD }),
    });
    if (!res.ok) throw new Error(`sign-in ${username}: ${res.status} ${await res.text()}`);
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0];
    return { username, cookie, companyId: companyOf.get(username) ?? 0 };
  });
}

interface Want {
  makeId: number;
  modelId: number;
  productId: number;
  quantity: number;
}

async function addToCart(base: string, buyer: Buyer, want: Want) {
  const res = await fetch(`${base}/api/cart`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: buyer.cookie },
    body: JSON.stringify({
      orderItemMakeId: want.makeId,
      orderItemModelId: want.modelId,
      orderItemProductId: want.productId,
      orderItemQuantity: want.quantity,
    }),
  });
  if (res.status !== 200) throw new Error(`add to cart: ${res.status} ${await res.text()}`);
}

const card = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };
const checkoutBody = JSON.stringify({ paymentMethod: 'card', card });
const accountBody = JSON.stringify({ paymentMethod: 'account' });
async function checkout(base: string, buyer: Buyer, key: string) {
  const t0 = performance.now();
  const res = await fetch(`${base}/api/cart/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: buyer.cookie, 'idempotency-key': key },
    body: checkoutBody,
  });
  const body = await res.text();
  if (res.status >= 500) console.error(`checkout ${res.status}: ${body.slice(0, 300)}`);
  return { status: res.status, ms: performance.now() - t0 };
}

/** Distinct purchasable SKUs of the group with at least `free` units free, in random order. */
async function spreadSkus(q: Q, group: number, count: number, free: number): Promise<Want[]> {
  const { rows } = await q(
    `select p.id, p.make_id, p.model_id from products p
     join product_prices pp on pp.product_id = p.id and pp.price_group_id = $1
     where pp.available >= $2 and p.active
     order by md5(p.id::text) limit $3`,
    [group, free, count],
  );
  return rows.map((r, i) => ({
    productId: Number(r.id),
    makeId: Number(r.make_id),
    modelId: Number(r.model_id),
    quantity: 1 + (i % 4),
  }));
}

/** Stock of the products now: units on the shelf and reserved, summed. */
async function stockOf(q: Q, productIds: number[]) {
  const [r] = (
    await q(
      `select coalesce(sum(quantity), 0)::int as quantity, coalesce(sum(reserved), 0)::int as reserved,
              count(*) filter (where quantity < 0 or reserved < 0 or reserved > quantity)::int as bad
       from inventory where product_id = any($1::bigint[])`,
      [productIds],
    )
  ).rows;
  return { quantity: Number(r.quantity), reserved: Number(r.reserved), bad: Number(r.bad) };
}

/**
 * Units sold = quantities of the buyers' placed orders = their committed holds; reserved units
 * as before; no negative or over-reserved row; every unit of every placed item on a supplier line.
 */
async function reconcile(
  q: Q,
  companyIds: number[],
  productIds: number[],
  before: { quantity: number; reserved: number },
) {
  const after = await stockOf(q, productIds);
  const [r] = (
    await q(
      `select
        (select coalesce(sum(h.quantity), 0) from stock_holds h where h.status = 'committed' and h.company_id = any($1::bigint[]))::int as held,
        (select coalesce(sum(i.quantity), 0) from order_items i join orders o on o.id = i.order_id
          where o.status = 'placed' and o.company_id = any($1::bigint[]))::int as ordered,
        (select count(*) from (select oi.id from order_items oi join orders o on o.id = oi.order_id
           left join supplier_lines sl on sl.order_item_id = oi.id
           where o.status = 'placed' and o.company_id = any($1::bigint[])
           group by oi.id, oi.quantity having coalesce(sum(sl.quantity), 0) <> oi.quantity) x)::int as unrouted`,
      [companyIds],
    )
  ).rows;
  const sold = before.quantity - after.quantity;
  const ok =
    Number(r.held) === Number(r.ordered) &&
    sold === Number(r.ordered) &&
    after.reserved === before.reserved &&
    after.bad === 0 &&
    Number(r.unrouted) === 0;
  console.log(
    `  reconcile: shelf ${before.quantity} → ${after.quantity} (sold ${sold}); ordered ${r.ordered}; committed holds ${r.held}; reserved ${before.reserved} → ${after.reserved}; bad rows ${after.bad}; unrouted items ${r.unrouted} → ${ok ? 'OK' : 'MISMATCH'}`,
  );
  if (!ok) process.exitCode = 1;
}

/** Runs `work` under the CPU profiler when BENCH_PROFILE names a directory (<dir>/<name>.cpuprofile). */
async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!PROFILE_DIR) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    await mkdir(PROFILE_DIR, { recursive: true });
    await writeFile(`${PROFILE_DIR}/${name}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  }
}

/** CPU seconds used so far by the app's thread and by each PostgreSQL process (Linux's /proc). */
async function cpuSeconds() {
  // utime and stime, in clock ticks of 1/100 s: fields 14 and 15 of stat, after the command's ')'.
  const of = (stat: string) => {
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };
  const app = of(await readFile(`/proc/self/task/${process.pid}/stat`, 'utf8'));
  const postgres = new Map<string, number>();
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    if (stat.includes(' (postgres) ')) postgres.set(pid, of(stat));
  }
  return { app, postgres };
}

/** The CPU a race cost per order placed: the app's thread and PostgreSQL's processes. */
function cpuLine(before: Awaited<ReturnType<typeof cpuSeconds>>, after: typeof before, placed: number) {
  let postgres = 0;
  for (const [pid, s] of after.postgres) postgres += s - (before.postgres.get(pid) ?? 0);
  const perOrder = (s: number) => ((s * 1000) / Math.max(placed, 1)).toFixed(2);
  return `    CPU per order placed (whole race): app thread ${perOrder(after.app - before.app)} ms, PostgreSQL ${perOrder(postgres)} ms`;
}

interface Checkout {
  status: number;
  /** When it started, in ms after the race began. */
  at: number;
  ms: number;
}

/** One line of a race: orders placed per second over `seconds`, latency percentiles, answers. */
function raceLine(title: string, done: Checkout[], seconds: number) {
  const latencies = done.map((c) => c.ms).sort((a, b) => a - b);
  const statuses = new Map<number, number>();
  for (const c of done) statuses.set(c.status, (statuses.get(c.status) ?? 0) + 1);
  const placed = statuses.get(201) ?? 0;
  const errors = [...statuses].filter(([s]) => s >= 500 || s === 0).reduce((n, [, c]) => n + c, 0);
  return `${title.padEnd(44)} ${(placed / seconds).toFixed(1).padStart(6)} orders/s  p50 ${ms(percentile(latencies, 50)).padStart(6)} ms  p95 ${ms(percentile(latencies, 95)).padStart(6)} ms  p99 ${ms(percentile(latencies, 99)).padStart(6)} ms  max ${ms(latencies.at(-1) ?? 0).padStart(6)} ms  answers ${[...statuses].map(([k, v]) => `${k}×${v}`).join(', ')}  errors ${errors}`;
}

/**
 * A race of many buyers for the checkout, closed loop over `connections`. The buyers run in their
 * own thread (checkout-client.mjs): only the app is on this thread, and in its profile. The
 * numbers are those of the checkouts started after a warm-up (BENCH_WARMUP_SECONDS: the ramp, and
 * each pooled connection planning its statements for the first time), as bench:search warms up;
 * the whole race is printed after them.
 */
async function race(
  title: string,
  key: string,
  base: string,
  buyers: Buyer[],
  connections: number,
  body = checkoutBody,
) {
  const cpuBefore = await cpuSeconds();
  const { results, length } = await profiled(
    key,
    () =>
      new Promise<{ results: Checkout[]; length: number }>((resolve, reject) => {
        const client = new Worker(new URL('./checkout-client.mjs', import.meta.url), {
          workerData: { base, buyers, key, connections, rampMs: RAMP_SECONDS * 1000, body },
        });
        client.once('message', resolve);
        client.once('error', reject);
      }),
  );
  const warmup = WARMUP_SECONDS * 1000;
  if (length < 2 * warmup) {
    // Ended within (or just past) its warm-up: a steady part would be a handful of checkouts, or
    // none (0.0 orders/s), so the whole race is the number.
    console.log(raceLine(title, results, length / 1000));
    console.log(
      `    (the race took ${(length / 1000).toFixed(1)} s, under twice the ${WARMUP_SECONDS} s warm-up: the whole race is shown)`,
    );
  } else {
    const steady = results.filter((c) => c.at >= warmup);
    console.log(raceLine(title, steady, (length - warmup) / 1000));
    console.log(`    whole race, warm-up included: ${raceLine('', results, length / 1000).trim()}`);
  }
  console.log(cpuLine(cpuBefore, await cpuSeconds(), results.filter((c) => c.status === 201).length));
}

/** Statement texts without their literals, so repeats group together. */
const shape = (text: string) => text.replace(/\s+/g, ' ').trim();

async function explain(q: Q, pool: pg.Pool, slowest: Timed) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query(`explain (analyze, buffers) ${slowest.text}`, slowest.values);
    await client.query('rollback');
    console.log(
      `\nEXPLAIN ANALYZE of the slowest checkout statement (run again, rolled back):\n${shape(slowest.text)}`,
    );
    console.log(rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n'));
  } catch (error) {
    await client.query('rollback').catch(() => {});
    console.log(`EXPLAIN failed: ${(error as Error).message}`);
  } finally {
    client.release();
  }
  void q;
}

async function quiet(q: Q, pool: pg.Pool, base: string, buyers: Buyer[], wants: Want[]) {
  const latencies: number[] = [];
  const byShape = new Map<string, number[]>();
  const slowestOf = new Map<string, Timed>();
  // Carts first, then the statistics autovacuum would gather in a shop with open carts (the
  // template's few demo items would otherwise steer the planner to merge joins over products).
  await inParallel(buyers, 8, (buyer, i) => addToCart(base, buyer, { ...wants[i], quantity: 1 }));
  await q('analyze');
  for (const [i, buyer] of buyers.entries()) {
    timed.length = 0;
    timing = true;
    const { status, ms: t } = await checkout(base, buyer, `quiet-${i}`);
    timing = false;
    if (status !== 201) throw new Error(`quiet checkout answered ${status}`);
    // The first few warm up the connections and the plans; measure the rest.
    if (i < 5) continue;
    latencies.push(t);
    for (const s of timed) {
      const list = byShape.get(shape(s.text)) ?? [];
      list.push(s.ms);
      byShape.set(shape(s.text), list);
      if (s.ms > (slowestOf.get(shape(s.text))?.ms ?? -1)) slowestOf.set(shape(s.text), s);
    }
  }
  latencies.sort((a, b) => a - b);
  console.log(
    `${'(1) one checkout of one tire, quiet'.padEnd(44)} p50 ${ms(percentile(latencies, 50))} ms  p95 ${ms(percentile(latencies, 95))} ms  max ${ms(latencies.at(-1) ?? 0)} ms  (${latencies.length} checkouts)`,
  );
  const statements = [...byShape].map(([text, times]) => {
    times.sort((a, b) => a - b);
    return {
      text,
      n: times.length,
      p95: percentile(times, 95),
      max: times.at(-1) ?? 0,
      sum: times.reduce((s, x) => s + x, 0),
    };
  });
  statements.sort((a, b) => b.max - a.max);
  const perCheckout = statements.reduce((s, x) => s + x.n, 0) / latencies.length;
  console.log(
    `\nstatements of a quiet checkout (${perCheckout.toFixed(1)} per checkout), slowest first: max / p95 / share of time`,
  );
  const total = statements.reduce((s, x) => s + x.sum, 0);
  for (const s of statements)
    console.log(
      `  ${ms(s.max).padStart(6)} ${ms(s.p95).padStart(6)} ms ${((100 * s.sum) / total).toFixed(0).padStart(3)} %  ×${(s.n / latencies.length).toFixed(1)}  ${s.text.slice(0, 150)}`,
    );
  // A single slow run is usually the machine (a WAL flush, another process), its EXPLAIN shows
  // it: the p95 says what the statement costs.
  const overP95 = statements.filter((s) => s.p95 > 5).length;
  const overOnce = statements.filter((s) => s.max > 5).length;
  console.log(`statements with p95 over 5 ms: ${overP95}; with at least one run over 5 ms: ${overOnce}`);
  // The slowest statement, and BENCH_EXPLAIN-1 more of the slowest kinds.
  const explained = statements.filter((x) => !/^(begin|commit|rollback)/i.test(x.text));
  for (const s of explained.slice(0, Number(process.env.BENCH_EXPLAIN ?? 1))) {
    const slowest = slowestOf.get(s.text);
    if (slowest) await explain(q, pool, slowest);
  }
}

async function hotProducts(q: Q, group: number) {
  const [{ id: make }] = (
    await q(`insert into makes (name, slug) values ('Bench Hot', 'bench-hot') returning id`)
  ).rows;
  const [{ id: model }] = (
    await q(`insert into models (make_id, name, slug) values ($1, 'Hot Line', 'hot-line') returning id`, [
      make,
    ])
  ).rows;
  const warehouses = (await q(`select id from warehouses where active order by id limit 3`)).rows.map((r) =>
    Number(r.id),
  );
  const products: number[] = [];
  for (let p = 0; p < HOT_PRODUCTS; p++) {
    const [{ id }] = (
      await q(
        `insert into products (make_id, model_id, sku_code, size, size_type, width, ratio, rim, overall_diameter, fet_unit_cents)
         values ($1, $2, $3, '225/45R17', 'P', 225, 45, 17, 24.97, $4) returning id`,
        [
          make,
          model,
          `BENCH-HOT-${p}`,
          skuExciseTaxUnitCents({ size: '225/45R17', construction: 'R', loadIndex: null }),
        ],
      )
    ).rows;
    products.push(Number(id));
    for (const [n, w] of warehouses.entries()) {
      const units = Math.floor(HOT_UNITS / warehouses.length) + (n < HOT_UNITS % warehouses.length ? 1 : 0);
      await q(
        `insert into inventory (warehouse_id, product_id, quantity, cost_cents) values ($1, $2, $3, 9000)`,
        [w, id, units],
      );
    }
  }
  void group;
  return { make: Number(make), model: Number(model), products };
}

async function database(admin: pg.Client, name: string) {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  if (TEMPLATE) {
    const t0 = Date.now();
    await admin.query(`create database ${name} template ${TEMPLATE}`);
    console.log(`database ${name}: a copy of ${TEMPLATE} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  } else {
    await admin.query(`create database ${name}`);
    console.log(`database ${name}: seeding the demo data with ${SKUS} SKUs (minutes)`);
  }
  return url.toString();
}

async function main() {
  const name = `tread_bench_checkout_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const url = await database(admin, name);
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    SEED: 'never',
    DATABASE_URL: url,
    SEED_SKUS: String(SKUS),
  });
  const db = await openDatabase({ databaseUrl: url, pgliteDir: 'memory://', poolSize: POOL });
  try {
    await migrateDatabase(db.db);
    if (!TEMPLATE) await seedIfEmpty(db.db, config);
    const q: Q = async (text, values) => db.pool.query(text, values);
    const [{ n: skuCount }] = (await q(`select count(*)::int as n from products`)).rows;
    const [{ id: group }] = (await q(`select id from price_groups where code = 'standard'`)).rows;
    const hot = await hotProducts(q, Number(group));
    await refreshProductPrices(db.db, hot.products);
    // A database in steady use: autovacuum has cleared the seed's churn (dead delta rows) and
    // gathered statistics.
    await q('vacuum analyze');
    const wanted = QUIET + BUYERS + COMPANY_BUYERS;
    const skus = await spreadSkus(q, Number(group), wanted, 8);
    if (skus.length < wanted) throw new Error(`only ${skus.length} SKUs with stock for ${wanted} buyers`);
    const names = await seedBuyers(q, 'benchq', QUIET, Number(group));
    const spreadNames = await seedBuyers(q, 'benchs', BUYERS, Number(group));
    const hotNames = await seedBuyers(q, 'benchh', HOT_BUYERS, Number(group));
    const companyNames = await seedCompanyBuyers(q, 'benchc', COMPANY_BUYERS, Number(group));
    const app = await buildApp(config, db.db);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    console.log(
      `${skuCount} SKUs; app in this process on ${base}, pool ${POOL}; ${CONNECTIONS} connections, ramp ${RAMP_SECONDS} s\n`,
    );

    await quiet(q, db.pool, base, await signIn(q, base, names), skus.slice(0, QUIET));
    console.log('');

    const spreadBuyers = await signIn(q, base, spreadNames);
    const spreadWants = skus.slice(QUIET, QUIET + BUYERS);
    await inParallel(spreadBuyers, 8, (b, i) => addToCart(base, b, spreadWants[i]));
    const spreadProducts = spreadWants.map((w) => w.productId);
    const spreadBefore = await stockOf(q, spreadProducts);
    await race(
      `(2) ${BUYERS} buyers, ${BUYERS} SKUs (1–4 tires each)`,
      'spread',
      base,
      spreadBuyers,
      CONNECTIONS,
    );
    await reconcile(
      q,
      spreadBuyers.map((b) => b.companyId),
      spreadProducts,
      spreadBefore,
    );

    const hotBuyers = await signIn(q, base, hotNames);
    await inParallel(hotBuyers, 8, (b, i) =>
      addToCart(base, b, {
        makeId: hot.make,
        modelId: hot.model,
        productId: hot.products[i % HOT_PRODUCTS],
        quantity: 1 + (i % 4),
      }),
    );
    const hotBefore = await stockOf(q, hot.products);
    await race(
      `(3) hot SKUs: ${HOT_BUYERS} buyers, ${HOT_PRODUCTS} tires × ${HOT_UNITS}`,
      'hot',
      base,
      hotBuyers,
      CONNECTIONS,
    );
    await reconcile(
      q,
      hotBuyers.map((b) => b.companyId),
      hot.products,
      hotBefore,
    );

    const companyBuyers = await signIn(q, base, companyNames);
    const companyWants = skus.slice(QUIET + BUYERS);
    await inParallel(companyBuyers, 8, (b, i) => addToCart(base, b, companyWants[i]));
    const companyProducts = companyWants.map((w) => w.productId);
    const companyBefore = await stockOf(q, companyProducts);
    await race(
      `(4) ${COMPANY_BUYERS} buyers of one company, on account`,
      'company',
      base,
      companyBuyers,
      CONNECTIONS,
      accountBody,
    );
    await reconcile(q, [companyBuyers[0].companyId], companyProducts, companyBefore);
    await app.close();
  } finally {
    await db.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
