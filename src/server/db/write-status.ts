import { eq, getTableColumns } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './connection';

// The one way a record's status is written (docs/domain.md, "Statuses"): each kind's write
// function in its repository calls writeStatus with its table and its transition assert, so the
// move is checked before the row is touched, in one place for all of them.

/** A table of records with a status: found by `id`, maybe with an `updatedAt`. */
export type StatusTable = PgTable & { id: PgColumn; status: PgColumn };

/** The record as read: its id and the status it is in now. */
export interface StatusRow {
  id: number;
  status: string;
}

/** The columns that change with a status; the status itself is only ever `to`. */
export type WithStatus<T extends StatusTable> = Omit<PgUpdateSetSource<T>, 'status'>;

/**
 * Moves `row` to `to` once `assertTransition` (the kind's `assert…Transition` of src/domain)
 * lets its current status move there, with the columns of `set`; a table with `updatedAt` gets
 * the time of the write unless `set` names one. Answers the row as written.
 */
export async function writeStatus<T extends StatusTable, S extends string>(
  db: DbOrTx,
  table: T,
  assertTransition: (from: S, to: S) => void,
  row: StatusRow,
  to: S,
  set?: WithStatus<T>,
): Promise<T['$inferSelect']> {
  assertTransition(row.status as S, to);
  const stamp = 'updatedAt' in getTableColumns(table) ? { updatedAt: new Date() } : {};
  const written = await db
    .update(table)
    .set({ ...stamp, ...set, status: to } as unknown as PgUpdateSetSource<T>)
    .where(eq(table.id, row.id))
    .returning();
  return (written as unknown as T['$inferSelect'][])[0];
}
