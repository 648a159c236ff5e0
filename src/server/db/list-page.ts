import { type AnyColumn, asc, desc, ilike, or, type SQL, sql, type Subquery } from 'drizzle-orm';
import type { DbOrTx } from './connection';

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

export function pageWindow(query: { page: number; pageSize: number }) {
  return { limit: query.pageSize, offset: query.page * query.pageSize };
}

/** The fields of a partial update that were actually sent (undefined means "leave as is"). */
export function definedOnly<T extends object>(set: T): Partial<T> {
  return Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * The number of rows of a filtered list before paging, counted over the very query that lists
 * them, so that the joins and filters are written once and the count cannot drift from the list.
 */
export async function countRows(db: DbOrTx, query: { as(alias: string): Subquery }): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(query.as('counted'));
  return n;
}
