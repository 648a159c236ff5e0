import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { PreparingClient } from './prepared-client';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
/** A database handle or an open transaction: services accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/**
 * Runs `work` in the caller's transaction when `db` is one, else in a new transaction. Unlike a
 * nested db.transaction, it opens no savepoint (two round trips): for work whose failure fails
 * the caller's transaction as a whole, as an Idempotency-Key's call does (docs/security.md,
 * "Idempotency and crash safety"). A caller that catches the failure and goes on must not use it.
 */
export function inTransaction<T>(db: DbOrTx, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db instanceof PgTransaction ? work(db as Tx) : db.transaction(work);
}

/**
 * Runs independent reads at once on the pool (each on a connection of its own), and one after
 * another in a transaction, whose one connection runs one statement at a time (pg queues the
 * others with a deprecation warning today and refuses them from pg 9).
 */
export async function readAll<const T extends readonly unknown[]>(
  db: DbOrTx,
  reads: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}

export interface Database {
  db: Db;
  pool: pg.Pool;
  url: string;
  embedded: boolean;
  /** The embedded database only: writes its data directory to a file (a template for copies). */
  dump?(path: string): Promise<void>;
  close(): Promise<void>;
}

// int8 (bigint ids, counts) and numeric come back as strings by default; our ids and cents stay
// far below 2^53, so numbers are safe and are what the API sends.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * Connections of the app's pool on PostgreSQL. More do not go faster on two cores: at 16
 * concurrent checkouts 20 connections did no better than 10 (docs/performance.md, "Numbers").
 */
export const POOL_SIZE = 10;

export interface OpenOptions {
  databaseUrl?: string;
  pgliteDir: string;
  poolSize?: number;
  /**
   * Name each parameterized statement per connection (default on PostgreSQL). Off when
   * databaseUrl is an embedded PGlite's socket (the tests' copies): PGlite is one session behind
   * every socket, so two pools' names would collide.
   */
  preparedStatements?: boolean;
  /** The embedded database starts as a copy of this dump (see Database.dump). */
  pgliteLoadFrom?: string;
}

/** Opens PostgreSQL at databaseUrl, or the embedded PGlite in a child process when none is given. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const prepare = options.preparedStatements ?? true;
    return connect(options.databaseUrl, options.poolSize ?? POOL_SIZE, false, async () => {}, prepare);
  }
  const { url, child } = await startEmbedded(options.pgliteDir, options.pgliteLoadFrom);
  // PGlite runs one statement at a time: one connection keeps transactions from interleaving.
  const database = await connect(url, 1, true, () => stopChild(child));
  return { ...database, dump: (path) => dumpChild(child, path) };
}

async function connect(
  url: string,
  max: number,
  embedded: boolean,
  stop: () => Promise<void>,
  prepare = !embedded,
) {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: embedded ? 0 : 10_000,
    ...(prepare && { Client: PreparingClient }),
  });
  pool.on('error', () => {}); // an idle client's network error is reported on the next query
  const db = drizzle(pool, { schema });
  return {
    db,
    pool,
    url,
    embedded,
    async close() {
      await pool.end();
      await stop();
    },
  } satisfies Database;
}

const serverScript = fileURLToPath(new URL('./pglite-server.ts', import.meta.url));

function startEmbedded(dataDir: string, loadFrom?: string): Promise<{ url: string; child: ChildProcess }> {
  const child = fork(serverScript, [], {
    env: { ...process.env, PGLITE_DIR: dataDir, ...(loadFrom && { PGLITE_LOAD_FROM: loadFrom }) },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`Embedded database exited with code ${code}`)));
    child.on('message', (message: { type: string; address?: string; message?: string }) => {
      if (message.type === 'ready') {
        resolve({ url: `postgres://postgres@${message.address}/postgres?sslmode=disable`, child });
      } else if (message.type === 'error') {
        reject(new Error(`Embedded database failed to start: ${message.message}`));
      }
    });
  });
}

function dumpChild(child: ChildProcess, path: string): Promise<void> {
  return new Promise((resolve) => {
    const done = (message: { type: string }) => {
      if (message.type !== 'dumped') return;
      child.off('message', done);
      resolve();
    };
    child.on('message', done);
    child.send({ type: 'dump', path });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
