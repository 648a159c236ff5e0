import { type AnyColumn, asc, desc, ilike, is, or, SQL, sql, type Subquery } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './connection';

// Every list of the API is read the same way: a repository builds the filtered query once and
// hands it to listPage() with its ORDER BY; the service answers with pageAnswer().

/** The paging part of a list query (`PageQuery` of the contract: page is 0-based). */
export interface Paging {
  page: number;
  pageSize: number;
}

/** One page of a list, and the number of rows of the whole list. */
export interface Page<T> {
  list: T[];
  count: number;
}

/** A case-insensitive "contains" over the given text columns; undefined when there is no search. */
export function searchWhere(q: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...columns.map((c) => ilike(sql`${c}::text`, pattern)));
}

/**
 * ORDER BY for a list: `sort` names one of the allowed keys, `-key` for descending; an unknown
 * key falls back to the default. The id always breaks ties so that pages never overlap.
 */
export function orderOf(
  sort: string | undefined,
  columns: Record<string, AnyColumn | SQL>,
  tieBreaker: AnyColumn,
  fallback = '-id',
): SQL[] {
  const wanted = sort && columns[sort.replace(/^-/, '')] ? sort : fallback;
  const key = wanted.replace(/^-/, '');
  const column = columns[key] ?? tieBreaker;
  const direction = wanted.startsWith('-') ? desc : asc;
  return [direction(column), direction(tieBreaker)];
}

/**
 * One page of a list and the count of the whole list, both taken over the query that `build`
 * makes (filters and joins, no ORDER BY, no LIMIT), so the count cannot drift from the list.
 * `build` is called twice and must make a new query each time: either a Drizzle select made
 * `.$dynamic()` (its rows come typed), or a `sql` select (plain rows, for the caller to map).
 */
export function listPage<S extends PgSelect>(
  db: DbOrTx,
  q: Paging,
  build: () => S,
  order: SQL[],
): Promise<Page<Awaited<S>[number]>>;
export function listPage(
  db: DbOrTx,
  q: Paging,
  build: () => SQL,
  order: SQL[],
): Promise<Page<Record<string, unknown>>>;
export async function listPage(
  db: DbOrTx,
  q: Paging,
  build: () => PgSelect | SQL,
  order: SQL[],
): Promise<Page<unknown>> {
  const limit = q.pageSize;
  const offset = q.page * q.pageSize;
  const query = build();
  if (is(query, SQL)) {
    const { rows } = await db.execute<Record<string, unknown>>(
      sql`${query} order by ${sql.join(order, sql`, `)} limit ${limit} offset ${offset}`,
    );
    const [{ n }] = (
      await db.execute<{ n: number }>(sql`select count(*)::int as n from (${build()}) counted`)
    ).rows;
    return { list: rows, count: Number(n) };
  }
  const list = await query
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return { list, count: await countRows(db, build() as PgSelect) };
}

/**
 * The answer of a list endpoint (`pageOf(Item)` of the contract): the page's rows mapped to the
 * contract by `toItem` (left out when the rows have the contract's shape already).
 */
export function pageAnswer<T>(q: { page: number }, page: Page<T>): PageAnswer<T>;
export function pageAnswer<R, T>(q: { page: number }, page: Page<R>, toItem: (row: R) => T): PageAnswer<T>;
export function pageAnswer<R, T>(q: { page: number }, page: Page<R>, toItem?: (row: R) => T) {
  const list = toItem ? page.list.map((row) => toItem(row)) : page.list;
  return { data: { list, count: page.count, page: q.page } };
}

export interface PageAnswer<T> {
  data: { list: T[]; count: number; page: number };
}

/** The fields of a partial update that were actually sent (undefined means "leave as is"). */
export function definedOnly<T extends object>(set: T): Partial<T> {
  return Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * The number of rows of a query, counted over the very query (as a subquery), so that joins and
 * filters are written once. listPage() uses it; a count without a list may too.
 */
export async function countRows(db: DbOrTx, query: { as(alias: string): Subquery }): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(query.as('counted'));
  return n;
}
