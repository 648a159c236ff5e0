import { readdirSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Endpoint } from '../../contract/common';
import { buyByCard, createShopper, stockedProduct } from '../test/factories-orders';
import { caughtUp, type Replica, startReplica } from '../test/pg-replica';
import { createTestApp, type TestApp } from '../test/test-app';
import { lsnValue } from './replica';

// Reads on a real streaming replica of the local PostgreSQL (docs/architecture.md, "Reads on a
// replica"): what the contract marks `replica` is served there while the replica is current, a
// lagging replica is skipped, and a buyer always sees their own checkout. PGlite has no
// replication: skipped there.

const postgres = Boolean(process.env.TEST_DATABASE_URL);
if (!postgres)
  console.log('replica suite skipped: it needs PostgreSQL (TEST_DATABASE_URL) to start a streaming replica');

describe('which reads may go to a replica', () => {
  it('every endpoint marked for the replica only reads', async () => {
    const dir = new URL('../../contract/', import.meta.url);
    const marked: Endpoint[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const module: Record<string, unknown> = await import(new URL(file, dir).href);
      for (const value of Object.values(module))
        if (typeof value === 'object' && value && 'replica' in value && (value as Endpoint).replica)
          marked.push(value as Endpoint);
    }
    expect(marked.length).toBeGreaterThan(20);
    const writes = marked
      .filter((e) => e.method !== 'GET' && !e.readOnly)
      .map((e) => `${e.method} ${e.path}`);
    expect(writes).toEqual([]);
    expect(marked.filter((e) => e.idempotent).map((e) => e.path)).toEqual([]);
  });

  it('WAL positions compare as numbers', () => {
    expect(lsnValue('0/16B3748') < lsnValue('0/16B3750')).toBe(true);
    expect(lsnValue('1/0') > lsnValue('0/FFFFFFFF')).toBe(true);
    expect(lsnValue(undefined)).toBe(0n);
    expect(lsnValue('garbage')).toBe(0n);
  });
});

describe.skipIf(!postgres)('reads on a streaming replica', () => {
  let replica: Replica;
  let one: TestApp;
  let two: TestApp;
  const replicaOf = (url: string) => replica.urlOf(new URL(url).pathname.slice(1));
  /** Connections the app took from its replica pool: how many reads went there. */
  const replicaReads = (t: TestApp) => acquired.get(t) ?? 0;
  const acquired = new Map<TestApp, number>();
  const counting = (t: TestApp) => {
    acquired.set(t, 0);
    t.replica?.pool.on('acquire', () => acquired.set(t, (acquired.get(t) ?? 0) + 1));
    return t;
  };
  const sql = async (url: string, text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  };
  const primaryUrl = () => one.database.url;
  const replicaUrl = () => replicaOf(one.database.url);
  const search = (t: TestApp, cookie: string) =>
    t.app.inject({ method: 'POST', url: '/api/search/items', headers: { cookie }, payload: { page: 0 } });

  beforeAll(async () => {
    replica = await startReplica(inject('serverUrl'));
    const config = { SEARCH_ANSWERS: 'computed' as const };
    one = counting(await createTestApp(config, { replicaOf }));
    two = counting(await createTestApp(config, { replicaOf }));
    await caughtUp(primaryUrl(), replicaUrl());
  }, 120_000);
  afterAll(async () => {
    await sql(replicaUrl(), 'select pg_wal_replay_resume()').catch(() => {});
    await one?.close();
    await two?.close();
    await replica?.stop();
  });

  it('a search is served by a replica that is current', async () => {
    const { cookie } = await createShopper(one.app, one.db);
    await caughtUp(primaryUrl(), replicaUrl());
    const before = replicaReads(one);
    const res = await search(one, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.count).toBeGreaterThan(0);
    expect(replicaReads(one)).toBeGreaterThan(before);
  });

  it('a buyer sees their order at once after checkout while the replica replays nothing', async () => {
    const shopper = await createShopper(one.app, one.db);
    const tire = await stockedProduct(one.db, [{ zip: '75201', quantity: 8 }]);
    await caughtUp(primaryUrl(), replicaUrl());
    await sql(replicaUrl(), 'select pg_wal_replay_pause()');
    try {
      const placed = await buyByCard(one.app, shopper.cookie, tire, 2);
      expect(placed.statusCode).toBe(201);
      const orderId = placed.json().orderId;
      const wrote = placed.cookies.find((c) => c.name === 'tread_wrote');
      expect(wrote?.value).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);

      // On the instance that placed it: the order history has it at once.
      const mine = await one.app.inject({ url: '/api/orders', headers: { cookie: shopper.cookie } });
      expect(mine.statusCode).toBe(200);
      expect(mine.json().data.list.map((o: { orderId: number }) => o.orderId)).toContain(orderId);
      // On another instance, which knows the write only from the caller's cookie: the same.
      const elsewhere = await two.app.inject({
        url: '/api/orders',
        headers: { cookie: `${shopper.cookie}; tread_wrote=${wrote?.value}` },
      });
      expect(elsewhere.json().data.list.map((o: { orderId: number }) => o.orderId)).toContain(orderId);
      const order = await two.app.inject({
        url: `/api/order/${orderId}`,
        headers: { cookie: shopper.cookie },
      });
      expect(order.statusCode).toBe(200);
    } finally {
      await sql(replicaUrl(), 'select pg_wal_replay_resume()');
    }
  });

  it('a replica behind what the primary announced is skipped until it catches up', async () => {
    const { cookie } = await createShopper(two.app, two.db);
    await caughtUp(primaryUrl(), replicaUrl());
    await sql(replicaUrl(), 'select pg_wal_replay_pause()');
    try {
      // Another process changes the catalogue: this app made no write, it only sees the primary move.
      const [{ id }] = await sql(
        primaryUrl(),
        `update makes set name = name || ' (renamed)' where id = (select min(id) from makes) returning id`,
      );
      await new Promise((r) => setTimeout(r, 1100)); // past the second the announced position is kept
      const before = replicaReads(two);
      const res = await two.app.inject({ url: `/api/makes/${id}`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.name).toMatch(/\(renamed\)$/);
      // At most one look at the replica's replay position; the read itself went to the primary.
      expect(replicaReads(two)).toBeLessThanOrEqual(before + 1);
    } finally {
      await sql(replicaUrl(), 'select pg_wal_replay_resume()');
    }
    await caughtUp(primaryUrl(), replicaUrl());
    await new Promise((r) => setTimeout(r, 100));
    const [{ id }] = await sql(primaryUrl(), 'select min(id) as id from makes');
    const before = replicaReads(two);
    const res = await two.app.inject({ url: `/api/makes/${id}`, headers: { cookie } });
    expect(res.json().data.name).toMatch(/\(renamed\)$/);
    expect(replicaReads(two)).toBeGreaterThan(before + 1);
  });
});
