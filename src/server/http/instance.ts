// Which server processes are alive, so that a call left 'running' by a process that died
// (kill -9, a crash) is retried at once after a restart instead of being refused for minutes
// (docs/security.md, crash safety). On PostgreSQL each server holds one connection named after
// it for its whole life: PostgreSQL drops it when the process dies, so pg_stat_activity tells
// the living from the dead. The embedded PGlite serves one process: every other one is dead.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../db/connection';

export const instanceId = randomUUID();
const nameOf = (id: string) => `tread ${id}`;

let mode: 'unannounced' | 'named' | 'sole' = 'unannounced';

/** Announces this process: a named connection on PostgreSQL, nothing on the embedded database. */
export async function announceInstance(database: { url: string; embedded: boolean }) {
  if (database.embedded) {
    mode = 'sole';
    return async () => {};
  }
  const client = new pg.Client({ connectionString: database.url, application_name: nameOf(instanceId) });
  client.on('error', () => {});
  await client.connect();
  mode = 'named';
  return async () => {
    mode = 'unannounced';
    await client.end();
  };
}

/** The owner mark of a running call: this process's id once announced, else none (tests in one process). */
export const ownerMark = () => (mode === 'unannounced' ? null : instanceId);

/** Whether the announced process `id` still runs (false for certain only when it has gone). */
export async function isAlive(db: Db, id: string) {
  if (id === instanceId) return true;
  if (mode === 'sole') return false;
  const { rows } = await db.execute(
    sql`select 1 from pg_stat_activity where application_name = ${nameOf(id)} limit 1`,
  );
  return rows.length > 0;
}
