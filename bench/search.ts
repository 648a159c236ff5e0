// npm run bench:search — the shop search under load (src/server/modules/search/README.md).
// Seeds BENCH_SKUS (200,000) SKUs into a fresh PostgreSQL database, serves it, and measures each
// scenario next to /healthz; then the same size searches on the embedded PGlite
// (BENCH_PGLITE_SKUS) while /healthz must stay fast. Prints requests/s, p50/p95/p99 and the
// EXPLAIN ANALYZE of the slowest search.
import { type ChildProcess, spawn } from 'node:child_process';
import autocannon, { type Request } from 'autocannon';
import pg from 'pg';
import { browse, dropdowns, sizeSearch, textSearch } from './search-scenarios';
import { explainSlowest } from './search-explain';

const ADMIN_URL = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SKUS = Number(process.env.BENCH_SKUS ?? 200_000);
const PGLITE_SKUS = Number(process.env.BENCH_PGLITE_SKUS ?? 50_000);
const PORT = Number(process.env.BENCH_PORT ?? 4211);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
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
    env: { ...process.env, PORT: String(PORT), LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
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

async function signIn() {
  const res = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'buyer', password: 'demo1234' }),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error(`sign-in failed: ${res.status}`);
  return cookie;
}

async function sampleSkus(cookie: string) {
  const res = await fetch(`${base}/api/products?pageSize=100&page=7`, { headers: { cookie } });
  return ((await res.json()).data.list as { skuCode: string }[]).map((p) => p.skuCode);
}

async function postgresScenarios(url: string) {
  const server = await startServer({ DATABASE_URL: url, SEED_SKUS: String(SKUS) });
  let baseline: Measure;
  let skus: string[];
  try {
    const cookie = await signIn();
    skus = await sampleSkus(cookie);
    baseline = await run('/healthz (bare JSON route)', health, 8);
    console.log(fmt(baseline));
    const results = [
      await run('(a) size searches, all facets', [sizeSearch(cookie)], 8),
      await run('(b) browse, no size', [browse(cookie)], 8),
      await run('(c) MPN and text searches', [textSearch(cookie, skus)], 8),
      await run('(d) sizing and vehicle dropdowns', [dropdowns(cookie)], 8),
      // A latency is a queue at 8 connections kept saturated; at 2 it is mostly the work itself.
      await run('(c) MPN and text, 2 connections', [textSearch(cookie, skus)], 2),
    ];
    for (const m of results) console.log(fmt(m, baseline));
  } finally {
    await stop(server);
  }
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
    ];
    for (const m of results) console.log(fmt(m, baseline));
  } finally {
    await stop(cold);
  }
}

async function pgliteScenario() {
  console.log(`\n(e) embedded PGlite, ${PGLITE_SKUS} SKUs`);
  const server = await startServer({ PGLITE_DIR: 'memory://', SEED_SKUS: String(PGLITE_SKUS) });
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
  }
}

/** BENCH_DATABASE_URL reuses a database seeded by an earlier run (kept); else a fresh one is made and dropped. */
async function main() {
  const reuse = process.env.BENCH_DATABASE_URL;
  if (reuse) {
    console.log(`PostgreSQL database of BENCH_DATABASE_URL (already seeded)`);
    await postgresScenarios(reuse);
    await explainSlowest(reuse);
  } else {
    const name = `tread_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    console.log(`PostgreSQL database ${name}, ${SKUS} SKUs`);
    try {
      await postgresScenarios(url.toString());
      await explainSlowest(url.toString());
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
  if (PGLITE_SKUS > 0) await pgliteScenario();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
