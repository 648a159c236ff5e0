// Type-ahead under load: GET /api/search/typeahead on 200,000 SKUs (PostgreSQL), 8 connections.
// Target: p95 ≤ 50 ms. Run it alone: `npm run bench:typeahead` with nothing else running on the machine.
// BENCH_PG (admin URL, a fresh database is created and dropped), BENCH_SKUS (200000),
// BENCH_SECONDS (10), BENCH_PORT (4213); BENCH_DATABASE_URL reuses a seeded database.
import autocannon, { type Request } from 'autocannon';
import pg from 'pg';
import { signInCookie, startServer } from './server';

const ADMIN_URL = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SKUS = Number(process.env.BENCH_SKUS ?? 200_000);
const PORT = Number(process.env.BENCH_PORT ?? 4213);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 8;
const TARGET_P95_MS = 50;

/** What buyers type, keystroke by keystroke: sizes, brands, lines, categories, MPN prefixes. */
const typed = [
  '2',
  '22',
  '225',
  '225/',
  '225/4',
  '225/45',
  '225/45r',
  '2254517',
  'p2',
  'p225',
  'lt26',
  '265/7',
  'mi',
  'mic',
  'mich',
  'miche',
  'br',
  'bri',
  'brid',
  'goo',
  'good',
  'bf',
  'bfg',
  'blizz',
  'wran',
  'all',
  'all s',
  'all-season',
  'win',
  'wint',
  'mud',
  'ko',
  'pilot',
  'MIC-1',
  'MIC-12',
  'BRI-3',
  'GDY-',
];

function percentile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;
}

async function measure(url: string) {
  const cookie = await signInCookie(url, 'buyer');
  const requests: Request[] = typed.map((q) => ({
    method: 'GET',
    path: `/api/search/typeahead?q=${encodeURIComponent(q)}`,
    headers: { cookie },
  }));
  // Warm up once (the per-version index is built on the first call, timed: the first keystroke
  // after the search data changed pays it).
  const cold = performance.now();
  await fetch(`${url}${requests[0].path}`, { headers: { cookie } });
  console.log(`first call (builds the index): ${(performance.now() - cold).toFixed(0)} ms`);
  for (const r of requests) await fetch(`${url}${r.path}`, { headers: { cookie } });
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration: SECONDS, requests }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
    instance.on('response', (_c, _status, _bytes, ms) => latencies.push(ms));
  });
  latencies.sort((a, b) => a - b);
  const p95 = percentile(latencies, 95);
  console.log(
    `typeahead, ${CONNECTIONS} connections, ${SKUS} SKUs: ${Math.round(result.requests.average)} req/s  p50 ${percentile(latencies, 50).toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  p99 ${percentile(latencies, 99).toFixed(1)} ms  errors ${result.non2xx + result.errors}  (target p95 ≤ ${TARGET_P95_MS} ms: ${p95 <= TARGET_P95_MS ? 'met' : 'NOT met'})`,
  );
}

async function main() {
  const reuse = process.env.BENCH_DATABASE_URL;
  const admin = reuse ? null : new pg.Client({ connectionString: ADMIN_URL });
  let dbUrl = reuse ?? '';
  const name = `tread_typeahead_${process.pid}`;
  if (admin) {
    await admin.connect();
    await admin.query(`create database ${name}`);
    const u = new URL(ADMIN_URL);
    u.pathname = `/${name}`;
    dbUrl = u.toString();
  }
  const started = Date.now();
  const server = await startServer({ DATABASE_URL: dbUrl, SEED_SKUS: String(SKUS) }, PORT);
  console.log(`server ready in ${Math.round((Date.now() - started) / 1000)} s`);
  try {
    await measure(server.url);
  } finally {
    await server.stop();
    if (admin) {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
