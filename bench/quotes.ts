// npm run bench:quotes — generating the options of a 50-line quote on BENCH_SKUS (200,000) SKUs.
// Makes a fresh PostgreSQL database (dropped after), serves it with the demo catalogue grown to
// BENCH_SKUS, and has a buyer request a quote of the 50 sizes with the most SKUs, 16 tires each;
// sales then starts generation and polls the job until it is done. Prints the time from the
// start call to the job's end for BENCH_RUNS quotes (target: under 2 s), and the options found.
import pg from 'pg';
import { signInCookie, startServer } from './server';

const ADMIN_URL = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SKUS = Number(process.env.BENCH_SKUS ?? 200_000);
const PORT = Number(process.env.BENCH_PORT ?? 4213);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LINES = 50;

async function post(url: string, cookie: string, body?: unknown) {
  const res = await fetch(url, {
    method: 'POST',
    headers: body === undefined ? { cookie } : { cookie, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

async function main() {
  const name = `bench_quotes_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${name}`;
  const started = Date.now();
  const server = await startServer({ DATABASE_URL: dbUrl.toString(), SEED_SKUS: String(SKUS) }, PORT);
  try {
    console.log(`server ready with ${SKUS} SKUs in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const db = new pg.Client({ connectionString: dbUrl.toString() });
    await db.connect();
    const { rows } = await db.query(
      `select size, count(*)::int as n from products where active group by size order by n desc, size limit ${LINES}`,
    );
    const [{ n: total }] = (await db.query('select count(*)::int as n from products')).rows;
    await db.end();
    console.log(`${total} SKUs; ${rows.length} sizes with ${rows.at(-1)?.n}–${rows[0]?.n} SKUs each`);
    const buyer = await signInCookie(server.url, 'buyer');
    const sales = await signInCookie(server.url, 'sales');
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const quote = await post(`${server.url}/api/v1/quote`, buyer, {
        title: `Bench ${run}`,
        items: rows.map((r) => ({ size: r.size, quantity: 16 })),
      });
      const t0 = performance.now();
      let job = (await post(`${server.url}/api/v1/quote/${quote.data.id}/options`, sales)).data;
      while (job.status === 'running') {
        await new Promise((r) => setTimeout(r, 20));
        job = (
          await (
            await fetch(`${server.url}/api/v1/quote/job/${job.id}`, { headers: { cookie: sales } })
          ).json()
        ).data;
      }
      const ms = performance.now() - t0;
      const detail = (
        await (
          await fetch(`${server.url}/api/v1/quote/${quote.data.id}`, { headers: { cookie: sales } })
        ).json()
      ).data;
      const options = detail.items.reduce((s: number, i: { options: unknown[] }) => s + i.options.length, 0);
      const empty = detail.items.filter((i: { options: unknown[] }) => i.options.length === 0).length;
      console.log(
        `run ${run + 1}: ${LINES}-line quote generated in ${ms.toFixed(0)} ms (job ${job.status}, ${options} options, ${empty} lines without)`,
      );
      times.push(ms);
    }
    times.sort((a, b) => a - b);
    console.log(
      `median ${times[Math.floor(times.length / 2)].toFixed(0)} ms, worst ${times.at(-1)?.toFixed(0)} ms (target < 2000 ms)`,
    );
  } finally {
    await server.stop();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
