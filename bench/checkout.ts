// npm run bench:checkout — many buyers checking out against PostgreSQL.
// A fresh database (dropped after), BENCH_BUYERS buyers of their own companies, BENCH_PRODUCTS
// tires with BENCH_UNITS units each over three warehouses (buyers ask for 1 to 4: with the
// defaults all are served; lower BENCH_UNITS to make them race for the last units); every buyer adds to its
// cart, then they check out over real HTTP through BENCH_CONNECTIONS concurrent connections
// (like autocannon's: each takes the next buyer as soon as its previous answer is in), opened
// over BENCH_RAMP_SECONDS. Prints orders/s and latency percentiles, then checks that stock and
// orders reconcile exactly: units sold = order quantities, nothing negative or left reserved.
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/connection';
import { migrateDatabase } from '../src/server/db/migrate';
import { refreshProductPrices } from '../src/server/modules/catalog/catalog.prices';

const ADMIN_URL = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BUYERS = Number(process.env.BENCH_BUYERS ?? 400);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 5);
const UNITS = Number(process.env.BENCH_UNITS ?? 300);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const RAMP_SECONDS = Number(process.env.BENCH_RAMP_SECONDS ?? 1);
const POOL = Number(process.env.BENCH_POOL ?? 20);
const PASSWORD = 'bench-pass-1';

type Q = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, number>[] }>;

async function seed(q: Q) {
  const [{ id: group }] = (
    await q(`insert into price_groups (code, name) values ('standard', 'Standard') returning id`)
  ).rows;
  const [{ id: supplier }] = (
    await q(`insert into companies (name, kind) values ('Bench Supply', 'supplier') returning id`)
  ).rows;
  const [{ id: make }] = (await q(`insert into makes (name, slug) values ('Bench', 'bench') returning id`))
    .rows;
  const [{ id: model }] = (
    await q(`insert into models (make_id, name, slug) values ($1, 'Line', 'line') returning id`, [make])
  ).rows;
  const zips = ['78701', '75201', '80202'];
  const warehouses = [];
  for (const [n, zip] of zips.entries()) {
    warehouses.push(
      (
        await q(
          `insert into warehouses (supplier_company_id, code, name, zip) values ($1, $2, $2, $3) returning id`,
          [supplier, `WH${n}`, zip],
        )
      ).rows[0].id,
    );
  }
  const products = [];
  for (let p = 0; p < PRODUCTS; p++) {
    const [{ id }] = (
      await q(
        `insert into products (make_id, model_id, sku_code, size, size_type, width, ratio, rim, overall_diameter)
         values ($1, $2, $3, '225/45R17', 'P', 225, 45, 17, 24.97) returning id`,
        [make, model, `BENCH-${p}`],
      )
    ).rows;
    products.push(id);
    for (const [n, w] of warehouses.entries()) {
      const units = Math.floor(UNITS / 3) + (n < UNITS % 3 ? 1 : 0);
      await q(
        `insert into inventory (warehouse_id, product_id, quantity, cost_cents) values ($1, $2, $3, 9000)`,
        [w, id, units],
      );
    }
  }
  const passwordHash = await hash(PASSWORD, { memoryCost: 19456, timeCost: 2, parallelism: 1 });
  const users = [];
  for (let b = 0; b < BUYERS; b++) {
    const [{ id: company }] = (
      await q(`insert into companies (name) values ($1) returning id`, [`Bench Fleet ${b}`])
    ).rows;
    const [{ id: location }] = (
      await q(
        `insert into locations (company_id, name, zip, price_group_id) values ($1, 'HQ', '78701', $2) returning id`,
        [company, group],
      )
    ).rows;
    const [{ id: user }] = (
      await q(
        `insert into users (company_id, username, password_hash, name, email, role, current_location_id)
         values ($1, $2, $3, 'Bench', $2 || '@bench.example', 'buyer', $4) returning id`,
        [company, `bench${b}`, passwordHash, location],
      )
    ).rows;
    await q(`insert into user_locations (user_id, location_id) values ($1, $2)`, [user, location]);
    users.push(`bench${b}`);
  }
  return { make, model, products, users };
}

/**
 * Runs `work` over the items through `connections` workers, each taking the next item when its
 * last one is done (a closed loop, as autocannon's connections); workers start evenly over rampMs.
 */
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

async function main() {
  const name = `tread_bench_checkout_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: url.toString(),
    pgliteDir: 'memory://',
    poolSize: POOL,
  });
  try {
    await migrateDatabase(database.db);
    const q: Q = async (text, values) => database.pool.query(text, values);
    const s = await seed(q);
    await refreshProductPrices(database.db);
    const app = await buildApp(testConfig(), database.db);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const cookies = await inParallel(s.users, 8, async (username) => {
      const res = await fetch(`${base}/api/v1/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: PASSWORD }),
      });
      return (res.headers.get('set-cookie') ?? '').split(';')[0];
    });
    const wants = s.users.map((_, i) => 1 + (i % 4));
    await inParallel(cookies, 8, async (cookie, i) => {
      const res = await fetch(`${base}/api/cart`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({
          orderItemMakeId: s.make,
          orderItemModelId: s.model,
          orderItemProductId: s.products[i % PRODUCTS],
          orderItemQuantity: wants[i],
        }),
      });
      if (res.status !== 200) throw new Error(`add to cart: ${res.status} ${await res.text()}`);
    });
    const card = { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' };
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    const started = performance.now();
    await inParallel(
      cookies,
      CONNECTIONS,
      async (cookie, i) => {
        const t0 = performance.now();
        const res = await fetch(`${base}/api/cart/checkout`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, 'idempotency-key': `bench-${i}` },
          body: JSON.stringify({ paymentMethod: 'card', card }),
        });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      },
      RAMP_SECONDS * 1000,
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const placed = statuses.get(201) ?? 0;
    console.log(
      `checkout: ${BUYERS} buyers over ${CONNECTIONS} connections (ramp ${RAMP_SECONDS} s), ${PRODUCTS} tires x ${UNITS} units in 3 warehouses, pool ${POOL}`,
    );
    console.log(
      `answers: ${[...statuses].map(([k, v]) => `${k}×${v}`).join(', ')} in ${seconds.toFixed(2)} s`,
    );
    console.log(`orders/s: ${(placed / seconds).toFixed(1)}  (requests/s ${(BUYERS / seconds).toFixed(1)})`);
    console.log(
      `latency ms: p50 ${percentile(latencies, 50).toFixed(0)}  p95 ${percentile(latencies, 95).toFixed(0)}  p99 ${percentile(latencies, 99).toFixed(0)}  max ${(latencies.at(-1) ?? 0).toFixed(0)}`,
    );
    await reconcile(q);
    await app.close();
  } finally {
    await database.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** Units sold = committed holds = items of placed orders = stock gone; nothing negative or left reserved. */
async function reconcile(q: Q) {
  const [r] = (
    await q(`select
      (select coalesce(sum(quantity), 0) from stock_holds where status = 'committed')::int as held,
      (select coalesce(sum(i.quantity), 0) from order_items i join orders o on o.id = i.order_id where o.status = 'placed')::int as ordered,
      (select coalesce(sum(quantity), 0) from inventory)::int as left_units,
      (select count(*) from inventory where quantity < 0 or reserved <> 0)::int as bad_rows,
      (select count(*) from (select oi.id from order_items oi join orders o on o.id = oi.order_id
         left join supplier_lines sl on sl.order_item_id = oi.id where o.status = 'placed'
         group by oi.id, oi.quantity having coalesce(sum(sl.quantity), 0) <> oi.quantity) x)::int as unrouted`)
  ).rows;
  const initial = UNITS * PRODUCTS;
  const ok =
    r.held === r.ordered && r.ordered + r.left_units === initial && r.bad_rows === 0 && r.unrouted === 0;
  console.log(
    `reconcile: sold ${r.ordered} + left ${r.left_units} = ${r.ordered + r.left_units} of ${initial}; committed holds ${r.held}; bad stock rows ${r.bad_rows}; unrouted items ${r.unrouted} → ${ok ? 'OK' : 'MISMATCH'}`,
  );
  if (!ok) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
