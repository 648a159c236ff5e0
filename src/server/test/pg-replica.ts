// A real streaming replica of the local PostgreSQL, for the replica tests and the bench
// (scripts/pg-replica.ts runs it from a terminal): pg_basebackup -R into a temporary directory,
// started on a port of its own, stopped and removed by stop(). See docs/architecture.md,
// "Reads on a replica".
import { execFile } from 'node:child_process';
import { appendFileSync, chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export interface Replica {
  /** The replica's address with the primary URL's database, user and options. */
  url: string;
  port: number;
  /** The replica's address for another database of the primary. */
  urlOf(database: string): string;
  stop(): Promise<void>;
}

/** Server programs refuse to run as root: as root, the postgres user runs them. */
const asPostgres = (command: string, args: string[]) =>
  process.getuid?.() === 0 ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Lets replication connections in from 127.0.0.1 (Debian's cluster lets in ordinary ones only):
 * one pg_hba line, written once, and a reload.
 */
async function allowReplication(adminUrl: string) {
  const [{ allowed }] = await query<{ allowed: boolean }>(
    adminUrl,
    `select exists (select 1 from pg_hba_file_rules where 'replication' = any(database) and type = 'host'
       and (address = '127.0.0.1' or address = 'all')) as allowed`,
  );
  if (allowed) return;
  const [{ hba_file }] = await query<{ hba_file: string }>(adminUrl, 'show hba_file');
  try {
    appendFileSync(
      hba_file,
      '\n# Streaming replicas on this machine (Tread: src/server/test/pg-replica.ts)\nhost replication all 127.0.0.1/32 trust\n',
    );
  } catch (error) {
    throw new Error(
      `The replica needs a replication line in ${hba_file} ("host replication all 127.0.0.1/32 trust"), and it cannot be written: ${(error as Error).message}`,
    );
  }
  await query(adminUrl, 'select pg_reload_conf()');
}

/** Starts a streaming replica of the PostgreSQL server at adminUrl (a superuser's URL). */
export async function startReplica(adminUrl: string): Promise<Replica> {
  await allowReplication(adminUrl);
  const [{ major }] = await query<{ major: string }>(
    adminUrl,
    `select (current_setting('server_version_num')::int / 10000)::text as major`,
  );
  const bin = `/usr/lib/postgresql/${major}/bin`;
  const primary = new URL(adminUrl);
  const dir = mkdtempSync(join(tmpdir(), 'tread-replica-'));
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout), Number(group));
  }
  const stopped = { done: false };
  const port = await freePort();
  try {
    await asPostgres(`${bin}/pg_basebackup`, [
      '-h',
      primary.hostname,
      '-p',
      primary.port || '5432',
      '-U',
      decodeURIComponent(primary.username) || 'postgres',
      '-D',
      dir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ]);
    // Debian keeps the cluster's configuration outside its data directory: the copy gets its own.
    const conf = [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${dir}'`,
      'hot_standby = on',
      'max_connections = 100',
      // Queries of the tests are not cancelled for replay, nor replay held up long by them.
      'max_standby_streaming_delay = 5s',
      'shared_buffers = 64MB',
    ].join('\n');
    writeFileSync(join(dir, 'postgresql.conf'), `${conf}\ninclude_if_exists 'postgresql.auto.conf'\n`);
    writeFileSync(join(dir, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
    if (process.getuid?.() === 0)
      await run('chown', ['postgres:postgres', join(dir, 'postgresql.conf'), join(dir, 'pg_hba.conf')]);
    await asPostgres(`${bin}/pg_ctl`, ['-D', dir, '-l', join(dir, 'replica.log'), '-w', '-t', '60', 'start']);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const urlOf = (database: string) => {
    const url = new URL(adminUrl);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    url.pathname = `/${database}`;
    return url.toString();
  };
  const stop = async () => {
    if (stopped.done) return;
    stopped.done = true;
    await asPostgres(`${bin}/pg_ctl`, ['-D', dir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };
  return { url: urlOf(primary.pathname.slice(1) || 'postgres'), port, urlOf, stop };
}

/** Waits until the replica has replayed everything the primary had written when this was called. */
export async function caughtUp(primaryUrl: string, replicaUrl: string, timeoutMs = 20_000) {
  const [{ lsn }] = await query<{ lsn: string }>(primaryUrl, 'select pg_current_wal_lsn()::text as lsn');
  // Replay is the whole cluster's: asked on its maintenance database, since the database of
  // `replicaUrl` may be one the replica has not replayed the creation of yet.
  const cluster = new URL(replicaUrl);
  cluster.pathname = '/postgres';
  const started = Date.now();
  for (;;) {
    const [{ done }] = await query<{ done: boolean }>(
      cluster.toString(),
      `select pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn as done`,
    );
    if (done) return;
    if (Date.now() - started > timeoutMs)
      throw new Error(`the replica did not reach ${lsn} in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
