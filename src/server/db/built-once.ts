// Statements whose SQL drizzle builds once per process instead of on every call: building a
// select of many columns and joins costs 50–200 µs of the app's one thread, and the hot paths
// (every request's session, the cart and the checkout) run the same texts all day
// (docs/performance.md, "Statements built once").
import { type Placeholder, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './connection';

/** A drizzle prepared query: runs its kept SQL with the placeholders' values. */
interface Prepared<R> {
  execute(values?: Record<string, unknown>): Promise<R>;
}

/** One placeholder per value a statement takes, named after it. */
export type Placeholders<V> = { readonly [K in keyof V & string]: Placeholder<K, V[K]> };

const placeholders = new Proxy({}, { get: (_, name) => sql.placeholder(String(name)) });

/**
 * The connection a handle sends through: the pool for a db, the transaction's own connection for
 * a transaction. drizzle keeps it private on its session and on each prepared query, which is the
 * one place this module leans on drizzle's insides (built-once.test.ts checks both still hold).
 */
const clientOf = (db: DbOrTx) => (db._.session as unknown as { client: unknown }).client;

/**
 * A statement built on first use and kept: `build` makes it with a placeholder for each value
 * (`p.name`, never a literal that changes between calls) and prepares it. Each call runs the kept
 * query on the caller's db or transaction with that call's values. Dates go in as ISO strings:
 * a placeholder in a condition is not converted by its column. The prepared query is unnamed, so
 * the connection names its text as it does every other statement's (prepared-client.ts).
 */
export function builtOnce<V extends Record<string, unknown>, R>(
  build: (db: Db, p: Placeholders<V>) => { prepare(name: string): Prepared<R> },
): (db: DbOrTx, values: V) => Promise<R> {
  let kept: Prepared<R> | undefined;
  return (db, values) => {
    kept ??= build(db as Db, placeholders as Placeholders<V>).prepare('');
    const onConnection: Prepared<R> = Object.create(kept, { client: { value: clientOf(db) } });
    return onConnection.execute(values);
  };
}
