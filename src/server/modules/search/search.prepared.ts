// Search statements run as named (prepared) statements on PostgreSQL, with the generic plan.
import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import type { Db } from '../../db/connection';

const dialect = new PgDialect();

/**
 * On PostgreSQL, runs a search statement as a named (prepared) statement: each connection plans a
 * statement text once and reuses the plan, instead of spending more time planning than
 * executing. The name follows the text, which depends only on the shape of the search (filters,
 * sort, page). Its transaction asks for the generic plan at once: by default PostgreSQL first
 * plans five executions per connection afresh (~13 ms each), which made cold searches about
 * twice as slow. SET LOCAL keeps the setting in the transaction: no session setting leaks into
 * the pool, and PgBouncer refuses startup options (docs/decisions.md).
 */
export async function prepared<T extends Record<string, unknown>>(db: Db, statement: SQL, prepare: boolean) {
  if (!prepare) return db.execute<T>(statement);
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const name = `search_${createHash('sha1').update(text).digest('base64url')}`;
  // drizzle(pool) keeps the pool as $client; Db's type leaves it out.
  const client = await (db as Db & { $client: Pool }).$client.connect();
  try {
    await client.query('begin read only; set local plan_cache_mode = force_generic_plan');
    const result = await client.query<T>({ name, text, values: params });
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
