// A server that dies in the middle of a keyed call, simulated in the test's process
// (docs/security.md, "Idempotency and crash safety"): from the call's claim of its
// Idempotency-Key on, the first COMMIT either lands (`after`) or is rolled back as PostgreSQL does
// when the connection drops (`before`), and from then on every statement fails, as if the process
// were gone. The call's answer is lost; its key is left as the dead process left it (a claim still
// `running` is marked as a dead process's, so the retry takes it over at once), and the retry is
// sent to the same server, now healthy again.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect, vi } from 'vitest';
import type { DbOrTx } from '../db/connection';

type Query = (...args: unknown[]) => unknown;

const textOf = (q: unknown) =>
  typeof q === 'string' ? q : q && typeof q === 'object' && 'text' in q ? String(q.text) : '';

const died = () => new Error('simulated crash: the server process is gone');

/** Sends `request` once while the server dies at its commit; answers the lost first answer (for the record). */
export async function dieAtCommit(
  app: FastifyInstance,
  db: DbOrTx,
  request: InjectOptions & { headers: { 'idempotency-key': string } },
  when: 'before' | 'after' = 'after',
): Promise<LightMyRequestResponse> {
  let armed = false;
  let dead = false;
  const clientQuery = pg.Client.prototype.query as unknown as Query;
  const poolQuery = pg.Pool.prototype.query as unknown as Query;
  const fail = (args: unknown[]) => {
    const callback = args.find((a) => typeof a === 'function') as ((e: Error) => void) | undefined;
    if (!callback) return Promise.reject(died());
    setImmediate(() => callback(died()));
    return undefined;
  };
  // Connections whose open transaction wrote or read something of the call's (not the
  // background folding of search counts, which commits at any moment on its own connection).
  const working = new WeakSet<pg.Client>();
  const onClient = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
    this: pg.Client,
    ...args: unknown[]
  ) {
    const text = textOf(args[0]);
    // A dead process's open transactions are rolled back by PostgreSQL: let the rollback through.
    if (dead && !/^\s*rollback\b/i.test(text)) return fail(args);
    if (/insert into "idempotency_keys"/i.test(text)) armed = true;
    if (/^\s*begin\b/i.test(text)) working.delete(this);
    else if (!/^\s*(commit|rollback|savepoint|release)\b|search_|pg_try_advisory/i.test(text))
      working.add(this);
    if (armed && working.has(this) && /^\s*commit\b/i.test(text)) {
      if (when === 'before')
        return (clientQuery.call(this, 'rollback') as Promise<unknown>).then(() => {
          dead = true;
          throw died();
        });
      return (clientQuery.apply(this, args) as Promise<unknown>).then((result) => {
        dead = true;
        return result;
      });
    }
    return clientQuery.apply(this, args);
  } as never);
  const onPool = vi.spyOn(pg.Pool.prototype, 'query').mockImplementation(function (
    this: pg.Pool,
    ...args: unknown[]
  ) {
    if (dead) return fail(args);
    return poolQuery.apply(this, args);
  } as never);
  let lost: LightMyRequestResponse;
  try {
    lost = await app.inject(request);
  } finally {
    onClient.mockRestore();
    onPool.mockRestore();
  }
  if (!dead) throw new Error(`the call never committed (${lost.statusCode} ${lost.body})`);
  // The dead process's claim, if it still holds the key: taken over by the next call at once.
  await db.execute(sql`update idempotency_keys set status = ${`running:${randomUUID()}`}
    where key = ${request.headers['idempotency-key']} and status like 'running%'`);
  return lost;
}

/**
 * Tables a replayed call may touch without applying anything: the caller's session, the key
 * itself, counters, and the search's counts (folded in the background from stock changes).
 */
const bookkeeping = new Set([
  'sessions',
  'idempotency_keys',
  'login_throttles',
  'rate_limits',
  'known_devices',
  'search_facet_deltas',
  'search_facet_counts',
  'search_counts_state',
  'search_versions',
]);

/** Every other table of the database, each as its row count and a hash of its rows: what a call applied shows here. */
export async function databaseDigest(db: DbOrTx): Promise<Record<string, string>> {
  const { rows: tables } = await db.execute<{ name: string }>(sql`select table_name as name
    from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
    order by table_name`);
  const parts = tables
    .filter((t) => !bookkeeping.has(t.name))
    .map(
      (t) => sql`select ${t.name}::text as name,
        count(*) || ':' || coalesce(md5(string_agg(r::text, ',' order by r::text)), '') as digest
        from ${sql.identifier(t.name)} r`,
    );
  const { rows } = await db.execute<{ name: string; digest: string }>(sql.join(parts, sql` union all `));
  return Object.fromEntries(rows.map((r) => [r.name, r.digest]));
}

/** The tables whose rows differ between two digests. */
export const changedTables = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys({ ...a, ...b })
    .filter((name) => a[name] !== b[name])
    .sort();

export type KeyedRequest = InjectOptions & { headers: { 'idempotency-key': string } };

/**
 * A keyed call whose server dies at its commit (`when`), then its retry and a second retry:
 * the answers, and which tables each step changed (the retries must change none but the first
 * run's, whichever side of the commit the server died on).
 */
export async function crashAndRetry(
  t: { app: FastifyInstance; db: DbOrTx },
  request: KeyedRequest,
  when: 'before' | 'after' = 'after',
) {
  const before = await databaseDigest(t.db);
  const lost = await dieAtCommit(t.app, t.db, request, when);
  const crashed = await databaseDigest(t.db);
  const retry = await t.app.inject(request);
  const retried = await databaseDigest(t.db);
  const again = await t.app.inject(request);
  const last = await databaseDigest(t.db);
  return {
    lost,
    retry,
    again,
    changed: {
      byCrashedCall: changedTables(before, crashed),
      byRetry: changedTables(crashed, retried),
      bySecondRetry: changedTables(retried, last),
    },
  };
}

/**
 * The call applied once whatever the crash: died after its commit, the retry replays the first
 * answer (status and body) and changes nothing; died before it, nothing was kept and the retry
 * applies it; a second retry replays. `tables` are some the call must change (its money rows).
 */
export async function expectAppliedOnce(
  t: { app: FastifyInstance; db: DbOrTx },
  request: KeyedRequest,
  status: number,
  tables: string[],
  when: 'before' | 'after' = 'after',
) {
  const r = await crashAndRetry(t, request, when);
  const made = when === 'after' ? r.changed.byCrashedCall : r.changed.byRetry;
  expect(made, 'the tables the call changed').toEqual(expect.arrayContaining(tables));
  if (when === 'after') {
    expect(r.changed.byRetry, 'tables the retry changed').toEqual([]);
    expect(r.retry.statusCode, r.retry.body).toBe(status);
    expect(r.retry.headers['idempotent-replayed']).toBe('true');
    // The answer the client lost is the one its retry gets.
    expect(r.lost.statusCode, r.lost.body).toBe(status);
    expect(r.retry.json()).toEqual(r.lost.json());
  } else {
    expect(r.retry.statusCode, r.retry.body).toBe(status);
    expect(r.changed.byCrashedCall, 'tables the dead call left changed').toEqual([]);
    expect(r.retry.headers['idempotent-replayed']).toBeUndefined();
  }
  expect(r.again.statusCode).toBe(status);
  expect(r.again.headers['idempotent-replayed']).toBe('true');
  expect(r.again.json()).toEqual(r.retry.json());
  expect(r.changed.bySecondRetry, 'tables the second retry changed').toEqual([]);
  return r;
}
