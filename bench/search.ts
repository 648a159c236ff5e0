// npm run bench:search — the shop search under load (src/server/modules/search/README.md).
// Seeds BENCH_SKUS (200,000) SKUs into a fresh PostgreSQL database, serves it, and measures each
// scenario next to /healthz; then the same size searches on the embedded PGlite
// (BENCH_PGLITE_SKUS) while /healthz must stay fast. Prints requests/s, p50/p95/p99 and the
// EXPLAIN ANALYZE of the slowest search. The part `replica` runs the computed size-list mix while
// checkouts flow, on the primary alone and then with a streaming replica of the local PostgreSQL
// (src/server/test/pg-replica.ts) as DATABASE_REPLICA_URL.
// Longer than 400 lines for a reason: the parts of one run (kept, flow, computed, replica, PGlite)
// share its server, sign-in and measuring, and read best as one script from top to bottom.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Request } from 'autocannon';
import pg from 'pg';
import { hash } from '@node-rs/argon2';
import {
  browse,
  dropdownSizes,
  dropdowns,
  sizeListBodies,
  sizeListSearch,
  sizeSearch,
  textSearch,
} from './search-scenarios';
import { explainSlowest } from './search-explain';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/connection';
import { migrateDatabase } from '../src/server/db/migrate';
import { seedIfEmpty } from '../src/server/db/seed';
import { caughtUp, startReplica } from '../src/server/test/pg-replica';

const ADMIN_URL = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SKUS = Number(process.env.BENCH_SKUS ?? 200_000);
const PGLITE_SKUS = Number(process.env.BENCH_PGLITE_SKUS ?? 50_000);
const PORT = Number(process.env.BENCH_PORT ?? 4211);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TEMPLATE = process.env.BENCH_TEMPLATE;
const CHECKOUTS_PER_SECOND = Number(process.env.BENCH_CHECKOUTS_PER_SECOND ?? 3);
const base = `http://127.0.0.1:${PORT}`;

interface Measure {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

function percentile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
}

/** One autocannon run; latencies are collected per response for exact p95. */
function run(name: string, requests: Request[], connections: number, seconds = SECONDS): Promise<Measure> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon({ url: base, connections, duration: seconds, requests }, (err, result) => {
      if (err) return reject(err);
      // A run of failed answers measures the failures (a 429 is fast), not the searches.
      if (result.non2xx + result.errors > 0)
        return reject(new Error(`${name}: ${result.non2xx + result.errors} answers were not 2xx`));
      latencies.sort((a, b) => a - b);
      resolve({
        name,
        rps: Math.round(result.requests.average),
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        errors: result.non2xx + result.errors,
      });
    });
    instance.on('response', (_c, _status, _bytes, ms) => latencies.push(ms));
  });
}

const health: Request[] = [{ method: 'GET', path: '/healthz' }];
const fmt = (m: Measure, baseline?: Measure) =>
  `${m.name.padEnd(34)} ${String(m.rps).padStart(7)} req/s  p50 ${m.p50.toFixed(1).padStart(6)} ms  p95 ${m.p95
    .toFixed(1)
    .padStart(6)} ms  p99 ${m.p99.toFixed(1).padStart(6)} ms  errors ${m.errors}${
    baseline ? `  ratio to /healthz ${(m.rps / baseline.rps).toFixed(3)}` : ''
  }`;

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      COINPAY_WEBHOOK_SECRET: 'bench-webhook-secret-0123456789',
      TRACKHUB_WEBHOOK_SECRET: 'bench-tracking-secret-0123456789',
      // Production seals TOTP secrets with this key; a fresh one per bench run.
      MFA_SECRET_KEY: randomBytes(32).toString('hex'),
      // The bench pays on account: the card sandbox runs in production on purpose.
      CARD_PROVIDER: 'sandbox',
      ALLOW_SANDBOX_PAYMENTS: '1',
      PUBLIC_URL: base,
      // One bench client makes thousands of requests a second; production's limit is per client.
      RATE_LIMIT_MAX: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited during start');
    const ok = await fetch(`${base}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  console.log(`server ready (migrated and seeded) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return child;
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

async function signIn(username = 'buyer', password = 'demo1234') {
  const res = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`sign-in failed: ${res.status}`);
  return cookie;
}

async function sampleSkus(cookie: string) {
  const res = await fetch(`${base}/api/products?pageSize=100&page=7`, { headers: { cookie } });
  return ((await res.json()).data.list as { skuCode: string }[]).map((p) => p.skuCode);
}

interface Writer {
  cookie: string;
}
interface Sale {
  productId: number;
  makeId: number;
  modelId: number;
}

/**
 * Two buyers of their own companies (account terms, so no card token is needed in production)
 * and the purchasable SKUs they will buy from, spread over the catalogue.
 */
async function writersOf(url: string): Promise<{ writers: Writer[]; sales: Sale[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const passwordHash = await hash('bench-pass-1', { memoryCost: 19456, timeCost: 2, parallelism: 1 });
    const { rows: groups } = await client.query(`select id from price_groups where code = 'standard'`);
    const names = ['benchwriter0', 'benchwriter1'];
    for (const name of names) {
      const exists = await client.query('select 1 from users where username = $1', [name]);
      if (exists.rowCount) continue;
      const {
        rows: [company],
      } = await client.query(
        `insert into companies (name, credit_limit_cents) values ($1, 1000000000) returning id`,
        [`Bench ${name}`],
      );
      const {
        rows: [location],
      } = await client.query(
        `insert into locations (company_id, name, zip, price_group_id) values ($1, 'HQ', '78701', $2) returning id`,
        [company.id, groups[0].id],
      );
      const {
        rows: [user],
      } = await client.query(
        `insert into users (company_id, username, password_hash, name, email, role, current_location_id)
         values ($1, $2, $3, 'Bench', $2 || '@bench.example', 'buyer', $4) returning id`,
        [company.id, name, passwordHash, location.id],
      );
      await client.query('insert into user_locations (user_id, location_id) values ($1, $2)', [
        user.id,
        location.id,
      ]);
    }
    const { rows } = await client.query(
      `select p.id, p.make_id, p.model_id from search_items si join products p on p.id = si.product_id
       join product_prices pp on pp.product_id = p.id and pp.price_group_id = si.price_group_id
       where si.price_group_id = $1 and pp.available >= 4 order by md5(p.id::text) limit 5000`,
      [groups[0].id],
    );
    const writers = [];
    for (const name of names) writers.push({ cookie: await signIn(name, 'bench-pass-1') });
    return {
      writers,
      sales: rows.map((r) => ({
        productId: Number(r.id),
        makeId: Number(r.make_id),
        modelId: Number(r.model_id),
      })),
    };
  } finally {
    await client.end();
  }
}

/**
 * Each writer adds one tire of a random SKU to its cart and checks out on account, paced so that
 * together they place `perSecond` orders a second, until `done()`. Answers what they did.
 */
async function checkoutsUntil(done: () => boolean, writers: Writer[], sales: Sale[], perSecond: number) {
  const interval = (1000 * writers.length) / perSecond;
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const started = Date.now();
  await Promise.all(
    writers.map(async ({ cookie }, w) => {
      await new Promise((r) => setTimeout(r, (interval * w) / writers.length));
      while (!done()) {
        const t0 = Date.now();
        const sale = sales[Math.floor(Math.random() * sales.length)];
        const added = await fetch(`${base}/api/cart`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({
            orderItemMakeId: sale.makeId,
            orderItemModelId: sale.modelId,
            orderItemProductId: sale.productId,
            orderItemQuantity: 1,
          }),
        });
        await added.arrayBuffer();
        const c0 = Date.now();
        const res = await fetch(`${base}/api/cart/checkout`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, 'idempotency-key': `flow-${w}-${t0}` },
          body: JSON.stringify({ paymentMethod: 'account' }),
        });
        await res.arrayBuffer();
        latencies.push(Date.now() - c0);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, Math.max(0, interval - (Date.now() - t0))));
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const seconds = (Date.now() - started) / 1000;
  return {
    perSecond: (statuses.get(201) ?? 0) / seconds,
    p95: percentile(latencies, 95),
    answers: [...statuses].map(([k, v]) => `${k}×${v}`).join(', '),
  };
}

/** (f) searches over every size of the dropdowns, alone and then while orders flow. */
async function ordersFlowing(url: string, cookie: string, baseline: Measure) {
  const sizes = await dropdownSizes(base, cookie);
  const { writers, sales } = await writersOf(url);
  // A first pass asks every search of the mix once, as a shop open for a while has been asked.
  const bodies = sizeListBodies(sizes);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++];
        const res = await fetch(`${base}/api/search/items`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        await res.arrayBuffer();
      }
    }),
  );
  const quiet = await run(
    `(f) ${sizes.length} dropdown sizes, no writes`,
    [sizeListSearch(cookie, sizes)],
    8,
  );
  let finished = false;
  const [busy, sold] = await Promise.all([
    run(`(f) same, ${CHECKOUTS_PER_SECOND} checkouts/s`, [sizeListSearch(cookie, sizes)], 8).finally(() => {
      finished = true;
    }),
    checkoutsUntil(() => finished, writers, sales, CHECKOUTS_PER_SECOND),
  ]);
  console.log(fmt(quiet, baseline));
  console.log(fmt(busy, baseline));
  console.log(
    `    kept ${((100 * busy.rps) / quiet.rps).toFixed(0)} % of the no-write throughput; checkouts ${sold.perSecond.toFixed(1)}/s, p95 ${sold.p95} ms (${sold.answers})`,
  );
}

/**
 * The computed size-list mix while BENCH_CHECKOUTS_PER_SECOND checkouts run: on the primary
 * alone, then with reads on a streaming replica of the same database (one run, same data).
 */
async function replicaScenario(url: string) {
  const replica = await startReplica(ADMIN_URL);
  const database = new URL(url).pathname.slice(1);
  try {
    await caughtUp(url, replica.urlOf(database), 300_000);
    console.log(`\nreads on a replica: streaming replica on port ${replica.port}, computed answers`);
    for (const [title, env] of [
      ['primary only', {}],
      ['with DATABASE_REPLICA_URL', { DATABASE_REPLICA_URL: replica.urlOf(database) }],
    ] as const) {
      const server = await startServer({
        DATABASE_URL: url,
        SEED_SKUS: String(SKUS),
        SEARCH_ANSWERS: 'computed',
        ...env,
      });
      try {
        const cookie = await signIn();
        const sizes = await dropdownSizes(base, cookie);
        const { writers, sales } = await writersOf(url);
        let finished = false;
        const [busy, sold] = await Promise.all([
          run(
            `(g) ${title}: ${sizes.length} sizes, ${CHECKOUTS_PER_SECOND} checkouts/s`,
            [sizeListSearch(cookie, sizes)],
            8,
          ).finally(() => {
            finished = true;
          }),
          checkoutsUntil(() => finished, writers, sales, CHECKOUTS_PER_SECOND),
        ]);
        console.log(fmt(busy));
        console.log(`    checkouts ${sold.perSecond.toFixed(1)}/s, p95 ${sold.p95} ms (${sold.answers})`);
      } finally {
        await stop(server);
      }
    }
  } finally {
    await replica.stop();
  }
}

/** BENCH_ONLY=kept,flow,computed,explain,replica,pglite runs some parts only (all by default). */
const only = new Set((process.env.BENCH_ONLY ?? 'kept,flow,computed,explain,replica,pglite').split(','));

/**
 * A production server never seeds demo data: the bench seeds an empty database itself first,
 * PostgreSQL at `url` or, without one, PGlite in `pgliteDir`.
 */
async function seedDatabase(url: string | undefined, skus = SKUS, pgliteDir = 'memory://') {
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    SEED: 'auto',
    ...(url ? { DATABASE_URL: url } : { PGLITE_DIR: pgliteDir }),
    SEED_SKUS: String(skus),
  });
  const db = await openDatabase({ databaseUrl: url, pgliteDir, poolSize: 4 });
  try {
    await migrateDatabase(db.db);
    const t0 = Date.now();
    if (await seedIfEmpty(db.db, config))
      console.log(`seeded ${skus} SKUs in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  } finally {
    await db.close();
  }
}

async function postgresScenarios(url: string) {
  await seedDatabase(url);
  const server = await startServer({ DATABASE_URL: url, SEED_SKUS: String(SKUS) });
  let baseline: Measure;
  let skus: string[];
  let sizes: [number, number, number][];
  try {
    const cookie = await signIn();
    skus = await sampleSkus(cookie);
    sizes = await dropdownSizes(base, cookie);
    baseline = await run('/healthz (bare JSON route)', health, 8);
    console.log(fmt(baseline));
    if (only.has('kept')) {
      const results = [
        await run('(a) size searches, all facets', [sizeSearch(cookie)], 8),
        await run('(b) browse, no size', [browse(cookie)], 8),
        await run('(c) MPN and text searches', [textSearch(cookie, skus)], 8),
        await run('(d) sizing and vehicle dropdowns', [dropdowns(cookie)], 8),
        // A latency is a queue at 8 connections kept saturated; at 2 it is mostly the work itself.
        await run('(c) MPN and text, 2 connections', [textSearch(cookie, skus)], 2),
      ];
      for (const m of results) console.log(fmt(m, baseline));
    }
    if (only.has('flow')) await ordersFlowing(url, cookie, baseline);
  } finally {
    await stop(server);
  }
  if (!only.has('computed')) return;
  // The same searches with nothing kept between requests: what a search costs when its data
  // just changed, or for a search nobody made in the last fold generation.
  console.log('\nthe same searches computed every time (SEARCH_ANSWERS=computed)');
  const cold = await startServer({ DATABASE_URL: url, SEED_SKUS: String(SKUS), SEARCH_ANSWERS: 'computed' });
  try {
    const cookie = await signIn();
    const results = [
      await run('(a) size searches, computed', [sizeSearch(cookie)], 8),
      await run('(b) browse, computed', [browse(cookie)], 8),
      await run('(c) MPN and text, computed', [textSearch(cookie, skus)], 8),
      await run('(f) dropdown sizes mixed, computed', [sizeListSearch(cookie, sizes)], 8),
    ];
    for (const m of results) console.log(fmt(m, baseline));
  } finally {
    await stop(cold);
  }
}

async function pgliteScenario() {
  console.log(`\n(e) embedded PGlite, ${PGLITE_SKUS} SKUs`);
  // Seeded in a directory first (a production server seeds nothing), then served from it.
  const dir = await mkdtemp(join(tmpdir(), 'tread-bench-pglite-'));
  await seedDatabase(undefined, PGLITE_SKUS, dir);
  const server = await startServer({ PGLITE_DIR: dir });
  try {
    const cookie = await signIn();
    const [search, healthz] = await Promise.all([
      run('(e) size searches on PGlite', [sizeSearch(cookie)], 8),
      run('/healthz during those searches', health, 1),
    ]);
    console.log(fmt(search));
    console.log(fmt(healthz));
  } finally {
    await stop(server);
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * BENCH_DATABASE_URL reuses a database seeded by an earlier run (kept, and changed by the
 * checkouts of (f)); BENCH_TEMPLATE copies a seeded database (seconds) and drops the copy;
 * else a fresh one is seeded (minutes) and dropped, unless BENCH_KEEP=1 (then it is named).
 */
async function main() {
  const reuse = process.env.BENCH_DATABASE_URL;
  // BENCH_ONLY=pglite needs no PostgreSQL database.
  const onPostgres = ['kept', 'flow', 'computed', 'explain', 'replica'].some((part) => only.has(part));
  if (onPostgres && reuse) {
    console.log(`PostgreSQL database of BENCH_DATABASE_URL (already seeded)`);
    await postgresScenarios(reuse);
    if (only.has('replica')) await replicaScenario(reuse);
    if (only.has('explain')) await explainSlowest(reuse);
  } else if (onPostgres) {
    const name = `tread_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(TEMPLATE ? `create database ${name} template ${TEMPLATE}` : `create database ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    console.log(`PostgreSQL database ${name}, ${TEMPLATE ? `a copy of ${TEMPLATE}` : `${SKUS} SKUs`}`);
    try {
      await postgresScenarios(url.toString());
      if (only.has('replica')) await replicaScenario(url.toString());
      if (only.has('explain')) await explainSlowest(url.toString());
    } finally {
      if (process.env.BENCH_KEEP === '1') console.log(`kept database ${name}`);
      else await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
  if (PGLITE_SKUS > 0 && only.has('pglite')) await pgliteScenario();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
